// Templates (decision 0014): a full-rights user who is not an admin builds a template with a Based-on-Total line in the
// browser, applies it to a sale (merge, then overwrite), changes it in the template editor, refreshes the sale and
// removes the template again. A sales editor gets no template screens, a viewer no Templates button; a deleted
// template can still be removed from a sale.
import { expect, type Page, test } from '@playwright/test';
import type { SaleDto, TemplateDto } from '@quotewright/contracts';
import {
  ADMIN,
  type ApiProduct,
  adminHeaders,
  createSaleViaApi,
  drawerEntries,
  ensureErpData,
  expectNoA11yViolations,
  findProducts,
  loginUi,
  shot,
  signInAsNewUser,
} from './helpers';

/** Plain products (no bundle, no related products: adding one adds exactly one line). */
const products: ApiProduct[] = [];

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  await ensureErpData(request);
  const headers = await adminHeaders(request);
  const candidates = (await findProducts(request, { pageSize: 40 })).filter((p) => !p.is_bundle && p.active);
  for (const p of candidates) {
    const detail = (await (await request.get(`/api/products/${p.id}`, { headers })).json()) as {
      related_products: unknown[];
    };
    if (detail.related_products.length === 0) products.push(p);
    if (products.length === 2) break;
  }
  expect(products).toHaveLength(2);
});

async function readSale(request: Parameters<typeof adminHeaders>[0], id: string): Promise<SaleDto> {
  return (await request.get(`/api/sales/${id}`, { headers: await adminHeaders(request) })).json();
}
async function readTemplate(request: Parameters<typeof adminHeaders>[0], id: string): Promise<TemplateDto> {
  return (await request.get(`/api/templates/${id}`, { headers: await adminHeaders(request) })).json();
}

/** A template created through the API by the admin (set-up, not what a journey checks). */
async function createTemplate(request: Parameters<typeof adminHeaders>[0], name: string): Promise<TemplateDto> {
  const res = await request.post('/api/templates', { headers: await adminHeaders(request), data: { name } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as TemplateDto;
}

async function templatesMenu(page: Page, item: string | RegExp) {
  await page.getByRole('button', { name: 'Templates', exact: true }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Inserts `product` from the template editor's inline product list into the expanded section. */
async function insertFromList(page: Page, product: ApiProduct) {
  const list = page.getByTestId('product-list-inline');
  await list.getByPlaceholder('Search products').fill(product.name);
  const row = list.getByTestId('product-row').filter({ hasText: product.name }).first();
  await row.getByRole('button', { name: 'Insert' }).click();
}

async function expandSection(page: Page, name: string) {
  await page
    .getByTestId(`template-section-${name}`)
    .getByRole('button', { name: /expand/i })
    .click();
  await expect(page.getByTestId(`template-lines-${name}`)).toBeVisible();
}

async function applyInDialog(page: Page, template: string, style: 'Merge' | 'Overwrite') {
  await templatesMenu(page, 'Apply Template…');
  const dialog = page.getByRole('dialog', { name: 'Apply Template' });
  await dialog.getByRole('combobox').click();
  await page.getByRole('option', { name: template }).click();
  await expect(dialog.getByLabel(/Hardware \(2 lines\)/)).toBeChecked();
  await expect(dialog.getByLabel('Merge')).toBeChecked();
  if (style === 'Overwrite') await dialog.getByLabel('Overwrite').check();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  const added = page.getByRole('dialog', { name: 'Template Added' });
  await expect(added).toBeVisible();
  await added.getByRole('button').first().click();
  await expect(added).toBeHidden();
}

test('a full-rights user (not an admin) builds a template with a Based-on-Total line, applies, refreshes and removes it, all in the browser', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const name = `E2E Kit ${Date.now()}`;
  const [p, q] = [products[0]!, products[1]!];
  await signInAsNewUser(page, request, {
    prefix: 'tpl-full',
    name: 'Tess Templates',
    password: 'Tpl-full-pass-1',
    modules: { sales: { enabled: true, level: 'full_rights' } },
  });

  // ── The list (through the drawer's Templates entry): create a template ──
  await page.getByTestId('nav-drawer').getByRole('link', { name: 'Templates' }).click();
  await expect(page).toHaveURL(/\/templates$/);
  await page.getByRole('button', { name: 'New Template' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByTestId(`template-row-${name}`).click();
  await expect(page).toHaveURL(/\/template\/[0-9a-f-]{36}$/);
  const templateId = page.url().split('/').at(-1)!;
  await expect(page.getByText(`${name} Sections`)).toBeVisible();

  // ── The editor: a section, two products from the list, the second made a 10 % / 5 % Based-on-Total line ──
  await page.getByRole('button', { name: 'Add Section' }).click();
  await page.getByRole('textbox', { name: 'Section name' }).fill('Hardware');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('template-section-Hardware')).toBeVisible();
  await expandSection(page, 'Hardware');
  const lines = page.getByTestId('template-lines-Hardware');
  await insertFromList(page, p);
  await expect(lines.getByTestId('template-line-0')).toContainText(p.name);
  await insertFromList(page, q);
  await expect(lines.getByTestId('template-line-1')).toContainText(q.name);
  await lines.getByTestId('template-line-1').click();
  await lines.getByRole('button', { name: 'Edit' }).click();
  let edit = page.getByRole('dialog', { name: 'Edit line' });
  await edit.getByLabel('Based on Total').check();
  await edit.getByLabel('Price %').fill('10');
  await edit.getByLabel('Cost %').fill('5');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(lines.getByTestId('template-line-1')).toContainText('10.00%');
  await expectNoA11yViolations(page);
  await shot(page, 'template-editor');
  const built = await readTemplate(request, templateId);
  expect(built.sections[0]!.lines.map((l) => [l.product.id, l.price_percentage_active])).toEqual([
    [p.id, false],
    [q.id, true],
  ]);

  // ── Apply to a sale (merge): 10 % of the section's other product lines, now money ──
  const sale = await createSaleViaApi(request, `E2E Template target ${Date.now()}`, ['Hardware']);
  await request.post(`/api/sales/lines/create/${sale._id}/${sale.sections[0]!._id}`, {
    headers: await adminHeaders(request),
    data: { lines: [{ product: p.id, quantity: 1 }] },
  });
  await page.goto(`/sale/${sale._id}`);
  await applyInDialog(page, name, 'Merge');
  let now = await readSale(request, sale._id);
  expect(now.template_ids.map((x) => x._id)).toEqual([templateId]);
  expect(now.sections.map((s) => s.lines.length)).toEqual([3]);
  const pct = now.sections[0]!.lines[2]!;
  const base = now.sections[0]!.lines.slice(0, 2).reduce((sum, l) => sum + Number(l.subtotal), 0);
  expect(pct.price_percentage_active).toBe(false);
  expect(Number(pct.price)).toBeCloseTo(Math.round(base * 10) / 100, 2);

  // ── Overwrite replaces the section's lines ──
  await applyInDialog(page, name, 'Overwrite');
  now = await readSale(request, sale._id);
  expect(now.sections[0]!.lines.map((l) => l.product.id)).toEqual([p.id, q.id]);

  // ── The template changes in the template editor: the first product ×3 ──
  await page.goto(`/template/${templateId}`);
  await expandSection(page, 'Hardware');
  await lines.getByTestId('template-line-0').click();
  await lines.getByRole('button', { name: 'Edit' }).click();
  edit = page.getByRole('dialog', { name: 'Edit line' });
  await edit.getByLabel('Qty').fill('3');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect.poll(async () => (await readTemplate(request, templateId)).sections[0]!.lines[0]!.quantity).toBe('3');

  // ── Refresh brings it into the sale; Based on Total recomputed against the new base ──
  await page.goto(`/sale/${sale._id}`);
  await templatesMenu(page, `Refresh ${name}`);
  await page.getByRole('dialog', { name: 'Refresh Template' }).getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('dialog', { name: 'Template Refreshed' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Template Refreshed' }).getByRole('button').first().click();
  now = await readSale(request, sale._id);
  expect(now.sections[0]!.lines.map((l) => [l.product.id, l.quantity])).toEqual([
    [p.id, '3'],
    [q.id, '1'],
  ]);
  expect(Number(now.sections[0]!.lines[1]!.price)).toBeCloseTo(
    Math.round(Number(now.sections[0]!.lines[0]!.subtotal) * 10) / 100,
    2,
  );

  // ── Remove: the template's lines go, and the section they leave empty ──
  await templatesMenu(page, `Remove ${name}`);
  await page.getByRole('dialog', { name: 'Remove Template' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('dialog', { name: 'Template Removed' })).toBeVisible();
  now = await readSale(request, sale._id);
  expect(now.sections).toEqual([]);
  expect(now.template_ids).toEqual([]);
  await expectNoA11yViolations(page);
  await shot(page, 'template-removed');
  await page.getByRole('dialog', { name: 'Template Removed' }).getByRole('button').first().click();
  await expect(page.getByTestId('section-row')).toHaveCount(0);
});

test('a sales editor gets no template screens; a sales viewer gets no Templates button in the sale editor', async ({
  browser,
  request,
}) => {
  const tpl = await createTemplate(request, `E2E Rights kit ${Date.now()}`);
  const sale = await createSaleViaApi(request, `E2E Template rights ${Date.now()}`, ['Base']);

  const editorContext = await browser.newContext();
  const editor = await editorContext.newPage();
  await signInAsNewUser(editor, request, {
    prefix: 'tpl-editor',
    name: 'Eddie Editor',
    password: 'Tpl-editor-pass-1',
    modules: { sales: { enabled: true, level: 'editor' } },
  });
  const entries = await drawerEntries(editor);
  expect(entries).toContain('Sales');
  expect(entries).not.toContain('Templates');
  await editor.goto('/templates');
  await expect(editor.getByTestId('not-allowed')).toBeVisible();
  await expect(editor.getByRole('button', { name: 'New Template' })).toHaveCount(0);
  await editor.goto(`/template/${tpl._id}`);
  await expect(editor.getByTestId('not-allowed')).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Add Section' })).toHaveCount(0);
  // an editor may still apply templates to a sale
  await editor.goto(`/sale/${sale._id}`);
  await expect(editor.getByRole('button', { name: 'Templates', exact: true })).toBeVisible();
  await editorContext.close();

  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await signInAsNewUser(viewer, request, {
    prefix: 'tpl-viewer',
    name: 'Vera Viewer',
    password: 'Tpl-viewer-pass-1',
    modules: { sales: { enabled: true, level: 'viewer' } },
  });
  expect(await drawerEntries(viewer)).not.toContain('Templates');
  await viewer.goto(`/sale/${sale._id}`);
  await expect(viewer.getByTestId('section-row').filter({ hasText: 'Base' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Templates', exact: true })).toHaveCount(0);
  await viewerContext.close();
});

test('a deleted template shows as deleted on a sale: Refresh disabled with a tooltip, Remove still works', async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  const tpl = await createTemplate(request, `E2E Gone kit ${Date.now()}`);
  const section = (await (
    await request.post(`/api/templates/sections/create/${tpl._id}`, { headers, data: { name: 'Gone extras' } })
  ).json()) as { _id: string };
  await request.post(`/api/templates/lines/create/${tpl._id}/${section._id}`, {
    headers,
    data: { lines: [{ product: products[0]!.id, quantity: 1 }] },
  });
  const sale = await createSaleViaApi(request, `E2E Deleted template ${Date.now()}`, ['Base']);
  const applied = await request.post(`/api/sales/templates/add/${sale._id}/${tpl._id}`, {
    headers,
    data: { sections: [], copyStyle: 'merge' },
  });
  expect(applied.ok(), await applied.text()).toBeTruthy();
  expect((await request.delete(`/api/templates/${tpl._id}`, { headers })).ok()).toBeTruthy();

  await loginUi(page, ADMIN.email, ADMIN.password);
  await page.goto(`/sale/${sale._id}`);
  await expect(page.getByTestId('section-row').filter({ hasText: 'Gone extras' })).toBeVisible();
  await page.getByRole('button', { name: 'Templates', exact: true }).click();
  const refresh = page.getByRole('menuitem', { name: `Refresh ${tpl.name}` });
  await expect(refresh).toBeDisabled();
  await expect(refresh).toContainText('Template deleted');
  await page.getByTestId(`template-deleted-${tpl._id}`).hover();
  await expect(page.getByRole('tooltip')).toContainText('This template was deleted');
  await page.getByRole('menuitem', { name: `Remove ${tpl.name}` }).click();
  await page.getByRole('dialog', { name: 'Remove Template' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('dialog', { name: 'Template Removed' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Template Removed' }).getByRole('button').first().click();
  await expect(page.getByTestId('section-row').filter({ hasText: 'Gone extras' })).toHaveCount(0);
  await expect(page.getByTestId('section-row').filter({ hasText: 'Base' })).toBeVisible();
  const now = await readSale(request, sale._id);
  expect(now.template_ids).toEqual([]);
  expect(now.sections.map((s) => s.name)).toEqual(['Base']);
});

test('the template list asks before deleting', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const name = `E2E Delete me ${Date.now()}`;
  await request.post('/api/templates', { headers, data: { name } });
  await loginUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/templates');
  await expect(page.getByTestId(`template-row-${name}`)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(page.getByText('Are you sure you want to delete the following template?')).toBeVisible();
  await expectNoA11yViolations(page);
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
  await expectNoA11yViolations(page);
  await shot(page, 'document-editor');
});

test('a template applied by one editor reaches another editor of the sale live', async ({ browser, request }) => {
  const headers = await adminHeaders(request);
  const tpl = await createTemplate(request, `E2E Live kit ${Date.now()}`);
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
  await expect(page.getByTestId('section-row').filter({ hasText: 'Live extras' })).toBeVisible({ timeout: 5000 });
  await page.getByRole('button', { name: 'Templates', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: `Remove ${tpl.name}` })).toBeVisible();
  await context.close();
});
