import { expect, test } from '@playwright/test';
import { ADMIN, apiToken, expectNoA11yViolations, loginUi, shot } from './helpers';

test('the admin runs the three ERP fetches from Settings and sees success', async ({ page, request }) => {
  await loginUi(page, ADMIN.email, ADMIN.password);
  await page.getByRole('navigation', { name: 'Main' }).getByText('Settings').click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText('ERP Data Fetch')).toBeVisible();
  for (const label of ['Products', 'Sales', 'Contacts']) {
    await page.getByRole('button', { name: `Fetch ${label}` }).click();
  }
  for (const kind of ['products', 'sales', 'contacts']) {
    await expect(page.getByTestId(`fetch-${kind}`)).toHaveAttribute('data-state', 'success', { timeout: 45_000 });
  }
  await expect(page.getByText(/products fetched/)).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, 'settings-erp-fetch');

  // The fetched data is what the app now reads.
  const token = await apiToken(request, ADMIN.email, ADMIN.password);
  const headers = { Authorization: `Bearer ${token}` };
  const products = await (await request.get('/api/products?pageSize=5', { headers })).json();
  expect(products.total).toBeGreaterThan(2000);
  const customers = await (await request.get('/api/partners/customers', { headers })).json();
  expect(customers.length).toBeGreaterThanOrEqual(300);

  // After a reload the buttons remember their last result.
  await page.reload();
  await expect(page.getByTestId('fetch-products')).toHaveAttribute('data-state', 'success');
});
