// An edit shows at once, as a person sees it: the server's answer to the edit is held back (the request waits in
// the browser until the test lets it go), and meanwhile the cell, the line's subtotal, the section's totals and the
// drawer's sale total already show the new figures — computed in the browser with the server's own pricing code.
// Once the answer is let through, the figures stay (the server computed the same) and the sale holds the value.

import { expect, test } from '@playwright/test';
import type { SaleDto } from '@quotewright/contracts';
import { formatMoney, lineMetrics, salePricing, sectionPricing } from '@quotewright/domain';
import { ADMIN, adminHeaders, createSaleViaApi, ensureErpData, findProducts, loginUi } from './helpers';

test('an edit shows its value and the new totals before the server answers', async ({ page, request }) => {
  test.setTimeout(120_000);
  await ensureErpData(request);
  const headers = await adminHeaders(request);
  const products = (await findProducts(request, { pageSize: 40 })).filter((p) => !p.is_bundle && p.active);
  expect(products.length).toBeGreaterThan(2);
  const created = await createSaleViaApi(request, 'E2E instant edit', ['Desks', 'Chairs']);
  for (const [i, s] of created.sections.entries()) {
    const res = await request.post(`/api/sales/lines/create/${created._id}/${s._id}`, {
      headers,
      data: { lines: products.slice(i, i + 3).map((p) => ({ product: p.id, quantity: '1' })) },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  const sale = (await (await request.get(`/api/sales/${created._id}`, { headers })).json()) as SaleDto;
  const section = sale.sections[0]!;
  const line = section.lines[0]!;

  // What the screen must show once the quantity is 7: computed here from the sale's stored values.
  const edited = sale.sections.map((s) => ({
    lines: s.lines.map((l) => (l._id === line._id ? { ...l, quantity: '7' } : l)),
  }));
  const lineSubtotal = formatMoney(lineMetrics({ ...line, quantity: '7' }).subtotal);
  const sectionTotal = formatMoney(sectionPricing(edited[0]!.lines).total_price);
  const saleTotal = formatMoney(salePricing(edited).total_price);
  expect(sectionTotal).not.toBe(formatMoney(section.pricing.total_price));

  await loginUi(page, ADMIN.email, ADMIN.password);
  await page.goto(`/sale/${sale._id}?section=${section._id}`);
  const row = page.locator(`[data-testid="line-row"][data-line-id="${line._id}"]`);
  await expect(row).toBeVisible({ timeout: 30_000 });

  // The edit's request waits in the browser until the figures have been checked.
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route('**/api/sales/lines/update/**', async (route) => {
    held++;
    await released;
    await route.continue();
  });

  await row.getByRole('button', { name: 'Edit Qty' }).dblclick();
  const input = row.getByRole('textbox', { name: 'Qty' });
  await input.fill('7');
  const answered = page.waitForResponse((r) => r.url().includes('/api/sales/lines/update/'));
  await input.press('Enter');

  await expect(row.locator('[data-column="quantity"]')).toHaveText('7');
  await expect(row.locator('[data-column="subtotal"]')).toHaveText(lineSubtotal);
  await expect(page.getByTestId('section-totals')).toContainText(sectionTotal);
  await expect(page.getByTestId('summary-total')).toHaveText(`Total ${saleTotal}`);
  // all of it while the server has not been asked yet
  expect(held).toBe(1);

  release();
  expect((await answered).ok()).toBeTruthy();
  await page.unroute('**/api/sales/lines/update/**');
  await expect(row.locator('[data-column="quantity"]')).toHaveText('7');
  await expect(page.getByTestId('section-totals')).toContainText(sectionTotal);
  await expect(page.getByTestId('summary-total')).toHaveText(`Total ${saleTotal}`);
  const stored = (await (await request.get(`/api/sales/${sale._id}`, { headers })).json()) as SaleDto;
  expect(stored.sections[0]!.lines[0]!.quantity).toBe('7');
  expect(formatMoney(stored.total_price)).toBe(saleTotal);
});
