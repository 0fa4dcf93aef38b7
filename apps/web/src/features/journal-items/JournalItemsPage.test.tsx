import { authApi, reportsApi, usersApi } from '@quotewright/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format, startOfYear } from 'date-fns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeToken, makeUser, nowSeconds } from '../../test/fixtures';
import { type Answer, answer, problem, serve } from '../../test/msw';
import { renderApp } from '../../test/renderApp';

const user = makeUser({ _id: 'a1', name: 'Accountant', modules: { accounting: { enabled: true, level: 'viewer' } } });

const COMPANIES = [
  { id: 1, name: 'Quotewright Demo Inc.' },
  { id: 4, name: 'Quotewright Demo Canada Ltd.' },
];
/** The workbook as the server streams it, with its file name. */
const workbook = () =>
  new Response('xlsx', { headers: { 'Content-Disposition': 'attachment; filename="journalitems.xlsx"' } });

function setup(
  file: Answer<typeof reportsApi.journalItems>,
  companies: Answer<typeof reportsApi.companies> = COMPANIES,
) {
  window.localStorage.setItem('token', makeToken({ sub: 'a1', exp: nowSeconds() + 3600 }));
  const saved: string[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  const api = serve(
    answer(usersApi.get, user),
    answer(authApi.config, { ssoProvider: null, erpName: 'Odoo' }),
    answer(reportsApi.companies, companies),
    answer(reportsApi.journalItems, file),
  );
  return { ...api, saved };
}
afterEach(() => vi.restoreAllMocks());

describe('journal items', () => {
  it('lists the ERP companies (default 1) and downloads journalitems.xlsx for the chosen one', async () => {
    const { calls, saved } = setup(workbook);
    renderApp('/journalitems');
    const company = await screen.findByLabelText('Company');
    await waitFor(() => expect(company).toHaveTextContent('Quotewright Demo Inc.'));
    await userEvent.click(company);
    await userEvent.click(await screen.findByRole('option', { name: 'Quotewright Demo Canada Ltd.' }));
    await userEvent.click(screen.getByRole('button', { name: 'Run Report' }));
    await waitFor(() => expect(saved).toEqual(['journalitems.xlsx']));
    const start = format(startOfYear(new Date()), 'yyyy-MM-dd');
    const end = format(new Date(), 'yyyy-MM-dd');
    expect(calls.filter((c) => c.path.includes('journalitems')).map((c) => c.path)).toEqual([
      `/api/accounting/report/journalitems/${start}/${end}/4`,
    ]);
  });

  it('Run Report is blocked while the file is prepared; an error opens the Error dialog', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const { calls } = setup(async () => {
      await gate;
      return problem(502, 'the journal items export needs read access to journal items');
    });
    renderApp('/journalitems');
    const run = await screen.findByRole('button', { name: 'Run Report' });
    await userEvent.click(run);
    await waitFor(() => expect(run).toBeDisabled());
    expect(screen.getByText(/Preparing journalitems.xlsx/)).toBeInTheDocument();
    release();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Error')).toBeInTheDocument();
    expect(within(dialog).getByText(/journal items export needs/)).toBeInTheDocument();
    expect(calls.filter((c) => c.path.includes('journalitems'))).toHaveLength(1);
  });

  it('the ERP companies cannot be read: the Error dialog, then companies 1 and 4 (default 1) still run', async () => {
    const { calls, saved } = setup(workbook, problem(502, 'The ERP is unreachable at http://odoo:8069 (ECONNREFUSED)'));
    renderApp('/journalitems');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Error')).toBeInTheDocument();
    expect(within(dialog).getByText(/ERP is unreachable at http:\/\/odoo:8069/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const company = screen.getByLabelText('Company');
    expect(company).toHaveTextContent('Company 1');
    expect(screen.getByText(/Company names unavailable/)).toBeInTheDocument();
    await userEvent.click(company);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Company 1', 'Company 4']);
    await userEvent.click(options[1]!);
    await userEvent.click(screen.getByRole('button', { name: 'Run Report' }));
    await waitFor(() => expect(saved).toEqual(['journalitems.xlsx']));
    expect(calls.filter((c) => c.path.includes('journalitems')).map((c) => c.path.split('/').at(-1))).toEqual(['4']);
    // one dialog for the failure, no retry loop
    expect(calls.filter((c) => c.path === '/api/accounting/companies')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
