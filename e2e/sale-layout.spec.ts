// Product list placement (normal, widescreen, separate window), the info panel's edit/save/collapse, section
// rename and duplicate, and a sale linked to the ERP.
import { expect, type Page, test } from '@playwright/test';
import {
  adminHeaders,
  createSaleViaApi,
  ensureErpData,
  expectNoA11yViolations,
  findProducts,
  shot,
  signInAsNewUser,
} from './helpers';

async function openSection(page: Page, name: string) {
  await page.getByTestId('section-row').filter({ hasText: name }).getByText(name, { exact: true }).click();
  await expect(page.getByTestId('lines-title')).toHaveText(name);
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  await ensureErpData(request);
});

test('info panel edit and collapse; section rename and duplicate', async ({ page, request }) => {
  const sale = await createSaleViaApi(request, 'E2E Layout Quote', ['Hardware', 'Services']);
  await signInAsNewUser(page, request, {
    prefix: 'layout-editor',
    name: 'Lee Layout',
    password: 'Layout-pass-1',
    modules: { sales: { enabled: true, level: 'editor' } },
  });
  await page.goto(`/sale/${sale._id}`);
  const panel = page.getByTestId('info-panel');
  await expect(panel).toHaveAttribute('data-expanded', 'true');
  await expect(panel.getByRole('textbox', { name: 'Name' })).toBeDisabled();
  await panel.getByRole('button', { name: 'Edit' }).click();
  await panel.getByRole('textbox', { name: 'Name' }).fill('E2E Layout Quote (rev 2)');
  await panel.getByLabel('Customer').fill('e');
  await page.getByRole('option').nth(1).click();
  // Cancel leaves edit mode without saving
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByRole('textbox', { name: 'Name' })).toHaveValue('E2E Layout Quote');
  await panel.getByRole('button', { name: 'Edit' }).click();
  await panel.getByRole('textbox', { name: 'Name' }).fill('E2E Layout Quote (rev 2)');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('sale-name')).toHaveText('E2E Layout Quote (rev 2)');
  // collapses 1.5 s after the save
  await expect(panel).toHaveAttribute('data-expanded', 'false', { timeout: 4000 });
  await expect(page).toHaveTitle('E2E Layout Quote (rev 2) (' + sale.quote_number + ') | Quotewright');

  const rows = page.getByTestId('section-row');
  await rows.filter({ hasText: 'Hardware' }).getByRole('button', { name: 'Rename' }).click();
  await page.getByLabel('Section name').fill('Devices');
  await page.getByLabel('Section name').press('Enter');
  await expect(rows.nth(0)).toHaveAttribute('data-section-name', 'Devices');
  await rows.filter({ hasText: 'Services' }).getByRole('button', { name: 'Duplicate' }).click();
  await expect(rows).toHaveCount(3);
  const res = await request.get(`/api/sales/${sale._id}`, { headers: await adminHeaders(request) });
  const after = (await res.json()) as { name: string; sections: { name: string; show_details: boolean }[] };
  expect(after.name).toBe('E2E Layout Quote (rev 2)');
  expect(after.sections.map((s) => s.name)).toEqual(['Devices', 'Services', 'Services (copy)']);
  expect(after.sections.every((s) => s.show_details)).toBe(true);
});

test('product list above, beside in widescreen, or in its own window', async ({ page, request }) => {
  const sale = await createSaleViaApi(request, 'E2E Product List', ['Main']);
  const [product] = (await findProducts(request, { pageSize: 10 })).filter((p) => !p.is_bundle);
  await signInAsNewUser(page, request, {
    prefix: 'layout-products',
    name: 'Pia Products',
    password: 'Layout-pass-1',
    modules: { sales: { enabled: true, level: 'full_rights' } },
  });
  await page.goto(`/sale/${sale._id}`);

  // normal: above the sections, 5 per page
  const list = page.getByTestId('product-list-inline');
  await expect(list.getByTestId('product-row')).toHaveCount(5);
  const listBox = await list.boundingBox();
  const sectionsBox = await page.getByTestId('sections-table').boundingBox();
  expect(listBox!.y + listBox!.height).toBeLessThanOrEqual(sectionsBox!.y + 1);

  // widescreen: beside the sections, 20 per page
  await page.getByRole('button', { name: 'Display settings' }).click();
  await page.getByRole('menuitemcheckbox', { name: /Widescreen/ }).click();
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(list.getByTestId('product-row')).toHaveCount(20);
  const wideList = await list.boundingBox();
  const wideSections = await page.getByTestId('sections-table').boundingBox();
  expect(wideList!.x).toBeGreaterThan(wideSections!.x + wideSections!.width - 1);
  await expectNoA11yViolations(page);
  await shot(page, 'sale-editor-widescreen');

  // windowed: a separate 'Product List' window; Insert there adds to the open section
  await openSection(page, 'Main');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Product list in a window' }).click();
  const popup = await popupPromise;
  await expect(popup).toHaveTitle('Product List');
  await expect(page.getByTestId('product-list-inline')).toHaveCount(0);
  await popup.getByPlaceholder('Search products').fill(product!.name);
  const row = popup.getByTestId('product-row').filter({ hasText: product!.name });
  await expect(row).toHaveCount(1);
  await expect(popup.getByText('Rows per page')).toBeVisible();
  await shot(popup, 'product-list-window');
  await row.getByRole('button', { name: 'Insert' }).click();
  await expect(page.getByTestId('line-row')).toHaveCount(1);
  expect(await page.evaluate(() => window.localStorage.getItem('qw.productListWindowed'))).toBe('true');
  // closing the window docks the list again
  await popup.close();
  await expect(page.getByTestId('product-list-inline')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('qw.productListWindowed'))).toBe('false');
});

test('a sale fetched from the ERP: labels, linked actions, no editing once confirmed', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const list = await (
    await request.get('/api/sales?state=sale&pageSize=5&sort=quote_number&direction=asc', { headers })
  ).json();
  const linked = list.items[0] as { _id: string; order_number: string };
  expect(linked, 'the demo ERP has confirmed sales').toBeTruthy();
  await signInAsNewUser(page, request, {
    prefix: 'layout-linked',
    name: 'Olly Odoo',
    password: 'Layout-pass-1',
    modules: { sales: { enabled: true, level: 'full_rights' } },
  });
  await page.getByRole('button', { name: 'Show/Hide search' }).click();
  await page.getByPlaceholder('Search').fill(linked.order_number);
  await page.getByTestId('sale-row').filter({ hasText: linked.order_number }).first().click();
  await expect(page).toHaveURL(new RegExp(`/sale/${linked._id}$`));
  await expect(page.getByTestId('state-chip')).toHaveText('Sale Order');
  // not editable: no pencil, no Add Section, no product list; the sync button opens the ERP instead
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Section' })).toHaveCount(0);
  await expect(page.getByTestId('product-list-inline')).toHaveCount(0);
  const open = page.getByTestId('sync-button');
  await expect(open).toHaveText('Open in Odoo');
  const popupPromise = page.waitForEvent('popup');
  await open.click();
  const popup = await popupPromise;
  await expect.poll(() => popup.url()).toMatch(/^https?:\/\/.+/);
  const { url } = await (await request.get(`/api/sales/odoo/url/${linked._id}`, { headers })).json();
  // (with the built-in demo ERP the link is a page of this app: a path on its own address)
  expect(popup.url()).toBe(new URL(url, page.url()).href);
  await expectNoA11yViolations(page);
  await shot(page, 'sale-editor-linked');
});
