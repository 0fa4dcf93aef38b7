import { authApi, usersApi } from '@quotewright/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeToken, makeUser, nowSeconds } from '../../test/fixtures';
import { type Answer, answer, problem, serve } from '../../test/msw';
import { renderApp } from '../../test/renderApp';

const user = makeUser({ modules: { sales: { enabled: true, level: 'viewer' } } });
const goodToken = makeToken({ sub: 'u1', name: user.name, exp: nowSeconds() + 3600 });

function api(login: Answer<typeof authApi.login>, ssoProvider: string | null = null) {
  return serve(
    answer(authApi.config, { ssoProvider, erpName: 'Odoo' }),
    answer(authApi.login, login),
    answer(usersApi.get, user),
    answer(authApi.exchange, ({ body }) =>
      body.code === 'good-code' ? { token: goodToken } : problem(400, 'Code expired'),
    ),
  );
}

async function submit(email: string, password: string) {
  await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), email);
  await userEvent.type(screen.getByLabelText(/Password/), `${password}{Enter}`);
}

describe('login', () => {
  it('Enter submits; the token is stored and sent; the user goes to /', async () => {
    const { calls } = api({ token: goodToken });
    const { router } = renderApp('/login');
    await submit('ada@example.test', 'secret-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('token')).toBe(goodToken);
    expect(calls.find((c) => c.path === '/api/users/login')?.body).toEqual({
      email: 'ada@example.test',
      password: 'secret-password',
    });
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/users/u1')?.authorization).toBe(`Bearer ${goodToken}`),
    );
  });

  it('shows the server field errors under the fields', async () => {
    api(problem(400, 'Some fields are invalid', { email: 'Email is invalid', password: 'Password is required' }));
    renderApp('/login');
    await submit('nope', 'x');
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('shows loginerror as an alert and keeps what was typed', async () => {
    api(problem(401, 'The email or password is incorrect', { loginerror: 'The email or password is incorrect' }));
    const { router } = renderApp('/login');
    await submit('ada@example.test', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is incorrect');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.test');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('a rate-limited login shows the server message', async () => {
    api(
      problem(429, 'Too many failed logins, try again in 60 seconds', undefined, undefined, {
        headers: { 'Retry-After': '60' },
      }),
    );
    renderApp('/login');
    await submit('ada@example.test', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many failed logins, try again in 60 seconds');
  });

  it('offers single sign-on only when the server has a provider', async () => {
    api({ token: goodToken }, 'Azure');
    renderApp('/login');
    const sso = await screen.findByRole('link', { name: 'Login with Azure' });
    expect(sso).toHaveAttribute('href', '/auth/azure');
  });

  it('has no single sign-on button without a provider', async () => {
    const { calls } = api({ token: goodToken });
    renderApp('/login');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/config')).toBe(true));
    await screen.findByRole('button', { name: 'Login' });
    expect(screen.queryByRole('link', { name: /Login with/ })).not.toBeInTheDocument();
  });

  it('an authenticated visitor is sent to /', async () => {
    api({ token: goodToken });
    window.localStorage.setItem('token', goodToken);
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('exchanges a one-time ?code= for a token and goes to /', async () => {
    const { calls } = api({ token: goodToken });
    const { router } = renderApp('/login?code=good-code');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('');
    expect(window.localStorage.getItem('token')).toBe(goodToken);
    expect(calls.filter((c) => c.path === '/api/auth/exchange')).toHaveLength(1);
  });

  it('shows an SSO error from the server redirect as an alert and takes it out of the address', async () => {
    api({ token: goodToken }, 'Microsoft');
    const message = 'No account matches your single sign-on identity. Ask an administrator for access.';
    const { router } = renderApp(`/login?${new URLSearchParams({ sso_error: message })}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(`Single sign-on failed: ${message}`);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/login');
    // Still shown after the address was cleaned, next to the way to try again.
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(await screen.findByRole('link', { name: 'Login with Microsoft' })).toBeInTheDocument();
  });

  it('shows an SSO error as plain text, shortened', async () => {
    api({ token: goodToken });
    renderApp(`/login?${new URLSearchParams({ sso_error: `<b>bold</b> ${'x'.repeat(300)}` })}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('<b>bold</b>');
    expect(alert.querySelector('b')).toBeNull();
    expect(alert.textContent!.length).toBeLessThan(260);
  });

  it('a failed exchange returns to the login screen with the reason', async () => {
    api({ token: goodToken });
    const { router } = renderApp('/?code=stale-code');
    expect(await screen.findByText('Single sign-on failed: Code expired')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
