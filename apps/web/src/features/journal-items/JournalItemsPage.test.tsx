import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format, startOfYear } from 'date-fns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeToken, makeUser, nowSeconds } from '../../test/fixtures';
import { mockApi, problem } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const user = makeUser({ _id: 'a1', name: 'Accountant', modules: { accounting: { enabled: true, level: 'viewer' } } });

function setup(file: Parameters<typeof mockApi>[0][string]) {
  window.localStorage.setItem('token', makeToken({ sub: 'a1', exp: nowSeconds() + 3600 }));
  const saved: string[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  const api = mockApi({
    'GET /api/users/a1': { body: user },
    'GET /api/config': { body: { ssoProvider: null, erpName: 'Odoo' } },
    'GET /api/accounting/companies': {
      body: [
        { id: 1, name: 'Quotewright Demo Inc.' },
        { id: 4, name: 'Quotewright Demo Canada Ltd.' },
      ],
    },
    'GET /api/accounting/report/journalitems/:start/:end/:company': file,
  });
  return { ...api, saved };
}
afterEach(() => vi.restoreAllMocks());

describe('journal items', () => {
  it('lists the ERP companies (default 1) and downloads journalitems.xlsx for the chosen one', async () => {
    const { calls, saved } = setup({
      body: 'xlsx',
      headers: { 'Content-Disposition': 'attachment; filename="journalitems.xlsx"' },
    });
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
});
