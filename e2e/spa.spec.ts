import { expect, test } from '@playwright/test';
import { ADMIN, loginUi, shot } from './helpers';

// Every address (docs/product/screens.md#routes) is a client-side route: loading it directly (a bookmark, a reload)
// must serve the app.
test('deep links load the app, and protected ones send a visitor to /login', async ({ page }) => {
  for (const path of ['/', '/users', '/stock/location', '/sale/abc', '/template/t1/x', '/profile']) {
    const res = await page.goto(path);
    expect(res?.status(), `GET ${path}`).toBe(200);
    await expect(page, `GET ${path}`).toHaveURL(/\/login$/);
  }
});

test('reloading the start page keeps the signed-in user on it', async ({ page }) => {
  await loginUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/$/);
  const res = await page.reload();
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Sales' })).toBeVisible();
  await shot(page, 'start-page-after-reload');
});
