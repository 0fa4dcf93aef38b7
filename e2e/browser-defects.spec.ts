// Browser defects found by testing as a new user (issue 9 item 7): drag-and-drop order, printing, layout, access
// to the New Sale form, error feedback, list keyboard access and grouping.
import { expect, type Locator, type Page, test } from '@playwright/test';
import type { SaleDto } from '@quotewright/contracts';
import { adminHeaders, createSaleViaApi, ensureErpData, findProducts, shot, signInAsNewUser } from './helpers';

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
 * Drags `handle` by `rows` row heights (negative: up) as a user does, in small steps. The page is first scrolled so
 * the pointer ends near the viewport's edge in the drag direction (a table low on the page, or scrolled to its top),
 * where an eager auto-scroll used to run the row far past the place it was let go.
 */
async function dragRows(page: Page, handle: Locator, row: Locator, rows: number) {
  await handle.scrollIntoViewIfNeeded();
  const height = (await row.boundingBox())!.height;
  const viewport = page.viewportSize()!;
  await handle.evaluate(
    (el, { rows, height, vh }) => {
      const r = el.getBoundingClientRect();
      const end = r.top + r.height / 2 + rows * height;
      const wanted = rows > 0 ? vh - 30 : 64 + 30;
      window.scrollBy(0, end - wanted);
    },
    { rows, height, vh: viewport.height },
  );
  const from = (await handle.boundingBox())!;
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + Math.sign(rows) * 6, { steps: 3 });
  await page.mouse.move(x, y + rows * height, { steps: 15 });
  // a user looks at the drop indicator before letting go
  await page.waitForTimeout(400);
  await page.mouse.up();
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

  // sections: S1 two rows down, then S5 two rows up
  const sectionRows = page.getByTestId('section-row');
  await dragRows(page, sectionRows.nth(0).getByLabel('Drag to reorder'), sectionRows.nth(0), 2);
  const down = ['S2', 'S3', 'S1', ...names.slice(3)];
  await expect.poll(async () => (await getSale(request, sale._id)).sections.map((s) => s.name)).toEqual(down);
  await dragRows(page, sectionRows.nth(4).getByLabel('Drag to reorder'), sectionRows.nth(4), -2);
  const up = ['S2', 'S3', 'S5', 'S1', 'S4', ...names.slice(5)];
  await expect.poll(async () => (await getSale(request, sale._id)).sections.map((s) => s.name)).toEqual(up);
  await expect(sectionRows.nth(2)).toHaveAttribute('data-section-name', 'S5');

  // lines of S1: the first two rows down, then the fifth two rows up
  await openSection(page, 'S1');
  const before = (await getSale(request, sale._id)).sections.find((s) => s.name === 'S1')!.lines.map((l) => l._id);
  const rows = page.getByTestId('line-row');
  await expect(rows).toHaveCount(12);
  await dragRows(page, rows.nth(0).getByLabel('Drag to reorder'), rows.nth(0), 2);
  const linesDown = [before[1], before[2], before[0], ...before.slice(3)];
  await expect
    .poll(async () => (await getSale(request, sale._id)).sections.find((s) => s.name === 'S1')!.lines.map((l) => l._id))
    .toEqual(linesDown);
  await dragRows(page, rows.nth(4).getByLabel('Drag to reorder'), rows.nth(4), -2);
  const linesUp = [before[1], before[2], before[4], before[0], before[3], ...before.slice(5)];
  await expect
    .poll(async () => (await getSale(request, sale._id)).sections.find((s) => s.name === 'S1')!.lines.map((l) => l._id))
    .toEqual(linesUp);
  await expect(rows.nth(2)).toHaveAttribute('data-line-id', before[4]!);
});
