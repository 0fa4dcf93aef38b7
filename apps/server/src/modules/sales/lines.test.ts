import { asc, eq, saleLines, sales } from '@quotewright/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { LineDto, SaleDto, SectionDto } from './sales.dto';
import { api, expectProblem, roleTokens, seedProducts, type Tokens } from './testkit';

let t: TestApp;
let tok: Tokens;
let a: ReturnType<typeof api>;
const UNKNOWN = '99999999-9999-4999-8999-999999999999';

beforeAll(async () => {
  t = await createTestApp();
  tok = await roleTokens(t);
  a = api(t);
  await seedProducts(t, [1, 2, 3, 4]);
});
afterAll(() => t.close());

type Created = { lines: LineDto[]; errors: { product: number }[]; sale: SaleDto };

/** A draft with sections A and B; A holds desk ×2, leg ×4, a note and chair ×1 (in that order). */
async function fixture() {
  let sale = await a.ok('POST', '/api/sales', tok.editor, { name: 'Lines' });
  sale = await a.ok('POST', `/api/sales/sections/create/${sale._id}`, tok.editor, { name: 'A' });
  sale = await a.ok('POST', `/api/sales/sections/create/${sale._id}`, tok.editor, { name: 'B' });
  const [A, B] = sale.sections.map((s) => s._id) as [string, string];
  await a.ok('POST', `/api/sales/lines/create/${sale._id}/${A}`, tok.editor, {
    lines: [
      { product: 1, quantity: 2 },
      { product: 2, quantity: '4' },
      { product: 3, quantity: 1 },
    ],
    sequence: -1,
  });
  sale = await a.ok('POST', `/api/sales/lines/note/${sale._id}/${A}`, tok.editor, { name: 'Assembly', sequence: 2 });
  const ids = sale.sections[0]!.lines.map((l) => l._id) as [string, string, string, string];
  return { sale, A, B, ids, url: (op: string, section = A) => `/api/sales/lines/${op}/${sale._id}/${section}` };
}
const section = (sale: SaleDto, id: string) => sale.sections.find((s) => s._id === id)!;
const names = (s: SectionDto) => s.lines.map((l) => (l.kind === 'product' ? l.product.name : `${l.kind}:${l.name}`));
/** Stored positions of a section, in order: always 0..n−1. */
async function positions(sectionId: string) {
  const rows = await t.database.db
    .select({ p: saleLines.position })
    .from(saleLines)
    .where(eq(saleLines.sectionId, sectionId))
    .orderBy(asc(saleLines.position));
  return rows.map((r) => r.p);
}
const dense = (n: number) => Array.from({ length: n }, (_, i) => i);
const stored = async (saleId: string) => (await t.database.db.select().from(sales).where(eq(sales.id, saleId)))[0]!;

describe('lines/create', () => {
  it('adds products from the local catalog with their price, cost, description, model, manufacturer and uom', async () => {
    const { sale, A } = await fixture();
    const lines = section(sale, A).lines;
    expect(lines[0]).toEqual({
      _id: expect.any(String),
      kind: 'product',
      product: { id: 1, name: 'DESK-1', manufacturer: { name: 'Steelcase' } },
      name: 'A desk',
      quantity: '2',
      price: '100.00',
      cost: '60.00',
      discount: 0,
      markup_percent: 66.67,
      margin_percent: 40,
      subtotal: '200.00',
      price_percentage_active: false,
      uom: { name: 'Units' },
    });
    expect(lines[1]).toMatchObject({ quantity: '4', price: '10.50', cost: '6.2512', subtotal: '42.00' });
    // No model: the product's name; no description: the name too. Cost 0: markup and margin are 0 (docs/product/rules.md#line-figures).
    expect(lines[3]).toMatchObject({
      product: { id: 3, name: 'Chair', manufacturer: { name: null } },
      name: 'Chair',
      markup_percent: 0,
      margin_percent: 0,
      subtotal: '45.00',
    });
    expect(lines[2]).toMatchObject({
      kind: 'note',
      product: { id: null, name: 'note', manufacturer: { name: null } },
      name: 'Assembly',
      subtotal: '0.00',
    });
    expect(section(sale, A).pricing).toEqual({
      total_price: '287.00',
      total_cost: '145.00',
      total_margin: '142.00',
      total_margin_percent: 49.48,
      total_markup_percent: 97.93,
    });
    // One section, not optional: the sale's totals are the section's, nothing optional beside them.
    expect(sale.pricing).toEqual({
      ...section(sale, A).pricing,
      optional_total: '0.00',
      total_with_optional: '287.00',
    });
    expect(sale.total_price).toBe('287.00');
    expect((await stored(sale._id)).totalPrice).toBe('287.00');
    expect(await positions(A)).toEqual(dense(4));
  });

  it('answers {lines, errors, sale}; missing and inactive products are reported and not added', async () => {
    const { sale, A, url } = await fixture();
    const res = await a.ok<Created>('POST', url('create'), tok.editor, {
      lines: [{ product: 4 }, { product: 1, quantity: 1 }, { product: 999 }, { product: 999 }],
      sequence: 0,
    });
    expect(res.errors).toEqual([{ product: 4 }, { product: 999 }]);
    expect(res.lines).toHaveLength(1);
    expect(res.lines[0]).toMatchObject({ product: { id: 1 }, quantity: '1' });
    expect(names(section(res.sale, A))).toEqual(['DESK-1', 'DESK-1', 'LEG-1', 'note:Assembly', 'Chair']);
    expect(section(res.sale, A).lines[0]!._id).toBe(res.lines[0]!._id);
    expect(res.sale.version).toBe(sale.version + 1);
    const none = await a.ok<Created>('POST', url('create'), tok.editor, { lines: [{ product: 4 }], sequence: -1 });
    expect(none.lines).toEqual([]);
    expect(none.errors).toEqual([{ product: 4 }]);
    expect(none.sale.version).toBe(res.sale.version);
  });

  it('inserts at the insertion point: −1 or past the end appends, otherwise before that index', async () => {
    const { A, url } = await fixture();
    const mid = await a.ok<Created>('POST', url('create'), tok.editor, {
      lines: [
        { product: 3, quantity: 5 },
        { product: 2, quantity: 1 },
      ],
      sequence: 1,
    });
    expect(names(section(mid.sale, A))).toEqual(['DESK-1', 'Chair', 'LEG-1', 'LEG-1', 'note:Assembly', 'Chair']);
    const end = await a.ok<Created>('POST', url('create'), tok.editor, { lines: [{ product: 1 }], sequence: 99 });
    expect(names(section(end.sale, A)).at(-1)).toBe('DESK-1');
    expect(end.lines[0]!.quantity).toBe('1');
    expect(await positions(A)).toEqual(dense(7));
  });

  it('rejects bad bodies with 400 and writes nothing', async () => {
    const { sale, A, url } = await fixture();
    const bodies = [
      {},
      { lines: [] },
      { lines: [{ product: 1 }], sequence: -2 },
      { lines: [{ product: 1 }], sequence: 1.5 },
      { lines: [{ product: '1' }] },
      { lines: [{ product: 1, quantity: 'lots' }] },
      { lines: [{ product: 1, quantity: 1e12 }] },
      { lines: [{ product: 1, price: 1 }] },
      { lines: [{ product: 1 }], extra: true },
    ];
    for (const body of bodies) expectProblem(await a.post(url('create'), tok.editor, body), 400, 'VALIDATION_FAILED');
    expect(await positions(A)).toEqual(dense(4));
    expect((await stored(sale._id)).version).toBe(sale.version);
  });
});

describe('notes and headers', () => {
  it('are added at an insertion point with a description only', async () => {
    const { A, url } = await fixture();
    const sale = await a.ok('POST', url('header'), tok.editor, { name: 'Desks', sequence: 0 });
    const first = section(sale, A).lines[0]!;
    expect(first).toMatchObject({
      kind: 'header',
      product: { id: null, name: 'header' },
      name: 'Desks',
      quantity: '0',
      price: '0.00',
      subtotal: '0.00',
    });
    const noted = await a.ok('POST', url('note'), tok.editor, { name: 'Last' });
    expect(names(section(noted, A)).at(-1)).toBe('note:Last');
    expect(noted.total_price).toBe('287.00');
    expectProblem(await a.post(url('note'), tok.editor, { name: 'x', quantity: 1 }), 400);
    expectProblem(await a.post(url('header'), tok.editor, { sequence: 0 }), 400);
  });
  it('a note or header without text is refused with 400 "Description is required" and nothing is written', async () => {
    const { sale, A, ids, url } = await fixture();
    for (const [kind, name] of [
      ['note', ''],
      ['header', '   '],
      ['note', '\n\t'],
    ] as const) {
      const problem = expectProblem(await a.post(url(kind), tok.editor, { name }), 400, 'VALIDATION_FAILED');
      expect(problem.detail).toBe('Description is required');
      expect((problem as { errors?: Record<string, string> }).errors).toEqual({ name: 'Description is required' });
    }
    // clearing the text of an existing note is refused the same way; a product line's description may be empty
    const cleared = expectProblem(await a.post(url('update'), tok.editor, [{ _id: ids[2], name: ' ' }]), 400);
    expect(cleared.detail).toBe('Description is required');
    const after = await a.ok('GET', `/api/sales/${sale._id}`, tok.viewer);
    expect(names(section(after, A))).toEqual(names(section(sale, A)));
    expect((await stored(sale._id)).version).toBe(sale.version);
    const product = await a.ok('POST', url('update'), tok.editor, [{ _id: ids[0], name: '' }]);
    expect(section(product, A).lines[0]!.name).toBe('');
  });
});

describe('lines/update', () => {
  it('applies only changed fields, to several lines at once, and never money or quantity to notes', async () => {
    const { sale, A, ids, url } = await fixture();
    await t.database.db.update(sales).set({ odooSynced: true }).where(eq(sales.id, sale._id));
    const res = await a.ok('POST', url('update'), tok.editor, [
      { _id: ids[0], quantity: 3, name: 'A better desk' },
      { _id: ids[1], price: '11', cost: 7 },
      { _id: ids[2], name: 'Assembly included', price: 500, quantity: 9, cost: 1 },
    ]);
    const lines = section(res, A).lines;
    expect(lines[0]).toMatchObject({ name: 'A better desk', quantity: '3', price: '100.00', subtotal: '300.00' });
    expect(lines[1]).toMatchObject({ quantity: '4', price: '11.00', cost: '7.00', subtotal: '44.00' });
    expect(lines[2]).toMatchObject({ kind: 'note', name: 'Assembly included', quantity: '0', price: '0.00' });
    expect(res.total_price).toBe('389.00');
    expect(res.odoo_synced).toBe(false);
    expect(res.version).toBe(sale.version + 1);
    expect((await stored(sale._id)).totalPrice).toBe('389.00');
  });

  it('sets the price from markup_percent (price = cost × (1 + m/100)) and rounds prices to cents', async () => {
    const { A, ids, url } = await fixture();
    const res = await a.ok('POST', url('update'), tok.editor, [
      { _id: ids[0], markup_percent: 25 },
      { _id: ids[1], price: '10.005' },
    ]);
    expect(section(res, A).lines[0]).toMatchObject({ price: '75.00', markup_percent: 25, margin_percent: 20 });
    expect(section(res, A).lines[1]).toMatchObject({ price: '10.01' });
  });

  it('prices a "Based on Total" line as a percent of the section', async () => {
    const { A, ids, url } = await fixture();
    const res = await a.ok('POST', url('update'), tok.editor, [
      { _id: ids[3], price_percentage_active: true, price: 10, cost: 5, quantity: 1 },
    ]);
    // Base: desk 200 + leg 42 (cost 120 + 25.00); 10 % of 242 = 24.20, 5 % of 145.00 = 7.25.
    expect(section(res, A).lines[3]).toMatchObject({ price_percentage_active: true, subtotal: '24.20' });
    expect(section(res, A).pricing.total_price).toBe('266.20');
  });

  it('writes nothing when nothing changes (same values in another notation)', async () => {
    const { sale, ids, url } = await fixture();
    const res = await a.ok('POST', url('update'), tok.editor, [{ _id: ids[0], quantity: '2.000', price: 100 }]);
    expect(res.version).toBe(sale.version);
    expect(res.updated_on).toBe(sale.updated_on);
  });

  it('an unknown line, or a line of another section or sale, is 404 and nothing of the request is written', async () => {
    const { sale, A, B, ids, url } = await fixture();
    const other = await fixture();
    const bodies = [
      [
        { _id: ids[0], quantity: 50 },
        { _id: UNKNOWN, quantity: 1 },
      ],
      [{ _id: other.ids[0], quantity: 50 }],
    ];
    for (const body of bodies) expectProblem(await a.post(url('update'), tok.editor, body), 404, 'NOT_FOUND');
    // The right line through the wrong section.
    expectProblem(await a.post(url('update', B), tok.editor, [{ _id: ids[0], quantity: 50 }]), 404);
    // Another sale's section under this sale.
    expectProblem(
      await a.post(`/api/sales/lines/update/${sale._id}/${other.A}`, tok.editor, [{ _id: other.ids[0], quantity: 5 }]),
      404,
    );
    const after = await a.ok('GET', `/api/sales/${sale._id}`, tok.viewer);
    expect(section(after, A).lines[0]!.quantity).toBe('2');
    expect(after.version).toBe(sale.version);
    expect((await a.ok('GET', `/api/sales/${other.sale._id}`, tok.viewer)).sections[0]!.lines[0]!.quantity).toBe('2');
  });

  it('discount: subtotal = round2(price × qty × (1 − d/100)), markup/margin on the net price, cost not discounted', async () => {
    const { sale, A, ids, url } = await fixture();
    await t.database.db.update(sales).set({ odooSynced: true }).where(eq(sales.id, sale._id));
    const res = await a.ok('POST', url('update'), tok.editor, [
      { _id: ids[0], discount: 12.5 },
      { _id: ids[1], discount: '5' },
      { _id: ids[2], discount: 50 }, // a note: never discounted
    ]);
    const lines = section(res, A).lines;
    // desk 100 × 2 at 12.5 % = 175.00; net 87.50 vs cost 60 → markup 45.83, margin 31.43
    expect(lines[0]).toMatchObject({ discount: 12.5, price: '100.00', subtotal: '175.00', markup_percent: 45.83 });
    expect(lines[0]!.margin_percent).toBe(31.43);
    // leg 10.50 × 4 at 5 % = 39.90
    expect(lines[1]).toMatchObject({ discount: 5, subtotal: '39.90' });
    expect(lines[2]).toMatchObject({ kind: 'note', discount: 0 });
    expect(section(res, A).pricing).toMatchObject({ total_price: '259.90', total_cost: '145.00' });
    expect(res.total_price).toBe('259.90');
    expect(res.odoo_synced).toBe(false);
    expect((await stored(sale._id)).totalPrice).toBe('259.90');
    const rows = await t.database.db.select().from(saleLines).where(eq(saleLines.sectionId, A));
    expect(rows.find((r) => r.id === ids[2])?.discount).toBe('0.0000');
    // a later GET (section cache) shows the same; the same discount again writes nothing
    expect(section(await a.ok('GET', `/api/sales/${sale._id}`, tok.viewer), A).lines[0]!.subtotal).toBe('175.00');
    const same = await a.ok('POST', url('update'), tok.editor, [{ _id: ids[0], discount: '12.50' }]);
    expect(same.version).toBe(res.version);
    // markup_percent on a discounted line: the net price carries the markup (60 × 1.25 / 0.875 = 85.71)
    const marked = await a.ok('POST', url('update'), tok.editor, [{ _id: ids[0], markup_percent: 25 }]);
    expect(section(marked, A).lines[0]!.price).toBe('85.71');
    expect(section(marked, A).lines[0]!.markup_percent).toBeCloseTo(25, 1); // 74.996 vs 60: within the cent
    // back to 0 and 100
    const free = await a.ok('POST', url('update'), tok.editor, [
      { _id: ids[0], discount: 100 },
      { _id: ids[1], discount: 0 },
    ]);
    expect(section(free, A).lines.map((l) => l.subtotal)).toEqual(['0.00', '42.00', '0.00', '45.00']);
  });

  it('copies keep the discount: line copy, section duplicate and Copy Sale Data', async () => {
    const { sale, A, B, ids, url } = await fixture();
    await a.ok('POST', url('update'), tok.editor, [{ _id: ids[0], discount: 10 }]);
    const copied = await a.ok<{ sale: SaleDto }>(
      'POST',
      `/api/sales/lines/move/${sale._id}/${A}/${B}/copy`,
      tok.editor,
      [ids[0]],
    );
    expect(section(copied.sale, B).lines[0]).toMatchObject({ discount: 10, subtotal: '180.00' });
    const dup = await a.ok('POST', `/api/sales/sections/duplicate/${sale._id}/${A}`, tok.editor);
    expect(dup.sections[1]!.lines[0]).toMatchObject({ discount: 10, subtotal: '180.00' });
    const other = await a.ok('POST', '/api/sales', tok.editor, { name: 'Copy target' });
    const target = await a.ok('POST', `/api/sales/sections/copy/${other._id}`, tok.editor, {
      sections: [A],
      _id: sale._id,
    });
    expect(target.sections[0]!.lines[0]).toMatchObject({ discount: 10, subtotal: '180.00' });
    expect(target.total_price).toBe(section(dup, A).pricing.total_price);
  });

  it('a discount outside 0..100 or not a number is a field error; nothing is written', async () => {
    const { sale, ids, url } = await fixture();
    for (const discount of [-1, 100.01, '101', 1e9]) {
      const body = expectProblem(await a.post(url('update'), tok.editor, [{ _id: ids[0], discount }]), 400);
      expect((body as unknown as { errors: Record<string, string> }).errors).toEqual({
        '0.discount': 'Discount must be between 0 and 100',
      });
    }
    for (const discount of ['ten', null, true]) {
      const body = expectProblem(await a.post(url('update'), tok.editor, [{ _id: ids[0], discount }]), 400);
      expect((body as unknown as { errors: Record<string, string> }).errors['0.discount']).toMatch(/Discount/);
    }
    expect((await a.ok('GET', `/api/sales/${sale._id}`, tok.viewer)).version).toBe(sale.version);
  });

  it('rejects unknown fields and wrong types with 400', async () => {
    const { ids, url } = await fixture();
    for (const body of [
      [{ _id: ids[0], subtotal: '1' }],
      [{ _id: ids[0], quantity: 'x' }],
      [{ _id: ids[0], price: null }],
      [{ quantity: 1 }],
      [{ _id: 'nope' }],
      [],
      { _id: ids[0] },
    ])
      expectProblem(await a.post(url('update'), tok.editor, body), 400, 'VALIDATION_FAILED');
  });
});

describe('lines/delete', () => {
  it('deletes the given lines, keeps positions dense and recomputes the total', async () => {
    const { A, ids, url } = await fixture();
    const res = await a.ok('POST', url('delete'), tok.editor, [ids[0], ids[2]]);
    expect(names(section(res, A))).toEqual(['LEG-1', 'Chair']);
    expect(res.total_price).toBe('87.00');
    expect(await positions(A)).toEqual(dense(2));
  });
  it('an id that is not a line of this section is 404 and nothing is deleted', async () => {
    const { A, B, ids, url } = await fixture();
    expectProblem(await a.post(url('delete'), tok.editor, [ids[0], UNKNOWN]), 404);
    expectProblem(await a.post(url('delete', B), tok.editor, [ids[1]]), 404);
    expectProblem(await a.post(url('delete'), tok.editor, []), 400);
    expectProblem(await a.post(url('delete'), tok.editor, { ids: [ids[0]] }), 400);
    expect(await positions(A)).toEqual(dense(4));
  });
});

describe('lines/reorder', () => {
  it('moves the line at index to the insertion point (−1: the end)', async () => {
    const { A, url } = await fixture();
    const one = await a.ok('POST', url('reorder'), tok.editor, { index: 0, line_insertion_point: 2 });
    expect(names(section(one, A))).toEqual(['LEG-1', 'note:Assembly', 'DESK-1', 'Chair']);
    const two = await a.ok('POST', url('reorder'), tok.editor, { index: 1, line_insertion_point: -1 });
    expect(names(section(two, A))).toEqual(['LEG-1', 'DESK-1', 'Chair', 'note:Assembly']);
    expect(await positions(A)).toEqual(dense(4));
    for (const body of [
      { index: 4, line_insertion_point: 0 },
      { index: 0, line_insertion_point: 4 },
      { index: -1, line_insertion_point: 0 },
      { index: 0 },
    ])
      expectProblem(await a.post(url('reorder'), tok.editor, body), 400, 'VALIDATION_FAILED');
    expect(names(section(await a.ok('GET', `/api/sales/${two._id}`, tok.viewer), A))).toEqual(names(section(two, A)));
  });
});

describe('lines/move', () => {
  type Moved = { originSection: SectionDto; destinationSection: SectionDto; sale: SaleDto };
  it('move: the lines leave the origin (same ids) and are appended to the destination in origin order', async () => {
    const { sale, A, B, ids } = await fixture();
    const res = await a.ok<Moved>('POST', `/api/sales/lines/move/${sale._id}/${A}/${B}/move`, tok.editor, [
      ids[3],
      ids[0],
    ]);
    expect(names(res.originSection)).toEqual(['LEG-1', 'note:Assembly']);
    expect(res.destinationSection.lines.map((l) => l._id)).toEqual([ids[0], ids[3]]);
    expect(res.sale.total_price).toBe('287.00');
    expect(section(res.sale, B).pricing.total_price).toBe('245.00');
    expect(await positions(A)).toEqual(dense(2));
    expect(await positions(B)).toEqual(dense(2));
  });
  it('copy: the origin is unchanged and the destination gets new lines', async () => {
    const { sale, A, B, ids } = await fixture();
    const res = await a.ok<Moved>('POST', `/api/sales/lines/move/${sale._id}/${A}/${B}/copy`, tok.editor, [
      ids[1],
      ids[2],
    ]);
    expect(res.originSection.lines.map((l) => l._id)).toEqual(ids);
    expect(names(res.destinationSection)).toEqual(['LEG-1', 'note:Assembly']);
    expect(res.destinationSection.lines.map((l) => l._id).some((id) => ids.includes(id as never))).toBe(false);
    expect(res.sale.total_price).toBe('329.00');
    // Copy within one section appends copies there.
    const same = await a.ok<Moved>('POST', `/api/sales/lines/move/${sale._id}/${A}/${A}/copy`, tok.editor, [ids[0]]);
    expect(names(same.destinationSection)).toEqual(['DESK-1', 'LEG-1', 'note:Assembly', 'Chair', 'DESK-1']);
    expect(same.originSection).toEqual(same.destinationSection);
    expect(await positions(A)).toEqual(dense(5));
  });
  it('refuses lines of another section, sections of another sale and a bad type; nothing moves', async () => {
    const { sale, A, B, ids } = await fixture();
    const other = await fixture();
    const base = `/api/sales/lines/move/${sale._id}`;
    expectProblem(await a.post(`${base}/${B}/${A}/move`, tok.editor, [ids[0]]), 404);
    expectProblem(await a.post(`${base}/${A}/${other.B}/move`, tok.editor, [ids[0]]), 404);
    expectProblem(await a.post(`${base}/${other.A}/${B}/move`, tok.editor, [other.ids[0]]), 404);
    expectProblem(await a.post(`${base}/${A}/${B}/swap`, tok.editor, [ids[0]]), 400);
    expectProblem(await a.post(`${base}/${A}/${B}/move`, tok.editor, [ids[0], UNKNOWN]), 404);
    expect(await positions(A)).toEqual(dense(4));
    expect(await positions(B)).toEqual([]);
    expect(await positions(other.A)).toEqual(dense(4));
  });
});

describe('lines/markup', () => {
  it('sets price = cost × (1 + markup/100) on the selected product lines; notes stay as they are', async () => {
    const { A, ids, url } = await fixture();
    const res = await a.ok('POST', url('markup'), tok.editor, { ids: [ids[0], ids[1], ids[2]], markup: 50 });
    const lines = section(res, A).lines;
    expect(lines[0]).toMatchObject({ price: '90.00', markup_percent: 50 });
    expect(lines[1]).toMatchObject({ price: '9.38', cost: '6.2512' });
    expect(lines[2]).toMatchObject({ kind: 'note', price: '0.00' });
    expect(lines[3]).toMatchObject({ price: '45.00' });
    expect(res.total_price).toBe('262.52');
    // a discounted line: the price is grossed up so the net price carries the markup (60 × 1.5 / 0.8 = 112.50)
    await a.ok('POST', url('update'), tok.editor, [{ _id: ids[0], discount: 20 }]);
    const again = await a.ok('POST', url('markup'), tok.editor, { ids: [ids[0]], markup: 50 });
    expect(section(again, A).lines[0]).toMatchObject({ price: '112.50', discount: 20, markup_percent: 50 });
    expectProblem(await a.post(url('markup'), tok.editor, { ids: [ids[0]], markup: 'much' }), 400);
    expectProblem(await a.post(url('markup'), tok.editor, { ids: [UNKNOWN], markup: 5 }), 404);
  });
  it('refuses a markup whose price would not fit, and writes nothing', async () => {
    const { sale, A, ids, url } = await fixture();
    await a.ok('POST', url('update'), tok.editor, [{ _id: ids[0], cost: 9_000_000_000 }]);
    expectProblem(await a.post(url('markup'), tok.editor, { ids: [ids[0]], markup: 99_999 }), 400, 'VALIDATION_FAILED');
    expectProblem(await a.post(url('update'), tok.editor, [{ _id: ids[0], markup_percent: 99_999 }]), 400);
    const after = await a.ok('GET', `/api/sales/${sale._id}`, tok.viewer);
    expect(section(after, A).lines[0]!.price).toBe('100.00');
    expect(after.version).toBe(sale.version + 1);
  });
});

describe('rules on every line mutation', () => {
  it('viewers are refused and nobody edits a sale, done or cancelled sale', async () => {
    const { sale, A, B, ids, url } = await fixture();
    const calls: [string, unknown][] = [
      [url('create'), { lines: [{ product: 1 }] }],
      [url('note'), { name: 'n' }],
      [url('header'), { name: 'h' }],
      [url('update'), [{ _id: ids[0], quantity: 9 }]],
      [url('delete'), [ids[0]]],
      [url('reorder'), { index: 0, line_insertion_point: 1 }],
      [`/api/sales/lines/move/${sale._id}/${A}/${B}/move`, [ids[0]]],
      [url('markup'), { ids: [ids[0]], markup: 10 }],
    ];
    for (const [u, body] of calls) {
      expectProblem(await a.post(u, tok.viewer, body), 403, 'FORBIDDEN');
      expectProblem(await a.post(u, null, body), 401);
    }
    for (const state of ['sale', 'done', 'cancel'] as const) {
      await t.database.db.update(sales).set({ state }).where(eq(sales.id, sale._id));
      for (const [u, body] of calls) expectProblem(await a.post(u, tok.admin, body), 409, 'SALE_NOT_EDITABLE');
    }
    expect(await positions(A)).toEqual(dense(4));
    expect((await stored(sale._id)).version).toBe(sale.version);
  });
});

describe('concurrency', () => {
  it('two clients editing different lines and different fields of the same sale at once: both persist', async () => {
    const { sale, A, ids, url } = await fixture();
    const [r1, r2, r3, r4] = await Promise.all([
      a.post(url('update'), tok.editor, [{ _id: ids[0], quantity: 10 }]),
      a.post(url('update'), tok.full, [{ _id: ids[1], price: 20 }]),
      a.post(url('update'), tok.admin, [{ _id: ids[0], name: 'Renamed desk' }]),
      a.post(`/api/sales/${sale._id}`, tok.editor, { name: 'Header edit' }),
    ]);
    for (const r of [r1, r2, r3, r4]) expect(r.statusCode, r.body).toBe(200);
    const after = await a.ok('GET', `/api/sales/${sale._id}`, tok.viewer);
    expect(after.name).toBe('Header edit');
    expect(section(after, A).lines[0]).toMatchObject({ quantity: '10', name: 'Renamed desk' });
    expect(section(after, A).lines[1]).toMatchObject({ price: '20.00' });
    expect(after.version).toBe(sale.version + 4);
    // The stored total saw every edit: 10 × 100 + 4 × 20 + 45.
    expect(after.total_price).toBe('1125.00');
    expect((await stored(sale._id)).totalPrice).toBe('1125.00');
  });

  it('parallel inserts and deletes in one section keep positions dense and nothing is lost', async () => {
    const { sale, A, ids, url } = await fixture();
    const results = await Promise.all([
      a.post(url('create'), tok.editor, { lines: [{ product: 1 }], sequence: 0 }),
      a.post(url('create'), tok.full, { lines: [{ product: 2 }, { product: 3 }], sequence: -1 }),
      a.post(url('note'), tok.admin, { name: 'Parallel', sequence: 2 }),
      a.post(url('delete'), tok.editor, [ids[2]]),
    ]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const after = await a.ok('GET', `/api/sales/${sale._id}`, tok.viewer);
    expect(section(after, A).lines).toHaveLength(4 + 1 + 2 + 1 - 1);
    expect(await positions(A)).toEqual(dense(7));
    expect(after.version).toBe(sale.version + 4);
  });
});
