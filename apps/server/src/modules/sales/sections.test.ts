import { asc, eq, products, saleLines, saleSections, sales } from '@quotewright/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { SaleDto } from './sales.dto';
import { api, expectProblem, roleTokens, type Tokens } from './testkit';

let t: TestApp;
let tok: Tokens;
let a: ReturnType<typeof api>;
const UNKNOWN = '99999999-9999-4999-8999-999999999999';

beforeAll(async () => {
  t = await createTestApp();
  tok = await roleTokens(t);
  a = api(t);
  await t.database.db.insert(products).values([
    { id: 1, model: 'DESK-1', name: 'Desk', description: 'A desk', price: '100', cost: '60', contentHash: 'a' },
    { id: 2, model: 'LEG-1', name: 'Leg', description: 'A leg', price: '10.50', cost: '6.25', contentHash: 'b' },
  ]);
});
afterAll(() => t.close());

async function saleWith(sectionNames: string[]): Promise<SaleDto> {
  let sale = await a.ok('POST', '/api/sales', tok.editor, { name: 'Sections' });
  for (const name of sectionNames)
    sale = await a.ok('POST', `/api/sales/sections/create/${sale._id}`, tok.editor, { name });
  return sale;
}
const positions = async (saleId: string) =>
  (
    await t.database.db
      .select({ name: saleSections.name, position: saleSections.position })
      .from(saleSections)
      .where(eq(saleSections.saleId, saleId))
      .orderBy(asc(saleSections.position))
  ).map((s) => `${s.position}:${s.name}`);
const version = async (id: string) =>
  (await t.database.db.select({ v: sales.version }).from(sales).where(eq(sales.id, id)))[0]!.v;

describe('sections', () => {
  it('create appends a section (show_details true by default), bumps the version and marks the sale not synced', async () => {
    const sale = await a.ok('POST', '/api/sales', tok.editor, { name: 'S' });
    await t.database.db.update(sales).set({ odooSynced: true }).where(eq(sales.id, sale._id));
    const one = await a.ok('POST', `/api/sales/sections/create/${sale._id}`, tok.editor, { name: 'Desks' });
    expect(one.sections).toEqual([
      {
        _id: expect.any(String),
        name: 'Desks',
        presentation: 'details',
        show_details: true,
        merge: false,
        expanded: false,
        lines: [],
        pricing: {
          total_price: '0.00',
          total_cost: '0.00',
          total_margin: '0.00',
          total_margin_percent: 0,
          total_markup_percent: 0,
        },
      },
    ]);
    expect(one.version).toBe(2);
    expect(one.odoo_synced).toBe(false);
    const two = await a.ok('POST', `/api/sales/sections/create/${sale._id}`, tok.full, {
      name: 'Chairs',
      show_details: false,
    });
    expect(two.sections.map((s) => [s.name, s.show_details])).toEqual([
      ['Desks', true],
      ['Chairs', false],
    ]);
    expect(two.updated_by).toEqual({ name: 'Full' });
    expect(await positions(sale._id)).toEqual(['0:Desks', '1:Chairs']);
  });

  it('create refuses a missing or blank name, unknown fields and wrong types, writing nothing', async () => {
    const sale = await saleWith([]);
    const url = `/api/sales/sections/create/${sale._id}`;
    for (const body of [{}, { name: '   ' }, { name: 'x', lines: [] }, { name: 5 }, { name: 'x', show_details: 'yes' }])
      expectProblem(await a.post(url, tok.editor, body), 400, 'VALIDATION_FAILED');
    expect(await positions(sale._id)).toEqual([]);
    expect(await version(sale._id)).toBe(1);
    expectProblem(await a.post(`/api/sales/sections/create/${UNKNOWN}`, tok.editor, { name: 'x' }), 404);
    expectProblem(await a.post('/api/sales/sections/create/nope', tok.editor, { name: 'x' }), 400);
  });

  it("duplicate inserts a copy named '<name> (copy)' with copies of the lines right after the original", async () => {
    const sale = await saleWith(['A', 'B']);
    const [secA] = sale.sections;
    await a.ok('POST', `/api/sales/lines/create/${sale._id}/${secA!._id}`, tok.editor, {
      lines: [
        { product: 1, quantity: 2 },
        { product: 2, quantity: 3 },
      ],
      sequence: -1,
    });
    await a.ok('POST', `/api/sales/lines/note/${sale._id}/${secA!._id}`, tok.editor, { name: 'Note', sequence: 1 });
    const before = await a.ok('GET', `/api/sales/${sale._id}`, tok.viewer);
    const dup = await a.ok('POST', `/api/sales/sections/duplicate/${sale._id}/${secA!._id}`, tok.editor);
    expect(dup.sections.map((s) => s.name)).toEqual(['A', 'A (copy)', 'B']);
    const [orig, copy] = dup.sections;
    expect(copy!._id).not.toBe(orig!._id);
    const strip = (s: SaleDto['sections'][number]) => ({
      ...s,
      _id: '',
      name: '',
      lines: s.lines.map((l) => ({ ...l, _id: '' })),
    });
    expect(strip(copy!)).toEqual(strip(orig!));
    const origIds = new Set(orig!.lines.map((l) => l._id));
    expect(copy!.lines.filter((l) => origIds.has(l._id))).toEqual([]);
    expect(copy!.lines.map((l) => l.kind)).toEqual(['product', 'note', 'product']);
    expect(dup.pricing.total_price).toBe((Number(before.pricing.total_price) * 2).toFixed(2));
    expect(dup.total_price).toBe(dup.pricing.total_price);
    expect(await positions(sale._id)).toEqual(['0:A', '1:A (copy)', '2:B']);
    const stored = await t.database.db.select({ total: sales.totalPrice }).from(sales).where(eq(sales.id, sale._id));
    expect(stored[0]!.total).toBe(dup.total_price);
  });

  it('update changes only what is sent; a no-op writes nothing', async () => {
    const sale = await saleWith(['Old']);
    const id = sale.sections[0]!._id;
    const renamed = await a.ok('POST', `/api/sales/sections/update/${sale._id}/${id}`, tok.editor, { name: 'New' });
    expect(renamed.sections[0]).toMatchObject({ name: 'New', show_details: true });
    const hidden = await a.ok('POST', `/api/sales/sections/update/${sale._id}/${id}`, tok.editor, {
      show_details: false,
    });
    expect(hidden.sections[0]).toMatchObject({ name: 'New', show_details: false });
    expect(hidden.version).toBe(renamed.version + 1);
    const same = await a.ok('POST', `/api/sales/sections/update/${sale._id}/${id}`, tok.editor, {
      name: 'New',
      show_details: false,
    });
    expect(same.version).toBe(hidden.version);
    expectProblem(await a.post(`/api/sales/sections/update/${sale._id}/${id}`, tok.editor, { merge: true }), 400);
    expectProblem(await a.post(`/api/sales/sections/update/${sale._id}/${id}`, tok.editor, { name: '' }), 400);
  });

  it('delete removes the section and its lines, keeps positions dense and recomputes the total', async () => {
    const sale = await saleWith(['A', 'B', 'C']);
    const b = sale.sections[1]!._id;
    await a.ok('POST', `/api/sales/lines/create/${sale._id}/${b}`, tok.editor, {
      lines: [{ product: 1, quantity: 1 }],
    });
    const withLines = await a.ok('POST', `/api/sales/lines/create/${sale._id}/${sale.sections[2]!._id}`, tok.editor, {
      lines: [{ product: 2, quantity: 2 }],
    });
    expect((withLines as unknown as { sale: SaleDto }).sale.total_price).toBe('121.00');
    const after = await a.ok('POST', `/api/sales/sections/delete/${sale._id}/${b}`, tok.editor);
    expect(after.sections.map((s) => s.name)).toEqual(['A', 'C']);
    expect(after.total_price).toBe('21.00');
    expect(await positions(sale._id)).toEqual(['0:A', '1:C']);
    expect(await t.database.db.select().from(saleLines).where(eq(saleLines.sectionId, b))).toEqual([]);
    expectProblem(await a.post(`/api/sales/sections/delete/${sale._id}/${b}`, tok.editor), 404, 'NOT_FOUND');
  });

  it('reorder moves one section from index to index; out of range is 400 and nothing moves', async () => {
    const sale = await saleWith(['A', 'B', 'C', 'D']);
    const moved = await a.ok('POST', `/api/sales/sections/reorder/${sale._id}/0/2`, tok.editor);
    expect(moved.sections.map((s) => s.name)).toEqual(['B', 'C', 'A', 'D']);
    const back = await a.ok('POST', `/api/sales/sections/reorder/${sale._id}/3/0`, tok.editor);
    expect(back.sections.map((s) => s.name)).toEqual(['D', 'B', 'C', 'A']);
    expect(await positions(sale._id)).toEqual(['0:D', '1:B', '2:C', '3:A']);
    const v = await version(sale._id);
    expectProblem(await a.post(`/api/sales/sections/reorder/${sale._id}/0/4`, tok.editor), 400, 'VALIDATION_FAILED');
    expectProblem(await a.post(`/api/sales/sections/reorder/${sale._id}/-1/0`, tok.editor), 400);
    expectProblem(await a.post(`/api/sales/sections/reorder/${sale._id}/x/0`, tok.editor), 400);
    expect(await positions(sale._id)).toEqual(['0:D', '1:B', '2:C', '3:A']);
    expect(await version(sale._id)).toBe(v);
  });

  it("never touches another sale's section (404, nothing written)", async () => {
    const mine = await saleWith(['Mine']);
    const theirs = await saleWith(['Theirs']);
    const foreign = theirs.sections[0]!._id;
    for (const op of ['duplicate', 'delete'])
      expectProblem(await a.post(`/api/sales/sections/${op}/${mine._id}/${foreign}`, tok.editor), 404, 'NOT_FOUND');
    expectProblem(
      await a.post(`/api/sales/sections/update/${mine._id}/${foreign}`, tok.editor, { name: 'Hijacked' }),
      404,
    );
    expectProblem(await a.post(`/api/sales/sections/update/${mine._id}/${UNKNOWN}`, tok.editor, { name: 'x' }), 404);
    expect(await positions(theirs._id)).toEqual(['0:Theirs']);
    expect(await positions(mine._id)).toEqual(['0:Mine']);
    expect(await version(mine._id)).toBe(2);
    expect(await version(theirs._id)).toBe(2);
  });

  it('viewers cannot change sections; nobody changes the sections of a sale, done or cancelled sale', async () => {
    const sale = await saleWith(['A', 'B']);
    const s = sale.sections[0]!._id;
    const calls: [string, unknown?][] = [
      [`/api/sales/sections/create/${sale._id}`, { name: 'x' }],
      [`/api/sales/sections/duplicate/${sale._id}/${s}`],
      [`/api/sales/sections/update/${sale._id}/${s}`, { name: 'x' }],
      [`/api/sales/sections/delete/${sale._id}/${s}`],
      [`/api/sales/sections/reorder/${sale._id}/0/1`],
    ];
    for (const [url, body] of calls) {
      expectProblem(await a.post(url, tok.viewer, body), 403, 'FORBIDDEN');
      expectProblem(await a.post(url, tok.disabled, body), 403, 'FORBIDDEN');
    }
    for (const state of ['sale', 'done', 'cancel'] as const) {
      await t.database.db.update(sales).set({ state }).where(eq(sales.id, sale._id));
      for (const [url, body] of calls) expectProblem(await a.post(url, tok.admin, body), 409, 'SALE_NOT_EDITABLE');
    }
    expect(await positions(sale._id)).toEqual(['0:A', '1:B']);
    expect(await version(sale._id)).toBe(3);
  });
});
