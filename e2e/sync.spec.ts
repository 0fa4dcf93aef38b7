// Publishing a quote to the ERP (docs/product/screens.md#sync-button): the check dialog previews the new order, the
// run's progress arrives live on the sale's socket, and the button ends 'Synced' (the demo app runs the in-process Odoo
// simulator).
import { expect, test } from '@playwright/test';
import {
  ADMIN,
  adminHeaders,
  createSaleViaApi,
  ensureErpData,
  expectNoA11yViolations,
  findProducts,
  loginUi,
  shot,
} from './helpers';

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  await ensureErpData(request);
});

test('publishing a small quote: check, confirm, live progress, Synced', async ({ page, request }) => {
  test.setTimeout(120_000);
  const headers = await adminHeaders(request);
  const sale = await createSaleViaApi(request, 'E2E Publish Quote', ['Main']);
  const customers = (await (await request.get('/api/partners/customers', { headers })).json()) as {
    id: number;
    name: string;
  }[];
  const customer = customers[0]!;
  const header = await request.post(`/api/sales/${sale._id}`, {
    headers,
    data: { customer: { id: customer.id, name: customer.name } },
  });
  expect(header.ok(), await header.text()).toBeTruthy();
  const products = (await findProducts(request, { pageSize: 20 })).filter((p) => !p.is_bundle && p.active);
  const lines = await request.post(`/api/sales/lines/create/${sale._id}/${sale.sections[0]!._id}`, {
    headers,
    data: { lines: products.slice(0, 2).map((p) => ({ product: p.id, quantity: '2' })), sequence: -1 },
  });
  expect(lines.ok(), await lines.text()).toBeTruthy();

  await loginUi(page, ADMIN.email, ADMIN.password);
  await page.goto(`/sale/${sale._id}`);
  const button = page.getByTestId('sync-button');
  await expect(button).toHaveText('Publish to Odoo');
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Publish to Odoo' });
  await expect(dialog.getByTestId('sync-preview-action')).toHaveText('A new order will be created in Odoo.');
  await expect(dialog.getByTestId('sync-problem')).toHaveCount(0);
  await expectNoA11yViolations(page);
  await shot(page, 'sync-check');
  // Every label the button shows from here on: it goes from the progress straight to Synced.
  await page.evaluate(() => {
    const w = window as unknown as { syncLabels: string[] };
    w.syncLabels = [];
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="sync-button"]')?.textContent ?? '';
      if (w.syncLabels.at(-1) !== text) w.syncLabels.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await dialog.getByTestId('sync-start').click();
  await expect(dialog).toBeHidden();
  await expect(button).toHaveText('Synced', { timeout: 60_000 });
  const labels = await page.evaluate(() => (window as unknown as { syncLabels: string[] }).syncLabels);
  expect(labels.some((l) => l.startsWith('Syncing'))).toBe(true);
  expect(labels).not.toContain('Sync Changes');
  await expect(page.getByTestId('sync-synced')).toHaveText('Sale is synced with Odoo');

  // The sale is linked now: the side menu's status dialog names the ERP order.
  await page.getByTestId('sync-menu-button').click();
  await page.getByRole('menuitem', { name: 'Sync Status' }).click();
  await expect(page.getByTestId('sync-status-dialog')).toContainText('StateSynced');
  await expect(page.getByTestId('sync-status-dialog')).toContainText(/Odoo order\S+/);
  await shot(page, 'sync-status');
  await page.getByRole('button', { name: 'Close' }).click();

  // Open in Odoo: the built-in demo ERP has no screens of its own, so the order opens on the app's own address,
  // read-only, with the lines the publish wrote.
  const linked = (await (await request.get(`/api/sales/${sale._id}`, { headers })).json()) as {
    odoo_id: number;
    odoo_name: string;
  };
  await page.getByTestId('sync-menu-button').click();
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('menuitem', { name: 'Open in Odoo' }).click();
  const popup = await popupPromise;
  await expect.poll(() => new URL(popup.url()).pathname).toBe(`/erp/orders/${linked.odoo_id}`);
  expect(new URL(popup.url()).origin).toBe(new URL(page.url()).origin);
  await expect(popup.getByRole('heading', { name: linked.odoo_name })).toBeVisible();
  await expect(popup.getByTestId('erp-order-demo')).toContainText('built-in demo ERP');
  await expect(popup.getByTestId('erp-order-state')).toHaveText('Quotation');
  const section = popup.getByTestId('erp-order-section').filter({ has: popup.getByRole('heading', { name: 'Main' }) });
  const rows = section.locator('[data-testid="erp-order-line"][data-kind="product"]');
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) await expect(row.getByRole('cell').nth(1)).toHaveText(/^2\b/);
  await expect(popup.getByTestId('erp-order-totals')).toContainText('Total');
  await shot(popup, 'erp-order');
  await popup.close();

  // After a reload the state comes from the server.
  await page.reload();
  await expect(page.getByTestId('sync-button')).toHaveText('Synced');
});
