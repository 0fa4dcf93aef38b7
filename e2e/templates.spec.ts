// Templates (issue 12): a full-rights user builds a template with a Based-on-Total line in the browser, applies it
// to a sale (merge, then overwrite), changes the template, refreshes the sale and removes the template again.
import { expect, type Page, test } from '@playwright/test';
import type { SaleDto, TemplateDto } from '@quotewright/contracts';
import {
  ADMIN,
  type ApiProduct,
  adminHeaders,
  createSaleViaApi,
  ensureErpData,
  findProducts,
  loginUi,
  shot,
} from './helpers';

let products: ApiProduct[] = [];

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  await ensureErpData(request);
  products = (await findProducts(request, { pageSize: 40 })).filter((p) => !p.is_bundle && p.active);
});

async function readSale(request: Parameters<typeof adminHeaders>[0], id: string): Promise<SaleDto> {
  return (await request.get(`/api/sales/${id}`, { headers: await adminHeaders(request) })).json();
}
async function readTemplate(request: Parameters<typeof adminHeaders>[0], id: string): Promise<TemplateDto> {
  return (await request.get(`/api/templates/${id}`, { headers: await adminHeaders(request) })).json();
}

async function templatesMenu(page: Page, item: string | RegExp) {
  await page.getByRole('button', { name: 'Templates', exact: true }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('build a template with a Based-on-Total line, apply, refresh and remove it on a sale', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const name = `E2E Kit ${Date.now()}`;
  const [p, q] = [products[0]!, products[1]!];
  await loginUi(page, ADMIN.email, ADMIN.password);

  // ── The list: create a template ──
  await page.goto('/templates');
  await page.getByRole('button', { name: 'New Template' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByTestId(`template-row-${name}`).click();
  await expect(page).toHaveURL(/\/template\/[0-9a-f-]{36}$/);
  const templateId = page.url().split('/').at(-1)!;
  await expect(page.getByText(`${name} Sections`)).toBeVisible();

  // ── The editor: a section, a product from the list, a Based-on-Total line ──
  await page.getByRole('button', { name: 'Add Section' }).click();
  await page.getByRole('textbox', { name: 'Section name' }).fill('Hardware');
  await page.getByRole('button', { name: 'Save' }).click();
  const row = page.getByTestId('template-section-Hardware');
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /expand/i }).click();
  const lines = page.getByTestId('template-lines-Hardware');
  await expect(lines).toBeVisible();
  const list = page.getByTestId('product-list-inline');
  await list.getByRole('button', { name: 'Insert' }).first().click();
  await expect(lines.getByTestId('template-line-0')).toBeVisible();
  // a second product (through the API), made a 10 % / 5 % Based-on-Total line in the browser
  const headers = await adminHeaders(request);
  const t0 = await readTemplate(request, templateId);
  const sectionId = t0.sections[0]!._id;
  await request.post(`/api/templates/lines/create/${templateId}/${sectionId}`, {
    headers,
    data: { lines: [{ product: q.id, quantity: 1 }] },
  });
  await page.reload();
  await page
    .getByTestId('template-section-Hardware')
    .getByRole('button', { name: /expand/i })
    .click();
  await page.getByTestId('template-line-1').click();
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit line' });
  await edit.getByLabel('Based on Total').check();
  await edit.getByLabel('Price %').fill('10');
  await edit.getByLabel('Cost %').fill('5');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('template-line-1')).toContainText('10.00%');
  await shot(page, 'template-editor');
  const built = await readTemplate(request, templateId);
  expect(built.sections[0]!.lines.map((l) => l.price_percentage_active)).toEqual([false, true]);
  const firstProduct = built.sections[0]!.lines[0]!;

  // ── Apply to a sale (merge) ──
  const sale = await createSaleViaApi(request, `E2E Template target ${Date.now()}`, ['Hardware']);
  await request.post(`/api/sales/lines/create/${sale._id}/${sale.sections[0]!._id}`, {
    headers,
    data: { lines: [{ product: p.id, quantity: 1 }] },
  });
  await page.goto(`/sale/${sale._id}`);
  await templatesMenu(page, 'Apply Template…');
  await page.getByRole('dialog').getByRole('combobox').click();
  await page.getByRole('option', { name }).click();
  await expect(page.getByLabel(/Hardware \(2 lines\)/)).toBeChecked();
  await page.getByRole('dialog').getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Template Added' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Template Added' }).getByRole('button').first().click();
  let now = await readSale(request, sale._id);
  expect(now.template_ids.map((x) => x._id)).toEqual([templateId]);
  expect(now.sections.map((s) => s.lines.length)).toEqual([3]);
  const pct = now.sections[0]!.lines[2]!;
  // 10 % of the section's other product lines, now money
  const base = now.sections[0]!.lines.slice(0, 2).reduce((sum, l) => sum + Number(l.subtotal), 0);
  expect(pct.price_percentage_active).toBe(false);
  expect(Number(pct.price)).toBeCloseTo(Math.round(base * 10) / 100, 2);

  // ── Overwrite replaces the section's lines ──
  await templatesMenu(page, 'Apply Template…');
  await page.getByRole('dialog').getByRole('combobox').click();
  await page.getByRole('option', { name }).click();
  await page.getByLabel('Overwrite').check();
  await page.getByRole('dialog').getByRole('button', { name: 'Apply', exact: true }).click();
  await page.getByRole('dialog', { name: 'Template Added' }).getByRole('button').first().click();
  now = await readSale(request, sale._id);
  expect(now.sections[0]!.lines.map((l) => l.product.id)).toEqual([firstProduct.product.id, q.id]);

  // ── The template changes; Refresh brings it in ──
  await request.post(`/api/templates/lines/update/${templateId}/${sectionId}`, {
    headers,
    data: [{ _id: firstProduct._id, quantity: 3 }],
  });
  await templatesMenu(page, `Refresh ${name}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('dialog', { name: 'Template Refreshed' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Template Refreshed' }).getByRole('button').first().click();
  now = await readSale(request, sale._id);
  expect(now.sections[0]!.lines[0]!.quantity).toBe('3');

  // ── Remove: the template's lines go, and the section they leave empty ──
  await templatesMenu(page, `Remove ${name}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('dialog', { name: 'Template Removed' })).toBeVisible();
  now = await readSale(request, sale._id);
  expect(now.sections).toEqual([]);
  expect(now.template_ids).toEqual([]);
  await shot(page, 'template-removed');
});

test('the template list asks before deleting', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const name = `E2E Delete me ${Date.now()}`;
  await request.post('/api/templates', { headers, data: { name } });
  await loginUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/templates');
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(page.getByText('Are you sure you want to delete the following template?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByTestId(`template-row-${name}`)).toHaveCount(0);
});

test('the document editor: a cover letter with bold text, saved, kept and printed first in the PDF', async ({
  page,
  request,
}) => {
  const sale = await createSaleViaApi(request, `E2E Document ${Date.now()}`);
  await loginUi(page, ADMIN.email, ADMIN.password);
  await page.goto(`/sale/${sale._id}`);
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: /Cover letter/ }).click();
  await expect(page).toHaveURL(new RegExp(`/sale/documents/${sale._id}$`));
  const editor = page.getByTestId('document-editor');
  await expect(editor).toHaveAttribute('contenteditable', 'true');
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await editor.click();
  await page.keyboard.type('Dear customer, ');
  const bold = page.getByRole('button', { name: 'Bold' });
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('thank you');
  await expect(editor.locator('b, strong')).toHaveText('thank you');
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'false');
  await save.click();
  await expect(page.getByTestId('snackbar')).toContainText('Cover letter saved');
  await expect(save).toBeDisabled();

  // Kept: a reload shows it, bold included.
  await page.reload();
  await expect(editor).toContainText('Dear customer, thank you');
  await expect(editor.locator('b')).toHaveText('thank you');
  const letter = await (
    await request.get(`/api/sales/${sale._id}/document`, { headers: await adminHeaders(request) })
  ).json();
  expect(letter.body).toEqual([[{ text: 'Dear customer, ' }, { text: 'thank you', bold: true }]]);
  const pdf = await request.get(`/api/sales/reports/${sale._id}`, { headers: await adminHeaders(request) });
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await shot(page, 'document-editor');
});

test('a template applied by one editor reaches another editor of the sale live', async ({ browser, request }) => {
  const headers = await adminHeaders(request);
  const tpl = (await (
    await request.post('/api/templates', { headers, data: { name: `E2E Live kit ${Date.now()}` } })
  ).json()) as TemplateDto;
  const section = (await (
    await request.post(`/api/templates/sections/create/${tpl._id}`, { headers, data: { name: 'Live extras' } })
  ).json()) as { _id: string };
  const added = await request.post(`/api/templates/lines/create/${tpl._id}/${section._id}`, {
    headers,
    data: { lines: [{ product: products[0]!.id, quantity: 2 }] },
  });
  expect(added.ok(), await added.text()).toBeTruthy();
  const sale = await createSaleViaApi(request, `E2E Live template ${Date.now()}`, ['Base']);
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginUi(page, ADMIN.email, ADMIN.password);
  await page.goto(`/sale/${sale._id}`);
  await expect(page.getByTestId('section-row').filter({ hasText: 'Base' })).toBeVisible();
  // someone else applies the template (as their Apply Template dialog would)
  const res = await request.post(`/api/sales/templates/add/${sale._id}/${tpl._id}`, {
    headers,
    data: { sections: [], copyStyle: 'merge' },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  await expect(page.getByTestId('section-row').filter({ hasText: 'Live extras' })).toBeVisible({ timeout: 2000 });
  await page.getByRole('button', { name: 'Templates', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: `Remove ${tpl.name}` })).toBeVisible();
  await context.close();
});
