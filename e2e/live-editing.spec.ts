// Live co-editing (docs/product/realtime.md): two people on one sale see each other's avatars, and one's change appears
// on the other's screen within a second, without a reload.
import { expect, test } from '@playwright/test';
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

test('two editors on one sale: avatars, and a change seen live by the other', async ({ browser, request }) => {
  const sale = await createSaleViaApi(request, `Live ${Date.now().toString(36)}`, ['Alpha', 'Beta']);
  const alpha = sale.sections.find((s) => s.name === 'Alpha')!;

  const ann = await browser.newContext();
  const bea = await browser.newContext();
  const annPage = await ann.newPage();
  const beaPage = await bea.newPage();
  await loginUi(annPage, ADMIN.email, ADMIN.password);
  await signInAsNewUser(beaPage, request, {
    prefix: 'live',
    name: 'Bea Live',
    password: 'Bea-live-pass-1',
    modules: { sales: { enabled: true, level: 'editor' } },
  });
  await annPage.goto(`/sale/${sale._id}`);
  await beaPage.goto(`/sale/${sale._id}`);

  // Both see both (avatars appear from two editors); one tooltip names everyone.
  for (const page of [annPage, beaPage]) {
    await expect(page.getByTestId('editor-avatar')).toHaveCount(2);
    await expect(page.getByTestId('editor-avatars')).toHaveAccessibleName(/Editing now: .*(Administrator|Bea Live)/);
  }
  await beaPage.getByTestId('editor-avatars').hover();
  await expect(beaPage.getByRole('tooltip')).toContainText('Bea Live');
  await expect(beaPage.getByRole('tooltip')).toContainText('Administrator');

  // The admin renames a section (through the API, as the UI would): Bea's screen shows it within a second.
  const res = await request.post(`/api/sales/sections/update/${sale._id}/${alpha._id}`, {
    headers: await adminHeaders(request),
    data: { name: 'Alpha renamed live' },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  await expect(beaPage.getByTestId('section-row').filter({ hasText: 'Alpha renamed live' })).toBeVisible({
    timeout: 1000,
  });
  await expect(annPage.getByTestId('section-row').filter({ hasText: 'Alpha renamed live' })).toBeVisible({
    timeout: 1000,
  });
  await expectNoA11yViolations(beaPage);
  await shot(beaPage, 'live-editing');

  // Bea's open activity feed shows the admin's next change without a reload (it follows the sale's version).
  await beaPage.getByRole('button', { name: 'Activity' }).click();
  const feed = beaPage.getByRole('region', { name: 'Activity' });
  await expect(feed.getByTestId('activity-entry').first()).toContainText(
    'Administrator renamed section Alpha to Alpha renamed live',
  );
  const again = await request.post(`/api/sales/sections/update/${sale._id}/${alpha._id}`, {
    headers: await adminHeaders(request),
    data: { name: 'Alpha again' },
  });
  expect(again.ok(), await again.text()).toBeTruthy();
  await expect(feed.getByTestId('activity-entry').first()).toContainText(
    'Administrator renamed section Alpha renamed live to Alpha again',
  );
  await beaPage.getByRole('button', { name: 'Close activity' }).click();

  // Ann leaves: Bea is alone, and the avatars go (shown only from two editors).
  await ann.close();
  await expect(beaPage.getByTestId('editor-avatars')).toHaveCount(0);
  await bea.close();
});

// Decision 0020: when a cell you are editing is changed by someone else, you are told who changed it and to what
// before yours overwrites it.
test('a cell being edited that the other editor changes: told who and to what, and the choice is theirs', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await ensureErpData(request);
  const [product] = (await findProducts(request, { pageSize: 10 })).filter((p) => !p.is_bundle && p.active);
  expect(product, 'an active product').toBeTruthy();
  const sale = await createSaleViaApi(request, `Conflict ${Date.now().toString(36)}`, ['Gamma']);
  const gamma = sale.sections[0]!;
  const headers = await adminHeaders(request);
  const added = await request.post(`/api/sales/lines/create/${sale._id}/${gamma._id}`, {
    headers,
    data: { lines: [{ product: product!.id, quantity: '2' }], sequence: -1 },
  });
  expect(added.ok(), await added.text()).toBeTruthy();

  const ann = await browser.newContext();
  const bea = await browser.newContext();
  const annPage = await ann.newPage();
  const beaPage = await bea.newPage();
  await loginUi(annPage, ADMIN.email, ADMIN.password);
  await signInAsNewUser(beaPage, request, {
    prefix: 'conflict',
    name: 'Bea Conflict',
    password: 'Bea-conflict-pass-1',
    modules: { sales: { enabled: true, level: 'editor' } },
  });
  await annPage.goto(`/sale/${sale._id}?section=${gamma._id}`);
  await beaPage.goto(`/sale/${sale._id}?section=${gamma._id}`);
  // Both are in the sale's room (a readiness wait, generous for a busy machine: latency is the first test's subject).
  for (const page of [annPage, beaPage]) {
    await expect(page.getByTestId('editor-avatar')).toHaveCount(2, { timeout: 30_000 });
  }

  // Ann opens the Qty cell and types 3 without committing.
  const annRow = annPage.getByTestId('line-row').first();
  await annRow.getByRole('button', { name: 'Edit Qty' }).dblclick();
  const annInput = annRow.getByRole('textbox', { name: 'Qty' });
  await annInput.fill('3');

  // Bea sets it to 5: Ann is told who changed it and to what, and her 3 is still in the cell.
  const beaRow = beaPage.getByTestId('line-row').first();
  await beaRow.getByRole('button', { name: 'Edit Qty' }).dblclick();
  const beaInput = beaRow.getByRole('textbox', { name: 'Qty' });
  await beaInput.fill('5');
  await beaInput.press('Enter');
  const notice = annPage.getByTestId('edit-conflict');
  await expect(notice).toContainText('Bea Conflict changed Qty to 5 while you were editing');
  await expect(annInput).toHaveValue('3');
  await expectNoA11yViolations(annPage);
  await shot(annPage, 'live-edit-conflict');

  // Ann uses hers (an explicit overwrite of Bea's 5): it is saved, and Bea sees it live.
  await notice.getByRole('button', { name: 'Use 3' }).click();
  await expect(notice).toHaveCount(0);
  await expect(annRow.getByRole('button', { name: 'Edit Qty' })).toHaveText('3');
  await expect(beaRow.getByRole('button', { name: 'Edit Qty' })).toHaveText('3');
  await expect
    .poll(
      async () =>
        (await (await request.get(`/api/sales/${sale._id}`, { headers })).json()).sections[0].lines[0].quantity,
    )
    .toBe('3');

  // The other way round: Bea types 8, Ann sets 4, Bea takes Ann's value with Escape (nothing of hers is sent).
  await beaRow.getByRole('button', { name: 'Edit Qty' }).dblclick();
  await beaInput.fill('8');
  await annRow.getByRole('button', { name: 'Edit Qty' }).dblclick();
  await annInput.fill('4');
  await annInput.press('Enter');
  await expect(beaPage.getByTestId('edit-conflict')).toContainText('Administrator changed Qty to 4');
  await beaInput.press('Escape');
  await expect(beaPage.getByTestId('edit-conflict')).toHaveCount(0);
  await expect(beaRow.getByRole('button', { name: 'Edit Qty' })).toHaveText('4');
  await expect(annRow.getByRole('button', { name: 'Edit Qty' })).toHaveText('4');
  await ann.close();
  await bea.close();
});
