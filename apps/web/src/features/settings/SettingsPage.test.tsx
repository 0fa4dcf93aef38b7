import { approvalsApi, authApi, erpFetchApi, type FetchRunDto, usersApi } from '@quotewright/contracts';
import { defaultApprovalRules } from '@quotewright/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeToken, makeUser, nowSeconds } from '../../test/fixtures';
import { type Answer, answer, problem, type Resolver, serve } from '../../test/msw';
import { renderApp } from '../../test/renderApp';

const admin = makeUser({ _id: 'a1', name: 'Admin', isAdmin: true });
const run = (over: Partial<FetchRunDto>): FetchRunDto => ({
  id: 'r1',
  kind: 'products',
  state: 'loading',
  status: 'running',
  progress: 0,
  processed: 0,
  total: null,
  written: 0,
  deactivated: 0,
  message: null,
  error: null,
  createdAt: '2026-11-21T10:00:00Z',
  startedAt: '2026-11-21T10:00:00Z',
  finishedAt: null,
  ...over,
});

/**
 * Signs the admin in; the latest products run is `products` (the sales and contacts were never fetched), and
 * starting a products fetch answers `start`.
 */
function setup(products: Resolver<typeof erpFetchApi.latest>, start?: Answer<typeof erpFetchApi.start>) {
  window.localStorage.setItem('token', makeToken({ sub: 'a1', name: 'Admin', exp: nowSeconds() + 3600 }));
  return serve(
    answer(usersApi.get, admin),
    answer(approvalsApi.rules, defaultApprovalRules()),
    answer(authApi.config, { ssoProvider: null, erpName: 'Odoo' }),
    answer(erpFetchApi.latest, (req) => (req.params.kind === 'products' ? products(req) : { run: null })),
    ...(start ? [answer(erpFetchApi.start, start, { status: 202 })] : []),
  );
}

describe('settings: ERP data fetch', () => {
  it('shows the three fetch buttons, idle when never run', async () => {
    setup(() => ({ run: null }));
    renderApp('/settings');
    expect(await screen.findByText('ERP Data Fetch')).toBeInTheDocument();
    for (const kind of ['products', 'sales', 'contacts']) {
      await waitFor(() => expect(screen.getByTestId(`fetch-${kind}`)).toHaveAttribute('data-state', 'idle'));
    }
    expect(screen.getByRole('button', { name: 'Fetch Products' })).toBeEnabled();
    expect(document.title).toBe('Settings | Quotewright');
  });

  it('goes loading with progress, then success with the result', async () => {
    let polls = 0;
    const { calls } = setup(() => {
      polls += 1;
      if (polls === 1) return { run: null };
      if (polls === 2)
        return { run: run({ progress: 40, total: 100, processed: 40, message: 'Fetched 40 of 100 products' }) };
      return {
        run: run({
          state: 'success',
          status: 'succeeded',
          progress: 100,
          message: '100 products fetched, 3 changed',
          finishedAt: '2026-11-21T10:01:00Z',
        }),
      };
    }, run({}));
    renderApp('/settings');
    const button = await screen.findByRole('button', { name: 'Fetch Products' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/odoo/sync/products')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('fetch-products')).toHaveAttribute('data-state', 'loading'));
    expect(screen.getByRole('button', { name: 'Fetch Products' })).toBeDisabled();
    await waitFor(() => expect(screen.getByTestId('fetch-products')).toHaveAttribute('data-state', 'success'));
    expect(screen.getByText(/100 products fetched, 3 changed/)).toBeInTheDocument();
  });

  it('a failed run opens the Error dialog with the ERP message', async () => {
    let polls = 0;
    setup(() => {
      polls += 1;
      if (polls === 1) return { run: null };
      return {
        run: run({
          state: 'error',
          status: 'failed',
          error: 'Cannot reach the ERP at http://erp: connection refused',
          finishedAt: '2026-11-21T10:01:00Z',
        }),
      };
    }, run({}));
    renderApp('/settings');
    const button = await screen.findByRole('button', { name: 'Fetch Products' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Error')).toBeInTheDocument();
    expect(within(dialog).getByText(/Cannot reach the ERP at http:\/\/erp/)).toBeInTheDocument();
    expect(screen.getByTestId('fetch-products')).toHaveAttribute('data-state', 'error');
  });

  it('a refused start (e.g. not an admin any more) opens the Error dialog', async () => {
    setup(() => ({ run: null }), problem(403, 'You do not have permission to do this'));
    renderApp('/settings');
    const button = await screen.findByRole('button', { name: 'Fetch Products' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('You do not have permission to do this')).toBeInTheDocument();
  });
});
