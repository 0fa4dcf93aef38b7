// A change that waits for the sale's lock while another transaction changes the sale (PostgreSQL only: PGlite runs
// one transaction at a time). Under READ COMMITTED the waiting lock statement answers the sale row as the other left
// it but anything else it reads (the sale's sections and their versions) as of its own start: the sections must be
// read again, or the change is computed from the lines as they were and the other's edit vanishes from the total.
import { eq, saleLines, sales, sql } from '@quotewright/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { SaleDto } from './sales.dto';
import { api, roleTokens, seedProducts, type Tokens } from './testkit';

let t: TestApp;
let tok: Tokens;
let a: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  tok = await roleTokens(t);
  a = api(t);
  await seedProducts(t, [1, 2, 3]);
});
afterAll(() => t.close());

describe('a change waiting for the lock of a sale another transaction changes', () => {
  it('is computed from the lines as the other left them', async () => {
    let sale = await a.ok<SaleDto>('POST', '/api/sales', tok.editor, { name: 'Waiting' });
    sale = await a.ok<SaleDto>('POST', `/api/sales/sections/create/${sale._id}`, tok.editor, { name: 'A' });
    const A = sale.sections[0]!._id;
    sale = await a.ok<SaleDto>('POST', `/api/sales/lines/create/${sale._id}/${A}`, tok.editor, {
      lines: [
        { product: 1, quantity: '1' },
        { product: 2, quantity: '1' },
      ],
      sequence: -1,
    });
    const [desk, leg] = sale.sections[0]!.lines.map((l) => l._id) as [string, string];
    expect(sale.total_price).toBe('110.50');
    let waiting: Promise<{ statusCode: number; body: string }> | undefined;
    await t.database.db.transaction(async (tx) => {
      await tx.select().from(sales).where(eq(sales.id, sale._id)).for('no key update');
      // Two edits of one line take the locking path; this one now waits for the transaction above.
      waiting = a.post(`/api/sales/lines/update/${sale._id}/${A}`, tok.editor, [
        { _id: leg, quantity: '2' },
        { _id: leg, name: 'Two legs' },
      ]);
      // Waiting for it, as the database shows: a session of this database waiting for a lock.
      await vi.waitFor(
        async () => {
          const { rows } = await t.database.executeSql(
            `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          expect(rows.length).toBe(1);
        },
        { timeout: 10_000, interval: 10 },
      );
      // Meanwhile this transaction changes another line, as any writer of a sale does (new version).
      await tx.update(saleLines).set({ quantity: '3' }).where(eq(saleLines.id, desk));
      await tx
        .update(sales)
        .set({ version: sql`${sales.version} + 1`, totalPrice: '310.50' })
        .where(eq(sales.id, sale._id));
    });
    const res = await waiting!;
    expect(res.statusCode, res.body).toBe(200);
    const now = await a.ok<SaleDto>('GET', `/api/sales/${sale._id}`, tok.viewer);
    expect(now.sections[0]!.lines.map((l) => [l.name, l.quantity])).toEqual([
      ['A desk', '3'],
      ['Two legs', '2'],
    ]);
    // desk 3 × 100 + legs 2 × 10.50
    expect(now.total_price).toBe('321.00');
    const [row] = await t.database.db.select().from(sales).where(eq(sales.id, sale._id));
    expect(row!.totalPrice).toBe('321.00');
    expect(row!.version).toBe(sale.version + 2);
  });
});
