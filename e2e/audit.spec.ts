// The admin audit log (docs/decisions/0033-audit-log.md): the admin's actions on the Users and Settings screens show up
// in Audit Log, newest first, in words; the action filter narrows the table; the screen is the admins'.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN, drawerEntries, expectNoA11yViolations, loginUi, logoutUi, shot, uniqueEmail } from './helpers';

/** The table's data rows (MRT renders the header row in the same table). */
const rows = (page: Page): Locator => page.getByRole('table', { name: 'Audit log' }).locator('tbody tr');

test('the admin sees their user and settings changes in the audit log; others cannot open it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginUi(page, ADMIN.email, ADMIN.password);

  // 1. Create a user.
  await page.getByRole('link', { name: 'User Management' }).click();
  const email = uniqueEmail('audited');
  await page.getByRole('button', { name: 'Add User' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Audrey Audit');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('First-pass-word-1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User Audrey Audit created')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });

  // 2. Change their rights: Sales enabled, as Editor.
  await row.getByRole('button', { name: 'Expand' }).click();
  const sales = page.locator('[data-module="sales"]');
  await sales.getByRole('checkbox', { name: 'Sales Enabled' }).check();
  await sales.getByRole('combobox').click();
  await page.getByRole('option', { name: 'Editor' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Module access saved for Audrey Audit')).toBeVisible();

  // 3. Reset their password (the row's edit: a new password).
  const newPassword = 'Reset-by-admin-2';
  await row.getByRole('button', { name: 'Edit Audrey Audit' }).click();
  await page.getByRole('textbox', { name: 'Password' }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Password' }).press('Enter');
  await expect(page.getByRole('textbox', { name: 'Password' })).toHaveCount(0);

  // 4. Change a setting: Quote validity (days), to a value it does not have.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  const validity = page.getByRole('textbox', { name: 'Quote validity (days)' });
  await expect(validity).not.toHaveValue('');
  const before = Number(await validity.inputValue());
  const after = before === 17 ? 18 : 17;
  await validity.fill(String(after));
  await page.getByTestId('document-settings').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Document settings saved')).toBeVisible();

  // 5. The audit log: these four, newest first, in words.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit Log' }).click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page).toHaveTitle('Audit Log | Quotewright');
  await expect(rows(page).first()).toContainText('Settings changed');
  const top = rows(page);
  await expect(top.nth(0)).toContainText(`Quote validity (days): ${before} → ${after}`);
  await expect(top.nth(0)).toContainText('Customer documents');
  await expect(top.nth(1)).toContainText('Password reset');
  await expect(top.nth(1)).toContainText('Password: reset');
  await expect(top.nth(1)).toContainText(email);
  await expect(top.nth(2)).toContainText('Rights changed');
  await expect(top.nth(2)).toContainText('Sales: off → editor');
  await expect(top.nth(3)).toContainText('User created');
  await expect(top.nth(3)).toContainText('Name: Audrey Audit');
  for (let i = 0; i < 4; i++) {
    await expect(top.nth(i)).toContainText('Administrator');
    await expect(top.nth(i)).toContainText('127.0.0.1');
  }
  // Never a password, in any form.
  await expect(page.getByRole('table', { name: 'Audit log' })).not.toContainText('First-pass-word-1');
  await expect(page.getByRole('table', { name: 'Audit log' })).not.toContainText(newPassword);

  // At 1440 × 900 the table fits: no sideways scrolling.
  const overflow = await page.locator('.MuiTableContainer-root').evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
  await expectNoA11yViolations(page);
  await shot(page, 'audit-log');

  // 6. Filtering by action narrows the table (keyboard: open, pick, close).
  const action = page.getByRole('combobox', { name: 'Action' });
  await action.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Rights changed' }).click();
  await page.keyboard.press('Escape');
  await expect(action).toContainText('Rights changed');
  await expect(rows(page).first()).toContainText('Sales: off → editor');
  const actions = await rows(page).locator('td:nth-child(3)').allInnerTexts();
  expect(actions.length).toBeGreaterThan(0);
  expect(new Set(actions.map((a) => a.trim()))).toEqual(new Set(['Rights changed']));
  await expect(rows(page).filter({ hasText: 'Settings changed' })).toHaveCount(0);

  // The target filter: this user's entries only.
  await page.getByRole('textbox', { name: 'Target' }).fill(email);
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows(page).first()).toContainText('Settings changed');
  await expectNoA11yViolations(page);

  // 7. A non-admin (the new user, with the password the admin set) has no link and no screen.
  await logoutUi(page);
  await loginUi(page, email, newPassword);
  expect(await drawerEntries(page)).not.toContain('Audit Log');
  await page.goto('/audit');
  await expect(page.getByTestId('not-allowed')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Audit log' })).toHaveCount(0);
});
