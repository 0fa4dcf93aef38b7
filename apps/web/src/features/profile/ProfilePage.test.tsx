import { authApi, usersApi } from '@quotewright/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeToken, makeUser, nowSeconds } from '../../test/fixtures';
import { answer, problem, type Reply, serve } from '../../test/msw';
import { renderApp } from '../../test/renderApp';

const user = makeUser({ name: 'Grace Hopper', email: 'grace@example.test' });

function setup(reset: Reply<typeof usersApi.resetPassword>) {
  window.localStorage.setItem('token', makeToken({ sub: 'u1', name: 'Grace Hopper', exp: nowSeconds() + 3600 }));
  return serve(
    answer(usersApi.get, user),
    answer(authApi.config, { ssoProvider: null, erpName: 'Odoo' }),
    answer(usersApi.resetPassword, reset),
  );
}

describe('profile', () => {
  it('shows the name and email of the signed-in user', async () => {
    setup({ ok: true, user });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByTestId('profile-name')).toHaveTextContent('Grace Hopper');
    await waitFor(() => expect(screen.getByTestId('profile-email')).toHaveTextContent('grace@example.test'));
    expect(document.title).toBe('Profile | Quotewright');
  });

  it('shows field errors under Password and Confirm Password', async () => {
    const { calls } = setup(
      problem(400, 'Some fields are invalid', {
        password: 'Password must be at least 8 characters',
        password2: 'Passwords do not match',
      }),
    );
    const { router } = renderApp('/profile');
    await userEvent.type(await screen.findByLabelText('Password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Save Password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('short');
    expect(router.state.location.pathname).toBe('/profile');
    expect(calls.find((c) => c.path === '/api/users/resetpassword/u1')?.body).toEqual({
      password: 'short',
      password2: 'other',
    });
  });

  it('a successful change clears the session and asks to login again', async () => {
    setup({ ok: true, user });
    const { router } = renderApp('/profile');
    await userEvent.type(await screen.findByLabelText('Password'), 'new-password-1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'new-password-1{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Password Changed, please login!')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
