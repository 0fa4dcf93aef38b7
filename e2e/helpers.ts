import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin@quotewright.test',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'E2e-admin-pass-1',
};

type Level = 'viewer' | 'editor' | 'full_rights';
export interface ModulesInput {
  sales?: { enabled: boolean; level: Level };
  accounting?: { enabled: boolean; level: Level };
  inventory?: { enabled: boolean; level: Level };
}

let counter = 0;
/** A unique address per call, so journeys never collide on one database. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@quotewright.test`;
}

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync('e2e/artifacts', { recursive: true });
  await page.screenshot({ path: `e2e/artifacts/${name}.png`, fullPage: true, animations: 'disabled' });
}

/** Signs in through the login form and waits for the shell. */
export async function loginUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: false }).first().fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

export async function logoutUi(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/users/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Creates a user through the admin API (journeys that are not about user management start from one). */
export async function createUserViaApi(
  request: APIRequestContext,
  user: { name: string; email: string; password: string; modules?: ModulesInput },
): Promise<{ _id: string }> {
  const token = await apiToken(request, ADMIN.email, ADMIN.password);
  const off = { enabled: false, level: 'viewer' as Level };
  const res = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: user.name,
      email: user.email,
      password: user.password,
      isAdmin: false,
      modules: { sales: off, accounting: off, inventory: off, ...user.modules },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { _id: string };
}

export async function drawerEntries(page: Page): Promise<string[]> {
  const nav = page.getByTestId('nav-drawer');
  await expect(nav.getByRole('link').first()).toBeVisible();
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim());
}
