import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
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
  await page.getByRole('button', { name: 'Account', exact: true }).click();
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

/** A new user (unique e-mail) with these modules, signed in through the login form. */
export async function signInAsNewUser(
  page: Page,
  request: APIRequestContext,
  user: { prefix: string; name: string; password: string; modules?: ModulesInput },
): Promise<{ email: string; password: string; _id: string }> {
  const email = uniqueEmail(user.prefix);
  const { _id } = await createUserViaApi(request, {
    name: user.name,
    email,
    password: user.password,
    ...(user.modules ? { modules: user.modules } : {}),
  });
  await loginUi(page, email, user.password);
  return { email, password: user.password, _id };
}

export async function drawerEntries(page: Page): Promise<string[]> {
  const nav = page.getByTestId('nav-drawer');
  await expect(nav.getByRole('link').first()).toBeVisible();
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim());
}

/** Headers for API calls as the admin. */
export async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  return { Authorization: `Bearer ${await apiToken(request, ADMIN.email, ADMIN.password)}` };
}

/**
 * Makes sure the demo ERP's products, sales and contacts have been fetched (once per server: a fetch that already
 * succeeded is not started again). Journeys that need catalog or partner data call it in beforeAll.
 */
export async function ensureErpData(request: APIRequestContext): Promise<void> {
  const headers = await adminHeaders(request);
  const kinds = ['products', 'sales', 'contacts'] as const;
  for (const kind of kinds) {
    const res = await request.get(`/api/odoo/sync/${kind}`, { headers });
    const run = ((await res.json()) as { run: { state: string } | null }).run;
    if (run?.state === 'success' || run?.state === 'loading') continue;
    const start = await request.post(`/api/odoo/sync/${kind}`, { headers });
    expect(start.ok(), await start.text()).toBeTruthy();
  }
  for (const kind of kinds) {
    await expect
      .poll(
        async () => {
          const res = await request.get(`/api/odoo/sync/${kind}`, { headers });
          return ((await res.json()) as { run: { state: string } | null }).run?.state;
        },
        { timeout: 90_000, intervals: [500, 1000] },
      )
      .toBe('success');
  }
}

export interface ApiProduct {
  id: number;
  name: string;
  description: string;
  price: string;
  cost: string;
  is_bundle: boolean;
  active: boolean;
}

export async function findProducts(
  request: APIRequestContext,
  query: { bundlesOnly?: boolean; search?: string; pageSize?: number } = {},
): Promise<ApiProduct[]> {
  const headers = await adminHeaders(request);
  const params = new URLSearchParams({
    page: '0',
    pageSize: String(query.pageSize ?? 20),
    bundlesOnly: String(query.bundlesOnly ?? false),
  });
  if (query.search) params.set('search', query.search);
  const res = await request.get(`/api/products?${params}`, { headers });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { items: ApiProduct[] }).items;
}

/** Creates a sale with sections through the API; answers the sale. */
export async function createSaleViaApi(
  request: APIRequestContext,
  name: string,
  sections: string[] = [],
): Promise<{ _id: string; quote_number: string; sections: { _id: string; name: string }[] }> {
  const headers = await adminHeaders(request);
  const res = await request.post('/api/sales', { headers, data: { name } });
  expect(res.status(), await res.text()).toBe(201);
  let sale = await res.json();
  for (const section of sections) {
    const r = await request.post(`/api/sales/sections/create/${sale._id}`, { headers, data: { name: section } });
    expect(r.ok(), await r.text()).toBeTruthy();
  }
  // A mutation answers only what changed: read the sale as it is now.
  if (sections.length > 0) sale = await (await request.get(`/api/sales/${sale._id}`, { headers })).json();
  return sale;
}

/** The WCAG 2.1 A and AA rules: every screen, dialog and menu of the app must pass them. */
const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe-core over the page (or the part `include` selects) and fails with a readable list of the violations:
 * rule, impact, what it asks for, and each offending element (selector, start of its HTML) with axe's summary of
 * what is wrong with it.
 * Waits first for finite animations (a dialog fading in, a menu growing) to end: a half-transparent element would
 * be judged on colours it does not have once shown.
 */
export async function expectNoA11yViolations(
  page: Page,
  options: { include?: string; exclude?: string[] } = {},
): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
  );
  let builder = new AxeBuilder({ page }).withTags(A11Y_TAGS);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const report = violations
    .map((v) =>
      [
        `${v.id} (${v.impact ?? 'n/a'}): ${v.help}`,
        ...v.nodes.map(
          (n) =>
            `  at ${n.target.join(' ')}\n    ${n.html.slice(0, 200)}\n    ${(n.failureSummary ?? '').replace(/\n/g, '\n    ')}`,
        ),
      ].join('\n'),
    )
    .join('\n');
  expect(violations.length, `accessibility violations on ${page.url()}:\n${report}`).toBe(0);
}
