import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeSockets } from '../../../test/fakeSocket';
import { makeToken, makeUser, nowSeconds } from '../../../test/fixtures';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { LIST_REFRESH_DEBOUNCE_MS } from './useSalesListLive';

const admin = makeUser({ _id: 'a1', name: 'Admin', isAdmin: true });

describe('the sales list, live', () => {
  it('refetches once, debounced, when sales change elsewhere; again after a reconnection', async () => {
    window.localStorage.setItem('token', makeToken({ sub: 'a1', exp: nowSeconds() + 3600 }));
    let n = 0;
    const { calls } = mockApi({
      'GET /api/users/a1': { body: admin },
      'GET /api/config': { body: { ssoProvider: null, erpName: 'Odoo' } },
      'GET /api/sales': () => {
        n++;
        return {
          body: {
            items: [
              {
                _id: 's1',
                quote_number: 'Q00001',
                order_number: 'Q00001',
                name: `Quote read ${n}`,
                customer: null,
                salesperson: null,
                total_price: '1.00',
                state: 'draft',
                state_label: 'Quote',
                updated_on: '2026-11-21T10:00:00Z',
              },
            ],
            total: 1,
            page: 0,
            pageSize: 20,
          },
        };
      },
    });
    renderApp('/');
    expect(await screen.findByText('Quote read 1')).toBeInTheDocument();
    const socket = fakeSockets.find((s) => s.connected)!;
    expect(socket).toBeDefined();
    const lists = () => calls.filter((c) => c.path === '/api/sales').length;
    const before = lists();
    act(() => {
      socket.serverSends('sales_changed', { saleId: 's1', version: 4 });
      socket.serverSends('sales_changed', { saleId: 's2', version: 1 });
      socket.serverSends('sales_changed', { saleId: 's3', version: null });
    });
    await new Promise((r) => setTimeout(r, LIST_REFRESH_DEBOUNCE_MS / 2));
    expect(lists()).toBe(before);
    expect(await screen.findByText('Quote read 2')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, LIST_REFRESH_DEBOUNCE_MS * 2));
    expect(lists()).toBe(before + 1);

    act(() => socket.reconnect());
    await waitFor(() => expect(lists()).toBe(before + 2));
  });

  it('the server ending the socket because the token expired sends the person to sign in, saying why', async () => {
    window.localStorage.setItem('token', makeToken({ sub: 'a1', exp: nowSeconds() + 3600 }));
    mockApi({
      'GET /api/users/a1': { body: admin },
      'GET /api/config': { body: { ssoProvider: null, erpName: 'Odoo' } },
      'GET /api/sales': { body: { items: [], total: 0, page: 0, pageSize: 20 } },
    });
    const { router } = renderApp('/');
    await waitFor(() => expect(fakeSockets.some((s) => s.connected)).toBe(true));
    const socket = fakeSockets.find((s) => s.connected)!;
    act(() =>
      socket.serverSends('problem', {
        event: 'session',
        status: 401,
        code: 'SESSION_EXPIRED',
        detail: 'Session expired — sign in again',
      }),
    );
    expect(await screen.findByText('Session expired — sign in again')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
