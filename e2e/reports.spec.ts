// Accounting and inventory reports on the demo ERP (docs/product/screens.md#analytic-account-summary and below): an
// accounting user runs the analytic summary and exports the journal items, an inventory user browses the stock and
// downloads stockreport.xlsx. The downloads are read back with exceljs.
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectNoA11yViolations, shot, signInAsNewUser } from './helpers';

const PASSWORD = 'Reports-pass-1';

async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), click()]);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  return { name: download.suggestedFilename(), wb };
}
const headerOf = (ws: ExcelJS.Worksheet) => (ws.getRow(1).values as unknown[]).slice(1);

test('an accounting user runs the analytic summary and exports the journal items', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signInAsNewUser(page, request, {
    prefix: 'accounting',
    name: 'Alice Accounts',
    password: PASSWORD,
    modules: { accounting: { enabled: true, level: 'viewer' } },
  });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Analytic Report' }).click();
  await expect(page).toHaveURL(/\/analyticreport$/);
  await expect(page.getByText(/Not loaded/)).toBeVisible();
  await page.getByRole('button', { name: 'Run Report' }).click();
  const rows = page.getByTestId('analytic-row').filter({ hasText: /\S/ });
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('margin-chart')).toBeVisible();
  // every row on one page (the largest page size), to count them
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '1000' }).click();
  const filtered = await rows.count();
  expect(filtered).toBeGreaterThan(0);
  // turning the client and sales filters off shows more accounts, without running the report again
  let fetched = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/accounting/reports/')) fetched++;
  });
  await page.getByLabel('Filter Clients').click();
  await page.getByLabel('Filter Sales').click();
  await expect.poll(() => rows.count()).toBeGreaterThan(filtered);
  expect(fetched).toBe(0);
  // a row expands into its sale orders
  await rows
    .first()
    .getByRole('button', { name: /expand/i })
    .click();
  await expect(
    page.getByRole('table', { name: 'Sale orders' }).or(page.getByText('No sale orders for this account.')).first(),
  ).toBeVisible();
  // changing the entries marks the report not loaded
  await page.getByLabel('Entries').click();
  await page.getByRole('option', { name: 'Both' }).click();
  await expect(page.getByText(/Not loaded/)).toBeVisible();
  await page.getByRole('button', { name: 'Run Report' }).click();
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await expectNoA11yViolations(page);
  await shot(page, 'reports-analytic');

  await nav.getByRole('link', { name: 'Journal Items' }).click();
  await expect(page).toHaveURL(/\/journalitems$/);
  const company = page.getByLabel('Company');
  await expect(company).toHaveText('Quotewright Demo Inc.');
  await expectNoA11yViolations(page);
  const { name, wb } = await downloaded(page, () => page.getByRole('button', { name: 'Run Report' }).click());
  expect(name).toBe('journalitems.xlsx');
  const ws = wb.getWorksheet('Journal Items')!;
  expect(headerOf(ws).slice(0, 5)).toEqual(['Date', 'Journal Entry', 'Journal', 'Account Code', 'Account']);
  expect(ws.actualRowCount).toBeGreaterThan(1);
  expect(ws.getRow(2).getCell(1).value).toBeInstanceOf(Date);
  await shot(page, 'reports-journal-items');
});

test('an inventory user browses stock by location and by product and downloads stockreport.xlsx', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signInAsNewUser(page, request, {
    prefix: 'inventory',
    name: 'Ivan Inventory',
    password: PASSWORD,
    modules: { inventory: { enabled: true, level: 'viewer' } },
  });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Stock by Location' }).click();
  await expect(page.getByRole('heading', { name: 'Stock by Location' })).toBeVisible();
  // grouped by company, expanded: a location row opens its quants
  await expect(page.getByText('WH/Stock', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  const location = page.locator('tr', { hasText: 'WH/Stock' }).filter({ hasNotText: 'Shelf' }).first();
  await location
    .getByRole('button', { name: /expand/i })
    .last()
    .click();
  await expect(page.getByTestId('stock-quant').first()).toBeVisible();
  await expectNoA11yViolations(page);
  const { name, wb } = await downloaded(page, () => page.getByRole('button', { name: 'Download Report' }).click());
  expect(name).toBe('stockreport.xlsx');
  expect(headerOf(wb.getWorksheet('By Location')!)).toEqual([
    'Location',
    'Full Name',
    'Type',
    'Company',
    'Product',
    'Lot/Serial',
    'Reserved',
    'On Hand',
  ]);
  expect(headerOf(wb.getWorksheet('By Product')!)).toContain('Total Liability');
  await shot(page, 'reports-stock-location');

  await nav.getByRole('link', { name: 'Stock by Product' }).click();
  await expect(page.getByTestId('total-liability')).toHaveText(/Total Liability: \$[\d,]+\.\d\d/, { timeout: 30_000 });
  await expect(
    page.getByRole('button', { name: 'Rows per page' }).or(page.getByLabel('Rows per page')).first(),
  ).toContainText('20');
  await expectNoA11yViolations(page);
  await shot(page, 'reports-stock-product');
});
