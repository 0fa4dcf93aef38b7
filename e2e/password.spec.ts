import { expect, test } from '@playwright/test';
import { expectNoA11yViolations, loginUi, shot, signInAsNewUser } from './helpers';

test('changing the password ends the session and asks to login again', async ({ page, request }) => {
  const newPassword = 'New-password-456';
  const { email } = await signInAsNewUser(page, request, {
    prefix: 'pw',
    name: 'Paula Password',
    password: 'Old-password-123',
    modules: { sales: { enabled: true, level: 'viewer' } },
  });

  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-name')).toHaveText('Paula Password');
  await expect(page.getByTestId('profile-email')).toHaveText(email);

  // Mismatched confirmation: the server's field error shows under a field, and nothing is cleared.
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password').fill('something-else-789');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(newPassword);
  await expectNoA11yViolations(page);
  await shot(page, 'password-mismatch');

  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByLabel('Confirm Password').press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Password Changed, please login!')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expectNoA11yViolations(page);
  await shot(page, 'password-changed');

  await loginUi(page, email, newPassword);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
