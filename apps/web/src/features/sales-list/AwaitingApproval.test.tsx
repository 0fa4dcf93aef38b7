// The sales list's "Awaiting approval" filter (docs/product/screens.md#sales-list): its count, and the list of the
// sales whose request waits for a decision in place of the list.
import { approvalsApi, authApi, type PendingApprovalItem, salesApi, usersApi } from '@quotewright/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeToken, makeUser, nowSeconds } from '../../test/fixtures';
import { answer, serve } from '../../test/msw';
import { renderApp } from '../../test/renderApp';

const approver = makeUser({ _id: 'a1', name: 'Fran', modules: { sales: { enabled: true, level: 'full_rights' } } });
const awaiting: PendingApprovalItem = {
  _id: 's7',
  quote_number: 'Q00007',
  order_number: 'Q00007',
  name: 'Kitchen',
  customer: { id: 1, name: 'Acme' },
  salesperson: null,
  total_price: '900.00',
  optional_total: '0.00',
  state: 'draft',
  state_label: 'Quote',
  updated_on: '2026-11-27T10:00:00Z',
  approval: {
    _id: 'ap1',
    summary: '1 line under 15 % margin',
    approver: 'sales_full',
    requested_by: { id: 'u2', name: 'Sam' },
    requested_on: '2026-11-27T10:00:00Z',
  },
};

describe('sales list: awaiting approval', () => {
  it('shows how many sales await approval; on, lists only them', async () => {
    window.localStorage.setItem('token', makeToken({ sub: 'a1', exp: nowSeconds() + 3600 }));
    const { calls } = serve(
      answer(usersApi.get, approver),
      answer(authApi.config, { ssoProvider: null, erpName: 'Odoo' }),
      answer(salesApi.list, { items: [], total: 0, page: 0, pageSize: 20 }),
      answer(approvalsApi.pending, (req) => ({
        items: [awaiting],
        total: 1,
        page: req.query.page,
        pageSize: req.query.pageSize,
      })),
    );
    renderApp('/');
    const filter = await screen.findByTestId('awaiting-approval-filter');
    await waitFor(() => expect(filter).toHaveTextContent('Awaiting approval (1)'));
    expect(screen.queryByText('Kitchen')).not.toBeInTheDocument();
    await userEvent.click(filter);
    expect(await screen.findByText('Kitchen')).toBeInTheDocument();
    expect(filter).toHaveAttribute('aria-pressed', 'true');
    expect(calls.filter((c) => c.path === '/api/sales/approvals/pending').map((c) => c.query)).toContain(
      '?page=0&pageSize=20',
    );
  });
});
