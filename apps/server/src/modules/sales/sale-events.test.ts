// Every committed sale mutation publishes a delta that takes the previous sale exactly to the new one.
import { applySaleDelta, type SaleDelta } from '@quotewright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { type SaleEvent, saleEvents } from '../../infra/sale-events';
import type { SaleDto } from './sales.dto';
import { api, roleTokens, seedProducts, type Tokens } from './testkit';

let t: TestApp;
let tok: Tokens;
let a: ReturnType<typeof api>;
const seen: SaleEvent[] = [];

beforeAll(async () => {
  const events = saleEvents();
  events.subscribe((e) => seen.push(e));
  t = await createTestApp({}, { events });
  tok = await roleTokens(t);
  a = api(t);
  await seedProducts(t, [1, 2, 3]);
});
afterAll(() => t.close());

const deltas = () => seen.flatMap((e) => (e.type === 'sale_changed' ? [e.delta] : []));

describe('sale events', () => {
  it('each mutation publishes one delta; applied in order they rebuild the sale exactly', async () => {
    let sale = await a.ok('POST', '/api/sales', tok.editor, { name: 'Live' });
    expect(seen.at(-1)).toMatchObject({ type: 'sale_created', saleId: sale._id, version: sale.version });
    let local: SaleDto = sale;
    const step = async (method: 'POST', url: string, body?: unknown) => {
      const before = deltas().length;
      await a.ok(method, url, tok.editor, body);
      const fresh = deltas().slice(before) as SaleDelta[];
      expect(fresh).toHaveLength(1);
      expect(fresh[0]!.by.name).toBe('Editor');
      const next = applySaleDelta(local, fresh[0]!);
      expect(next).not.toBe('refetch');
      local = next as SaleDto;
      const server = await a.ok('GET', `/api/sales/${sale._id}`, tok.viewer);
      expect(local).toEqual(server);
      return fresh[0]!;
    };
    await step('POST', `/api/sales/sections/create/${sale._id}`, { name: 'A' });
    await step('POST', `/api/sales/sections/create/${sale._id}`, { name: 'B' });
    sale = await a.ok('GET', `/api/sales/${sale._id}`, tok.viewer);
    const [A, B] = sale.sections.map((s) => s._id) as [string, string];
    await step('POST', `/api/sales/lines/create/${sale._id}/${A}`, {
      lines: [{ product: 1, quantity: 2 }, { product: 2 }, { product: 3 }],
    });
    const lines = local.sections[0]!.lines.map((l) => l._id);
    const edit = await step('POST', `/api/sales/lines/update/${sale._id}/${A}`, [{ _id: lines[1], quantity: 5 }]);
    // Only what changed travels: the edited line, its section's pricing and the sale's totals.
    expect(edit.changes.lines?.changed.map((c) => c.line._id)).toEqual([lines[1]]);
    expect(edit.changes.lines?.removed).toEqual([]);
    expect(edit.changes.sections?.changed.map((s) => s._id)).toEqual([A]);
    expect(edit.changes.sale.total_price).toBe(local.total_price);
    await step('POST', `/api/sales/lines/reorder/${sale._id}/${A}`, { index: 0, line_insertion_point: 2 });
    await step('POST', `/api/sales/lines/move/${sale._id}/${A}/${B}/move`, [lines[0]]);
    await step('POST', `/api/sales/lines/delete/${sale._id}/${A}`, [lines[2]]);
    await step('POST', `/api/sales/sections/duplicate/${sale._id}/${B}`);
    await step('POST', `/api/sales/sections/reorder/${sale._id}/0/2`);
    await step('POST', `/api/sales/${sale._id}`, { name: 'Live, renamed', customer: { id: 5, name: 'Acme' } });
    await step('POST', `/api/sales/sections/delete/${sale._id}/${A}`);
  });

  it('a one-line edit of a 1,000-line sale answers only what changed: under 4 KB', async () => {
    let sale = await a.ok('POST', '/api/sales', tok.editor, { name: 'Big' });
    sale = await a.ok('POST', `/api/sales/sections/create/${sale._id}`, tok.editor, { name: 'S' });
    const section = sale.sections[0]!._id;
    await a.ok('POST', `/api/sales/lines/create/${sale._id}/${section}`, tok.editor, {
      lines: Array.from({ length: 1000 }, (_, i) => ({ product: (i % 3) + 1, quantity: 1 })),
    });
    const full = await a.get(`/api/sales/${sale._id}`, tok.viewer);
    const line = (full.json() as SaleDto).sections[0]!.lines[500]!._id;
    const res = await a.post(`/api/sales/lines/update/${sale._id}/${section}`, tok.editor, [
      { _id: line, quantity: 7 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBeLessThan(4096);
    expect(full.body.length).toBeGreaterThan(50 * 4096);
    const delta = res.json() as SaleDelta;
    expect(delta.changes.lines?.changed).toEqual([
      { section, line: expect.objectContaining({ _id: line, quantity: '7' }) },
    ]);
  });

  it('a request that changes nothing publishes nothing; a deletion publishes sale_deleted', async () => {
    const sale = await a.ok('POST', '/api/sales', tok.editor, { name: 'Quiet' });
    const before = seen.length;
    await a.ok('POST', `/api/sales/${sale._id}`, tok.editor, { name: 'Quiet' });
    expect(seen.length).toBe(before);
    await a.ok('DELETE', `/api/sales/${sale._id}`, tok.admin);
    expect(seen.at(-1)).toMatchObject({ type: 'sale_deleted', saleId: sale._id, by: { name: expect.any(String) } });
  });

  it('an imported quote is announced like a created one', async () => {
    const res = await a.post('/api/sales', tok.full, {
      format: 'quotewright.sale',
      version: 1,
      sale: { name: 'Imported', sections: [{ name: 'S', lines: [] }] },
    });
    expect(res.statusCode).toBe(201);
    const { sale } = res.json() as { sale: SaleDto };
    expect(seen.at(-1)).toMatchObject({ type: 'sale_created', saleId: sale._id, version: sale.version });
  });
});
