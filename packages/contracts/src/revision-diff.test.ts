import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffSaleRevisions, longestIncreasing } from './revision-diff';
import type { LineDto, SaleDto, SectionDto } from './sales';

const pricing = (total = '0.00') => ({
  total_price: total,
  total_cost: '0.00',
  total_margin: '0.00',
  total_margin_percent: 0,
  total_markup_percent: 0,
  optional_total: '0.00',
  total_with_optional: total,
});

function line(id: string, over: Partial<LineDto> = {}): LineDto {
  return {
    _id: id,
    kind: 'product',
    product: { id: 1, name: `M-${id}`, manufacturer: { name: null } },
    name: `Line ${id}`,
    quantity: '1',
    price: '10.00',
    cost: '6.00',
    discount: 0,
    markup_percent: 66.67,
    margin_percent: 40,
    subtotal: '10.00',
    price_percentage_active: false,
    uom: { name: null },
    ...over,
  };
}

function section(id: string, lines: LineDto[], over: Partial<SectionDto> = {}): SectionDto {
  return {
    _id: id,
    name: `S ${id}`,
    presentation: 'details',
    show_details: true,
    merge: false,
    expanded: false,
    pricing: pricing(),
    lines,
    ...over,
  };
}

function sale(sections: SectionDto[], over: Partial<SaleDto> = {}): SaleDto {
  return {
    _id: 'sale',
    name: 'Quote',
    quote_number: 'Q00042',
    state: 'draft',
    state_label: 'Quotation',
    customer: null,
    customer_invoice: null,
    customer_shipping: null,
    template: null,
    salesperson: null,
    sections,
    template_ids: [],
    created_on: '2026-01-01T00:00:00.000Z',
    updated_on: '2026-01-01T00:00:00.000Z',
    created_by: { name: 'A' },
    updated_by: { name: 'A' },
    pricing: pricing(),
    total_price: '0.00',
    version: 1,
    odoo_id: null,
    odoo_name: null,
    odoo_synced_on: null,
    odoo_synced: false,
    odoo_sync_error: false,
    odoo_sync_message: null,
    ...over,
  };
}

/** A sale of `sections` sections of `per` lines, ids s0…, l0…. */
function big(sections: number, per: number): SaleDto {
  let k = 0;
  return sale(
    Array.from({ length: sections }, (_, i) =>
      section(
        `s${i}`,
        Array.from({ length: per }, () => line(`l${k++}`, { quantity: String(k % 9) })),
      ),
    ),
  );
}

const clone = (s: SaleDto): SaleDto => structuredClone(s);

describe('longestIncreasing', () => {
  it('keeps the longest run in order', () => {
    expect([...longestIncreasing([0, 1, 2, 3])].sort()).toEqual([0, 1, 2, 3]);
    // One item moved to the front: the others stay.
    expect([...longestIncreasing([3, 0, 1, 2])].sort()).toEqual([1, 2, 3]);
    expect(longestIncreasing([]).size).toBe(0);
  });
});

describe('diffSaleRevisions', () => {
  it('a sale with itself is the same', () => {
    const s = big(3, 5);
    const d = diffSaleRevisions(s, clone(s));
    expect(d.same).toBe(true);
    expect(d.header).toEqual([]);
    expect(d.sections.every((x) => x.status === 'unchanged' && x.lines.length === 0 && x.unchanged === 5)).toBe(true);
    expect(d.counts.lines_unchanged).toBe(15);
  });

  it('a presentation change shows; a revision stored before presentations reads show_details', () => {
    const before = big(2, 2);
    const after = clone(before);
    after.sections[1] = { ...after.sections[1]!, presentation: 'optional' };
    const d = diffSaleRevisions(before, after);
    expect(d.same).toBe(false);
    expect(d.sections.map((x) => [x.status, x.presentation])).toEqual([
      ['unchanged', null],
      ['changed', { from: 'details', to: 'optional' }],
    ]);
    expect(d.counts.sections_options).toBe(1);
    // An old document: no presentation, show_details false → 'total'.
    const old = clone(before);
    const { presentation: _p, ...legacy } = { ...old.sections[0]!, show_details: false };
    old.sections[0] = legacy as SectionDto;
    const back = diffSaleRevisions(old, before);
    expect(back.sections[0]!.presentation).toEqual({ from: 'total', to: 'details' });
    expect(diffSaleRevisions(old, old).same).toBe(true);
  });

  it('tells fields changed as displayed, lines added, removed and moved, sections renamed, added and removed', () => {
    const before = big(3, 4);
    const after = clone(before);
    const [s0, s1] = after.sections as [SectionDto, SectionDto, SectionDto];
    s0.lines[1] = { ...s0.lines[1]!, quantity: '8', price: '95.00' };
    const beforeQty = before.sections[0]!.lines[1]!.quantity;
    s0.lines.splice(2, 1); // l2 removed
    s1.lines.push(line('new')); // added
    const moved = s0.lines.shift()!; // l0 to section 1
    s1.lines.unshift(moved);
    s1.name = 'Renamed';
    after.sections.splice(2, 1); // s2 removed
    after.sections.push(section('s9', [line('x1')])); // s9 added
    after.name = 'Quote 2';
    const d = diffSaleRevisions(before, after);
    expect(d.same).toBe(false);
    expect(d.header).toEqual([{ field: 'name', from: 'Quote', to: 'Quote 2' }]);
    const changed = d.sections.flatMap((s) => s.lines).find((l) => l._id === 'l1')!;
    expect(changed.status).toBe('changed');
    expect(changed.changes.map((c) => [c.label, c.from, c.to])).toEqual([
      ['Qty', beforeQty, '8'],
      ['Price', '10.00', '95.00'],
    ]);
    const byId = new Map(d.sections.flatMap((s) => s.lines).map((l) => [l._id, l]));
    expect(byId.get('l2')?.status).toBe('removed');
    expect(byId.get('new')?.status).toBe('added');
    expect(byId.get('l0')).toMatchObject({
      status: 'moved',
      moved_section: true,
      after: { section: 's1', position: 1 },
    });
    expect(d.sections.map((s) => [s._id, s.status])).toEqual([
      ['s0', 'changed'],
      ['s1', 'changed'],
      ['s2', 'removed'],
      ['s9', 'added'],
    ]);
    expect(d.sections[1]!.renamed).toEqual({ from: 'S s1', to: 'Renamed' });
    expect(d.counts).toMatchObject({
      sections_added: 1,
      sections_removed: 1,
      sections_renamed: 1,
      lines_added: 2, // new, x1
      lines_removed: 1 + 4, // l2 and the four of s2
      lines_changed: 1,
      lines_moved: 1,
    });
  });

  it('a line moved within its section is one move, not a shift of the others', () => {
    const before = big(1, 50);
    const after = clone(before);
    const lines = after.sections[0]!.lines;
    const [l] = lines.splice(40, 1);
    lines.splice(3, 0, l!);
    const d = diffSaleRevisions(before, after);
    expect(d.counts.lines_moved).toBe(1);
    expect(d.sections[0]!.lines).toHaveLength(1);
    expect(d.sections[0]!.lines[0]).toMatchObject({ _id: 'l40', status: 'moved', moved_section: false });
    expect(d.sections[0]!.unchanged).toBe(49);
  });

  it('random edits yield exactly those changes (property)', () => {
    const fields = ['quantity', 'price', 'cost', 'name'] as const;
    const label = { quantity: 'Qty', price: 'Price', cost: 'Cost', name: 'Description' } as const;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...fields), fc.integer({ min: 1, max: 999 })), { maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 4 }),
        fc.integer({ min: 0, max: 3 }),
        (nSections, per, edits, removals, additions) => {
          const before = big(nSections, per);
          const after = clone(before);
          const all = () => after.sections.flatMap((s) => s.lines);
          const removed = new Set<string>();
          for (const r of removals) {
            const lines = all();
            if (lines.length === 0) break;
            const id = lines[r % lines.length]!._id;
            for (const s of after.sections) s.lines = s.lines.filter((l) => l._id !== id);
            removed.add(id);
          }
          const expected = new Map<string, Map<string, string>>();
          for (const [at, field, v] of edits) {
            const lines = all();
            if (lines.length === 0) break;
            const target = lines[at % lines.length]!;
            const value =
              field === 'price' ? `${v}.00` : field === 'cost' ? `${v}.50` : field === 'name' ? `Text ${v}` : String(v);
            const was = before.sections.flatMap((s) => s.lines).find((l) => l._id === target._id)!;
            target[field] = value;
            const changes = expected.get(target._id) ?? new Map<string, string>();
            if (was[field] === value) changes.delete(label[field]);
            else changes.set(label[field], value);
            expected.set(target._id, changes);
          }
          const added: string[] = [];
          for (let i = 0; i < additions; i++) {
            const id = `add${i}`;
            after.sections[i % after.sections.length]!.lines.push(line(id));
            added.push(id);
          }
          const d = diffSaleRevisions(before, after);
          const lines = d.sections.flatMap((s) => s.lines);
          expect(
            lines
              .filter((l) => l.status === 'removed')
              .map((l) => l._id)
              .sort(),
          ).toEqual([...removed].sort());
          expect(
            lines
              .filter((l) => l.status === 'added')
              .map((l) => l._id)
              .sort(),
          ).toEqual(added.sort());
          expect(lines.filter((l) => l.moved)).toEqual([]);
          const changed = [...expected].filter(([, c]) => c.size > 0);
          expect(
            lines
              .filter((l) => l.status === 'changed')
              .map((l) => l._id)
              .sort(),
          ).toEqual(changed.map(([id]) => id).sort());
          for (const [id, c] of changed) {
            const got = lines.find((l) => l._id === id)!.changes;
            expect(new Map(got.map((x) => [x.label, x.to]))).toEqual(c);
          }
          expect(d.same).toBe(removed.size === 0 && added.length === 0 && changed.length === 0);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a 2,000-line sale: only the changed rows are listed, the others counted', () => {
    // (Its speed is measured by bench/revisions.ts, not here.)
    const before = big(20, 100);
    const after = clone(before);
    for (const s of after.sections) s.lines[7] = { ...s.lines[7]!, quantity: '123' };
    const d = diffSaleRevisions(before, after);
    expect(d.counts.lines_changed).toBe(20);
    expect(d.counts.lines_unchanged).toBe(1980);
    expect(d.sections.every((s) => s.lines.length === 1 && s.unchanged === 99)).toBe(true);
  });
});
