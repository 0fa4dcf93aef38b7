// Revisions of a quote in the browser (docs/product/screens.md#revisions): save R1, edit (a quantity, a price, a line
// deleted, a section added), save R2, compare R1 → R2 (exactly those changes) and R2 → the sale now (none), restore
// R1 (the editor shows it at once), then undo the restore by restoring the revision saved just before it.
import { expect, type Locator, type Page, test } from '@playwright/test';
import type { SaleDto } from '@quotewright/contracts';
import { formatMoney, formatPercent } from '@quotewright/domain';
import {
  ADMIN,
  adminHeaders,
  createSaleViaApi,
  ensureErpData,
  expectNoA11yViolations,
  findProducts,
  loginUi,
  shot,
  signInAsNewUser,
} from './helpers';

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  await ensureErpData(request);
});
test.describe.configure({ timeout: 240_000 });

const lineRows = (page: Page) => page.getByTestId('line-row');
const drawer = (page: Page) => page.getByRole('region', { name: 'Revisions', exact: true });

async function openDrawer(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Revisions', exact: true }).click();
  await expect(drawer(page)).toBeVisible();
  return drawer(page);
}

async function closeDrawer(page: Page) {
  await drawer(page).getByRole('button', { name: 'Close revisions' }).click();
  await expect(drawer(page)).toBeHidden();
}

async function saveRevision(page: Page, comment: string, number: number) {
  const panel = await openDrawer(page);
  await panel.getByRole('button', { name: 'Save revision' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save revision' });
  await dialog.getByRole('textbox', { name: 'Comment (optional)' }).fill(comment);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const top = panel.getByTestId('revision-item').first();
  await expect(top).toHaveAttribute('data-revision', String(number));
  await expect(top.getByTestId('revision-comment')).toHaveText(comment);
  await closeDrawer(page);
}

async function compare(page: Page, from: string, to: string): Promise<Locator> {
  const panel = await openDrawer(page);
  const group = panel.getByRole('group', { name: 'Compare revisions' });
  await group.getByRole('combobox', { name: 'From' }).click();
  await page.getByRole('option', { name: from === 'Current' ? 'Current' : new RegExp(`^${from} ·`) }).click();
  await group.getByRole('combobox', { name: 'To' }).click();
  await page.getByRole('option', { name: to === 'Current' ? 'Current' : new RegExp(`^${to} ·`) }).click();
  await group.getByRole('button', { name: 'Compare' }).click();
  const view = page.getByRole('dialog', { name: `Compare ${from} → ${to}` });
  await expect(view.getByTestId('diff-summary')).toBeVisible();
  return view;
}

async function closeCompare(page: Page, view: Locator) {
  await view.getByRole('button', { name: 'Close comparison' }).click();
  await expect(view).toBeHidden();
  await closeDrawer(page);
}

/** What a restore must bring back: sections by name, each line's product, quantity and price. */
const content = (sale: SaleDto) =>
  sale.sections.map((s) => ({
    name: s.name,
    lines: s.lines.map((l) => ({ product: l.product.id, quantity: l.quantity, price: l.price })),
  }));

test('save, edit, save, compare, restore and undo the restore', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const products = (await findProducts(request, { pageSize: 40 })).filter((p) => !p.is_bundle && p.active);
  const [p1, p2, p3] = products.filter((p, i, all) => all.findIndex((q) => q.name === p.name) === i);
  expect(p3, 'three active products with distinct models').toBeTruthy();
  const sale = await createSaleViaApi(request, `Revisions ${Date.now().toString(36)}`, ['Main']);
  const main = sale.sections[0]!;
  const added = await request.post(`/api/sales/lines/create/${sale._id}/${main._id}`, {
    headers,
    data: {
      lines: [
        { product: p1!.id, quantity: '2' },
        { product: p2!.id, quantity: '1' },
        { product: p3!.id, quantity: '1' },
      ],
      sequence: -1,
    },
  });
  expect(added.ok(), await added.text()).toBeTruthy();
  const read = async () => (await (await request.get(`/api/sales/${sale._id}`, { headers })).json()) as SaleDto;
  const atR1 = await read();

  await loginUi(page, ADMIN.email, ADMIN.password);
  await page.goto(`/sale/${sale._id}?section=${main._id}`);
  await expect(lineRows(page)).toHaveCount(3);

  // R1
  await saveRevision(page, 'First offer', 1);

  // the edits: a quantity, a price, a line deleted, a section added
  const [l1, l2, l3] = atR1.sections[0]!.lines;
  const row = (id: string) => page.locator(`[data-testid="line-row"][data-line-id="${id}"]`);
  await row(l1!._id).getByRole('button', { name: 'Edit Qty' }).dblclick();
  await row(l1!._id).getByRole('textbox', { name: 'Qty' }).fill('5');
  await row(l1!._id).getByRole('textbox', { name: 'Qty' }).press('Enter');
  await expect(row(l1!._id).locator('[data-column="quantity"]')).toHaveText('5');
  await row(l2!._id).getByRole('button', { name: 'Edit Price' }).dblclick();
  await row(l2!._id).getByRole('textbox', { name: 'Price' }).fill('95');
  await row(l2!._id).getByRole('textbox', { name: 'Price' }).press('Enter');
  await expect(row(l2!._id).locator('[data-column="price"]')).toContainText('95.00');
  await row(l3!._id).getByRole('gridcell').nth(1).click();
  await page.keyboard.press('Delete');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(lineRows(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByRole('button', { name: 'Add Section' }).click();
  await page.getByLabel('New section name').fill('Extras');
  await page.getByLabel('New section name').press('Enter');
  await expect(page.getByTestId('section-row')).toHaveCount(2);
  await expect.poll(async () => (await read()).sections.length).toBe(2);
  const atR2 = await read();

  // R2
  await saveRevision(page, 'After the call', 2);

  // R1 → R2: exactly those changes, and the totals before → after
  let view = await compare(page, 'R1', 'R2');
  await expect(view.getByTestId('diff-counts')).toHaveText('1 section added · 1 line removed · 2 lines changed');
  await expect(view.getByTestId('diff-sale-totals')).toHaveText(
    `Sale total ${formatMoney(atR1.pricing.total_price)} → ${formatMoney(atR2.pricing.total_price)} · margin ` +
      `${formatPercent(atR1.pricing.total_margin_percent)} → ${formatPercent(atR2.pricing.total_margin_percent)}`,
  );
  const sections = view.getByTestId('diff-section');
  await expect(sections).toHaveCount(2);
  await expect(sections.nth(0)).toHaveAttribute('data-status', 'changed');
  await expect(sections.nth(0).getByRole('heading')).toHaveText('Main');
  await expect(sections.nth(1)).toHaveAttribute('data-status', 'added');
  await expect(sections.nth(1).getByRole('heading')).toHaveText('Extras');
  const lines = view.getByTestId('diff-line');
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(0)).toHaveAttribute('data-status', 'changed');
  await expect(lines.nth(0).getByTestId('diff-line-label')).toHaveText(p1!.name);
  await expect(lines.nth(0).getByTestId('diff-line-changes')).toHaveText('Qty 2 → 5');
  await expect(lines.nth(1)).toHaveAttribute('data-status', 'changed');
  await expect(lines.nth(1).getByTestId('diff-line-label')).toHaveText(p2!.name);
  await expect(lines.nth(1).getByTestId('diff-line-changes')).toContainText(`Price ${l2!.price} → 95.00`);
  await expect(lines.nth(1).getByTestId('diff-line-changes')).not.toContainText('Qty');
  await expect(lines.nth(2)).toHaveAttribute('data-status', 'removed');
  await expect(lines.nth(2).getByTestId('diff-line-label')).toHaveText(p3!.name);
  await expectNoA11yViolations(page);
  await shot(page, 'revisions-compare');
  await closeCompare(page, view);

  // R2 → the sale now: nothing
  view = await compare(page, 'R2', 'Current');
  await expect(view.getByTestId('diff-summary')).toContainText('No differences: both sides are the same.');
  await expect(view.getByTestId('diff-line')).toHaveCount(0);
  await closeCompare(page, view);

  // R1 read-only
  let panel = await openDrawer(page);
  await panel.getByRole('button', { name: 'Open R1' }).click();
  const revision = page.getByRole('dialog', { name: `Revision R1 of ${sale.quote_number} — read-only` });
  await expect(revision.getByTestId('section-row')).toHaveCount(1);
  await revision.getByTestId('section-row').getByText('Main', { exact: true }).click();
  await expect(revision.getByTestId('line-row')).toHaveCount(3);
  await expect(revision.getByRole('button', { name: 'Edit Qty' })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await shot(page, 'revisions-read-only');

  // restore R1 from there: the editor shows R1's content at once
  await revision.getByRole('button', { name: 'Restore' }).click();
  const confirm = page.getByRole('dialog', { name: 'Restore R1?' });
  await expect(confirm).toContainText('The current content is saved as a revision first');
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(confirm).toBeHidden();
  await expect(revision).toBeHidden();
  panel = drawer(page);
  await expect(panel.getByTestId('restore-notice')).toHaveText(
    /Restored R1\. The content before it is saved as R3: restore R3 to undo\./,
  );
  const top = panel.getByTestId('revision-item').first();
  await expect(top).toHaveAttribute('data-revision', '3');
  await expect(top).toContainText('Before restore');
  expect(content(await read())).toEqual(content(atR1));
  await expectNoA11yViolations(page);
  await shot(page, 'revisions-panel');
  await closeDrawer(page);
  await expect(page.getByTestId('section-row')).toHaveCount(1);
  await page.getByTestId('section-row').getByText('Main', { exact: true }).click();
  await expect(lineRows(page)).toHaveCount(3);
  await expect(lineRows(page).nth(0).locator('[data-column="quantity"]')).toHaveText('2');
  await page.getByRole('button', { name: 'Back', exact: true }).click();

  // undo the restore: R2's content again
  panel = await openDrawer(page);
  await panel.getByTestId('restore-notice').getByRole('button', { name: 'Undo restore' }).click();
  const undo = page.getByRole('dialog', { name: 'Restore R3?' });
  await undo.getByRole('button', { name: 'Restore' }).click();
  await expect(undo).toBeHidden();
  await expect(panel.getByTestId('revision-item').first()).toHaveAttribute('data-revision', '4');
  expect(content(await read())).toEqual(content(atR2));
  await closeDrawer(page);
  await expect(page.getByTestId('section-row')).toHaveCount(2);
  view = await compare(page, 'R2', 'Current');
  await expect(view.getByTestId('diff-summary')).toContainText('No differences: both sides are the same.');
  await closeCompare(page, view);
});

test('a sales viewer sees the revisions but cannot save or restore', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const sale = await createSaleViaApi(request, `Revisions viewer ${Date.now().toString(36)}`, ['Main']);
  const saved = await request.post(`/api/sales/revisions/save/${sale._id}`, { headers, data: { comment: 'Kept' } });
  expect(saved.status(), await saved.text()).toBe(201);
  await signInAsNewUser(page, request, {
    prefix: 'rev-viewer',
    name: 'Vera Viewer',
    password: 'Vera-viewer-1',
    modules: { sales: { enabled: true, level: 'viewer' } },
  });
  await page.goto(`/sale/${sale._id}`);
  const panel = await openDrawer(page);
  await expect(panel.getByTestId('revision-item')).toHaveCount(1);
  await expect(panel.getByTestId('revision-comment')).toHaveText('Kept');
  await expect(panel.getByRole('button', { name: 'Save revision' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: /^Restore/ })).toHaveCount(0);
  await expectNoA11yViolations(page);
});
