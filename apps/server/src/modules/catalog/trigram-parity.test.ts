// The catalog's in-memory trigram index (catalog-texts.ts, packages/domain trigrams.ts) computes pg_trgm's similarity:
// the same figures as the database's similarity() on random catalog-like texts, on PGlite and on PostgreSQL. And a
// change of the catalog is seen by the next match (the index is keyed by the catalog's version).
import { products, sql } from '@quotewright/db';
import { trigramSimilarity } from '@quotewright/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, login, type TestApp } from '../../../test/helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => t.close());

const text = fc
  .array(fc.constantFrom('DSK', 'dsk', 'C9200', '24T', 'Alder', 'desk', ' ', '-', '/', '(', 'x', '42', 'Core', 'é'), {
    maxLength: 7,
  })
  .map((parts) => parts.join(''));

describe('trigram similarity', () => {
  it("equals the database's pg_trgm similarity()", async () => {
    const pairs = fc.sample(fc.tuple(text, text), { numRuns: 300, seed: 7 });
    const input = JSON.stringify(pairs.map(([a, b], n) => ({ n, a, b })));
    const rows = (
      await t.database.db.execute(
        sql`select n, similarity(a, b)::float8 as s from jsonb_to_recordset(${input}::jsonb) as x(n int, a text, b text)`,
      )
    ).rows as { n: number; s: number }[];
    expect(rows).toHaveLength(pairs.length);
    for (const { n, s } of rows) {
      const [a, b] = pairs[n]!;
      // (pg_trgm computes in single precision)
      expect(trigramSimilarity(a, b), `similarity(${JSON.stringify(a)}, ${JSON.stringify(b)})`).toBeCloseTo(s, 5);
    }
  });

  it('a product added or renamed is found by the next match (the index follows the catalog)', async () => {
    const match = async (model: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/products/match',
        headers: bearer(admin),
        payload: { rows: [{ model, description: '' }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().rows[0] as { status: string; candidates: { product: { id: number } }[] };
    };
    const base = { name: 'Rack shelf', description: '', price: '1', cost: '1', contentHash: 'p' };
    await t.database.db.insert(products).values({ ...base, id: 9101, model: 'SHELF-1U-VENTED' });
    expect((await match('SHELF-1U-VENTD')).candidates.map((c) => c.product.id)).toEqual([9101]);
    await t.database.db.insert(products).values({ ...base, id: 9102, model: 'SHELF-2U-VENTED' });
    expect((await match('SHELF-2U-VENTD')).candidates[0]?.product.id).toBe(9102);
    await t.database.db
      .update(products)
      .set({ model: 'TRAY-9', updatedAt: new Date(Date.now() + 1000) })
      .where(sql`${products.id} = 9101`);
    expect((await match('SHELF-1U-VENTD')).candidates.map((c) => c.product.id)).not.toContain(9101);
  });
});
