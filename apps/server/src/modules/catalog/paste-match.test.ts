import { products } from '@quotewright/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, login, type TestApp } from '../../../test/helpers';

let t: TestApp;
let admin: string;

const product = (id: number, model: string, name: string, active = true, partNumber: string | null = null) => ({
  id,
  model,
  name,
  partNumber,
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
  await t.database.db.insert(products).values([
    product(1, 'C9200-24T', 'Catalyst 9200 24-port data switch'),
    product(2, 'C9200-48T', 'Catalyst 9200 48-port data switch'),
    product(3, 'GLC-SX-MMD', '1000BASE-SX SFP transceiver module'),
    product(4, 'OLD-1', 'Discontinued router', false),
    product(5, 'DUP-1', 'Twin one'),
    product(6, 'dup-1', 'Twin two'),
    product(7, 'JL253A', 'Aruba 2930F 24G 4SFP+ switch'),
    // manufacturer part numbers
    product(8, 'QW-SW-8', 'Edge switch eight', true, 'MPN-100'),
    product(9, 'QW-AP-9', 'Ceiling access point', true, 'MPN-DUP'),
    product(10, 'QW-AP-10', 'Wall access point', true, 'MPN-DUP'),
    product(11, 'QW-OLD-11', 'Retired firewall', false, 'MPN-OLD'),
    product(12, 'SHARED-1', 'Retired model', false),
    product(13, 'QW-NEW-13', 'Its successor', true, 'Shared-1'),
    product(14, 'X-1', 'Model X one', true),
    product(15, 'QW-Y-15', 'Part X one', true, 'X-1'),
  ]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Match = {
  status: string;
  by: string | null;
  candidates: { product: { id: number; active: boolean }; confidence: number }[];
};

async function match(rows: { model?: string; description?: string }[]): Promise<Match[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products/match',
    headers: bearer(admin),
    payload: { rows },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows;
}

describe('pasted rows matched to the catalog', () => {
  it('matches an exact model in any case and with spaces around it', async () => {
    const [a, b] = await match([{ model: ' c9200-24t ' }, { model: 'GLC-SX-MMD', description: 'anything' }]);
    expect(a).toMatchObject({ status: 'matched', by: 'model', candidates: [{ product: { id: 1 }, confidence: 1 }] });
    expect(b).toMatchObject({ status: 'matched', by: 'model', candidates: [{ product: { id: 3 } }] });
  });

  it('two active products with the same model are ambiguous (both offered)', async () => {
    const [m] = await match([{ model: 'DUP-1' }]);
    expect(m!.status).toBe('ambiguous');
    expect(m!.candidates.map((c) => c.product.id).sort()).toEqual([5, 6]);
  });

  it('never matches an inactive product silently: it is offered, flagged inactive', async () => {
    const [m] = await match([{ model: 'OLD-1' }]);
    expect(m).toMatchObject({ status: 'ambiguous', by: 'model' });
    expect(m!.candidates[0]!.product).toMatchObject({ id: 4, active: false });
  });

  it('fuzzy: a near model or name is offered with its similarity; a clear winner is matched', async () => {
    const [typo, byName, far] = await match([
      { model: 'C9200-24TX' },
      { description: 'Aruba 2930F 24G 4SFP+ switch' },
      { model: 'ZZZ-999', description: 'Office chair' },
    ]);
    expect(typo!.by).toBe('fuzzy');
    expect(typo!.candidates[0]!.product.id).toBe(1);
    expect(typo!.candidates[0]!.confidence).toBeLessThan(1);
    // C9200-48T is close too: not sure enough to take without asking.
    expect(typo!.status).toBe('ambiguous');
    expect(byName).toMatchObject({ status: 'matched', by: 'fuzzy', candidates: [{ product: { id: 7 } }] });
    expect(far).toEqual({ status: 'unmatched', by: null, candidates: [] });
  });

  it("then the manufacturer's part number, in any case and with spaces around it", async () => {
    const [a, b] = await match([{ model: ' mpn-100 ' }, { model: 'MPN-100', description: 'something else' }]);
    expect(a).toMatchObject({
      status: 'matched',
      by: 'part_number',
      candidates: [{ product: { id: 8, part_number: 'MPN-100' }, confidence: 1 }],
    });
    expect(a!.candidates).toHaveLength(1);
    expect(b).toMatchObject({ status: 'matched', by: 'part_number', candidates: [{ product: { id: 8 } }] });
  });

  it('a part number on several active products is ambiguous; on an inactive one it is only offered', async () => {
    const [dup, old] = await match([{ model: 'mpn-dup' }, { model: 'MPN-OLD' }]);
    expect(dup).toMatchObject({ status: 'ambiguous', by: 'part_number' });
    expect(dup!.candidates.map((c) => c.product.id).sort((x, y) => x - y)).toEqual([9, 10]);
    expect(old).toMatchObject({ status: 'ambiguous', by: 'part_number' });
    expect(old!.candidates[0]!.product).toMatchObject({ id: 11, active: false });
  });

  it("an active product's model wins over another's part number; an inactive model does not", async () => {
    const [model, successor] = await match([{ model: 'x-1' }, { model: 'SHARED-1' }]);
    expect(model).toMatchObject({ status: 'matched', by: 'model' });
    expect(model!.candidates.map((c) => c.product.id)).toEqual([14]);
    // the retired product (model SHARED-1) is offered after the active one whose part number it is
    expect(successor).toMatchObject({ status: 'matched', by: 'part_number' });
    expect(successor!.candidates.map((c) => c.product.id)).toEqual([13, 12]);
  });

  it('answers the rows in their order and refuses bad bodies', async () => {
    const rows = await match([{ model: 'JL253A' }, { model: 'nothing-like-it' }, { model: 'C9200-48T' }]);
    expect(rows.map((r) => r.candidates[0]?.product.id ?? null)).toEqual([7, null, 2]);
    for (const payload of [{ rows: [] }, { rows: [{ model: 1 }] }, { rows: [{ sku: 'x' }] }, {}]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/products/match', headers: bearer(admin), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});
