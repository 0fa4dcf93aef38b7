// The sales list grouped: a page shows groups (not sales), each with its count and total; a group expands to its own
// sales; the grouping, sort and page size stay with the user (a reload, or another browser, shows the same list).
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminHeaders, ensureErpData, loginUi, shot, signInAsNewUser } from './helpers';

interface Group {
  key: string;
  label: string;
  count: number;
  total_price: string;
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(150_000);
  // The demo ERP's 240 orders: 40 of them cancelled (the first page of sales used to be nothing but those).
  await ensureErpData(request);
});

async function groupsOf(request: APIRequestContext, query: string): Promise<{ groups: Group[]; sales: number }> {
  const res = await request.get(`/api/sales/groups?${query}`, { headers: await adminHeaders(request) });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

const money = (s: string) =>
  `$${Number(s).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function openColumnMenu(page: Page, header: string) {
  const column = page.getByRole('columnheader').filter({ hasText: header }).first();
  await column.hover();
  await column.getByRole('button', { name: /column actions/i }).click();
}

/** The list as the user left it: grouped by status, sorted by total (high first), 50 a page. */
async function expectLeftAsIs(page: Page, statuses: Group[]) {
  const groupRows = page.getByTestId('group-row');
  await expect(groupRows).toHaveCount(statuses.length);
  for (const [i, g] of statuses.entries()) {
    await expect(groupRows.nth(i)).toHaveAttribute('data-group-key', g.key);
    await expect(groupRows.nth(i).getByTestId('group-summary')).toHaveText(
      `${g.count} ${g.count === 1 ? 'sale' : 'sales'} · ${money(g.total_price)}`,
    );
  }
  await expect(page.getByRole('columnheader', { name: /^Total/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('combobox', { name: /rows per page/i })).toHaveText('50');
}

test('grouped by status, page 1 shows every status with its count; a group expands; a reload keeps grouping, sort and page size', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const headers = await adminHeaders(request);
  // A quote saved with a customer but no name is listed as 'Untitled quote'.
  const untitled = await request.post('/api/sales', { headers, data: { customer: { id: 1, name: 'Nameless Ltd' } } });
  expect(untitled.status(), await untitled.text()).toBe(201);
  const untitledSale = (await untitled.json()) as { order_number?: string; quote_number: string };

  const user = await signInAsNewUser(page, request, {
    prefix: 'grouped-list',
    name: 'Greta Groups',
    password: 'Groups-pass-1',
    modules: { sales: { enabled: true, level: 'viewer' } },
  });
  await expect(page.getByTestId('sale-row').first()).toBeVisible();

  // Group by status: the page holds groups, all five statuses on page 1, each with its whole count and total.
  await openColumnMenu(page, 'Status');
  await page.getByRole('menuitem', { name: /group by status/i }).click();
  const byState = await groupsOf(request, 'groupBy=state&page=0&pageSize=20');
  expect(byState.groups.map((g) => g.label)).toEqual(['Quote', 'Quote Sent', 'Sale Order', 'Locked', 'Cancelled']);
  expect(byState.groups.find((g) => g.key === 'cancel')?.count).toBe(40);
  const groupRows = page.getByTestId('group-row');
  await expect(groupRows).toHaveCount(5);
  for (const [i, g] of byState.groups.entries()) {
    await expect(groupRows.nth(i)).toContainText(g.label);
    await expect(groupRows.nth(i).getByTestId('group-summary')).toContainText(`${g.count} sales`);
  }
  await expect(page.getByTestId('groups-count')).toHaveText(`5 groups · ${byState.sales} sales`);
  await expect(page.getByTestId('sale-row')).toHaveCount(0);
  await shot(page, 'sales-list-grouped-by-status');

  // Sort by total, high first, and show 50 a page: the groups follow their totals.
  const total = page.getByRole('columnheader', { name: /^Total/ });
  await openColumnMenu(page, 'Total');
  await page.getByRole('menuitem', { name: /sort by total descending/i }).click();
  await expect(total).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('combobox', { name: /rows per page/i }).click();
  await page.getByRole('option', { name: '50', exact: true }).click();
  const sorted = await groupsOf(request, 'groupBy=state&page=0&pageSize=50&sort=total_price&direction=desc');
  await expectLeftAsIs(page, sorted.groups);

  // Expand the cancelled sales: the group's own sales, highest total first, all of them cancelled.
  await page.getByRole('button', { name: 'Show the sales of Cancelled' }).click();
  const saleRows = page.getByTestId('sale-row');
  await expect(saleRows).toHaveCount(40);
  const cancelled = await request.get(
    '/api/sales?groupBy=state&group=cancel&page=0&pageSize=50&sort=total_price&direction=desc',
    { headers },
  );
  const items = ((await cancelled.json()) as { items: { order_number: string; state: string }[] }).items;
  expect(items.every((s) => s.state === 'cancel')).toBe(true);
  await expect(saleRows.first()).toContainText(items[0]!.order_number);
  await expect(saleRows.last()).toContainText(items.at(-1)!.order_number);
  await shot(page, 'sales-list-group-expanded');
  await page.getByRole('button', { name: 'Hide the sales of Cancelled' }).click();
  await expect(saleRows).toHaveCount(0);

  // A reload shows the same list: grouping, sort and page size come from the server.
  await page.reload();
  await expectLeftAsIs(page, sorted.groups);

  // So does another browser.
  const other = await browser.newContext();
  const second = await other.newPage();
  await loginUi(second, user.email, user.password);
  await expectLeftAsIs(second, sorted.groups);
  await other.close();

  // Ungrouped again, the nameless quote reads 'Untitled quote'.
  // (the grouped column is folded into the group rows: ungrouping is the "Grouped by Status" chip's delete)
  await page.locator('.MuiChip-root', { hasText: 'Status' }).locator('.MuiChip-deleteIcon').click();
  await expect(page.getByTestId('group-row')).toHaveCount(0);
  await page.getByRole('button', { name: /show\/hide search/i }).click();
  await page.getByPlaceholder('Search').fill(untitledSale.quote_number);
  const row = page.getByTestId('sale-row').filter({ hasText: untitledSale.order_number ?? untitledSale.quote_number });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Untitled quote')).toHaveCSS('font-style', 'italic');
  await shot(page, 'sales-list-untitled-quote');
});
