// The sale activity feed (docs/product/screens.md#activity): entries recorded by the mutations themselves, in their transaction, and read
// through GET /api/sales/:id/activity. Runs on PGlite and on PostgreSQL (server-pg project).
import { type ActivityEntryDto, type ActivityPageDto, activitySentence } from '@quotewright/contracts';
import { eq, saleActivity, saleLines } from '@quotewright/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, login, modulesWith, type TestApp } from '../../../test/helpers';
import type { SaleDto } from './sales.dto';
import { api, expectProblem, roleTokens, seedProducts, type Tokens } from './testkit';

let t: TestApp;
let tok: Tokens;
let a: ReturnType<typeof api>;
/** An editor named Ana (the name the feed must show). */
let ana: string;
const UNKNOWN = '99999999-9999-4999-8999-999999999999';

beforeAll(async () => {
  t = await createTestApp();
  tok = await roleTokens(t);
  a = api(t);
  await seedProducts(t, [1, 2, 3]);
  const u = await createUser(t, { name: 'Ana', email: 'ana@activity.test', modules: modulesWith('editor') });
  ana = await login(t, u.email);
});
afterAll(() => t.close());

/** A draft with section A holding desk ×2, leg ×4, chair ×1 (in that order), built by Ana. */
async function fixture() {
  let sale = await a.ok('POST', '/api/sales', ana, { name: 'Feed' });
  sale = await a.ok('POST', `/api/sales/sections/create/${sale._id}`, ana, { name: 'A' });
  const A = sale.sections[0]!._id;
  sale = await a.ok('POST', `/api/sales/lines/create/${sale._id}/${A}`, ana, {
    lines: [
      { product: 1, quantity: 2 },
      { product: 2, quantity: 4 },
      { product: 3, quantity: 1 },
    ],
  });
  const ids = sale.sections[0]!.lines.map((l) => l._id);
  return { sale, A, ids, url: (op: string) => `/api/sales/lines/${op}/${sale._id}/${A}` };
}
const feed = (saleId: string, token: string, query = '') =>
  a.ok<ActivityPageDto>('GET', `/api/sales/${saleId}/activity${query}`, token);
const sentence = (e: ActivityEntryDto) => activitySentence(e).text;

describe('recording', () => {
  it('a line edit records who set which field of which line from what to what, with the sale version', async () => {
    const { sale, ids, url } = await fixture();
    const after = await a.ok('POST', url('update'), ana, [{ _id: ids[1], quantity: 5 }]);
    const { items, total } = await feed(sale._id, tok.viewer);
    expect(total).toBe(4);
    expect(items.map((e) => e.kind)).toEqual(['line_updated', 'lines_added', 'section_created', 'created']);
    const [edit] = items as [ActivityEntryDto];
    expect(edit).toMatchObject({ user: { name: 'Ana' }, version: after.version });
    expect(edit.detail.lines!.items).toEqual([
      { op: 'changed', section: 'A', line: 2, kind: 'product', label: 'LEG-1', field: 'quantity', from: '4', to: '5' },
    ]);
    expect(sentence(edit)).toBe('Ana set Qty of LEG-1 from 4 to 5');
    expect(sentence(items[1]!)).toBe('Ana added 3 lines to section A');
    expect(sentence(items[3]!)).toBe('Ana created the quote');
    expect(Date.parse(edit.created_on)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('every kind of change names itself, newest first', async () => {
    const { sale, A, ids, url } = await fixture();
    await a.ok('POST', `/api/sales/${sale._id}`, ana, { customer: { id: 7, name: 'Acme' } });
    await a.ok('POST', url('delete'), ana, [ids[0]]);
    await a.ok('POST', url('markup'), ana, { ids: [ids[1]], markup: 50 });
    await a.ok('POST', `/api/sales/sections/update/${sale._id}/${A}`, ana, { name: 'Desks' });
    await a.ok('POST', `/api/sales/sections/duplicate/${sale._id}/${A}`, ana);
    await a.ok('POST', url('reorder'), ana, { index: 0, line_insertion_point: -1 });
    const { items } = await feed(sale._id, ana, '?pageSize=6');
    expect(items.map(sentence)).toEqual([
      'Ana moved LEG-1 from line 1 to line 2 in section Desks',
      'Ana duplicated section Desks as Desks (copy)',
      'Ana renamed section A to Desks',
      'Ana set Markup to 50% on 1 line in section A',
      'Ana deleted DESK-1 from section A',
      'Ana changed Customer from (none) to Acme',
    ]);
    // Markup is on the cost (6.2512 × 1.5).
    expect(items[3]!.detail.lines!.items[0]).toMatchObject({ field: 'price', from: '10.50', to: '9.38' });
  });

  it('a bulk edit writes one entry with a capped detail', async () => {
    const { sale, A } = await fixture();
    const many = await a.ok<SaleDto>('POST', `/api/sales/lines/create/${sale._id}/${A}`, ana, {
      lines: Array.from({ length: 60 }, () => ({ product: 2, quantity: 1 })),
    });
    const before = (await feed(sale._id, ana)).total;
    const edits = many.sections[0]!.lines.map((l) => ({ _id: l._id, quantity: 9 }));
    await a.ok('POST', `/api/sales/lines/update/${sale._id}/${A}`, ana, edits);
    const { items, total } = await feed(sale._id, ana, '?pageSize=1');
    expect(total).toBe(before + 1);
    const lines = items[0]!.detail.lines!;
    expect(lines).toMatchObject({ changed: 63, more: 43 });
    expect(lines.items).toHaveLength(20);
    expect(JSON.stringify(items[0]).length).toBeLessThan(6000);
    expect(sentence(items[0]!)).toBe('Ana changed 63 lines in section A');
  });

  it('a refused, invalid, no-op or rolled-back mutation records nothing', async () => {
    const { sale, A, ids, url } = await fixture();
    await a.ok('POST', `/api/sales/lines/note/${sale._id}/${A}`, ana, { name: 'Assembly' });
    const noteId = (await a.ok('GET', `/api/sales/${sale._id}`, ana)).sections[0]!.lines[3]!._id;
    const { total } = await feed(sale._id, ana);

    expect((await a.post(url('update'), tok.viewer, [{ _id: ids[0], quantity: 3 }])).statusCode).toBe(403);
    expectProblem(await a.post(url('update'), ana, [{ _id: ids[0], quantity: 'lots' }]), 400);
    // A line edit that writes the first line, then fails on the second: the transaction rolls back as a whole.
    expectProblem(
      await a.post(url('update'), ana, [
        { _id: ids[0], quantity: 3 },
        { _id: noteId, name: '   ' },
      ]),
      400,
    );
    const [desk] = await t.database.db.select().from(saleLines).where(eq(saleLines.id, ids[0]!));
    expect(desk!.quantity).toBe('2.0000');
    // A change that changes nothing (same quantity) is no activity.
    await a.ok('POST', url('update'), ana, [{ _id: ids[0], quantity: 2 }]);
    expectProblem(await a.post(url('delete'), ana, [UNKNOWN]), 404);
    expect((await feed(sale._id, ana)).total).toBe(total);
  });

  it('import records one entry', async () => {
    const res = await a.post('/api/sales', tok.full, {
      format: 'quotewright.sale',
      version: 1,
      sale: {
        name: 'Imported',
        sections: [
          {
            name: 'One',
            lines: [{ product: { id: 1, name: 'DESK-1' }, name: 'A desk', quantity: 1, price: 100, cost: 60 }],
          },
        ],
      },
    });
    expect(res.statusCode).toBe(201);
    const { items } = await feed(res.json().sale._id, tok.full);
    expect(items.map(sentence)).toEqual(['Full imported the quote (1 section, 1 line)']);
  });

  it('concurrent edits of one sale are listed in the order they were made (by version)', async () => {
    const { sale, ids, url } = await fixture();
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => a.ok('POST', url('update'), ana, [{ _id: ids[i % 3], quantity: 10 + i }])),
    );
    const { items } = await feed(sale._id, ana);
    const versions = items.map((e) => e.version);
    expect(versions).toEqual([...versions].sort((x, y) => y - x));
    expect(new Set(versions).size).toBe(versions.length);
  });
});

describe('GET /api/sales/:id/activity', () => {
  it('pages newest first, like the sales list', async () => {
    const { sale, ids, url } = await fixture();
    for (const q of [5, 6, 7]) await a.ok('POST', url('update'), ana, [{ _id: ids[0], quantity: q }]);
    const all = await feed(sale._id, ana);
    expect(all).toMatchObject({ total: 6, page: 0, pageSize: 50 });
    const p0 = await feed(sale._id, ana, '?page=0&pageSize=4');
    const p1 = await feed(sale._id, ana, '?page=1&pageSize=4');
    expect(p0).toMatchObject({ total: 6, page: 0, pageSize: 4 });
    expect(p0.items).toHaveLength(4);
    expect(p1.items).toHaveLength(2);
    expect([...p0.items, ...p1.items]).toEqual(all.items);
    expect(p0.items.slice(0, 3).map(sentence)).toEqual([
      'Ana set Qty of DESK-1 from 6 to 7',
      'Ana set Qty of DESK-1 from 5 to 6',
      'Ana set Qty of DESK-1 from 2 to 5',
    ]);
    expect((await feed(sale._id, ana, '?page=9&pageSize=4')).items).toEqual([]);
  });

  it('validates its query, refuses users without sales view and answers 404 for an unknown sale', async () => {
    const { sale } = await fixture();
    const path = `/api/sales/${sale._id}/activity`;
    expectProblem(await a.get(`${path}?pageSize=0`, ana), 400);
    expectProblem(await a.get(`${path}?pageSize=201`, ana), 400);
    expectProblem(await a.get(`${path}?page=-1`, ana), 400);
    expectProblem(await a.get(`${path}?cursor=x`, ana), 400);
    expectProblem(await a.get(path, tok.disabled), 403);
    expectProblem(await a.get(path, null), 401);
    expect((await a.get(path, tok.viewer)).statusCode).toBe(200);
    expectProblem(await a.get(`/api/sales/${UNKNOWN}/activity`, ana), 404);
    expectProblem(await a.get('/api/sales/not-a-uuid/activity', ana), 400);
  });

  it('goes with its sale', async () => {
    const { sale } = await fixture();
    const rows = () => t.database.db.select().from(saleActivity).where(eq(saleActivity.saleId, sale._id));
    expect((await rows()).length).toBe(3);
    await a.ok('DELETE', `/api/sales/${sale._id}`, tok.admin);
    expect(await rows()).toEqual([]);
    expectProblem(await a.get(`/api/sales/${sale._id}/activity`, ana), 404);
  });
});
