import { describe, expect, it } from 'vitest';
import { ErpError } from './erp.errors.js';
import type { ErpSaleDraft } from './erp.types.js';
import {
  chunk,
  createVals,
  diffLines,
  headerChanges,
  headerVals,
  keepSequences,
  linkLines,
  NO_SECTION_LINE,
  type OdooLine,
  odooLine,
  planLines,
  updateVals,
} from './publish.js';

const sale = (): ErpSaleDraft => ({
  quoteNumber: 'Q00001',
  name: 'Refit',
  partnerId: 7,
  partnerInvoiceId: 8,
  partnerShippingId: null,
  salespersonId: 3,
  templateId: 2,
  sections: [
    {
      localId: 's1',
      name: 'Hardware',
      lines: [
        {
          localId: 'a',
          kind: 'product',
          productId: 11,
          description: 'Desk',
          quantity: '2',
          priceUnit: '10.50',
          cost: '4',
        },
        { localId: 'b', kind: 'header', productId: null, description: 'Chairs', quantity: 0, priceUnit: 0, cost: 0 },
        { localId: 'c', kind: 'note', productId: null, description: '', quantity: 0, priceUnit: 0, cost: 0 },
        { localId: 'd', kind: 'product', productId: 12, description: ' ', quantity: 1.5, priceUnit: 3, cost: 1 },
      ],
    },
    { localId: 's2', name: '', lines: [] },
  ],
});

/** The Odoo lines a publish of `sale()` (19) makes, with ids 100… */
const odooOf = (s = sale()): OdooLine[] =>
  planLines(s, { subsections: true, hasCost: true }).map((p, i) => ({
    id: 100 + i,
    displayType: p.displayType,
    sequence: p.sequence,
    name: p.name ?? 'default product text',
    productId: p.productId,
    quantity: p.quantity,
    priceUnit: p.priceUnit,
    cost: p.cost,
    discount: p.discount,
  }));

/** The sale as published: sections and lines carry Odoo line ids from `from` on, in document order (as odooOf). */
const withIds = (s: ErpSaleDraft, from = 100): ErpSaleDraft => {
  let id = from;
  return {
    ...s,
    sections: s.sections.map((sec) => ({
      ...sec,
      odooLineId: id++,
      lines: sec.lines.map((l) => ({ ...l, odooLineId: id++ })),
    })),
  };
};

describe('planLines / createVals', () => {
  it('flattens sections and lines with sequences 10, 20, … and maps kinds to display types', () => {
    const p19 = planLines(sale(), { subsections: true, hasCost: true });
    expect(p19.map((p) => [p.localId, p.sequence, p.displayType, p.name])).toEqual([
      ['s1', 10, 'line_section', 'Hardware'],
      ['a', 20, false, 'Desk'],
      ['b', 30, 'line_subsection', 'Chairs'],
      ['c', 40, 'line_note', 'Note'], // Odoo requires a label
      ['d', 50, false, null], // no description: Odoo's default
      ['s2', 60, 'line_section', 'Section'],
    ]);
    const p18 = planLines(sale(), { subsections: false, hasCost: false });
    expect(p18[2]!.displayType).toBe('line_note');
  });

  it('product lines carry product, quantity, price and cost; display lines only text', () => {
    const [s1, a, b, , d] = planLines(sale(), { subsections: true, hasCost: true });
    expect(createVals(a!, { hasCost: true })).toEqual({
      sequence: 20,
      product_id: 11,
      name: 'Desk',
      product_uom_qty: 2,
      price_unit: 10.5,
      purchase_price: 4,
    });
    expect(createVals(d!, { hasCost: false })).toEqual({
      sequence: 50,
      product_id: 12,
      product_uom_qty: 1.5,
      price_unit: 3,
    });
    expect(createVals(s1!, { hasCost: true })).toEqual({
      display_type: 'line_section',
      name: 'Hardware',
      sequence: 10,
    });
    expect(createVals(b!, { hasCost: true })).toEqual({
      display_type: 'line_subsection',
      name: 'Chairs',
      sequence: 30,
    });
  });

  it('refuses a product line without product, bad numbers and duplicate ids', () => {
    const s = sale();
    s.sections[0]!.lines[0]!.productId = null;
    expect(() => planLines(s, { subsections: true, hasCost: true })).toThrow(ErpError);
    const n = sale();
    n.sections[0]!.lines[0]!.quantity = '2,5';
    expect(() => planLines(n, { subsections: true, hasCost: true })).toThrow(/quantity "2,5" is not a number/);
    const dup = sale();
    dup.sections[1]!.localId = 'a';
    expect(() => planLines(dup, { subsections: true, hasCost: true })).toThrow(/two lines with the id a/);
  });
});

describe('discount', () => {
  const discounted = () => {
    const s = sale();
    s.sections[0]!.lines[0]!.discount = '5';
    return s;
  };

  it('a product line carries its discount (0 included) when sale.order.line has the field; text lines never', () => {
    const [s1, a, b, , d] = planLines(discounted(), { subsections: true, hasCost: true, hasDiscount: true });
    const opts = { hasCost: true, hasDiscount: true };
    expect(createVals(a!, opts)).toEqual({
      sequence: 20,
      product_id: 11,
      name: 'Desk',
      product_uom_qty: 2,
      price_unit: 10.5,
      discount: 5,
      purchase_price: 4,
    });
    expect(createVals(d!, opts)).toMatchObject({ discount: 0 });
    expect(createVals(s1!, opts)).not.toHaveProperty('discount');
    expect(createVals(b!, opts)).not.toHaveProperty('discount');
    expect(createVals(a!, { hasCost: true })).not.toHaveProperty('discount');
  });

  it('a changed discount is written with quantity and price (Odoo recomputes them together)', () => {
    const opts = { hasCost: true, hasDiscount: true };
    const before = odooOf(); // discount 0 everywhere
    const diff = diffLines(planLines(withIds(discounted()), { subsections: true, hasCost: true }), before, opts);
    expect(diff.commands).toEqual([[1, 101, { product_uom_qty: 2, price_unit: 10.5, discount: 5 }]]);
    // unchanged discount: nothing; a quantity change sends the discount along
    const same = odooOf(discounted());
    expect(
      diffLines(planLines(withIds(discounted()), { subsections: true, hasCost: true }), same, opts).commands,
    ).toEqual([]);
    const more = withIds(discounted());
    more.sections[0]!.lines[0]!.quantity = 3;
    expect(diffLines(planLines(more, { subsections: true, hasCost: true }), same, opts).commands).toEqual([
      [1, 101, { product_uom_qty: 3, price_unit: 10.5, discount: 5 }],
    ]);
  });

  it('reads discount back from an Odoo line; a bad discount is refused', () => {
    expect(odooLine({ id: 1, display_type: false, discount: 12.5 }).discount).toBe(12.5);
    expect(odooLine({ id: 1, display_type: false }).discount).toBeNull();
    const bad = sale();
    bad.sections[0]!.lines[0]!.discount = 'ten';
    expect(() => planLines(bad, { subsections: true, hasCost: true })).toThrow(/discount "ten" is not a number/);
  });
});

describe('diffLines', () => {
  const opts = { hasCost: true };

  it('nothing to do when the order already matches', () => {
    const s = withIds(sale());
    const d = diffLines(planLines(s, { subsections: true, hasCost: true }), odooOf(), opts);
    // the product line without description keeps Odoo's text
    expect(d.commands).toEqual([]);
    expect(d.kept.size).toBe(6);
  });

  it('updates by id (price always with quantity), creates new lines, deletes removed ones', () => {
    const s = withIds(sale());
    s.sections[0]!.lines[0]!.quantity = 5; // qty only → price_unit sent too
    s.sections[0]!.lines.splice(2, 1); // drop note c (id 103)
    s.sections[1]!.lines.push({
      localId: 'e',
      kind: 'product',
      productId: 13,
      description: 'New',
      quantity: 1,
      priceUnit: 2,
      cost: 1,
    });
    const d = diffLines(planLines(s, { subsections: true, hasCost: true }), odooOf(), opts);
    expect(d.commands).toEqual([
      [2, 103, 0],
      [1, 101, { product_uom_qty: 5, price_unit: 10.5 }],
      [1, 104, { sequence: 40 }],
      [1, 105, { sequence: 50 }],
      [0, 0, { sequence: 60, product_id: 13, name: 'New', product_uom_qty: 1, price_unit: 2, purchase_price: 1 }],
    ]);
    // sections are counted apart from the other lines (104 is the second section's line)
    expect({ c: d.created, u: d.updated, x: d.deleted }).toEqual({ c: 1, u: 2, x: 1 });
    expect(d.sections).toEqual({ created: 0, updated: 1, deleted: 0 });
  });

  it('a product change sends product, quantity, price and cost together', () => {
    const planned = planLines(withIds(sale()), { subsections: true, hasCost: true });
    const o = odooOf()[1]!;
    expect(updateVals({ ...planned[1]!, productId: 99 }, o, opts)).toEqual({
      product_id: 99,
      product_uom_qty: 2,
      price_unit: 10.5,
      purchase_price: 4,
    });
    expect(updateVals({ ...planned[1]!, cost: 4.5 }, o, { hasCost: false })).toEqual({});
    expect(updateVals({ ...planned[1]!, cost: 4.5 }, o, opts)).toEqual({ purchase_price: 4.5 });
  });

  it('a changed display type is a delete and a create', () => {
    const s = withIds(sale());
    s.sections[0]!.lines[1]!.kind = 'note';
    const d = diffLines(planLines(s, { subsections: true, hasCost: true }), odooOf(), opts);
    expect(d.commands).toEqual([
      [2, 102, 0],
      [0, 0, { display_type: 'line_note', name: 'Chairs', sequence: 30 }],
    ]);
  });

  it('adopts the line a lost write created (same kind, sequence and text) instead of creating it again', () => {
    const s = withIds(sale());
    s.sections[1]!.lines.push({
      localId: 'e',
      kind: 'note',
      productId: null,
      description: 'x',
      quantity: 0,
      priceUnit: 0,
      cost: 0,
    });
    const planned = planLines(s, { subsections: true, hasCost: true });
    const existing = [...odooOf(), { ...odooLine({ id: 200, sequence: 70, display_type: 'line_note', name: 'x' }) }];
    const d = diffLines(planned, existing, opts);
    expect(d.commands).toEqual([]);
    expect(d.kept.get('e')).toBe(200);
    // a stale id (line deleted in Odoo) does not count: the line is created again
    const stale = withIds(sale(), 500);
    const d2 = diffLines(planLines(stale, { subsections: true, hasCost: true }), [], opts);
    expect({ lines: d2.created, sections: d2.sections.created }).toEqual({ lines: 4, sections: 2 });
  });
});

describe('NO_SECTION_LINE', () => {
  it('the first section of an ERP order that had lines before any section line gets no section line', () => {
    const s = sale();
    s.sections[0]!.odooLineId = NO_SECTION_LINE;
    const planned = planLines(s, { subsections: true, hasCost: true });
    expect(planned.map((p) => p.displayType || 'product')).toEqual([
      'product',
      'line_subsection',
      'line_note',
      'product',
      'line_section',
    ]);
    // Moved down, it needs one: its lines would otherwise fall under the section above.
    s.sections.reverse();
    const moved = planLines(s, { subsections: true, hasCost: true });
    expect(moved.filter((p) => p.displayType === 'line_section').map((p) => p.name)).toEqual(['Section', 'Hardware']);
  });
});

describe('keepSequences', () => {
  const opts = { subsections: true, hasCost: true };
  const note = (localId: string) => ({
    localId,
    kind: 'note' as const,
    productId: null,
    description: localId,
    quantity: 0,
    priceUnit: 0,
    cost: 0,
  });

  it('a line inserted in the middle takes a sequence between its neighbours: no other line is written', () => {
    const s = withIds(sale());
    s.sections[0]!.lines.splice(1, 0, note('new'));
    const planned = keepSequences(planLines(s, opts), odooOf());
    expect(planned.map((p) => p.sequence)).toEqual([10, 20, 25, 30, 40, 50, 60]);
    const d = diffLines(planned, odooOf(), { hasCost: true });
    expect(d.commands).toEqual([[0, 0, { display_type: 'line_note', name: 'new', sequence: 25 }]]);
  });

  it('a moved line takes a sequence at its new place; the lines in order keep theirs', () => {
    const s = withIds(sale());
    const [a] = s.sections[0]!.lines.splice(0, 1);
    s.sections[0]!.lines.push(a!); // a (20) goes after d (50)
    const planned = keepSequences(planLines(s, opts), odooOf());
    expect(planned.map((p) => p.sequence)).toEqual([10, 30, 40, 50, 55, 60]);
    const d = diffLines(planned, odooOf(), { hasCost: true });
    expect(d.commands).toEqual([[1, 101, { sequence: 55 }]]);
  });

  it('lines appended after the last kept line go on 10 apart; several lines fit in a gap of 10', () => {
    const s = withIds(sale());
    s.sections[1]!.lines.push(note('x'), note('y'));
    s.sections[0]!.lines.splice(2, 0, note('p'), note('q'), note('r'));
    const seq = keepSequences(planLines(s, opts), odooOf()).map((p) => p.sequence);
    expect(seq).toEqual([10, 20, 30, 32, 35, 37, 40, 50, 60, 70, 80]);
  });

  it('no room between neighbours (sequences 1 apart): the lines before the insertion keep theirs', () => {
    const s = withIds(sale());
    s.sections[0]!.lines.splice(1, 0, note('new'));
    const tight = odooOf().map((o, i) => ({ ...o, sequence: i + 1 }));
    const planned = keepSequences(planLines(s, opts), tight);
    expect(planned.map((p) => p.sequence)).toEqual([1, 2, 12, 22, 32, 42, 52]);
  });

  it('more new lines than a gap holds: only the next kept lines move, as few as leave room', () => {
    const s = withIds(sale());
    // 12 notes between the lines at 20 and 30 (a gap of 9): the line at 30 moves, the one at 40 leaves room.
    s.sections[0]!.lines.splice(1, 0, ...Array.from({ length: 12 }, (_, n) => note(`n${n}`)));
    const planned = keepSequences(planLines(s, opts), odooOf());
    const seq = planned.map((p) => p.sequence);
    expect(seq.slice(0, 2)).toEqual([10, 20]);
    expect(seq.slice(-3)).toEqual([40, 50, 60]);
    expect(seq.every((v, n) => n === 0 || v > seq[n - 1]!)).toBe(true);
    const d = diffLines(planned, odooOf(), { hasCost: true });
    expect(d.commands.filter((c) => c[0] === 0)).toHaveLength(12);
    expect(d.commands.filter((c) => c[0] === 1)).toEqual([[1, 102, { sequence: seq[14] }]]);
  });

  it('a retry plans the same sequences, so the line a lost write created is adopted', () => {
    const s = withIds(sale());
    s.sections[0]!.lines.splice(1, 0, note('new'));
    const first = keepSequences(planLines(s, opts), odooOf());
    const afterLostWrite = [...odooOf(), odooLine({ id: 300, sequence: 25, display_type: 'line_note', name: 'new' })];
    const retry = keepSequences(planLines(s, opts), afterLostWrite);
    expect(retry.map((p) => p.sequence)).toEqual(first.map((p) => p.sequence));
    expect(diffLines(retry, afterLostWrite, { hasCost: true }).commands).toEqual([]);
  });
});

describe('linkLines', () => {
  it('links by known id, then sequence, then text', () => {
    const planned = planLines(sale(), { subsections: true, hasCost: true });
    const odoo = odooOf();
    expect(linkLines(planned, odoo).map((l) => l.odooLineId)).toEqual([100, 101, 102, 103, 104, 105]);
    // sequences renumbered in Odoo: text decides
    const moved = odoo.map((o) => ({ ...o, sequence: o.sequence + 1 }));
    expect(linkLines(planned, moved).map((l) => [l.localId, l.odooLineId])).toEqual([
      ['s1', 100],
      ['a', 101],
      ['b', 102],
      ['c', 103],
      ['s2', 105],
    ]);
    // a known id wins over the sequence
    const known = new Map([['a', 101]]);
    const swapped = odoo.map((o) => (o.id === 101 ? { ...o, sequence: 999 } : o));
    expect(linkLines(planned, swapped, known).find((l) => l.localId === 'a')!.odooLineId).toBe(101);
  });
});

describe('header', () => {
  it('header values and the changes against the order as read', () => {
    const v = headerVals(sale(), { hasTemplate: true });
    expect(v).toEqual({
      partner_id: 7,
      client_order_ref: 'Refit',
      partner_invoice_id: 8,
      user_id: 3,
      sale_order_template_id: 2,
    });
    expect(headerVals({ ...sale(), name: '' }, { hasTemplate: false })).not.toHaveProperty('sale_order_template_id');
    expect(headerVals({ ...sale(), name: ' ' }, { hasTemplate: false }).client_order_ref).toBe(false);
    expect(() => headerVals({ ...sale(), partnerId: 0 }, { hasTemplate: true })).toThrow(/no ERP customer/);
    const current = {
      partner_id: [7, 'Acme'],
      client_order_ref: 'Old',
      partner_invoice_id: [8, 'Acme, Invoice'],
      user_id: false,
      sale_order_template_id: [2, 'T'],
    };
    expect(headerChanges(v, current)).toEqual({ client_order_ref: 'Refit', user_id: 3 });
    expect(headerChanges({ client_order_ref: false }, { client_order_ref: false })).toEqual({});
  });

  it('chunk', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 2)).toEqual([[]]);
  });
});
