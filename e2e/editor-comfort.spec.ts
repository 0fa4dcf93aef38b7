// Editor comfort at 1440 × 900, the most common laptop size, with the page's scroll bar shown as on a desktop (15 px
// less for the page): every column of the sale editor's lines table (normal and widescreen, with the product list
// beside it), Stock by Product, the analytic report and user management while adding a user is in view, with no
// sideways scrolling and no figure cut. The product picker stays open for several inserts and counts them. The lines
// grid works by keyboard alone: one tab stop, arrows between cells, Enter to edit and to save.
import { test as base, expect, type Locator, type Page } from '@playwright/test';
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

const test = base.extend({
  // Headless Chromium hides scroll bars; a desktop browser's takes 15 px of the page's width
  launchOptions: [
    async ({ launchOptions }, use) => {
      await use({
        ...launchOptions,
        ignoreDefaultArgs: [...((launchOptions.ignoreDefaultArgs as string[] | undefined) ?? []), '--hide-scrollbars'],
      });
    },
    { scope: 'worker' },
  ],
});
test.use({ viewport: { width: 1440, height: 900 } });

const PASSWORD = 'Comfort-pass-1';
let sale: { _id: string; sections: { _id: string; name: string }[] };
let lineCount = 0;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  await ensureErpData(request);
  const headers = await adminHeaders(request);
  const products = (await findProducts(request, { pageSize: 40 })).filter((p) => !p.is_bundle && p.active);
  expect(products.length).toBeGreaterThan(20);
  sale = await createSaleViaApi(request, 'E2E Comfort Quote', ['Main']);
  const section = sale.sections[0]!._id;
  // large figures (the widest a quote of this size shows), a note among the products, enough lines to scroll
  const lines = products.slice(0, 30).map((p, i) => ({ product: p.id, quantity: i === 0 ? '12500' : String(i + 1) }));
  const res = await request.post(`/api/sales/lines/create/${sale._id}/${section}`, {
    headers,
    data: { lines, sequence: -1 },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const note = await request.post(`/api/sales/lines/note/${sale._id}/${section}`, {
    headers,
    data: { name: 'Installation on site, two technicians', sequence: 2 },
  });
  expect(note.ok(), await note.text()).toBeTruthy();
  lineCount = lines.length + 1;
});

/**
 * Every column header of `table` lies inside the viewport and shows its whole text; nothing in the table scrolls
 * sideways (each scroll container's scrollWidth ≤ its clientWidth), nor does the page; no figure is cut.
 */
async function expectEveryColumnInView(table: Locator, what: string) {
  await expect(table.getByRole('columnheader').first()).toBeVisible();
  const problems = await table.evaluate((root) => {
    const out: string[] = [];
    const viewport = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > viewport)
      out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${viewport}`);
    // the table's own scroll containers and those it sits in
    const around: HTMLElement[] = [];
    for (let el = root.parentElement; el && el !== document.body; el = el.parentElement) around.push(el);
    for (const el of [...around, root, ...Array.from(root.querySelectorAll<HTMLElement>('*'))]) {
      const { overflowX } = getComputedStyle(el);
      if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth)
        out.push(`a table container scrolls sideways: ${el.scrollWidth} > ${el.clientWidth}`);
    }
    const headers = Array.from(root.querySelectorAll<HTMLElement>('[role="columnheader"], th'));
    if (headers.length === 0) out.push('no column headers');
    for (const h of headers) {
      const name = (h.getAttribute('aria-label') ?? h.textContent ?? '').trim() || '(blank)';
      const r = h.getBoundingClientRect();
      if (r.width < 1 || r.left < 0 || r.right > viewport + 0.5)
        out.push(`header ${name} at ${Math.round(r.left)}–${Math.round(r.right)} of ${viewport}`);
      const label = h.querySelector<HTMLElement>('.Mui-TableHeadCell-Content-Wrapper') ?? h;
      if (label.scrollWidth > label.clientWidth + 1)
        out.push(`header ${name} cut: ${label.scrollWidth} > ${label.clientWidth}`);
    }
    // figures never wrap: a cell (or the value shown in it) that is wider inside than outside cuts its figure
    for (const cell of Array.from(root.querySelectorAll<HTMLElement>('[role="gridcell"], td'))) {
      for (const el of [cell, ...Array.from(cell.querySelectorAll<HTMLElement>('.qw-edit'))]) {
        if (el.scrollWidth > el.clientWidth + 1 && cell.getBoundingClientRect().width > 0)
          out.push(`cell cut: "${(el.textContent ?? '').trim().slice(0, 40)}" ${el.scrollWidth} > ${el.clientWidth}`);
      }
    }
    return out;
  });
  expect(problems, `${what} at 1440 × 900`).toEqual([]);
}

const openLines = (page: Page) => page.goto(`/sale/${sale._id}?section=${sale.sections[0]!._id}`);
const lineRows = (page: Page) => page.getByTestId('line-row');

test('sale editor: every column of the lines and of the product list beside them, normal and widescreen', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await signInAsNewUser(page, request, {
    prefix: 'comfort-wide',
    name: 'Wes Widescreen',
    password: PASSWORD,
    modules: { sales: { enabled: true, level: 'editor' } },
  });
  await openLines(page);
  const lines = page.getByTestId('lines-table');
  await expect(lineRows(page).first()).toBeVisible({ timeout: 30_000 });
  // the product list loads after the sale's content is on screen
  await expect(page.getByTestId('product-list-inline').getByTestId('product-row').first()).toBeVisible({
    timeout: 30_000,
  });
  await expectEveryColumnInView(lines, 'the lines table');
  await expectEveryColumnInView(page.getByTestId('product-list-inline'), 'the product list above');
  await expectNoA11yViolations(page);
  await shot(page, 'comfort-editor-1440');

  await page.getByRole('button', { name: 'Display settings' }).click();
  await page.getByRole('menuitemcheckbox', { name: /Widescreen/ }).click();
  await page.keyboard.press('Escape');
  const list = page.getByTestId('product-list-inline');
  await expect(list.getByTestId('product-row').first()).toBeVisible({ timeout: 30_000 });
  // beside the lines
  await expect
    .poll(async () => (await list.boundingBox())!.x)
    .toBeGreaterThan((await lines.boundingBox())!.x + (await lines.boundingBox())!.width - 1);
  await expectEveryColumnInView(lines, 'the lines table in widescreen');
  await expectEveryColumnInView(list, 'the product list beside the lines');
  // the navigation is one click away (its drawer opens from the menu button)
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const sales = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sales' });
  await expect(sales).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sales).toBeHidden();
  await expectNoA11yViolations(page);
  await shot(page, 'comfort-editor-widescreen-1440');
});

test('Stock by Product (Total Liability) shows every column', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signInAsNewUser(page, request, {
    prefix: 'comfort-stock',
    name: 'Ivy Inventory',
    password: PASSWORD,
    modules: { inventory: { enabled: true, level: 'viewer' } },
  });
  await page.goto('/stock/product');
  await expect(page.getByTestId('total-liability')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('columnheader', { name: 'Total Liability' })).toBeVisible();
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await expectEveryColumnInView(page.getByRole('table'), 'Stock by Product');
  await shot(page, 'comfort-stock-product-1440');
});

test('the analytic report shows every column header whole', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signInAsNewUser(page, request, {
    prefix: 'comfort-analytic',
    name: 'Abe Accounts',
    password: PASSWORD,
    modules: { accounting: { enabled: true, level: 'viewer' } },
  });
  await page.goto('/analyticreport');
  await page.getByRole('button', { name: 'Run Report' }).click();
  await expect(page.getByTestId('analytic-row').filter({ hasText: /\S/ }).first()).toBeVisible({ timeout: 60_000 });
  const analytic = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: /Sales Total/ }) });
  await expectEveryColumnInView(analytic, 'the analytic report');
  await analytic.scrollIntoViewIfNeeded();
  await shot(page, 'comfort-analytic-1440');
});

test('user management shows every column while a user is being added', async ({ page }) => {
  test.setTimeout(180_000);
  await loginUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/users');
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByRole('textbox', { name: 'Password' })).toBeVisible();
  await expectEveryColumnInView(page.getByRole('table'), 'user management while adding a user');
  await expectNoA11yViolations(page);
  await shot(page, 'comfort-users-adding-1440');
});

test('the product picker stays open for several inserts and counts the lines added', async ({ page, request }) => {
  test.setTimeout(240_000);
  const picks = (await findProducts(request, { pageSize: 40 })).filter((p) => !p.is_bundle && p.active).slice(30, 33);
  expect(picks).toHaveLength(3);
  const target = await createSaleViaApi(request, 'E2E Picker Quote', ['Main']);
  await signInAsNewUser(page, request, {
    prefix: 'comfort-picker',
    name: 'Pat Picker',
    password: PASSWORD,
    modules: { sales: { enabled: true, level: 'editor' } },
  });
  await page.goto(`/sale/${target._id}?section=${target.sections[0]!._id}`);
  await page.getByRole('button', { name: 'Add product' }).click();
  const picker = page.getByRole('dialog', { name: 'Select a Product' });
  const search = picker.getByPlaceholder('Search products');
  for (const [i, product] of picks.entries()) {
    await search.fill(product.name);
    const row = picker.getByTestId('product-row').filter({ hasText: product.name });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Insert' }).click();
    // still open, the count says what was added, and the line is there behind it
    await expect(picker.getByRole('status')).toHaveText(`${i + 1} line${i === 0 ? '' : 's'} added`);
    await expect(lineRows(page)).toHaveCount(i + 1);
  }
  await expect(picker).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, 'comfort-picker-three-added');
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  // added in the order they were picked
  for (const [i, product] of picks.entries())
    await expect(lineRows(page).nth(i).locator('[data-column="model"]')).toHaveText(product.name);

  // "Insert Product Below" the first line: two inserts go one after the other below it
  await lineRows(page).first().click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Insert Product Below' }).click();
  await expect(picker).toBeVisible();
  await expect(picker.getByRole('status')).toHaveText('');
  for (const product of [picks[2]!, picks[1]!]) {
    await search.fill(product.name);
    await picker
      .getByTestId('product-row')
      .filter({ hasText: product.name })
      .getByRole('button', { name: 'Insert' })
      .click();
  }
  await expect(picker.getByRole('status')).toHaveText('2 lines added');
  await picker.getByRole('button', { name: 'Close' }).click();
  await expect(picker).toBeHidden();
  const models = lineRows(page).locator('[data-column="model"]');
  await expect(models).toHaveText([picks[0]!.name, picks[2]!.name, picks[1]!.name, picks[1]!.name, picks[2]!.name]);
});

test('the lines grid by keyboard alone: one tab stop, arrows, Enter to edit and to save', async ({ page, request }) => {
  test.setTimeout(240_000);
  await signInAsNewUser(page, request, {
    prefix: 'comfort-keys',
    name: 'Kim Keyboard',
    password: PASSWORD,
    modules: { sales: { enabled: true, level: 'editor' } },
  });
  await openLines(page);
  const grid = page.getByRole('grid', { name: 'Lines of Main' });
  await expect(lineRows(page).first()).toBeVisible({ timeout: 30_000 });
  await expectNoA11yViolations(page);

  // from the page's start, two key presses: Tab to "Skip to content", Enter lands on the first line
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  expect(await grid.evaluate((g) => g.contains(document.activeElement))).toBe(true);
  const focused = page.locator(':focus');
  await expect(focused).toHaveText(/\S/);
  await expect(focused.locator('xpath=ancestor-or-self::*[@role="gridcell"][1]')).toHaveAttribute('aria-colindex', '2');
  await expect(focused.locator('xpath=ancestor::*[@role="row"][1]')).toHaveAttribute('aria-rowindex', '2');
  // one tab stop: Tab leaves the grid, Shift+Tab comes back to the same cell
  expect(await grid.locator('[tabindex="0"]').count()).toBe(1);
  await page.keyboard.press('Tab');
  expect(await grid.evaluate((g) => g.contains(document.activeElement))).toBe(false);
  await page.keyboard.press('Shift+Tab');
  await expect(focused.locator('xpath=ancestor::*[@role="row"][1]')).toHaveAttribute('aria-rowindex', '2');

  // arrows: right to Qty (Model → Manufacturer → Description → Qty), down to the second line
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(focused).toHaveAccessibleName('Edit Qty');
  await page.keyboard.press('ArrowDown');
  const second = lineRows(page).nth(1);
  await expect(second.getByRole('button', { name: 'Edit Qty' })).toBeFocused();
  // through the note (one cell across the row) and back to Qty below it
  await page.keyboard.press('ArrowDown');
  await expect(focused).toHaveText('Installation on site, two technicians');
  await page.keyboard.press('ArrowDown');
  await expect(lineRows(page).nth(3).getByRole('button', { name: 'Edit Qty' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(second.getByRole('button', { name: 'Edit Qty' })).toBeFocused();

  // Enter edits, typing replaces, Enter saves: the value shows and the focus is back on the cell
  await page.keyboard.press('Enter');
  const input = second.getByRole('textbox', { name: 'Qty' });
  await expect(input).toBeFocused();
  await page.keyboard.type('48');
  await page.keyboard.press('Enter');
  await expect(second.getByRole('button', { name: 'Edit Qty' })).toHaveText('48');
  await expect(second.getByRole('button', { name: 'Edit Qty' })).toBeFocused();
  await expect
    .poll(async () => {
      const res = await request.get(`/api/sales/${sale._id}`, { headers: await adminHeaders(request) });
      const body = (await res.json()) as { sections: { lines: { quantity: string }[] }[] };
      return Number(body.sections[0]!.lines[1]!.quantity);
    })
    .toBe(48);
  // F2 edits too, Escape leaves the value as it was
  await page.keyboard.press('F2');
  await expect(input).toBeFocused();
  await page.keyboard.type('7');
  await page.keyboard.press('Escape');
  await expect(second.getByRole('button', { name: 'Edit Qty' })).toBeFocused();
  await expect(second.getByRole('button', { name: 'Edit Qty' })).toHaveText('48');

  // End, Home in the row; Ctrl+End to the last line (scrolled into view), Ctrl+Home back to the first
  await page.keyboard.press('End');
  await expect(focused.locator('xpath=ancestor-or-self::*[@role="gridcell"][1]')).toHaveAttribute(
    'data-column',
    'subtotal',
  );
  await page.keyboard.press('Control+End');
  const last = page.locator(`[data-testid="line-row"][aria-rowindex="${lineCount + 1}"]`);
  await expect(last.locator('[data-column="subtotal"]')).toBeFocused();
  await expect(last).toBeInViewport();
  await page.keyboard.press('Control+Home');
  await expect(lineRows(page).first().getByRole('button', { name: 'Drag to reorder' })).toBeFocused();
  expect(await grid.locator('[tabindex="0"]').count()).toBe(1);
  await shot(page, 'comfort-grid-keyboard');
});
