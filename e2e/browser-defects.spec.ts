// Browser defects found by testing as a new user: drag-and-drop order, printing, layout, access
// to the New Sale form, error feedback, list keyboard access and grouping.
import { expect, type Locator, type Page, test } from '@playwright/test';
import type { SaleDto } from '@quotewright/contracts';
import {
  adminHeaders,
  createSaleViaApi,
  ensureErpData,
  expectNoA11yViolations,
  findProducts,
  shot,
  signInAsNewUser,
} from './helpers';

type ApiSale = SaleDto;

async function getSale(request: Parameters<typeof adminHeaders>[0], id: string): Promise<ApiSale> {
  const res = await request.get(`/api/sales/${id}`, { headers: await adminHeaders(request) });
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as ApiSale;
}

async function openSection(page: Page, name: string) {
  await page.getByTestId('section-row').filter({ hasText: name }).getByText(name, { exact: true }).click();
  await expect(page.getByTestId('lines-title')).toHaveText(name);
}

/**
 * Drags row `index` of the rows with test id `testId` by `by` row heights (negative: up) as a user does, in small
 * steps, and lets go once the drop indicator shows the place. The page is first scrolled so the pointer ends near the
 * viewport's edge in the drag direction (a table low on the page, or scrolled to its top), where an eager
 * auto-scroll used to run the row far past the place it was let go.
 */
async function dragRows(page: Page, testId: string, index: number, by: number) {
  const row = page.getByTestId(testId).nth(index);
  const handle = row.getByLabel('Drag to reorder');
  await handle.scrollIntoViewIfNeeded();
  const height = (await row.boundingBox())!.height;
  const viewport = page.viewportSize()!;
  await handle.evaluate(
    (el, { by, height, vh }) => {
      const r = el.getBoundingClientRect();
      const end = r.top + r.height / 2 + by * height;
      const wanted = by > 0 ? vh - 30 : 64 + 30;
      window.scrollBy(0, end - wanted);
    },
    { by, height, vh: viewport.height },
  );
  const from = (await handle.boundingBox())!;
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + Math.sign(by) * 6, { steps: 3 });
  await page.mouse.move(x, y + by * height, { steps: 15 });
  await dropIndicatorAt(page, testId, index, by);
  await page.mouse.up();
}

/**
 * Waits, frame by frame, for what a user looks at before letting go: the rows the dragged one passed have moved aside
 * by its height (their transition over) and the next row has not moved, so the gap shows the drop place.
 */
async function dropIndicatorAt(page: Page, testId: string, index: number, by: number) {
  await page.waitForFunction(
    ({ testId, index, by }) => {
      const rows = Array.from(document.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`));
      const dragged = rows[index];
      if (!dragged) return false;
      const height = dragged.offsetHeight;
      const shift = (el: HTMLElement) => new DOMMatrixReadOnly(getComputedStyle(el).transform).m42;
      const step = Math.sign(by);
      for (let k = 1; k <= Math.abs(by); k++) {
        const passed = rows[index + step * k];
        if (!passed || passed.getAnimations().length > 0) return false;
        if (Math.abs(shift(passed) + step * height) > height / 4) return false;
      }
      const next = rows[index + step * (Math.abs(by) + 1)];
      return !next || Math.abs(shift(next)) < 1;
    },
    { testId, index, by },
    { polling: 'raf', timeout: 10_000 },
  );
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  await ensureErpData(request);
});

test('dragging a line or a section 2 rows down and 2 rows up lands where the drop indicator shows', async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  const names = Array.from({ length: 12 }, (_, i) => `S${i + 1}`);
  const sale = await createSaleViaApi(request, 'E2E Drag Quote', names);
  const products = (await findProducts(request, { pageSize: 20 })).filter((p) => !p.is_bundle && p.active);
  const sectionId = sale.sections[0]!._id;
  const res = await request.post(`/api/sales/lines/create/${sale._id}/${sectionId}`, {
    headers,
    data: {
      lines: Array.from({ length: 12 }, (_, i) => ({
        product: products[i % products.length]!.id,
        quantity: String(i + 1),
      })),
      sequence: -1,
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  await signInAsNewUser(page, request, {
    prefix: 'drag-editor',
    name: 'Dora Drag',
    password: 'Drag-pass-1',
    modules: { sales: { enabled: true, level: 'editor' } },
  });
  await page.goto(`/sale/${sale._id}`);

  // The sections stay where they first showed when the product list above them arrives (its placeholder holds its
  // height): a user reaching for a row's handle finds it where they saw it.
  const sectionRows = page.getByTestId('section-row');
  const firstSeenAt = (await sectionRows.first().boundingBox())!.y;
  await expect(page.getByTestId('product-row').first()).toBeVisible();
  expect(Math.abs((await sectionRows.first().boundingBox())!.y - firstSeenAt)).toBeLessThanOrEqual(2);

  // sections: S1 two rows down, then S5 two rows up
  await dragRows(page, 'section-row', 0, 2);
  const down = ['S2', 'S3', 'S1', ...names.slice(3)];
  await expect.poll(async () => (await getSale(request, sale._id)).sections.map((s) => s.name)).toEqual(down);
  await dragRows(page, 'section-row', 4, -2);
  const up = ['S2', 'S3', 'S5', 'S1', 'S4', ...names.slice(5)];
  await expect.poll(async () => (await getSale(request, sale._id)).sections.map((s) => s.name)).toEqual(up);
  await expect(sectionRows.nth(2)).toHaveAttribute('data-section-name', 'S5');

  // lines of S1: the first two rows down, then the fifth two rows up
  await openSection(page, 'S1');
  const before = (await getSale(request, sale._id)).sections.find((s) => s.name === 'S1')!.lines.map((l) => l._id);
  const rows = page.getByTestId('line-row');
  await expect(rows).toHaveCount(12);
  await dragRows(page, 'line-row', 0, 2);
  const linesDown = [before[1], before[2], before[0], ...before.slice(3)];
  await expect
    .poll(async () => (await getSale(request, sale._id)).sections.find((s) => s.name === 'S1')!.lines.map((l) => l._id))
    .toEqual(linesDown);
  await dragRows(page, 'line-row', 4, -2);
  const linesUp = [before[1], before[2], before[4], before[0], before[3], ...before.slice(5)];
  await expect
    .poll(async () => (await getSale(request, sale._id)).sections.find((s) => s.name === 'S1')!.lines.map((l) => l._id))
    .toEqual(linesUp);
  await expect(rows.nth(2)).toHaveAttribute('data-line-id', before[4]!);
});

/** Whether the element is drawn whole: not cut off by any ancestor that clips its overflow. */
async function fullyShown(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    // cut short inside itself (an ellipsis)
    if (el.scrollWidth > el.clientWidth + 1) return false;
    for (let p = el.parentElement; p; p = p.parentElement) {
      const style = getComputedStyle(p);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const c = p.getBoundingClientRect();
      if (r.left < c.left - 0.5 || r.right > c.right + 0.5 || r.top < c.top - 0.5 || r.bottom > c.bottom + 0.5)
        return false;
    }
    return true;
  });
}

/** Whether nothing is drawn over the element (sampled across its width). */
async function uncovered(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const y = r.top + r.height / 2;
    for (const f of [0.05, 0.25, 0.5, 0.75, 0.95]) {
      const hit = document.elementFromPoint(r.left + r.width * f, y);
      if (!hit || !(el === hit || el.contains(hit))) return false;
    }
    return true;
  });
}

/** Relative luminance (0 black … 1 white) of a CSS rgb()/rgba() colour. */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The colour actually painted behind an element: the first ancestor with a non-transparent background. */
async function backgroundOf(locator: Locator): Promise<string> {
  return locator.evaluate((el) => {
    for (let p: Element | null = el; p; p = p.parentElement) {
      const bg = getComputedStyle(p).backgroundColor;
      if (bg && bg !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(bg)) return bg;
    }
    return 'rgb(255, 255, 255)';
  });
}

test('printing a sale: light, no chrome, buttons or product list, never cost or margin; every section and line', async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  const sale = await createSaleViaApi(request, 'E2E Print Quote', ['Hardware', 'Services']);
  const products = (await findProducts(request, { pageSize: 10 })).filter((p) => !p.is_bundle && p.active);
  for (const [i, section] of sale.sections.entries()) {
    const res = await request.post(`/api/sales/lines/create/${sale._id}/${section._id}`, {
      headers,
      data: { lines: [{ product: products[i]!.id, quantity: '2' }], sequence: -1 },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  await request.post(`/api/sales/lines/note/${sale._id}/${sale.sections[1]!._id}`, {
    headers,
    data: { name: 'Installed on site', sequence: -1 },
  });
  // dark mode (the default) is what printed white headings on white paper
  await signInAsNewUser(page, request, {
    prefix: 'print-editor',
    name: 'Pat Print',
    password: 'Print-pass-1',
    modules: { sales: { enabled: true, level: 'editor' } },
  });
  await page.goto(`/sale/${sale._id}`);
  await expect(page.getByTestId('sections-table')).toBeVisible();
  await expect(page.getByTestId('product-list-inline')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Total Cost' })).toBeVisible();

  await page.emulateMedia({ media: 'print' });
  await shot(page, 'sale-editor-print');
  // no chrome, no buttons, no product list, no cost / margin / markup anywhere
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.locator('button:visible')).toHaveCount(0);
  await expect(page.getByTestId('product-list-inline')).toBeHidden();
  await expect(page.getByText('Product List', { exact: true }).filter({ visible: true })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: /Cost|Margin|Markup/ }).filter({ visible: true })).toHaveCount(0);
  // the sale's sections and their lines are printed
  const printed = page.getByTestId('sale-print');
  await expect(printed).toBeVisible();
  await expect(printed.getByRole('heading', { name: 'Hardware' })).toBeVisible();
  await expect(printed.getByRole('heading', { name: 'Services' })).toBeVisible();
  await expect(printed.getByText(products[0]!.name, { exact: true })).toBeVisible();
  await expect(printed.getByText(products[1]!.name, { exact: true })).toBeVisible();
  await expect(printed.getByText('Installed on site')).toBeVisible();
  // headings: dark text on a light background
  for (const heading of [
    page.getByRole('heading', { name: 'E2E Print Quote' }),
    printed.getByRole('heading', { name: 'Hardware' }),
  ]) {
    await expect(heading).toBeVisible();
    const text = luminance(await heading.evaluate((el) => getComputedStyle(el).color));
    const background = luminance(await backgroundOf(heading));
    expect(text, 'heading text is dark').toBeLessThan(0.2);
    expect(background, 'behind it is light').toBeGreaterThan(0.8);
  }
  const body = luminance(await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
  expect(body).toBeGreaterThan(0.8);
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByTestId('sale-print')).toBeHidden();
});

test('layout: the Subtotal column shows whole in widescreen at 1920 px; a collapsed product list stays collapsed', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const headers = await adminHeaders(request);
  const sale = await createSaleViaApi(request, 'E2E Wide Quote', ['Main']);
  const products = (await findProducts(request, { pageSize: 10 })).filter((p) => !p.is_bundle && p.active);
  await request.post(`/api/sales/lines/create/${sale._id}/${sale.sections[0]!._id}`, {
    headers,
    data: { lines: products.slice(0, 3).map((p) => ({ product: p.id, quantity: '1000' })), sequence: -1 },
  });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signInAsNewUser(page, request, {
    prefix: 'wide-editor',
    name: 'Wendy Wide',
    password: 'Wide-pass-1',
    modules: { sales: { enabled: true, level: 'editor' } },
  });

  // normal layout: the product list above the sections can be collapsed, and stays so on the next sale
  await page.goto(`/sale/${sale._id}`);
  const list = page.getByTestId('product-list-inline');
  await expect(list.getByTestId('product-row').first()).toBeVisible();
  await list.getByRole('button', { name: 'Product List' }).click();
  await expect(list.getByTestId('product-row')).toHaveCount(0);
  const collapsed = (await list.boundingBox())!.height;
  expect(collapsed).toBeLessThan(80);
  await page.reload();
  await expect(page.getByTestId('sections-table')).toBeVisible();
  await expect(list.getByTestId('product-row')).toHaveCount(0);
  await list.getByRole('button', { name: 'Product List' }).click();
  await expect(list.getByTestId('product-row').first()).toBeVisible();
  await list.getByRole('button', { name: 'Product List' }).click();
  await expect(list.getByTestId('product-row')).toHaveCount(0);

  // widescreen at 1920 px: the lines table shows every column whole
  await page.getByRole('button', { name: 'Display settings' }).click();
  await page.getByRole('menuitemcheckbox', { name: /Widescreen/ }).click();
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByTestId('product-list-inline').getByTestId('product-row').first()).toBeVisible();
  await openSection(page, 'Main');
  const table = page.getByTestId('lines-table');
  const subtotal = table.getByRole('columnheader', { name: 'Subtotal' });
  await expect(subtotal).toBeVisible();
  expect(await fullyShown(subtotal)).toBe(true);
  for (const cell of await table.locator('[data-column="subtotal"]').all()) expect(await fullyShown(cell)).toBe(true);
  await shot(page, 'sale-editor-widescreen-1920');
});

test('sales list: rows open with Enter from the keyboard; grouped, each group shows its whole count and total', async ({
  page,
  request,
}) => {
  await signInAsNewUser(page, request, {
    prefix: 'list-viewer',
    name: 'Lia List',
    password: 'List-pass-1',
    modules: { sales: { enabled: true, level: 'viewer' } },
  });
  const rows = page.getByTestId('sale-row');
  await expect(rows.first()).toBeVisible();
  await rows.nth(1).focus();
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sale\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('info-panel')).toBeVisible();
  await page.goBack();

  const status = page.getByRole('columnheader').filter({ hasText: 'Status' }).first();
  await status.hover();
  await status.getByRole('button', { name: /column actions/i }).click();
  await page.getByRole('menuitem', { name: /group by status/i }).click();
  await expect(page.getByTestId('group-summary').first()).toBeVisible();
  // Grouped, the page holds groups: every status on page 1, each with the count and total of all its sales.
  const headers = await adminHeaders(request);
  const answer = await request.get('/api/sales/groups?page=0&pageSize=20&groupBy=state', { headers });
  const groups = ((await answer.json()) as { groups: { label: string; count: number; total_price: string }[] }).groups;
  expect(groups.length).toBeGreaterThan(0);
  await expect(page.getByTestId('group-summary')).toHaveCount(groups.length);
  for (const group of groups) {
    const total = `$${Number(group.total_price).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const row = page.locator('tr').filter({ has: page.locator(`[data-group-label="${group.label}"]`) });
    const shown = row.getByTestId('group-summary');
    await expect(shown).toContainText(` · ${total}`);
    await expect(shown).toContainText(`${group.count} sale`);
    expect(await fullyShown(shown), `${group.label}'s total shows whole`).toBe(true);
    expect(await uncovered(shown), `nothing covers ${group.label}'s total`).toBe(true);
  }
  await expectNoA11yViolations(page);
  await shot(page, 'sales-list-grouped-page-1');
});
