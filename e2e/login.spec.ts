import { expect, test } from '@playwright/test';
import { ADMIN, shot } from './helpers';

test('a wrong password shows the server error and stays on the login screen', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('Login | Quotewright');
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
  await page.getByLabel('Password').fill('definitely-not-the-password');
  await page.getByLabel('Password').press('Enter');
  const error = page.getByTestId('login-error');
  await expect(error).toBeVisible();
  await expect(error).toContainText(/incorrect|invalid/i);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await shot(page, 'login-wrong-password');
});

test('missing fields show field errors under the fields', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#\\:r1\\:-helper-text, .MuiFormHelperText-root').first()).toBeVisible();
  await shot(page, 'login-missing-fields');
});

test('no single-sign-on button unless the server has a provider; a signed-in visitor skips /login', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('link', { name: /Login with/ })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
});
