import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoA11yViolations, shot, signInAsNewUser } from './helpers';

async function newUser(page: Page, request: APIRequestContext, prefix: string) {
  await signInAsNewUser(page, request, {
    prefix,
    name: 'Pat Preferences',
    password: 'Prefs-password-1',
    modules: { sales: { enabled: true, level: 'editor' } },
  });
  // Work from the profile screen: every reload below re-enters the app at this address.
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
}

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Display settings' }).click();
}

test('exiting discrete mode asks for confirmation; the mode persists', async ({ page, request }) => {
  await newUser(page, request, 'discrete');
  await expect(page.getByTestId('discrete-indicator')).toHaveCount(0);

  await openSettings(page);
  await page.getByRole('menuitemcheckbox', { name: /Discrete Mode/ }).click();
  await expect(page.getByTestId('discrete-indicator')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('discrete-indicator')).toBeVisible();

  // Leaving asks first; Cancel keeps discrete mode on.
  await page.getByTestId('discrete-indicator').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(
    'Are you sure you want to exit discrete mode? All pricing and hidden fields will be immediately unhidden.',
  );
  await expectNoA11yViolations(page);
  await shot(page, 'discrete-exit-confirmation');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('discrete-indicator')).toBeVisible();

  await openSettings(page);
  await page.getByRole('menuitemcheckbox', { name: /Discrete Mode/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Exit Discrete' }).click();
  await expect(page.getByTestId('discrete-indicator')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByTestId('discrete-indicator')).toHaveCount(0);
});

test('dark and light mode persist across a reload', async ({ page, request }) => {
  await newUser(page, request, 'theme');
  const mode = page.locator('[data-theme-mode]');
  await expect(mode).toHaveAttribute('data-theme-mode', 'dark');
  const darkBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  await openSettings(page);
  await page.getByRole('menuitemcheckbox', { name: /Dark Mode/ }).click();
  await expect(mode).toHaveAttribute('data-theme-mode', 'light');
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(mode).toHaveAttribute('data-theme-mode', 'light');
  const lightBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(lightBg).not.toBe(darkBg);
  await expectNoA11yViolations(page);
  await shot(page, 'theme-light-after-reload');

  await openSettings(page);
  await page.getByRole('menuitemcheckbox', { name: /Dark Mode/ }).click();
  await expect(mode).toHaveAttribute('data-theme-mode', 'dark');
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(mode).toHaveAttribute('data-theme-mode', 'dark');
  await expectNoA11yViolations(page);
  await shot(page, 'theme-dark-after-reload');
});
