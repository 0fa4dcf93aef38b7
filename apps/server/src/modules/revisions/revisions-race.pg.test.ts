// Two people restoring a sale at the very same moment (PostgreSQL only: PGlite runs one transaction at a time). Both
// restores have saved their revision of the sale and wait for its lock, which this test holds: once it is released,
// one restore wins and the other is refused whole (409), its revision dropped; nothing is half-applied.
import type { RevisionList, RevisionRead, RevisionRestoreAnswer } from '@quotewright/contracts';
import { eq, saleRevisions, sales } from '@quotewright/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { SaleDto } from '../sales/sales.dto';
import { api, expectProblem, roleTokens, seedProducts, type Tokens } from '../sales/testkit';

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

const ids = (s: SaleDto) => s.sections.map((sec) => [sec._id, sec.name, sec.lines.map((l) => [l._id, l.quantity])]);

describe('two restores at the same moment', () => {
  it('one wins, the other is refused whole', async () => {
    let sale = await a.ok<SaleDto>('POST', '/api/sales', tok.editor, { name: 'Race' });
    sale = await a.ok<SaleDto>('POST', `/api/sales/sections/create/${sale._id}`, tok.editor, { name: 'A' });
    const A = sale.sections[0]!._id;
    sale = await a.ok<SaleDto>('POST', `/api/sales/lines/create/${sale._id}/${A}`, tok.editor, {
      lines: [{ product: 1 }, { product: 2 }, { product: 3 }],
      sequence: -1,
    });
    const r1 = await a.ok<{ _id: string }>('POST', `/api/sales/revisions/save/${sale._id}`, tok.editor, {});
    await a.ok('POST', `/api/sales/lines/update/${sale._id}/${A}`, tok.editor, [
      { _id: sale.sections[0]!.lines[0]!._id, quantity: '7' },
    ]);
    const r2 = await a.ok<{ _id: string }>('POST', `/api/sales/revisions/save/${sale._id}`, tok.editor, {});
    await a.ok('POST', `/api/sales/lines/delete/${sale._id}/${A}`, tok.editor, [sale.sections[0]!.lines[2]!._id]);
    const start = await a.ok<SaleDto>('GET', `/api/sales/${sale._id}`, tok.viewer);
    const revisionRows = () => t.database.db.select().from(saleRevisions).where(eq(saleRevisions.saleId, sale._id));

    let both: Promise<Awaited<ReturnType<typeof a.post>>[]> | undefined;
    await t.database.db.transaction(async (tx) => {
      await tx.select().from(sales).where(eq(sales.id, sale._id)).for('no key update');
      both = Promise.all([
        a.post(`/api/sales/revisions/restore/${sale._id}/${r1._id}`, tok.editor),
        a.post(`/api/sales/revisions/restore/${sale._id}/${r2._id}`, tok.full),
      ]);
      // Both have saved their revision and wait for the sale's lock, as the database shows.
      await vi.waitFor(
        async () => {
          expect(await revisionRows()).toHaveLength(4);
          const { rows } = await t.database.executeSql(
            `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          expect(rows.length).toBe(2);
        },
        { timeout: 10_000, interval: 10 },
      );
    });
    const results = await both!;
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const winner = results.findIndex((r) => r.statusCode === 200);
    expectProblem(results[1 - winner]!, 409, 'CONFLICT');
    const answer = results[winner]!.json() as RevisionRestoreAnswer;
    const restored = winner === 0 ? r1 : r2;
    const wanted = await a.ok<RevisionRead>('GET', `/api/sales/revisions/read/${sale._id}/${restored._id}`, tok.viewer);
    const now = await a.ok<SaleDto>('GET', `/api/sales/${sale._id}`, tok.viewer);
    expect(now.version).toBe(start.version + 1);
    expect(ids(now)).toEqual(ids(wanted.sale));
    // The loser's revision is gone; the winner's is the sale as it was before.
    const list = await a.ok<RevisionList>('GET', `/api/sales/revisions/list/${sale._id}`, tok.viewer);
    expect(list.items.map((r) => r._id)).toEqual([answer.backup!._id, r2._id, r1._id]);
    const backup = await a.ok<RevisionRead>(
      'GET',
      `/api/sales/revisions/read/${sale._id}/${answer.backup!._id}`,
      tok.viewer,
    );
    expect(backup.sale).toEqual(start);
  });
});
