import { approvalsApi, authApi, salesApi, usersApi } from '@quotewright/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeToken, makeUser, nowSeconds } from '../../test/fixtures';
import { answer, problem, serve } from '../../test/msw';
import { renderApp } from '../../test/renderApp';

const user = makeUser({ modules: { sales: { enabled: true, level: 'viewer' } } });
const config = { ssoProvider: null, erpName: 'Odoo' };
/** The sales list the signed-in viewer lands on (empty). */
const noSales = () => [
  answer(salesApi.list, { items: [], total: 0, page: 0, pageSize: 20 }),
  answer(approvalsApi.pending, { items: [], total: 0, page: 0, pageSize: 1 }),
];

describe('session', () => {
  it('without a token every protected address goes to /login', async () => {
    serve(answer(authApi.config, config));
    const { router } = renderApp('/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('a stored token past its exp is removed at start and the visitor goes to /login', async () => {
    const { calls } = serve(answer(authApi.config, config), answer(usersApi.get, user));
    window.localStorage.setItem('token', makeToken({ sub: 'u1', name: 'Ada', exp: nowSeconds() - 5 }));
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(await screen.findByText('Your session has expired. Please login again.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/users/u1')).toBe(false);
  });

  it('a token that expires while the app is open logs out on the timer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve(answer(authApi.config, config), answer(usersApi.get, user), ...noSales());
    window.localStorage.setItem('token', makeToken({ sub: 'u1', name: 'Ada', exp: nowSeconds() + 10 }));
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Sales' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(11_000);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('an expired token is caught on navigation', async () => {
    serve(answer(authApi.config, config), answer(usersApi.get, user), ...noSales());
    const exp = nowSeconds() + 3600;
    window.localStorage.setItem('token', makeToken({ sub: 'u1', name: 'Ada', exp }));
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Sales' })).toBeInTheDocument();
    // The clock jumps past exp (a laptop waking up) before any timer fires; the next navigation notices.
    vi.spyOn(Date, 'now').mockReturnValue((exp + 1) * 1000);
    await act(() => router.navigate('/profile'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('a 401 from the API ends the session', async () => {
    serve(answer(authApi.config, config), answer(usersApi.get, problem(401, 'Token revoked')));
    window.localStorage.setItem('token', makeToken({ sub: 'u1', name: 'Ada', exp: nowSeconds() + 3600 }));
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('sends the token as a bearer header', async () => {
    const token = makeToken({ sub: 'u1', name: 'Ada', exp: nowSeconds() + 3600 });
    const { calls } = serve(answer(usersApi.get, user));
    window.localStorage.setItem('token', token);
    renderApp('/profile');
    await waitFor(() => expect(screen.getByTestId('profile-email')).toHaveTextContent(user.email));
    expect(calls.find((c) => c.path === '/api/users/u1')?.authorization).toBe(`Bearer ${token}`);
  });
});
