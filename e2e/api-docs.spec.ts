import { expect, test } from '@playwright/test';
import { shot } from './helpers';

// The API's docs are browsable from the server itself (Swagger UI over the OpenAPI document generated from the route
// definitions of packages/contracts): no outside address, and the page runs under the app's content security policy.
test('the API docs page shows every area of the API and a route with its schemas', async ({ page, baseURL }) => {
  const blocked: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') blocked.push(m.text());
  });
  const origin = new URL(baseURL!).origin;
  const outside: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).origin !== origin && !r.url().startsWith('data:')) outside.push(r.url());
  });
  const res = await page.goto('/api/docs');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: /Quotewright API/ })).toBeVisible();
  for (const area of ['Users', 'API documentation'])
    await expect(page.locator('.opblock-tag', { hasText: area }).first()).toBeVisible();
  // A route opens with its parameters and its answer.
  await page.locator('.opblock-summary-path', { hasText: '/api/users/{id}' }).first().click();
  await expect(page.locator('.parameters-col_name', { hasText: 'id' }).first()).toBeVisible();
  await expect(page.locator('.responses-wrapper').first()).toContainText('200');
  await shot(page, 'api-docs');
  expect(outside, 'requests outside the server').toEqual([]);
  expect(
    blocked.filter((m) => /Content Security Policy|Refused/.test(m)),
    'blocked by the CSP',
  ).toEqual([]);
});
