// The sales list at 100,000 sales: every sort, the state filter and the search are answered from an index (the
// plan never scans the whole table for a page). Asserted on the query plan, not on a timing.

import type { SalesGroupsPageDto } from '@quotewright/contracts';
import { sql } from '@quotewright/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { SaleListItemDto } from './sales.dto';
import { listQueries, type SaleQuery } from './sales.repository';
import { api, roleTokens } from './testkit';

let t: TestApp;
const N = 100_000;

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.execute(sql`
    insert into sales (name, quote_number, state, customer_id, customer_name, salesperson_id, salesperson_name,
                       total_price, updated_at)
    select 'Sale ' || i, 'Q' || lpad(i::text, 6, '0'),
           (array['draft','sent','sale','done','cancel'])[i % 5 + 1],
           i % 5000, 'Customer ' || (i % 5000), i % 50, 'Person ' || (i % 50),
           ((i * 37) % 100000) / 100.0, now() - i * interval '1 minute'
    from generate_series(1, ${N}) as i`);
  await t.database.db.execute(sql`analyze sales`);
}, 120_000);
afterAll(() => t.close());

async function plan(q: SaleQuery): Promise<string> {
  const { sql: text, params } = listQueries(t.database.db, q).items.toSQL();
  const { rows } = await t.database.executeSql(`explain ${text}`, params);
  return rows.map((r) => String(Object.values(r)[0])).join('\n');
}

describe('sales list at 100,000 sales', () => {
  const sorts = ['quote_number', 'name', 'customer', 'salesperson', 'total_price', 'state', 'updated_on'] as const;
  it.each(sorts.flatMap((sort) => (['asc', 'desc'] as const).map((direction) => ({ sort, direction }))))(
    'a page sorted by $sort $direction is an index scan',
    async ({ sort, direction }) => {
      const p = await plan({ sort, direction, offset: 40, limit: 20 });
      expect(p, p).not.toMatch(/Seq Scan on sales/);
      expect(p, p).toMatch(/Index (Only )?Scan/);
    },
  );

  it('the state filter with the default sort is an index scan', async () => {
    const p = await plan({ state: 'sent', offset: 0, limit: 20 });
    expect(p, p).not.toMatch(/Seq Scan on sales/);
    expect(p, p).toMatch(/Index (Only )?Scan/);
  });

  it('a search is answered from an index (the trigram index, or a sort index when the planner prefers it)', async () => {
    for (const sort of [undefined, 'name'] as const) {
      const p = await plan({ search: 'Customer 4321', sort, offset: 0, limit: 20 });
      expect(p, p).not.toMatch(/Seq Scan on sales/);
      expect(p, p).toMatch(/sales_search_idx|Index Scan/);
    }
  });

  it.each(['state', 'customer', 'salesperson'] as const)(
    "a group's sales (by %s) are an index scan",
    async (groupBy) => {
      const group = { state: 'sent', customer: 'Customer 42', salesperson: 'Person 7' }[groupBy];
      for (const sort of [undefined, 'name', 'total_price'] as const) {
        const p = await plan({ groupBy, group, sort, offset: 200, limit: 20 });
        expect(p, p).not.toMatch(/Seq Scan on sales/);
        expect(p, p).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
      }
    },
  );

  it('grouped: pages count groups, each with the count and total of all its sales (summed by the database)', async () => {
    const token = (await roleTokens(t)).viewer;
    const a = api(t);
    const first = await a.ok<SalesGroupsPageDto>('GET', '/api/sales/groups?groupBy=salesperson&pageSize=20', token);
    const third = await a.ok<SalesGroupsPageDto>(
      'GET',
      '/api/sales/groups?groupBy=salesperson&pageSize=20&page=2',
      token,
    );
    expect([first.total, first.sales, first.groups.length, third.groups.length]).toEqual([50, N, 20, 10]);
    const all = [...first.groups, ...third.groups];
    // Alphabetical: Person 0, Person 1, Person 10, … (third page: the last ten).
    expect(first.groups.map((g) => g.value)).toEqual(
      Array.from({ length: 50 }, (_, k) => `Person ${k}`)
        .sort()
        .slice(0, 20),
    );
    for (const g of all) {
      const k = Number(g.value!.replace('Person ', ''));
      let count = 0;
      let cents = 0;
      for (let i = 1; i <= N; i++) {
        if (i % 50 !== k) continue;
        count++;
        cents += (i * 37) % 100000;
      }
      expect(g.count, g.value!).toBe(count);
      expect(g.total_price, g.value!).toBe((cents / 100).toFixed(2));
    }
    const byState = await a.ok<SalesGroupsPageDto>('GET', '/api/sales/groups?groupBy=state&state=done', token);
    expect(byState.groups).toEqual([
      { key: 'done', value: 'done', label: 'Locked', count: N / 5, total_price: expect.any(String) },
    ]);
    const customers = await a.ok<SalesGroupsPageDto>('GET', '/api/sales/groups?groupBy=customer&pageSize=1000', token);
    expect([customers.total, customers.groups.length]).toEqual([5000, 1000]);
    expect(customers.groups.every((g) => g.count === N / 5000)).toBe(true);
    const group = await a.ok<{ items: SaleListItemDto[]; total: number }>(
      'GET',
      '/api/sales?groupBy=customer&group=Customer%2042&sort=total_price&direction=desc&pageSize=5',
      token,
    );
    expect(group.total).toBe(N / 5000);
    expect(group.items.every((i) => i.customer?.name === 'Customer 42')).toBe(true);
  });

  it('answers pages through the API with the right total', async () => {
    const token = (await roleTokens(t)).viewer;
    const a = api(t);
    const page = await a.ok<{ items: SaleListItemDto[]; total: number }>(
      'GET',
      '/api/sales?sort=total_price&direction=desc&page=3&pageSize=50',
      token,
    );
    expect(page.total).toBe(N);
    expect(page.items).toHaveLength(50);
    const totals = page.items.map((i) => Number(i.total_price));
    expect(totals).toEqual([...totals].sort((x, y) => y - x));
    const found = await a.ok<{ items: SaleListItemDto[]; total: number }>(
      'GET',
      '/api/sales?search=customer%204321&state=sent&pageSize=1000',
      token,
    );
    // The same rule in plain code: every word is a substring of name, quote number or customer.
    const states = ['draft', 'sent', 'sale', 'done', 'cancel'];
    let expected = 0;
    for (let i = 1; i <= N; i++) {
      const text = `sale ${i} q${String(i).padStart(6, '0')} customer ${i % 5000} `;
      if (states[i % 5] === 'sent' && text.includes('customer') && text.includes('4321')) expected++;
    }
    expect(found.total).toBe(expected);
    expect(found.items).toHaveLength(expected);
    expect(found.items.every((i) => i.state === 'sent')).toBe(true);
    expect(found.items.filter((i) => i.customer?.name === 'Customer 4321')).toHaveLength(N / 5000);
  });
});
