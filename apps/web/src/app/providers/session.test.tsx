import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeToken, makeUser, nowSeconds } from '../../test/fixtures';
import { mockApi, problem } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const user = makeUser({ modules: { sales: { enabled: true, level: 'viewer' } } });

describe('session', () => {
  it('without a token every protected address goes to /login', async () => {
    mockApi({ 'GET /api/config': { body: { ssoProvider: null, erpName: 'Odoo' } } });
    const { router } = renderApp('/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('a stored token past its exp is removed at start and the visitor goes to /login', async () => {
    const { calls } = mockApi({
      'GET /api/config': { body: { ssoProvider: null, erpName: 'Odoo' } },
      'GET /api/users/u1': { body: user },
    });
    window.localStorage.setItem('token', makeToken({ sub: 'u1', name: 'Ada', exp: nowSeconds() - 5 }));
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(await screen.findByText('Your session has expired. Please login again.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/users/u1')).toBe(false);
  });

  it('a token that expires while the app is open logs out on the timer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({
      'GET /api/config': { body: { ssoProvider: null, erpName: 'Odoo' } },
      'GET /api/users/u1': { body: user },
    });
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
    mockApi({
      'GET /api/config': { body: { ssoProvider: null, erpName: 'Odoo' } },
      'GET /api/users/u1': { body: user },
    });
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
    mockApi({
      'GET /api/config': { body: { ssoProvider: null, erpName: 'Odoo' } },
      'GET /api/users/u1': problem(401, 'Token revoked'),
    });
    window.localStorage.setItem('token', makeToken({ sub: 'u1', name: 'Ada', exp: nowSeconds() + 3600 }));
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('sends the token as a bearer header', async () => {
    const token = makeToken({ sub: 'u1', name: 'Ada', exp: nowSeconds() + 3600 });
    const { calls } = mockApi({ 'GET /api/users/u1': { body: user } });
    window.localStorage.setItem('token', token);
    renderApp('/profile');
    await waitFor(() => expect(screen.getByTestId('profile-email')).toHaveTextContent(user.email));
    expect(calls.find((c) => c.path === '/api/users/u1')?.authorization).toBe(`Bearer ${token}`);
  });
});
