// Values in the lines table: a refused value stays in its cell with the reason beside it (never a toast over the
// product list's search box), negative and zero values carry a warning the checks list too, and a new quote asks
// for a name or a customer before its first save.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN, adminHeaders, createSaleViaApi, ensureErpData, findProducts, loginUi, shot } from './helpers';

let saleId = '';
let sectionId = '';

const row = (page: Page) => page.getByTestId('line-row').first();
const cell = (page: Page, column: string) => row(page).locator(`[data-column="${column}"]`);

/** Whether two elements' boxes overlap on screen. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const x = await a.boundingBox();
  const y = await b.boundingBox();
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

async function editCell(page: Page, label: string, text: string) {
  await row(page)
    .getByRole('button', { name: `Edit ${label}` })
    .dblclick();
  const input = row(page).getByRole('textbox', { name: label });
  await input.fill(text);
  await input.press('Enter');
  return input;
}

test.describe
  .serial('values in the lines table', () => {
    test.beforeAll(async ({ request }) => {
      test.setTimeout(120_000);
      await ensureErpData(request);
      const product = (await findProducts(request, { pageSize: 40 })).find((p) => !p.is_bundle && p.active);
      expect(product).toBeDefined();
      const sale = await createSaleViaApi(request, 'E2E values', ['Main']);
      saleId = sale._id;
      sectionId = sale.sections[0]!._id;
      const res = await request.post(`/api/sales/lines/create/${saleId}/${sectionId}`, {
        headers: await adminHeaders(request),
        data: { lines: [{ product: product!.id, quantity: '1' }] },
      });
      expect(res.ok(), await res.text()).toBeTruthy();
    });

    test('a refused value stays in its cell with the reason beside it; no toast over the search box', async ({
      page,
    }) => {
      await loginUi(page, ADMIN.email, ADMIN.password);
      await page.goto(`/sale/${saleId}?section=${sectionId}`);
      const search = page.getByPlaceholder('Search products');
      await expect(search).toBeVisible();
      await expect(row(page)).toBeVisible();

      // refused before it is sent: not a number
      const qty = await editCell(page, 'Qty', '2x');
      await expect(qty).toBeVisible();
      await expect(qty).toHaveValue('2x');
      await expect(qty).toHaveAttribute('aria-invalid', 'true');
      const reason = page.getByTestId('cell-error');
      await expect(reason).toContainText('Enter a number');
      await expect(page.getByTestId('snackbar')).toHaveCount(0);
      expect(await overlap(reason, search)).toBe(false);
      await shot(page, 'cell-refused-value');

      // corrected and sent with Enter: a negative quantity is allowed, with a warning sign and its tooltip
      await qty.fill('-2');
      await qty.press('Enter');
      await expect(reason).toHaveCount(0);
      await expect(cell(page, 'quantity')).toContainText('-2');
      const sign = cell(page, 'quantity').getByTestId('value-warning');
      await expect(sign).toHaveAttribute('data-warning-code', 'NEGATIVE_QUANTITY');
      await sign.hover();
      await expect(page.getByRole('tooltip')).toHaveText(
        'Negative quantity: the customer will see -2. Intended for a return or a trade-in?',
      );
      await page.mouse.move(0, 0);

      // refused by the server: a markup that makes the price too large for its column
      await editCell(page, 'Cost', '999999999');
      await expect(cell(page, 'cost')).toContainText('$999,999,999.00');
      const markup = await editCell(page, 'Markup %', '999999');
      await expect(reason).toContainText('Price is out of range');
      await expect(markup).toHaveValue('999999');
      await expect(page.getByTestId('snackbar')).toHaveCount(0);
      expect(await overlap(reason, search)).toBe(false);
      // Escape keeps the saved value
      await markup.press('Escape');
      await expect(reason).toHaveCount(0);
      await expect(row(page).getByRole('textbox')).toHaveCount(0);
      await expect(cell(page, 'price')).not.toContainText('999,999');
    });

    test('the validity check lists the values to check, without failing', async ({ page }) => {
      await loginUi(page, ADMIN.email, ADMIN.password);
      await page.goto(`/sale/${saleId}`);
      await page.getByRole('button', { name: 'Check Products' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('All order lines appear to have valid products!');
      await expect(dialog.getByTestId('sale-warning')).toContainText('Negative quantity: the customer will see -2.');
      await expect(dialog.getByTestId('sale-warning')).toContainText('Section 1 (Main), line 1');
    });

    test('a new quote asks for a name (or a customer) before its first save', async ({ page }) => {
      await loginUi(page, ADMIN.email, ADMIN.password);
      await page.getByRole('button', { name: 'New Quote' }).click();
      await expect(page).toHaveURL(/\/sale$/);
      await page.getByRole('button', { name: 'Save' }).click();
      const ask = page.getByRole('dialog', { name: 'Name this quote' });
      await expect(ask).toContainText('A quote needs a name or a customer');
      await ask.getByRole('textbox', { name: 'Quote name' }).fill('E2E named when asked');
      await ask.getByRole('textbox', { name: 'Quote name' }).press('Enter');
      await expect(page).toHaveURL(/\/sale\/[0-9a-f-]{36}$/);
      await expect(page.getByTestId('sale-name')).toHaveText('E2E named when asked');
    });
  });
