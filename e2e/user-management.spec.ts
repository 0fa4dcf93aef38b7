import { expect, test } from '@playwright/test';
import { ADMIN, drawerEntries, expectNoA11yViolations, loginUi, logoutUi, shot, uniqueEmail } from './helpers';

test('admin creates an inventory viewer, who then sees only the stock entries', async ({ page }) => {
  await loginUi(page, ADMIN.email, ADMIN.password);
  expect(await drawerEntries(page)).toEqual([
    'Sales',
    'Analytic Report',
    'Journal Items',
    'Stock by Location',
    'Stock by Product',
    'Templates',
    'User Management',
    'Settings',
    'Audit Log',
  ]);

  await page.getByRole('link', { name: 'User Management' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page).toHaveTitle('User Management | Quotewright');
  await expect(page.getByRole('cell', { name: ADMIN.email })).toBeVisible();
  await expectNoA11yViolations(page);

  // Inline add: name, email, password; Enter in a field saves the row.
  const email = uniqueEmail('stock');
  const password = 'Stock-viewer-pass-1';
  await page.getByRole('button', { name: 'Add User' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Stella Stock');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User Stella Stock created')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();

  // Module access in the detail panel: Inventory enabled as Viewer.
  await row.getByRole('button', { name: 'Expand' }).click();
  const inventory = page.locator('[data-module="inventory"]');
  await inventory.getByRole('checkbox', { name: 'Inventory Enabled' }).check();
  await expect(inventory.getByRole('combobox')).toHaveText('Viewer');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Module access saved for Stella Stock')).toBeVisible();
  await shot(page, 'user-management-created');

  await logoutUi(page);
  await loginUi(page, email, password);
  expect(await drawerEntries(page)).toEqual(['Stock by Location', 'Stock by Product']);
  await expect(page).toHaveURL(/\/stock\/location$/);
  await page.goto('/users');
  await expect(page.getByTestId('not-allowed')).toBeVisible();
  await page.goto('/stock/product');
  await expect(page.getByRole('heading', { name: 'Stock by Product' })).toBeVisible();
  await shot(page, 'user-management-inventory-viewer');
});

test('a duplicate email is reported under the email field and nothing typed is lost', async ({ page }) => {
  await loginUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/users');
  await page.getByRole('button', { name: 'Add User' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Second Admin Address');
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill('Another-pass-1');
  await page.getByRole('textbox', { name: 'Password' }).press('Enter');
  const emailField = page.getByRole('textbox', { name: 'Email' });
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Second Admin Address');
  await expectNoA11yViolations(page);
  await shot(page, 'user-management-duplicate-email');
});
