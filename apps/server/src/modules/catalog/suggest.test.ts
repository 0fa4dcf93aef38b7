// Quick-add suggestions (docs/product/rules.md#quick-add): GET /api/products/suggest ranks active products by the
// exact model, then models starting with the text, then a word of the model or name starting with it, then similar
// words.
import { products } from '@quotewright/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  bearer,
  createTestApp,
  createUser,
  login,
  modulesWith,
  type TestApp,
} from '../../../test/helpers';

let t: TestApp;
let admin: string;

const product = (id: number, model: string, name: string, active = true) => ({
  id,
  model,
  name,
  description: `${name} (catalog)`,
  price: '100.00',
  cost: '60.00',
  active,
  contentHash: `h${id}`,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  await t.database.db.delete(products);
  await t.database.db
    .insert(products)
    .values([
      product(1, 'CAT-9200', 'Catalyst 9200 switch'),
      product(2, 'CAT-9200-48', 'Catalyst 9200 48-port switch'),
      product(3, 'cat-9200-24', 'Catalyst 9200 24-port switch'),
      product(4, 'CAT-9200-OLD', 'Catalyst 9200 retired switch', false),
      product(5, 'SFP-10G', 'Fiber transceiver for the cat-9200 family'),
      product(6, 'DESK-1', 'Standing desk with cable tray'),
      product(7, 'DESK-2', 'Corner desk'),
      product(8, 'CHAIR-1', 'Task chair'),
      product(9, 'LAMP-1', 'Desk lamp'),
      product(10, 'UB-1', 'Ultrabook Pro 14'),
      product(11, 'UB-2', 'Notebook Air 13'),
      product(12, 'XDESK-3', 'Reception counter'),
      product(13, 'Desk', 'Plain desk'),
    ]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function suggest(q: string, limit?: number, token = admin): Promise<string[]> {
  const url = `/api/products/suggest?q=${encodeURIComponent(q)}${limit === undefined ? '' : `&limit=${limit}`}`;
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { model: string }[]).map((p) => p.model);
}

describe('quick-add suggestions', () => {
  it('ranks the exact model, then models starting with the text, then a word of the model or name', async () => {
    // Exact model in any case first; then the other models starting with it (in the byte order of their lower case);
    // then a product whose name has a word starting with it. The inactive CAT-9200-OLD never shows.
    expect(await suggest('cat-9200')).toEqual(['CAT-9200', 'cat-9200-24', 'CAT-9200-48', 'SFP-10G']);
    // the one model starting with it, then similar ones
    expect((await suggest('  CAT-9200-4 '))[0]).toBe('CAT-9200-48');
    expect(await suggest('  CAT-9200-4 ', 1)).toEqual(['CAT-9200-48']);
  });

  it('all four in order: exact model, models starting with it, a word starting with it, a similar word', async () => {
    // "Desk" is the model; DESK-1 and DESK-2 start with it; the lamp's name has the word "desk"; XDESK-3 has no word
    // starting with it, only a similar one; "Reception counter" nothing.
    expect(await suggest('desk')).toEqual(['Desk', 'DESK-1', 'DESK-2', 'LAMP-1', 'XDESK-3']);
    // several words typed: a name with them in that order, from the start of a word (then similar ones)
    expect((await suggest('9200 48'))[0]).toBe('CAT-9200-48');
    expect((await suggest('cable tr'))[0]).toBe('DESK-1');
    // a word of the model after its hyphen (similar words are looked for from 3 characters only)
    expect(await suggest('10')).toEqual(['SFP-10G']);
  });

  it('similar words last, from 3 characters: a typo still finds the product', async () => {
    expect(await suggest('ultrabok')).toEqual(['UB-1']);
    expect(await suggest('notebok air')).toEqual(['UB-2']);
    expect(await suggest('qq')).toEqual([]);
  });

  it('never suggests an inactive product', async () => {
    // its exact model: only the similar active ones
    expect(await suggest('CAT-9200-OLD')).not.toContain('CAT-9200-OLD');
    expect(await suggest('CAT-9200-OLD')).toEqual(expect.arrayContaining(['CAT-9200']));
    expect(await suggest('retired')).toEqual([]);
  });

  it('answers at most `limit` (8 by default, 20 at most) and nothing for blank text', async () => {
    for (let i = 0; i < 12; i++)
      await t.database.db.insert(products).values(product(100 + i, `BULK-${String(i).padStart(2, '0')}`, 'Bulk item'));
    expect(await suggest('bulk')).toHaveLength(8);
    expect(await suggest('bulk', 3)).toEqual(['BULK-00', 'BULK-01', 'BULK-02']);
    expect(await suggest('bulk', 20)).toHaveLength(12);
    expect(await suggest('   ')).toEqual([]);
    for (const url of [
      '/api/products/suggest',
      '/api/products/suggest?q=a&limit=21',
      '/api/products/suggest?q=a&limit=0',
      `/api/products/suggest?q=${'a'.repeat(101)}`,
      '/api/products/suggest?q=a&sort=model',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
      expect(res.statusCode, url).toBe(400);
    }
  });

  it('treats regular expression and LIKE characters as text', async () => {
    await t.database.db.insert(products).values(product(200, 'A.B(C)[1]*', 'Odd model %_ \\ chars'));
    expect(await suggest('a.b(c)[1]*')).toEqual(['A.B(C)[1]*']);
    expect(await suggest('%_')).toEqual([]);
    expect(await suggest('chars')).toEqual(['A.B(C)[1]*']);
  });

  it('is refused to a user without access to sales, and answered to a sales viewer', async () => {
    const none = await createUser(t, { email: 'no-sales@suggest.test', modules: modulesWith('disabled') });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/products/suggest?q=desk',
      headers: bearer(await login(t, none.email)),
    });
    expect(res.statusCode).toBe(403);
    const viewer = await createUser(t, { email: 'viewer@suggest.test', modules: modulesWith('viewer') });
    expect(await suggest('desk', 1, await login(t, viewer.email))).toEqual(['Desk']);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/products/suggest?q=desk' });
    expect(anonymous.statusCode).toBe(401);
  });
});
