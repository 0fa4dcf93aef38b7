// Accessibility: every screen of the app, its menus and its main dialogs pass axe-core's WCAG 2.1 A/AA rules, in
// dark mode (the default) and in light mode. The other journeys check their own screens in the state they leave
// them; this one walks all of them in both themes, so a colour that only fails in one theme is caught too.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminHeaders, createSaleViaApi, ensureErpData, expectNoA11yViolations, loginUi, uniqueEmail } from './helpers';

const PASSWORD = 'A11y-admin-pass-1';

// The screens as most people get them: with their transitions and ripples (the other journeys run with reduced
// motion, playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

/** An administrator of its own (unique e-mail) whose dark-mode preference is `dark`. */
async function newAdmin(request: APIRequestContext, dark: boolean): Promise<{ email: string; _id: string }> {
  const headers = await adminHeaders(request);
  const email = uniqueEmail(dark ? 'a11y-dark' : 'a11y-light');
  const full = { enabled: true, level: 'full_rights' };
  const res = await request.post('/api/users', {
    headers,
    data: {
      name: dark ? 'Dana Dark' : 'Lee Light',
      email,
      password: PASSWORD,
      isAdmin: true,
      modules: { sales: full, accounting: full, inventory: full },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { _id } = (await res.json()) as { _id: string };
  const pref = await request.post(`/api/users/darkmode/${_id}/${dark}`, { headers });
  expect(pref.ok(), await pref.text()).toBeTruthy();
  return { email, _id };
}

async function openScreen(page: Page, path: string, title: string | RegExp) {
  await page.goto(path);
  await expect(page).toHaveTitle(title);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
}

test('the login screen, empty and with a wrong password', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
  await expectNoA11yViolations(page);
  await page.getByRole('textbox', { name: 'Email' }).fill('nobody@quotewright.test');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByLabel('Password').press('Enter');
  await expect(page.getByTestId('login-error')).toBeVisible();
  await expectNoA11yViolations(page);
});

for (const dark of [true, false]) {
  const mode = dark ? 'dark' : 'light';
  test(`every screen, menu and main dialog in ${mode} mode`, async ({ page, request }) => {
    test.setTimeout(240_000);
    await ensureErpData(request);
    const sale = await createSaleViaApi(request, `A11y ${mode} quote`, ['Main']);
    const template = await (
      await request.post('/api/templates', { headers: await adminHeaders(request), data: { name: `A11y ${mode}` } })
    ).json();
    const admin = await newAdmin(request, dark);
    await loginUi(page, admin.email, PASSWORD);
    await expect(page.locator('[data-theme-mode]')).toHaveAttribute('data-theme-mode', mode);

    // The top bar: the primary colour on the light theme, the dark theme's own surface (like the drawer's) on the
    // dark one, not the light primary blue with grey avatars on it.
    const background = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    const bar = await background('header');
    if (dark) expect(bar).toBe(await background('.MuiDrawer-paper'));
    else expect(bar).toBe('rgb(21, 101, 192)');

    const failures: string[] = [];
    const check = async (where: string) => {
      try {
        await expectNoA11yViolations(page);
      } catch (e) {
        failures.push(`${where}: ${e instanceof Error ? e.message : String(e)}`);
      }
    };

    // The sales list with the demo ERP's quotes and orders (every status chip), its menus and dialogs.
    await openScreen(page, '/', /^Sales \|/);
    await expect(page.getByRole('button', { name: 'Delete sale' }).first()).toBeVisible();
    await check('sales list');
    await page.getByRole('button', { name: 'Display settings' }).click();
    await expect(page.getByRole('menuitemcheckbox', { name: /Dark Mode/ })).toBeVisible();
    await check('display settings menu');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Account', exact: true }).click();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await check('account menu');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Delete sale' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Delete Sale' })).toBeVisible();
    await check('delete sale confirmation');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Import Quote' }).click();
    await expect(page.getByRole('dialog', { name: 'Import Quote' })).toBeVisible();
    await check('import quote dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // User management: the list, the inline new-user row and the delete confirmation.
    await openScreen(page, '/users', /^User Management \|/);
    await expect(page.getByRole('cell', { name: admin.email })).toBeVisible();
    await check('user management');
    await page.getByRole('button', { name: 'Add User' }).click();
    await expect(page.getByRole('textbox', { name: 'Name' })).toBeVisible();
    await check('new user row');
    await page.getByRole('row').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveCount(0);
    // (one's own row cannot be deleted: another user's)
    await page
      .getByRole('button', { name: /^Delete / })
      .and(page.locator(':enabled'))
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: 'Delete User' })).toBeVisible();
    await check('delete user confirmation');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const screens: [string, RegExp][] = [
      [`/sale/${sale._id}`, /\|/],
      [`/sale/documents/${sale._id}`, /\|/],
      ['/templates', /^Templates \|/],
      [`/template/${template._id}`, /\|/],
      ['/profile', /Profile \|/],
      ['/analyticreport', /\|/],
      ['/journalitems', /\|/],
      ['/stock/location', /^Stock by Location \|/],
      ['/stock/product', /^Stock by Product \|/],
      ['/settings', /^Settings \|/],
      ['/audit', /^Audit Log \|/],
    ];
    for (const [path, title] of screens) {
      await openScreen(page, path, title);
      await check(path);
    }
    expect(failures.join('\n\n')).toBe('');
  });
}
