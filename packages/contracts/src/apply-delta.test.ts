import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applySaleDelta, diffSales } from './apply-delta';
import type { SaleDelta } from './realtime';
import type { LineDto, SaleDto, SectionDto } from './sales';

const by = { id: '00000000-0000-4000-8000-0000000000aa', name: 'Ann Editor' };
const pricing = (total: string) => ({
  total_price: total,
  total_cost: '0.00',
  total_margin: total,
  total_margin_percent: 100,
  total_markup_percent: 0,
  optional_total: '0.00',
  total_with_optional: total,
});

function line(id: string, name = `Line ${id}`, quantity = '1'): LineDto {
  return {
    _id: id,
    kind: 'product',
    product: { id: 1, name: 'DESK-1', manufacturer: { name: null } },
    name,
    quantity,
    price: '10.00',
    cost: '5',
    discount: 0,
    markup_percent: 100,
    margin_percent: 50,
    subtotal: '10.00',
    price_percentage_active: false,
    uom: { name: 'Units' },
  };
}
function section(id: string, lines: LineDto[], name = `Section ${id}`): SectionDto {
  return {
    _id: id,
    name,
    presentation: 'total',
    show_details: false,
    merge: false,
    expanded: false,
    lines,
    pricing: pricing('10.00'),
  };
}
function sale(sections: SectionDto[], version = 3): SaleDto {
  return {
    _id: 'sale-1',
    name: 'A sale',
    quote_number: 'Q1',
    state: 'draft',
    state_label: 'Quotation',
    customer: null,
    customer_invoice: null,
    customer_shipping: null,
    template: null,
    salesperson: null,
    sections,
    template_ids: [],
    created_on: '2025-01-01T00:00:00.000Z',
    updated_on: '2025-01-01T00:00:00.000Z',
    created_by: { name: 'Ann' },
    updated_by: { name: 'Ann' },
    pricing: pricing('10.00'),
    total_price: '10.00',
    version,
    odoo_id: null,
    odoo_name: null,
    odoo_synced_on: null,
    odoo_synced: false,
    odoo_sync_error: false,
    odoo_sync_message: null,
  };
}
const header = (version: number) => ({
  version,
  updated_on: '2025-01-02T00:00:00.000Z',
  updated_by: { name: 'Bob' },
  pricing: pricing('20.00'),
  total_price: '20.00',
  odoo_synced: false,
});
const delta = (version: number, changes: Omit<SaleDelta['changes'], 'sale'>): SaleDelta => ({
  saleId: 'sale-1',
  version,
  by,
  changes: { sale: header(version), ...changes },
});

describe('applySaleDelta', () => {
  const base = sale([section('s1', [line('a'), line('b')]), section('s2', [line('c')])]);

  it('asks for a refetch on a version gap, a repeat or another sale', () => {
    expect(applySaleDelta(base, delta(5, {}))).toBe('refetch');
    expect(applySaleDelta(base, delta(3, {}))).toBe('refetch');
    expect(applySaleDelta(base, { ...delta(4, {}), saleId: 'other' })).toBe('refetch');
  });

  it('merges the header and leaves the input untouched', () => {
    const before = structuredClone(base);
    const out = applySaleDelta(base, {
      ...delta(4, {}),
      changes: { sale: { ...header(4), name: 'Renamed', customer: { id: 7, name: 'Acme' } } },
    });
    expect(out).not.toBe('refetch');
    const next = out as SaleDto;
    expect(next).toMatchObject({
      name: 'Renamed',
      customer: { id: 7, name: 'Acme' },
      version: 4,
      total_price: '20.00',
    });
    expect(next.quote_number).toBe('Q1');
    expect(next.sections).toEqual(base.sections);
    expect(base).toEqual(before);
  });

  it('keeps every section and line the delta does not change as the very same object', () => {
    const edited = { ...line('a'), quantity: '4', subtotal: '40.00' };
    const next = applySaleDelta(
      base,
      delta(4, { lines: { changed: [{ section: 's1', line: edited }], removed: [] } }),
    ) as SaleDto;
    expect(next.sections[0]).not.toBe(base.sections[0]);
    expect(next.sections[0]!.lines[0]).toBe(edited);
    expect(next.sections[0]!.lines[1]).toBe(base.sections[0]!.lines[1]);
    // the other section: untouched, so the same object (what shows it need not render again)
    expect(next.sections[1]).toBe(base.sections[1]);
  });

  it('replaces a changed section head but keeps its lines; a new section starts empty', () => {
    const { lines: _l, ...head } = section('s1', [], 'Renamed');
    const { lines: _n, ...fresh } = section('s3', [], 'New');
    const next = applySaleDelta(
      base,
      delta(4, {
        sections: { changed: [{ ...head, presentation: 'details', show_details: true }, fresh], removed: [] },
      }),
    ) as SaleDto;
    expect(next.sections.map((s) => [s._id, s.name, s.lines.length])).toEqual([
      ['s1', 'Renamed', 2],
      ['s2', 'Section s2', 1],
      ['s3', 'New', 0],
    ]);
    expect(next.sections[0]!.show_details).toBe(true);
  });

  it('moves a changed line to its section, removes lines and sections, reorders', () => {
    const next = applySaleDelta(
      base,
      delta(4, {
        sections: { changed: [], removed: ['s2'], order: ['s1'] },
        lines: {
          changed: [
            { section: 's1', line: line('c', 'Moved') },
            { section: 's1', line: line('a', 'Edited', '3') },
          ],
          removed: ['b'],
          order: [{ section: 's1', ids: ['c', 'a'] }],
        },
      }),
    ) as SaleDto;
    expect(next.sections).toHaveLength(1);
    expect(next.sections[0]!.lines.map((l) => [l._id, l.name, l.quantity])).toEqual([
      ['c', 'Moved', '1'],
      ['a', 'Edited', '3'],
    ]);
  });

  it('asks for a refetch when an order or a line names what the client does not hold', () => {
    expect(applySaleDelta(base, delta(4, { sections: { changed: [], removed: [], order: ['s1', 'zz'] } }))).toBe(
      'refetch',
    );
    expect(
      applySaleDelta(base, delta(4, { lines: { changed: [{ section: 'zz', line: line('a') }], removed: [] } })),
    ).toBe('refetch');
    expect(
      applySaleDelta(base, delta(4, { lines: { changed: [], removed: [], order: [{ section: 's1', ids: ['a'] }] } })),
    ).toBe('refetch');
  });
});

// ─── Property: applying the diff of two sales to the first gives the second ───────────────────────────────────────

const SECTION_IDS = ['s1', 's2', 's3', 's4', 's5'];
const LINE_IDS = Array.from({ length: 10 }, (_, i) => `l${i}`);
const ref = fc.option(fc.record({ id: fc.integer({ min: 1, max: 3 }), name: fc.constantFrom('Acme', 'Globex') }), {
  nil: null,
});
const lineContent = fc.record({
  name: fc.constantFrom('Desk', 'Chair', 'Lamp'),
  quantity: fc.constantFrom('1', '2', '3.5'),
  price: fc.constantFrom('10.00', '12.00'),
  kind: fc.constantFrom('product', 'note', 'header') as fc.Arbitrary<LineDto['kind']>,
});
const sectionHead = fc.record({
  name: fc.constantFrom('One', 'Two', 'Three'),
  show_details: fc.boolean(),
  merge: fc.boolean(),
  expanded: fc.boolean(),
  total: fc.constantFrom('10.00', '20.00'),
});

/** A random version of the sale: sections and lines drawn from small id pools, so two versions overlap a lot. */
const saleVersion = (base: SaleDto, version: number) =>
  fc
    .record({
      sectionIds: fc.shuffledSubarray(SECTION_IDS, { minLength: 1 }),
      lineIds: fc.shuffledSubarray(LINE_IDS),
      homes: fc.array(fc.nat(), { minLength: LINE_IDS.length, maxLength: LINE_IDS.length }),
      heads: fc.array(sectionHead, { minLength: SECTION_IDS.length, maxLength: SECTION_IDS.length }),
      contents: fc.array(lineContent, { minLength: LINE_IDS.length, maxLength: LINE_IDS.length }),
      name: fc.constantFrom('A sale', 'Renamed'),
      state: fc.constantFrom('draft', 'sent') as fc.Arbitrary<SaleDto['state']>,
      customer: ref,
      salesperson: ref,
      templates: fc.array(fc.record({ _id: fc.constantFrom('t1', 't2'), name: fc.constant('T') }), { maxLength: 2 }),
      total: fc.constantFrom('10.00', '30.00'),
    })
    .map((r): SaleDto => {
      const sections = r.sectionIds.map((id) => {
        const h = r.heads[SECTION_IDS.indexOf(id)]!;
        return {
          _id: id,
          name: h.name,
          presentation: h.show_details ? ('details' as const) : ('total' as const),
          show_details: h.show_details,
          merge: h.merge,
          expanded: h.expanded,
          pricing: pricing(h.total),
          lines: [] as LineDto[],
        };
      });
      for (const id of r.lineIds) {
        const i = LINE_IDS.indexOf(id);
        const c = r.contents[i]!;
        sections[r.homes[i]! % sections.length]!.lines.push({
          ...line(id, c.name, c.quantity),
          price: c.price,
          kind: c.kind,
        });
      }
      return {
        ...base,
        name: r.name,
        state: r.state,
        state_label: r.state === 'draft' ? 'Quotation' : 'Quotation Sent',
        customer: r.customer,
        salesperson: r.salesperson,
        template_ids: r.templates,
        pricing: pricing(r.total),
        total_price: r.total,
        updated_on: `2025-01-0${(version % 9) + 1}T00:00:00.000Z`,
        sections,
        version,
      };
    });

describe('diffSales + applySaleDelta', () => {
  it('applying the diff of two sales to the first gives the second', () => {
    const base = sale([]);
    fc.assert(
      fc.property(saleVersion(base, 7), saleVersion(base, 8), (before, after) => {
        const d = diffSales(before, after, by);
        expect(d.version).toBe(8);
        // A delta is JSON on the wire.
        const next = applySaleDelta(before, JSON.parse(JSON.stringify(d)) as SaleDelta);
        expect(next).toEqual(after);
      }),
      { numRuns: 500 },
    );
  });

  it('the same with sections the server reused unchanged (the very objects): they are skipped, not lost', () => {
    const base = sale([]);
    fc.assert(
      fc.property(
        saleVersion(base, 7),
        saleVersion(base, 8),
        fc.array(fc.boolean(), { minLength: SECTION_IDS.length, maxLength: SECTION_IDS.length }),
        (before, other, keep) => {
          // The sections kept are before's objects; their lines leave every other section of the sale after.
          const kept = new Map(
            before.sections.filter((s) => keep[SECTION_IDS.indexOf(s._id)]).map((s) => [s._id, s] as const),
          );
          const held = new Set([...kept.values()].flatMap((s) => s.lines.map((l) => l._id)));
          const after: SaleDto = {
            ...other,
            sections: other.sections.map(
              (s) => kept.get(s._id) ?? { ...s, lines: s.lines.filter((l) => !held.has(l._id)) },
            ),
          };
          const d = diffSales(before, after, by);
          const next = applySaleDelta(before, JSON.parse(JSON.stringify(d)) as SaleDelta);
          expect(next).toEqual(after);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('appending lines to a section needs no order in the delta', () => {
    const before = sale([section('s1', [line('a'), line('b')])], 4);
    const after = sale([section('s1', [line('a'), line('b'), line('c'), line('d')])], 5);
    const d = diffSales(before, after, by);
    expect(d.changes.lines?.order).toBeUndefined();
    expect(d.changes.lines?.changed.map((c) => c.line._id)).toEqual(['c', 'd']);
    expect(applySaleDelta(before, d)).toEqual(after);
    // Inserted in the middle, it does.
    const middle = sale([section('s1', [line('a'), line('c'), line('b')])], 5);
    expect(diffSales(before, middle, by).changes.lines?.order).toEqual([{ section: 's1', ids: ['a', 'c', 'b'] }]);
  });

  it('an unchanged sale gives a delta with only the version stamp', () => {
    const s = sale([section('s1', [line('a')])], 4);
    const d = diffSales(s, { ...s, version: 5 }, by);
    expect(d.changes).toEqual({
      sale: {
        ...header(5),
        updated_on: s.updated_on,
        updated_by: s.updated_by,
        pricing: s.pricing,
        total_price: s.total_price,
      },
    });
  });
});
