// Approvals in the browser (docs/product/rules.md#approvals), two people in two browser contexts: the salesperson drops
// a line's margin under the rule, sees the warning and the marked line, requests approval; the approver is told at
// once, opens the request from "Awaiting approval", compares with the version last sent to the ERP and approves; the
// salesperson publishes; an edit that breaks the rule again voids the approval and the publish is refused with why.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { defaultApprovalRules } from '@quotewright/domain';
import {
  ADMIN,
  adminHeaders,
  createSaleViaApi,
  createUserViaApi,
  ensureErpData,
  expectNoA11yViolations,
  findProducts,
  loginUi,
  shot,
  uniqueEmail,
} from './helpers';

const full = { sales: { enabled: true, level: 'full_rights' as const } };

async function setRules(request: APIRequestContext, on: boolean) {
  const rules = defaultApprovalRules();
  if (on) rules.line_margin = { enabled: true, threshold: 15, approver: 'sales_full' };
  const res = await request.put('/api/settings/approval-rules', { headers: await adminHeaders(request), data: rules });
  expect(res.ok(), await res.text()).toBeTruthy();
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  await ensureErpData(request);
  await setRules(request, true);
});
// The rules are the server's: the other journeys on this server run without them.
test.afterAll(async ({ request }) => setRules(request, false));

const row = (page: Page) => page.getByTestId('line-row').first();
async function editPrice(page: Page, price: string) {
  await row(page).getByRole('button', { name: 'Edit Price' }).dblclick();
  const input = row(page).getByRole('textbox', { name: 'Price' });
  await input.fill(price);
  await input.press('Enter');
  await expect(row(page).getByRole('button', { name: 'Edit Price' })).toHaveText(`$${price}.00`);
}
/** Publishes from the sync button's check dialog and waits for Synced. */
async function publish(page: Page) {
  await page.getByTestId('sync-button').click();
  const dialog = page.getByRole('dialog', { name: /^(Publish to|Sync with) Odoo$/ });
  await expect(dialog.getByTestId('sync-problem')).toHaveCount(0);
  await dialog.getByTestId('sync-start').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('sync-button')).toHaveText('Synced', { timeout: 60_000 });
}

test('a margin under the rule: request, approve from the notification, publish; an edit past it voids it', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const headers = await adminHeaders(request);
  const password = 'Approvals-e2e-1';
  const sam = { name: 'Sam Sales', email: uniqueEmail('sam'), password, modules: full };
  const alex = { name: 'Alex Approver', email: uniqueEmail('alex'), password, modules: full };
  await createUserViaApi(request, sam);
  await createUserViaApi(request, alex);

  // A quote with a customer and one line at a 30 % margin (100 / 70).
  const sale = await createSaleViaApi(request, 'E2E Approval Quote', ['Main']);
  const customer = (
    (await (await request.get('/api/partners/customers', { headers })).json()) as { id: number; name: string }[]
  )[0]!;
  expect(
    (
      await request.post(`/api/sales/${sale._id}`, {
        headers,
        data: { customer: { id: customer.id, name: customer.name } },
      })
    ).ok(),
  ).toBeTruthy();
  const product = (await findProducts(request, { pageSize: 20 })).find((p) => !p.is_bundle && p.active)!;
  const section = sale.sections[0]!._id;
  const created = await request.post(`/api/sales/lines/create/${sale._id}/${section}`, {
    headers,
    data: { lines: [{ product: product.id, quantity: '1' }], sequence: -1 },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const now = (await (await request.get(`/api/sales/${sale._id}`, { headers })).json()) as {
    sections: { lines: { _id: string }[] }[];
  };
  const lineId = now.sections[0]!.lines[0]!._id;
  const priced = await request.post(`/api/sales/lines/update/${sale._id}/${section}`, {
    headers,
    data: [{ _id: lineId, price: '100', cost: '70' }],
  });
  expect(priced.ok(), await priced.text()).toBeTruthy();

  const samContext = await browser.newContext();
  const alexContext = await browser.newContext();
  try {
    const samPage = await samContext.newPage();
    const alexPage = await alexContext.newPage();
    await loginUi(samPage, sam.email, password);
    await loginUi(alexPage, alex.email, password);

    // Sam publishes the quote as it is (no rule broken): the ERP's version is a revision to compare with later.
    await samPage.goto(`/sale/${sale._id}?section=${section}`);
    await expect(samPage.getByTestId('approval-banner')).toHaveCount(0);
    await publish(samPage);

    // Alex waits on the sales list.
    await alexPage.goto('/');
    await expect(alexPage.getByTestId('awaiting-approval-filter')).toHaveText(/Awaiting approval \(\d+\)/);

    // Sam drops the margin under 15 %: the warning and the marked line at once.
    await editPrice(samPage, '80');
    const banner = samPage.getByTestId('approval-banner');
    await expect(banner).toContainText('Needs approval: 1 line under 15 % margin');
    await expect(row(samPage).getByTestId('approval-mark')).toBeVisible();
    await shot(samPage, 'approvals-needed');
    await expectNoA11yViolations(samPage);
    await banner.getByRole('button', { name: 'Request approval' }).click();
    const ask = samPage.getByRole('dialog', { name: 'Request approval' });
    await ask.getByRole('textbox').fill('Strategic customer, please');
    const answered = samPage.waitForResponse((r) => r.url().includes('/api/sales/approval/request/'));
    await ask.getByRole('button', { name: 'Request' }).click();
    expect((await answered).ok()).toBeTruthy();
    await expect(samPage.getByTestId('approval-status')).toContainText('Awaiting approval, requested by Sam Sales');

    // Alex is told within a second, and the filter counts the sale.
    await expect(
      alexPage.getByText(/Sam Sales requests approval of Q\d+ \(E2E Approval Quote\): 1 line under 15 % margin/),
    ).toBeVisible({
      timeout: 1_000,
    });
    const filter = alexPage.getByTestId('awaiting-approval-filter');
    await expect(filter).toHaveText(/Awaiting approval \([1-9]\d*\)/);
    await expectNoA11yViolations(alexPage);
    await filter.click();
    await alexPage.getByTestId('sale-row').filter({ hasText: 'E2E Approval Quote' }).click();
    const alexBanner = alexPage.getByTestId('approval-banner');
    await expect(alexBanner).toContainText('Awaiting approval, requested by Sam Sales');
    await expect(alexBanner).toContainText('“Strategic customer, please”');

    // The difference from what the ERP has: the price.
    await alexBanner.getByRole('button', { name: 'Compare with ERP version' }).click();
    const compare = alexPage.getByRole('dialog', { name: /^Compare R\d+ → Current$/ });
    await expect(compare.getByTestId('diff-summary')).toBeVisible();
    await expect(compare).toContainText('$80.00');
    await shot(alexPage, 'approvals-compare');
    await compare.getByRole('button', { name: 'Close comparison' }).click();

    await alexBanner.getByRole('button', { name: 'Approve' }).click();
    const approve = alexPage.getByRole('dialog', { name: 'Approve' });
    await expectNoA11yViolations(alexPage);
    await approve.getByRole('textbox').fill('OK for this customer');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(alexBanner).toHaveAttribute('data-state', 'cleared');

    // Sam sees the approval and publishes.
    await expect(banner).toHaveAttribute('data-state', 'cleared');
    await expect(banner).toContainText('Approved by Alex Approver');
    await shot(samPage, 'approvals-approved');
    await publish(samPage);

    // An edit that breaks the rule again voids the approval; the publish is refused with the reason.
    await editPrice(samPage, '75');
    await expect(samPage.getByTestId('approval-status')).toContainText(
      'The approval was voided by a later edit that breaks a rule',
    );
    await samPage.getByTestId('sync-button').click();
    const check = samPage.getByRole('dialog', { name: /Odoo$/ });
    await expect(check.getByTestId('sync-problem')).toContainText(
      'The approval was voided by a later edit. Needs approval: 1 line under 15 % margin. Request approval before publishing',
    );
    await expect(check.getByTestId('sync-start')).toBeDisabled();
    await shot(samPage, 'approvals-refused');
  } finally {
    await samContext.close();
    await alexContext.close();
  }
});

test('the approval rules in Settings, as the admin sees them', async ({ page }) => {
  await loginUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/settings');
  const card = page.getByTestId('approval-rules');
  await expect(card.getByRole('switch', { name: 'Minimum margin % of any product line' })).toBeChecked();
  await expect(card.getByRole('switch', { name: 'Maximum discount % of any line' })).not.toBeChecked();
  await expect(card.getByRole('textbox', { name: 'Minimum margin % of any product line: threshold' })).toHaveValue(
    '15',
  );
  await expectNoA11yViolations(page);
  await shot(page, 'approvals-settings');
});
