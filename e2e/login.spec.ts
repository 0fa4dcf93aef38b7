import { expect, test } from '@playwright/test';
import { ADMIN, createUserViaApi, expectNoA11yViolations, loginUi, logoutUi, shot, uniqueEmail } from './helpers';

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
  await expectNoA11yViolations(page);
  await shot(page, 'login-wrong-password');
});

test('missing fields show field errors under the fields', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#\\:r1\\:-helper-text, .MuiFormHelperText-root').first()).toBeVisible();
  await expectNoA11yViolations(page);
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

test('a browser that signed in before still gets in while strangers at the same address are throttled', async ({
  page,
  browser,
  request,
  playwright,
  baseURL,
}) => {
  const email = uniqueEmail('own-device');
  const password = 'Own-device-pass-1';
  await createUserViaApi(request, { name: 'Own Device', email, password });
  await loginUi(page, email, password);
  // The browser kept the device cookie: HttpOnly (scripts cannot read it), sent to the sign-in route only.
  const device = (await page.context().cookies()).find((c) => c.name === 'qw_device');
  expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/users/login' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('qw_device');
  await logoutUi(page);

  // Someone else at the same address (here everything comes from 127.0.0.1, like an office behind one NAT) guesses
  // the password until that address is blocked for this e-mail.
  const stranger = await playwright.request.newContext({ baseURL });
  try {
    let last = 0;
    for (let i = 0; i < 11 && last !== 429; i++) {
      last = (await stranger.post('/api/users/login', { data: { email, password: `guess-${i}` } })).status();
    }
    expect(last).toBe(429);
    expect((await stranger.post('/api/users/login', { data: { email, password } })).status()).toBe(429);
  } finally {
    await stranger.dispose();
  }

  // A browser that never signed in here is throttled like the stranger...
  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    await other.goto('/login');
    await other.getByRole('textbox', { name: 'Email' }).fill(email);
    await other.getByLabel('Password').fill(password);
    await other.getByLabel('Password').press('Enter');
    await expect(other.getByTestId('login-error')).toContainText('Too many failed sign-in attempts');
  } finally {
    await fresh.close();
  }
  // ...while the owner's browser signs in with the right password.
  await loginUi(page, email, password);
  await shot(page, 'login-own-device-during-attack');
});
