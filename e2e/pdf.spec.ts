// The customer PDF in the browser (docs/product/screens.md#pdf-preview): a quote of three sections; in Preview PDF one
// section is set to Quantities only and one to Optional (the editor's own edits, kept with the sale), the preview is
// drawn again, Download saves it, and the downloaded PDF read with pdftotext shows exactly that: quantities without
// prices in the one, the other under "Optional" after the total, which leaves it out.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { SaleDto } from '@quotewright/contracts';
import { formatMoney } from '@quotewright/domain';
import {
  ADMIN,
  adminHeaders,
  createSaleViaApi,
  ensureErpData,
  expectNoA11yViolations,
  findProducts,
  loginUi,
} from './helpers';

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  await ensureErpData(request);
});
test.describe.configure({ timeout: 180_000 });

test('set presentations in the preview, download, and the PDF reads as set', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const products = (await findProducts(request, { pageSize: 40 })).filter((p) => !p.is_bundle && p.active);
  const [p1, p2, p3] = products.filter((p, i, all) => all.findIndex((q) => q.name === p.name) === i);
  expect(p3, 'three active products with distinct models').toBeTruthy();
  const sale = await createSaleViaApi(request, `PDF ${Date.now().toString(36)}`, ['Desks', 'Cabling', 'Warranty']);
  const [desks, cabling, warranty] = sale.sections;
  for (const [section, product, quantity] of [
    [desks!, p1!, '2'],
    [cabling!, p2!, '25'],
    [warranty!, p3!, '1'],
  ] as const) {
    const res = await request.post(`/api/sales/lines/create/${sale._id}/${section._id}`, {
      headers,
      data: { lines: [{ product: product.id, quantity }], sequence: -1 },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }

  await loginUi(page, ADMIN.email, ADMIN.password);
  await page.goto(`/sale/${sale._id}`);
  await expect(page.getByTestId('section-row')).toHaveCount(3);
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: /Preview PDF/ }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`Preview PDF — ${sale.quote_number}`) });
  const frame = dialog.getByTitle(`PDF of ${sale.quote_number}`);
  await expect(frame).toHaveAttribute('data-version', /\d+/);
  const first = Number(await frame.getAttribute('data-version'));

  const choose = async (section: string, label: string) => {
    await dialog.getByRole('combobox', { name: section }).click();
    await page.getByRole('option', { name: label, exact: true }).click();
    await expect(dialog.getByRole('combobox', { name: section })).toHaveText(label);
  };
  await choose('Cabling', 'Quantities only');
  await choose('Warranty', 'Optional');
  // Drawn again for the sale as it is now (two edits later).
  await expect(frame).toHaveAttribute('data-version', String(first + 2));
  await expectNoA11yViolations(page, { include: '[role="dialog"]', exclude: ['iframe'] });

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const file = await (await downloading).path();
  const pdf = readFileSync(file);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf })
    .toString('utf8')
    .replace(/[ \t]+/g, ' ');

  const now = (await (await request.get(`/api/sales/${sale._id}`, { headers })).json()) as SaleDto;
  const [d, c, w] = now.sections;
  expect(now.sections.map((s) => s.presentation)).toEqual(['details', 'quantities', 'optional']);
  const priceOf = (s: typeof d) => formatMoney(s!.lines[0]!.price);
  expect(text).toContain(`Quote ${sale.quote_number}`);
  // Details: its line with its price; Quantities only: the quantity, not the price; both counted in the total.
  expect(text).toContain(priceOf(d));
  expect(text).toMatch(/ 25\n/);
  expect(text).not.toContain(priceOf(c));
  expect(text).toContain(`Subtotal ${formatMoney(c!.pricing.total_price)}`);
  expect(text).toContain(`Untaxed total ${formatMoney(now.pricing.total_price)}`);
  // Optional: after the total, with its own subtotal, not in the total.
  const optional = text.indexOf('Optional\n');
  expect(optional).toBeGreaterThan(text.indexOf('Untaxed total'));
  expect(text.slice(optional)).toContain('Warranty');
  expect(text.slice(optional)).toContain(`Subtotal ${formatMoney(w!.pricing.total_price)}`);
  expect(Number(now.pricing.total_price)).toBeCloseTo(
    Number(d!.pricing.total_price) + Number(c!.pricing.total_price),
    2,
  );
  expect(text).toMatch(/Page 1 of 1/);
});
