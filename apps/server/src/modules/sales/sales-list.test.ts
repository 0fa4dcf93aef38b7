// The grouped sales list: pages count groups, not sales; each group carries the count and total of all its sales;
// a group's own sales are paged within it, with the list's sort and filters. And the list's settings kept per user.
import type { SaleListItemDto, SalesGroupsPageDto, User } from '@quotewright/contracts';
import { sales } from '@quotewright/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { api, expectProblem, roleTokens, type Tokens } from './testkit';

let t: TestApp;
let tokens: Tokens;

type State = 'draft' | 'sent' | 'sale' | 'done' | 'cancel';
interface Seed {
  name: string;
  state: State;
  customer: string | null;
  total: string;
}
const seeded: Seed[] = [];

beforeAll(async () => {
  t = await createTestApp();
  tokens = await roleTokens(t);
  // 40 cancelled sales and a few of every other status: the first page of sales (20) used to be cancelled only.
  for (let i = 0; i < 40; i++)
    seeded.push({ name: `Cancelled ${i}`, state: 'cancel', customer: `Acme ${i % 3}`, total: `${i + 1}.25` });
  const others: State[] = ['draft', 'sent', 'sale', 'done'];
  others.forEach((state, k) => {
    for (let i = 0; i <= k; i++)
      seeded.push({ name: `${state} ${i}`, state, customer: i === 0 ? null : 'Zed', total: `${(k + 1) * 100}.10` });
  });
  // A sale whose client name is empty belongs with the sales without a client.
  seeded.push({ name: '', state: 'draft', customer: '', total: '5.00' });
  await t.database.db.insert(sales).values(
    seeded.map((s, i) => ({
      name: s.name,
      quoteNumber: `GL${String(i).padStart(4, '0')}`,
      state: s.state,
      customerId: s.customer === null ? null : 7,
      customerName: s.customer,
      totalPrice: s.total,
      updatedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
    })),
  );
}, 60_000);
afterAll(() => t.close());

const cents = (s: string) => Math.round(Number(s) * 100);
const sum = (list: Seed[]) => (list.reduce((a, s) => a + cents(s.total), 0) / 100).toFixed(2);

describe('GET /api/sales/groups (paged by groups)', () => {
  it('page 1 shows every status group, in lifecycle order, with the count and total of all its sales', async () => {
    const page = await api(t).ok<SalesGroupsPageDto>(
      'GET',
      '/api/sales/groups?groupBy=state&pageSize=20',
      tokens.viewer,
    );
    expect(page.groupBy).toBe('state');
    expect(page.total).toBe(5);
    expect(page.sales).toBe(seeded.length);
    expect(page.groups.map((g) => g.label)).toEqual(['Quote', 'Quote Sent', 'Sale Order', 'Locked', 'Cancelled']);
    for (const g of page.groups) {
      const own = seeded.filter((s) => s.state === g.value);
      expect(g, g.label).toEqual({
        key: g.value,
        value: g.value,
        label: g.label,
        count: own.length,
        total_price: sum(own),
      });
    }
    expect(page.groups.at(-1)).toMatchObject({ label: 'Cancelled', count: 40 });
  });

  it('the page size counts groups: pages hold that many groups, and the last page the rest', async () => {
    const a = api(t);
    const pages = await Promise.all(
      [0, 1, 2, 3].map((p) =>
        a.ok<SalesGroupsPageDto>('GET', `/api/sales/groups?groupBy=state&pageSize=2&page=${p}`, tokens.viewer),
      ),
    );
    expect(pages.map((p) => p.groups.map((g) => g.value))).toEqual([
      ['draft', 'sent'],
      ['sale', 'done'],
      ['cancel'],
      [],
    ]);
    // A page past the last group still says how many groups and sales there are.
    expect(pages.map((p) => [p.total, p.sales])).toEqual(Array(4).fill([5, seeded.length]));
  });

  it('groups by client, the sales without one (none or an empty name) in one last group "No client"', async () => {
    const page = await api(t).ok<SalesGroupsPageDto>('GET', '/api/sales/groups?groupBy=customer', tokens.viewer);
    expect(page.groups.map((g) => g.label)).toEqual(['Acme 0', 'Acme 1', 'Acme 2', 'Zed', 'No client']);
    const none = page.groups.at(-1)!;
    const without = seeded.filter((s) => !s.customer);
    expect(none).toEqual({
      key: '',
      value: null,
      label: 'No client',
      count: without.length,
      total_price: sum(without),
    });
  });

  it("applies the list's filters, and its sort: by the grouped column turns the order round, by total orders groups by their totals", async () => {
    const a = api(t);
    const searched = await a.ok<SalesGroupsPageDto>(
      'GET',
      '/api/sales/groups?groupBy=state&search=sent',
      tokens.viewer,
    );
    expect(searched.groups.map((g) => [g.value, g.count])).toEqual([['sent', 2]]);
    const filtered = await a.ok<SalesGroupsPageDto>(
      'GET',
      '/api/sales/groups?groupBy=customer&state=cancel',
      tokens.viewer,
    );
    expect(filtered.groups.map((g) => g.count)).toEqual([14, 13, 13]);
    const reversed = await a.ok<SalesGroupsPageDto>(
      'GET',
      '/api/sales/groups?groupBy=state&sort=state&direction=desc',
      tokens.viewer,
    );
    expect(reversed.groups.map((g) => g.value)).toEqual(['cancel', 'done', 'sale', 'sent', 'draft']);
    const byTotal = await a.ok<SalesGroupsPageDto>(
      'GET',
      '/api/sales/groups?groupBy=state&sort=total_price&direction=desc',
      tokens.viewer,
    );
    const totals = byTotal.groups.map((g) => Number(g.total_price));
    expect(totals).toEqual([...totals].sort((x, y) => y - x));
  });

  it('refuses an unknown grouping, and a list page that names only one of groupBy and group', async () => {
    const a = api(t);
    expectProblem(await a.get('/api/sales/groups?groupBy=name', tokens.viewer), 400);
    expectProblem(await a.get('/api/sales/groups', tokens.viewer), 400);
    expectProblem(await a.get('/api/sales?groupBy=state', tokens.viewer), 400);
    expectProblem(await a.get('/api/sales?group=cancel', tokens.viewer), 400);
  });
});

describe("GET /api/sales?groupBy=…&group=… (a group's sales)", () => {
  type Page = { items: SaleListItemDto[]; total: number };

  it("answers only that group's sales, paged within the group, with the list's sort", async () => {
    const a = api(t);
    const url = (p: number) => `/api/sales?groupBy=state&group=cancel&sort=name&direction=asc&pageSize=15&page=${p}`;
    const pages = await Promise.all([0, 1, 2].map((p) => a.ok<Page>('GET', url(p), tokens.viewer)));
    expect(pages.map((p) => p.total)).toEqual([40, 40, 40]);
    expect(pages.map((p) => p.items.length)).toEqual([15, 15, 10]);
    const names = pages.flatMap((p) => p.items.map((i) => i.name));
    expect(names).toEqual(
      seeded
        .filter((s) => s.state === 'cancel')
        .map((s) => s.name)
        .sort(),
    );
    expect(pages.flatMap((p) => p.items).every((i) => i.state === 'cancel')).toBe(true);
  });

  it("the sales without a client are the group keyed '' (no client or an empty name); filters apply", async () => {
    const a = api(t);
    const none = await a.ok<Page>('GET', '/api/sales?groupBy=customer&group=&pageSize=100', tokens.viewer);
    expect(none.items.map((i) => i.name).sort()).toEqual(
      seeded
        .filter((s) => !s.customer)
        .map((s) => s.name)
        .sort(),
    );
    const zed = await a.ok<Page>('GET', '/api/sales?groupBy=customer&group=Zed&state=done', tokens.viewer);
    expect(zed.items.map((i) => i.name).sort()).toEqual(['done 1', 'done 2', 'done 3']);
    expect(zed.total).toBe(3);
  });
});

describe('PUT /api/users/:id/preferences/sales-list', () => {
  const userOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;

  it('keeps the grouping, sort and page size with the user, beside the display preferences', async () => {
    const a = api(t);
    const id = userOf(tokens.editor);
    const wanted = { groupBy: 'state', sort: 'total_price', direction: 'asc', pageSize: 50 };
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}/preferences/sales-list`,
      headers: { authorization: `Bearer ${tokens.editor}` },
      payload: wanted,
    });
    expect(res.statusCode, res.body).toBe(200);
    await a.ok('POST', `/api/users/darkmode/${id}/false`, tokens.editor);
    const user = await a.ok<User>('GET', `/api/users/${id}`, tokens.editor);
    expect(user.preferences).toEqual({ darkMode: false, wideScreen: false, discreteMode: false, salesList: wanted });
  });

  it.each([
    [{ groupBy: 'name', sort: null, direction: 'asc', pageSize: 20 }, 'groupBy'],
    [{ groupBy: null, sort: 'colour', direction: 'asc', pageSize: 20 }, 'sort'],
    [{ groupBy: null, sort: null, direction: 'up', pageSize: 20 }, 'direction'],
    [{ groupBy: null, sort: null, direction: 'asc', pageSize: 30 }, 'pageSize'],
    [{ groupBy: null, sort: null, direction: 'asc', pageSize: 20, extra: 1 }, 'extra'],
    [{ groupBy: null, sort: null, pageSize: 20 }, 'direction'],
  ])('refuses %j, naming the field, and keeps what was saved', async (body, field) => {
    const id = userOf(tokens.full);
    const put = (payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/users/${id}/preferences/sales-list`,
        headers: { authorization: `Bearer ${tokens.full}` },
        payload: payload as object,
      });
    const saved = { groupBy: 'customer', sort: null, direction: 'desc', pageSize: 100 };
    expect((await put(saved)).statusCode).toBe(200);
    const problem = expectProblem(await put(body), 400) as unknown as { errors: Record<string, string> };
    expect(Object.keys(problem.errors ?? {})).toContain(field);
    const user = await api(t).ok<User>('GET', `/api/users/${id}`, tokens.full);
    expect(user.preferences.salesList).toEqual(saved);
  });
});
