// Live co-editing (issue 10): two people on one sale see each other's avatars, and one's change appears on the
// other's screen within a second, without a reload.
import { expect, test } from '@playwright/test';
import { ADMIN, adminHeaders, createSaleViaApi, loginUi, shot, signInAsNewUser } from './helpers';

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
