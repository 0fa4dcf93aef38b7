// Pasted lines (docs/product/rules.md#paste-from-a-spreadsheet) added as ONE edit: one version, one activity entry,
// one delta. Runs on PGlite and on PostgreSQL (server-pg project).
import { type ActivityPageDto, activitySentence, type SaleDelta } from '@quotewright/contracts';
import { products } from '@quotewright/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { saleEvents } from '../../infra/sale-events';
import type { SaleDto } from './sales.dto';
import { api, expectProblem, roleTokens, seedProducts, type Tokens } from './testkit';

let t: TestApp;
let tok: Tokens;
let a: ReturnType<typeof api>;
const deltas: SaleDelta[] = [];

beforeAll(async () => {
  const events = saleEvents();
  events.subscribe((e) => {
    if (e.type === 'sale_changed') deltas.push(e.delta);
  });
  t = await createTestApp({}, { events });
  tok = await roleTokens(t);
  a = api(t);
  await seedProducts(t, [1, 2, 3, 4]);
});
afterAll(() => t.close());

type Pasted = SaleDto & { ids: string[]; errors: { product: number }[]; sale: SaleDto };

async function draft() {
  let sale = await a.ok('POST', '/api/sales', tok.editor, { name: 'Paste' });
  sale = await a.ok('POST', `/api/sales/sections/create/${sale._id}`, tok.editor, { name: 'Rack' });
  const section = sale.sections[0]!._id;
  sale = await a.ok('POST', `/api/sales/lines/note/${sale._id}/${section}`, tok.editor, { name: 'Already here' });
  return { sale, section, url: `/api/sales/lines/paste/${sale._id}/${section}` };
}

describe('POST /api/sales/lines/paste', () => {
  it('adds products (sheet values where given) and notes at the insertion point as one edit', async () => {
    const { sale, url } = await draft();
    const before = deltas.length;
    const res = await a.ok<Pasted>('POST', url, tok.editor, {
      sequence: 0,
      lines: [
        { product: 1, quantity: '2', price: '1234.50', cost: '1000', name: 'Desk from the BOM' },
        { note: 'Delivered in two parts' },
        { product: 2, quantity: '4' },
      ],
    });
    // One version, one delta to the room.
    expect(res.sale.version).toBe(sale.version + 1);
    expect(deltas.length - before).toBe(1);
    const lines = res.sale.sections[0]!.lines;
    expect(lines.map((l) => l.name)).toEqual([
      'Desk from the BOM',
      'Delivered in two parts',
      expect.any(String),
      'Already here',
    ]);
    expect(res.ids).toEqual(lines.slice(0, 3).map((l) => l._id));
    expect(lines[0]).toMatchObject({ quantity: '2', price: '1234.50', cost: '1000.00' });
    expect(lines[1]).toMatchObject({ kind: 'note' });
    // The catalog's price and cost where the sheet gave none.
    const catalog = (await t.database.db.select().from(products)).find((p) => p.id === 2)!;
    expect(lines[2]).toMatchObject({ quantity: '4', price: catalog.price });
    // One activity entry naming the paste.
    const feed = await a.ok<ActivityPageDto>('GET', `/api/sales/${sale._id}/activity`, tok.editor);
    expect(feed.items.filter((e) => e.version === res.sale.version)).toHaveLength(1);
    expect(activitySentence(feed.items[0]!).text).toMatch(/^Editor pasted 3 lines into section Rack/);
  });

  it('leaves out products missing or inactive (answered in errors) and refuses bad input, writing nothing', async () => {
    const { sale, url } = await draft();
    const res = await a.ok<Pasted>('POST', url, tok.editor, {
      lines: [{ product: 3 }, { product: 777 }, { note: 'ok' }],
    });
    expect(res.errors).toEqual([{ product: 777 }]);
    expect(res.ids).toHaveLength(2);
    const version = res.sale.version;
    for (const body of [
      { lines: [] },
      { lines: [{ product: 1, price: '1,5' }] },
      { lines: [{ note: '   ' }] },
      { lines: [{ product: 1, note: 'both' }] },
      { lines: Array.from({ length: 2001 }, () => ({ note: 'x' })) },
    ]) {
      expectProblem(await a.post(url, tok.editor, body), 400);
    }
    expectProblem(await a.post(url, tok.viewer, { lines: [{ note: 'x' }] }), 403);
    const now = await a.ok('GET', `/api/sales/${sale._id}`, tok.editor);
    expect(now.version).toBe(version);
  });
});
