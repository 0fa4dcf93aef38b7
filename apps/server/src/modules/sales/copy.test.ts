import type { ProductsCheck } from '@quotewright/contracts';
import { count, eq, products, saleLines, saleSections, sales } from '@quotewright/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { ErpConnector } from '../erp/erp.types';
import type { SaleDto, SectionDto } from './sales.dto';
import { api, expectProblem, roleTokens, type Tokens } from './testkit';

let t: TestApp;
let tok: Tokens;
let a: ReturnType<typeof api>;
const UNKNOWN = '99999999-9999-4999-8999-999999999999';

beforeAll(async () => {
  t = await createTestApp(
    {},
    { erp: { saleUrl: (id: number) => `https://erp.example.com/odoo/sales/${id}` } as ErpConnector },
  );
  tok = await roleTokens(t);
  a = api(t);
  await t.database.db.insert(products).values([
    { id: 1, model: 'DESK-1', name: 'Desk', description: 'A desk', price: '100', cost: '60', contentHash: 'a' },
    { id: 2, model: 'LEG-1', name: 'Leg', description: 'A leg', price: '10.50', cost: '6.25', contentHash: 'b' },
    { id: 4, model: 'OLD-1', name: 'Old', description: 'Gone', price: '1', cost: '1', contentHash: 'd' },
  ]);
});
afterAll(() => t.close());

/** A draft whose sections hold product lines [product, quantity] and notes (a string). */
async function saleWith(name: string, sections: Record<string, ([number, number] | string)[]>): Promise<SaleDto> {
  let sale = await a.ok('POST', '/api/sales', tok.editor, { name });
  for (const [sectionName, lines] of Object.entries(sections)) {
    sale = await a.ok('POST', `/api/sales/sections/create/${sale._id}`, tok.editor, { name: sectionName });
    const id = sale.sections.at(-1)!._id;
    for (const l of lines) {
      if (typeof l === 'string') await a.ok('POST', `/api/sales/lines/note/${sale._id}/${id}`, tok.editor, { name: l });
      else
        await a.ok('POST', `/api/sales/lines/create/${sale._id}/${id}`, tok.editor, {
          lines: [{ product: l[0], quantity: l[1] }],
        });
    }
  }
  return a.ok('GET', `/api/sales/${sale._id}`, tok.editor);
}
const shape = (s: SectionDto) => [
  s.name,
  s.lines.map((l) => (l.kind === 'product' ? `${l.product.name}×${l.quantity}@${l.price}` : `${l.kind}:${l.name}`)),
];
const copy = (dest: SaleDto, body: Record<string, unknown>, token = tok.editor) =>
  a.post(`/api/sales/sections/copy/${dest._id}`, token, body);
/** The destination as it is after a copy (the copy answers only what changed). */
const saleAfter = async (res: { json(): unknown }): Promise<SaleDto> =>
  a.ok('GET', `/api/sales/${(res.json() as { saleId: string }).saleId}`, tok.viewer);
async function dbState(saleId: string) {
  const { db } = t.database;
  const [s] = await db
    .select({ v: sales.version, synced: sales.odooSynced, total: sales.totalPrice })
    .from(sales)
    .where(eq(sales.id, saleId));
  const n = async (table: typeof saleSections | typeof saleLines) =>
    Number((await db.select({ n: count() }).from(table).where(eq(table.saleId, saleId)))[0]!.n);
  return { ...s!, sections: await n(saleSections), lines: await n(saleLines) };
}

describe('copy sections to another sale', () => {
  it('new: appends copies of the chosen sections (source order) and answers the destination sale', async () => {
    const source = await saleWith('Source', { Desks: [[1, 2], 'Assembly'], Legs: [[2, 4]], Other: [[1, 1]] });
    const dest = await saleWith('Dest', { Desks: [[1, 1]] });
    await t.database.db.update(sales).set({ odooSynced: true }).where(eq(sales.id, dest._id));
    const res = await copy(dest, {
      sections: [source.sections[1]!._id, source.sections[0]!._id],
      _id: source._id,
      copyStyle: 'new',
      mergeProducts: true,
    });
    expect(res.statusCode).toBe(200);
    const out = await saleAfter(res);
    expect(out._id).toBe(dest._id);
    expect(out.sections.map(shape)).toEqual([
      ['Desks', ['DESK-1×1@100.00']],
      ['Desks', ['DESK-1×2@100.00', 'note:Assembly']],
      ['Legs', ['LEG-1×4@10.50']],
    ]);
    expect(out.version).toBe(dest.version + 1);
    expect(out.odoo_synced).toBe(false);
    expect(out.total_price).toBe('342.00');
    expect((await dbState(dest._id)).total).toBe('342.00');
    // Copies are new rows; the source is unchanged.
    const copiedIds = out.sections.flatMap((s) => s.lines.map((l) => l._id));
    expect(copiedIds.some((id) => source.sections.some((s) => s.lines.some((l) => l._id === id)))).toBe(false);
    const after = await a.ok('GET', `/api/sales/${source._id}`, tok.viewer);
    expect(after.sections.map(shape)).toEqual(source.sections.map(shape));
    expect(after.version).toBe(source.version);
  });

  it('merge: into the same-named section (trimmed, any case), else new; mergeProducts adds quantities of lines with the same product, price and cost', async () => {
    const source = await saleWith('Source', { desks: [[1, 3], [2, 1], 'Note'], Chairs: [[4, 1]] });
    // A desk at another price never merges.
    const cheap = source.sections[0]!.lines[1]!;
    await a.ok('POST', `/api/sales/lines/update/${source._id}/${source.sections[0]!._id}`, tok.editor, [
      { _id: cheap._id, price: '9.99' },
    ]);
    const dest = await saleWith('Dest', {
      Desks: [
        [1, 2],
        [2, 5],
      ],
    });
    const body = { sections: source.sections.map((s) => s._id), _id: source._id, copyStyle: 'merge' };
    const merged = await saleAfter(await copy(dest, { ...body, mergeProducts: true }));
    expect(merged.sections.map(shape)).toEqual([
      ['Desks', ['DESK-1×5@100.00', 'LEG-1×5@10.50', 'LEG-1×1@9.99', 'note:Note']],
      ['Chairs', ['OLD-1×1@1.00']],
    ]);
    // The merged line kept its id.
    expect(merged.sections[0]!.lines[0]!._id).toBe(dest.sections[0]!.lines[0]!._id);
    const dest2 = await saleWith('Dest2', { DESKS: [[1, 2]] });
    const appended = await saleAfter(await copy(dest2, { ...body, mergeProducts: false }));
    expect(appended.sections.map(shape)).toEqual([
      ['DESKS', ['DESK-1×2@100.00', 'DESK-1×3@100.00', 'LEG-1×1@9.99', 'note:Note']],
      ['Chairs', ['OLD-1×1@1.00']],
    ]);
  });

  it('overwrite: replaces the lines of the same-named section, else appends a new one', async () => {
    const source = await saleWith('Source', { Desks: [[2, 7]], Extra: ['Hello'] });
    const dest = await saleWith('Dest', { Desks: [[1, 2], 'Old note'], Keep: [[1, 1]] });
    const out = await saleAfter(
      await copy(dest, {
        sections: source.sections.map((s) => s._id),
        _id: source._id,
        copyStyle: 'overwrite',
        mergeProducts: false,
      }),
    );
    expect(out.sections.map(shape)).toEqual([
      ['Desks', ['LEG-1×7@10.50']],
      ['Keep', ['DESK-1×1@100.00']],
      ['Extra', ['note:Hello']],
    ]);
    expect(out.sections[0]!._id).toBe(dest.sections[0]!._id);
    expect(await dbState(dest._id)).toMatchObject({ sections: 3, lines: 3 });
  });

  it('copies within the same sale (new duplicates; merge into itself doubles quantities)', async () => {
    const sale = await saleWith('Same', { Desks: [[1, 2], 'N'] });
    const one = await saleAfter(
      await copy(sale, { sections: [sale.sections[0]!._id], _id: sale._id, copyStyle: 'new' }),
    );
    expect(one.sections.map(shape)).toEqual([
      ['Desks', ['DESK-1×2@100.00', 'note:N']],
      ['Desks', ['DESK-1×2@100.00', 'note:N']],
    ]);
    const sale2 = await saleWith('Same2', { Desks: [[1, 2], 'N'] });
    const two = await saleAfter(
      await copy(sale2, {
        sections: [sale2.sections[0]!._id],
        _id: sale2._id,
        copyStyle: 'merge',
        mergeProducts: true,
      }),
    );
    expect(two.sections.map(shape)).toEqual([['Desks', ['DESK-1×4@100.00', 'note:N', 'note:N']]]);
    expect(await dbState(sale2._id)).toMatchObject({ sections: 1, lines: 3 });
  });

  it('refuses a destination that is not draft/sent (409), a reader (403), unknown sales or sections (404), bad bodies (400) — writing nothing', async () => {
    const source = await saleWith('Source', { Desks: [[1, 2]] });
    const dest = await saleWith('Dest', { Desks: [[1, 1]] });
    const other = await saleWith('Other', { Foreign: [[1, 1]] });
    const ok = { sections: [source.sections[0]!._id], _id: source._id, copyStyle: 'new', mergeProducts: false };
    const before = await dbState(dest._id);
    expectProblem(await copy(dest, ok, tok.viewer), 403, 'FORBIDDEN');
    expectProblem(await copy(dest, ok, tok.disabled), 403, 'FORBIDDEN');
    expectProblem(await copy(dest, ok, null as unknown as string), 401);
    expectProblem(await copy({ _id: UNKNOWN } as SaleDto, ok), 404, 'NOT_FOUND');
    expectProblem(await copy(dest, { ...ok, _id: UNKNOWN }), 404, 'NOT_FOUND');
    // A section of another sale is not a section of the source (no IDOR).
    expectProblem(await copy(dest, { ...ok, sections: [other.sections[0]!._id] }), 404, 'NOT_FOUND');
    expectProblem(await copy(dest, { ...ok, sections: [source.sections[0]!._id, UNKNOWN] }), 404, 'NOT_FOUND');
    for (const bad of [
      { ...ok, copyStyle: 'replace' },
      { ...ok, sections: [] },
      { ...ok, sections: ['x'] },
      { ...ok, _id: 'nope' },
      { ...ok, mergeProducts: 'yes' },
      { ...ok, extra: 1 },
    ])
      expectProblem(await copy(dest, bad), 400, 'VALIDATION_FAILED');
    expect(await dbState(dest._id)).toEqual(before);
    for (const state of ['sale', 'done', 'cancel'] as const) {
      await t.database.db.update(sales).set({ state }).where(eq(sales.id, dest._id));
      expectProblem(await copy(dest, ok), 409, 'SALE_NOT_EDITABLE');
    }
    await t.database.db.update(sales).set({ state: 'sent' }).where(eq(sales.id, dest._id));
    expect((await copy(dest, ok)).statusCode).toBe(200);
    // A locked SOURCE is fine: it is only read.
    await t.database.db.update(sales).set({ state: 'done' }).where(eq(sales.id, source._id));
    expect((await copy(dest, ok)).statusCode).toBe(200);
  });
});

describe('validity check', () => {
  it('lists, per section, product lines whose product is missing or inactive; valid when none', async () => {
    const sale = await saleWith('Check', { Desks: [[1, 1], [4, 1], 'A note'], Legs: [[2, 1]], Gone: [[4, 2]] });
    expect(await a.ok('GET', `/api/sales/check/products/${sale._id}`, tok.viewer)).toEqual({
      valid: true,
      sections: [],
      warnings: [],
    });
    await t.database.db.update(products).set({ active: false }).where(eq(products.id, 4));
    expect(await a.ok('GET', `/api/sales/check/products/${sale._id}`, tok.viewer)).toEqual({
      valid: false,
      sections: [
        { name: 'Desks', lines: ['OLD-1 — Gone'] },
        { name: 'Gone', lines: ['OLD-1 — Gone'] },
      ],
      warnings: [],
    });
    await t.database.db.delete(products).where(eq(products.id, 4));
    const again = await a.ok<{ valid: boolean; sections: unknown[] }>(
      'GET',
      `/api/sales/check/products/${sale._id}`,
      tok.viewer,
    );
    expect(again.sections).toHaveLength(2);
    await t.database.db
      .insert(products)
      .values({ id: 4, model: 'OLD-1', name: 'Old', description: 'Gone', price: '1', cost: '1', contentHash: 'd' });
    expectProblem(await a.get(`/api/sales/check/products/${sale._id}`, tok.disabled), 403, 'FORBIDDEN');
    expectProblem(await a.get(`/api/sales/check/products/${UNKNOWN}`, tok.viewer), 404, 'NOT_FOUND');
  });
});

describe('validity check warnings', () => {
  it('lists negative quantities, prices and costs and zero quantities as warnings; they never make it invalid', async () => {
    const sale = await saleWith('Warnings', { Desks: [[1, 1], [1, -2], 'A note'], Legs: [[2, 0]] });
    const [desks, legs] = sale.sections;
    const returned = desks!.lines[1]!;
    await a.ok('POST', `/api/sales/lines/update/${sale._id}/${legs!._id}`, tok.editor, [
      { _id: legs!.lines[0]!._id, price: '-10.50', cost: '-1' },
    ]);
    const check = await a.ok<ProductsCheck>('GET', `/api/sales/check/products/${sale._id}`, tok.viewer);
    expect(check.valid).toBe(true);
    expect(check.sections).toEqual([]);
    expect(check.warnings.map((w) => [w.code, w.section.name, w.line.number, w.line.label])).toEqual([
      ['NEGATIVE_QUANTITY', 'Desks', 2, 'DESK-1 — A desk'],
      ['ZERO_QUANTITY', 'Legs', 1, 'LEG-1 — A leg'],
      ['NEGATIVE_PRICE', 'Legs', 1, 'LEG-1 — A leg'],
      ['NEGATIVE_COST', 'Legs', 1, 'LEG-1 — A leg'],
    ]);
    expect(check.warnings[0]).toEqual({
      code: 'NEGATIVE_QUANTITY',
      field: 'quantity',
      message: 'Negative quantity: the customer will see -2. Intended for a return or a trade-in?',
      section: { index: 1, name: 'Desks' },
      line: { number: 2, id: returned._id, label: 'DESK-1 — A desk' },
    });
    expect(check.warnings[2]!.message).toBe(
      'Negative price: the customer will see -$10.50. Intended for a discount, a credit or a trade-in?',
    );
  });
});

describe('ERP url', () => {
  it("answers the ERP's page of a linked sale, 409 for a sale that is not linked", async () => {
    const sale = await saleWith('Url', {});
    const body = expectProblem(await a.get(`/api/sales/odoo/url/${sale._id}`, tok.viewer), 409, 'SALE_NOT_LINKED');
    expect(body.detail).toBe('This sale is not linked to Odoo yet: publish it first');
    await t.database.db.update(sales).set({ odooId: 42, odooName: 'S00042' }).where(eq(sales.id, sale._id));
    expect(await a.ok('GET', `/api/sales/odoo/url/${sale._id}`, tok.viewer)).toEqual({
      url: 'https://erp.example.com/odoo/sales/42',
    });
    expectProblem(await a.get(`/api/sales/odoo/url/${sale._id}`, tok.disabled), 403, 'FORBIDDEN');
    expectProblem(await a.get(`/api/sales/odoo/url/${UNKNOWN}`, tok.viewer), 404, 'NOT_FOUND');
  });
});
