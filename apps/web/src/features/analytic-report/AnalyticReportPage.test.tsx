import { type AnalyticAccountDto, type AnalyticSaleDto, authApi, reportsApi, usersApi } from '@quotewright/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { makeToken, makeUser, nowSeconds } from '../../test/fixtures';
import { type Answer, answer, problem, serve } from '../../test/msw';
import { renderApp } from '../../test/renderApp';

const totals = (sales: number, margin: number, costs: number, invoiced: number) => ({
  sales_total: sales,
  expected_margin: margin,
  expected_margin_percent: sales ? Math.round((margin / sales) * 10000) / 100 : 0,
  expected_total_costs: sales - margin,
  current_costs: costs,
  current_invoiced: invoiced,
  current_margin: invoiced - costs,
  current_margin_percent: invoiced ? Math.round(((invoiced - costs) / invoiced) * 10000) / 100 : 0,
});
const sale = (id: number, state: AnalyticSaleDto['state'], counts: boolean): AnalyticSaleDto => ({
  id,
  name: `S0000${id}`,
  client_order_ref: `Ref ${id}`,
  date_order: '2026-03-04T10:00:00Z',
  state,
  amount_untaxed: 1000,
  margin: 250,
  total_cost: 750,
  margin_percent: 25,
  invoice_status: 'invoiced',
  counts,
});
const account = (id: number, over: Partial<AnalyticAccountDto>): AnalyticAccountDto => ({
  id,
  name: `Account ${id}`,
  reference: `PRJ-${id}`,
  active: true,
  customer: { id: 10 + id, name: `Client ${id}` },
  company: { id: 1, name: 'Demo' },
  project_type: 'Installation Projects',
  date_completed: '2026-05-06',
  entries: 3,
  sales: [sale(id * 10, 'sale', true), sale(id * 10 + 1, 'draft', false)],
  totals: totals(1000, 250, 400, 900),
  ...over,
});
const ROWS = [
  account(1, { customer: { id: 11, name: 'Zeta Corp' } }),
  account(2, { customer: { id: 12, name: 'Acme' } }),
  account(3, { customer: null, name: 'Internal Account' }),
  account(4, { name: 'Quote Only Account', sales: [sale(40, 'draft', false)] }),
];

function setup(opts: { discrete?: boolean; answer?: Answer<typeof reportsApi.analyticAccounts> } = {}) {
  const user = makeUser({
    _id: 'a1',
    name: 'Accountant',
    modules: { accounting: { enabled: true, level: 'viewer' } },
    preferences: { darkMode: false, wideScreen: false, discreteMode: opts.discrete ?? false },
  });
  window.localStorage.setItem('token', makeToken({ sub: 'a1', exp: nowSeconds() + 3600 }));
  return serve(
    answer(usersApi.get, user),
    answer(authApi.config, { ssoProvider: null, erpName: 'Odoo' }),
    answer(reportsApi.analyticAccounts, opts.answer ?? ROWS),
  );
}
const reportCalls = (calls: { path: string }[]) => calls.filter((c) => c.path.startsWith('/api/accounting/reports'));
/** The table row of an account (names also appear in the chart). */
async function rowOf(name: string) {
  return waitFor(() => {
    const row = screen.queryAllByTestId('analytic-row').find((r) => r.textContent?.includes(name));
    if (!row) throw new Error(`no row ${name}`);
    return row;
  });
}
const hasRow = (name: string) => screen.queryAllByTestId('analytic-row').some((r) => r.textContent?.includes(name));

describe('analytic account summary', () => {
  it('is not loaded until Run Report; runs with Posted and today, sorted by client, default filters on', async () => {
    const { calls } = setup();
    renderApp('/analyticreport');
    expect(await screen.findByText(/Not loaded/)).toBeInTheDocument();
    expect(reportCalls(calls)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Run Report' }));
    await rowOf('Account 2');
    expect(reportCalls(calls).map((c) => c.path)).toEqual([
      `/api/accounting/reports/analyticaccounts/posted/${format(new Date(), 'yyyy-MM-dd')}`,
    ]);
    // client filter drops the account without a client, sales filter the one with no sale/done order
    expect(hasRow('Internal Account')).toBe(false);
    expect(hasRow('Quote Only Account')).toBe(false);
    // Client ascending: Acme before Zeta Corp
    const text = screen
      .getAllByTestId('analytic-row')
      .map((r) => r.textContent ?? '')
      .filter(Boolean);
    expect(text[0]).toContain('Acme');
    expect(text[1]).toContain('Zeta Corp');
    // the columns hidden by default are hidden, the others shown; MM/dd/yyyy dates; $ money
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent ?? '');
    expect(headers.some((h) => h.includes('Expected Margin') && !h.includes('%'))).toBe(true);
    expect(headers.some((h) => h.includes('Reference'))).toBe(false);
    expect(headers.some((h) => h.includes('Current Margin %'))).toBe(false);
    expect(screen.getAllByText('05/06/2026').length).toBe(2);
    expect(screen.getAllByText('$1,000.00').length).toBeGreaterThan(0);
    expect(screen.getByTestId('margin-chart')).toBeInTheDocument();
  });

  it('client and sales filters refilter locally; entries and accounting date need Run Report again', async () => {
    const { calls } = setup();
    renderApp('/analyticreport');
    await userEvent.click(await screen.findByRole('button', { name: 'Run Report' }));
    await rowOf('Account 2');
    await userEvent.click(screen.getByLabelText('Filter Clients'));
    await rowOf('Internal Account');
    await userEvent.click(screen.getByLabelText('Filter Sales'));
    await rowOf('Quote Only Account');
    expect(reportCalls(calls)).toHaveLength(1);

    await userEvent.click(screen.getByLabelText('Entries'));
    await userEvent.click(await screen.findByRole('option', { name: 'Both' }));
    expect(await screen.findByText(/Not loaded/)).toBeInTheDocument();
    expect(hasRow('Account 2')).toBe(false);
    expect(reportCalls(calls)).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Run Report' }));
    await rowOf('Account 2');
    expect(reportCalls(calls).at(-1)!.path).toMatch(/\/analyticaccounts\/both\//);
  });

  it('a row expands into its sale orders; orders not in sale or done are greyed out', async () => {
    setup();
    renderApp('/analyticreport');
    await userEvent.click(await screen.findByRole('button', { name: 'Run Report' }));
    const row = await rowOf('Account 2');
    await userEvent.click(within(row).getByRole('button', { name: /expand/i }));
    const sales = await screen.findAllByTestId('analytic-sale');
    expect(sales.map((s) => s.getAttribute('data-counts'))).toEqual(['true', 'false']);
    expect(within(sales[1]!).getByText('Quote')).toBeInTheDocument();
    expect(within(sales[0]!).getByText('Sale Order')).toBeInTheDocument();
  });

  it('discrete mode hides the money columns, the order figures and the chart', async () => {
    setup({ discrete: true });
    renderApp('/analyticreport');
    await userEvent.click(await screen.findByRole('button', { name: 'Run Report' }));
    const row = await rowOf('Account 2');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent ?? '');
    for (const h of ['Sales Total', 'Expected Margin', 'Expected Total Costs', 'Current Costs', 'Current Invoiced'])
      expect(headers.some((x) => x.includes(h))).toBe(false);
    expect(screen.queryByText(/\$/)).toBeNull();
    expect(screen.queryByTestId('margin-chart')).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: /expand/i }));
    await screen.findAllByTestId('analytic-sale');
    expect(screen.queryByText('Untaxed Total')).toBeNull();
  });

  it('Run Report is blocked while the report loads', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const { calls } = setup({
      answer: async () => {
        await gate;
        return ROWS;
      },
    });
    renderApp('/analyticreport');
    const run = await screen.findByRole('button', { name: 'Run Report' });
    await userEvent.click(run);
    await waitFor(() => expect(run).toBeDisabled());
    release();
    await rowOf('Account 2');
    expect(run).toBeEnabled();
    expect(reportCalls(calls)).toHaveLength(1);
  });

  it("shows the server's message in the 'Error' dialog", async () => {
    setup({ answer: problem(502, 'The ERP user lacks access (the analytic account report needs …)') });
    renderApp('/analyticreport');
    await userEvent.click(await screen.findByRole('button', { name: 'Run Report' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Error')).toBeInTheDocument();
    expect(within(dialog).getByText(/lacks access/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Run Report' })).toBeEnabled());
  });
});
