import { approvalsApi, authApi, salesApi, usersApi } from '@quotewright/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeSockets } from '../../../test/fakeSocket';
import { makeToken, makeUser, nowSeconds } from '../../../test/fixtures';
import { answer, serve } from '../../../test/msw';
import { renderApp } from '../../../test/renderApp';
import { LIST_REFRESH_DEBOUNCE_MS } from './useSalesListLive';

const admin = makeUser({ _id: 'a1', name: 'Admin', isAdmin: true });

describe('the sales list, live', () => {
  it('refetches once, debounced, when sales change elsewhere; again after a reconnection', async () => {
    window.localStorage.setItem('token', makeToken({ sub: 'a1', exp: nowSeconds() + 3600 }));
    let n = 0;
    const { calls } = serve(
      answer(usersApi.get, admin),
      answer(approvalsApi.pending, { items: [], total: 0, page: 0, pageSize: 1 }),
      answer(authApi.config, { ssoProvider: null, erpName: 'Odoo' }),
      answer(salesApi.list, () => {
        n++;
        return {
          items: [
            {
              _id: 's1',
              quote_number: 'Q00001',
              order_number: 'Q00001',
              name: `Quote read ${n}`,
              customer: null,
              salesperson: null,
              total_price: '1.00',
              optional_total: '0.00',
              state: 'draft' as const,
              state_label: 'Quote',
              updated_on: '2026-11-21T10:00:00Z',
            },
          ],
          total: 1,
          page: 0,
          pageSize: 20,
        };
      }),
    );
    renderApp('/');
    expect(await screen.findByText('Quote read 1')).toBeInTheDocument();
    const socket = fakeSockets.find((s) => s.connected && s.holder === 'screen')!;
    expect(socket).toBeDefined();
    const lists = () => calls.filter((c) => c.path === '/api/sales').length;
    const before = lists();
    // The debounce window on the test's clock (vi.waitFor moves it on as it waits).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => {
      socket.serverSends('sales_changed', { saleId: 's1', version: 4 });
      socket.serverSends('sales_changed', { saleId: 's2', version: 1 });
      socket.serverSends('sales_changed', { saleId: 's3', version: null });
    });
    await act(() => vi.advanceTimersByTimeAsync(LIST_REFRESH_DEBOUNCE_MS - 1));
    expect(lists()).toBe(before);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await vi.waitFor(() => expect(screen.getByText('Quote read 2')).toBeInTheDocument());
    await act(() => vi.advanceTimersByTimeAsync(LIST_REFRESH_DEBOUNCE_MS * 2));
    expect(lists()).toBe(before + 1);

    act(() => socket.reconnect());
    await act(() => vi.advanceTimersByTimeAsync(LIST_REFRESH_DEBOUNCE_MS));
    await vi.waitFor(() => expect(lists()).toBe(before + 2));
  });

  it('the server ending the socket because the token expired sends the person to sign in, saying why', async () => {
    window.localStorage.setItem('token', makeToken({ sub: 'a1', exp: nowSeconds() + 3600 }));
    serve(
      answer(usersApi.get, admin),
      answer(approvalsApi.pending, { items: [], total: 0, page: 0, pageSize: 1 }),
      answer(authApi.config, { ssoProvider: null, erpName: 'Odoo' }),
      answer(salesApi.list, { items: [], total: 0, page: 0, pageSize: 20 }),
    );
    const { router } = renderApp('/');
    await waitFor(() => expect(fakeSockets.some((s) => s.connected && s.holder === 'screen')).toBe(true));
    const socket = fakeSockets.find((s) => s.connected && s.holder === 'screen')!;
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
