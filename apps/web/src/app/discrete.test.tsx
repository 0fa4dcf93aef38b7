import { usersApi } from '@quotewright/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeToken, makeUser, nowSeconds } from '../test/fixtures';
import { answer, problem, serve } from '../test/msw';
import { renderApp } from '../test/renderApp';
import { EXIT_DISCRETE_MESSAGE } from './discrete';

function setup(discreteMode: boolean, failSave = false) {
  const user = makeUser({ isAdmin: true, preferences: { darkMode: true, wideScreen: false, discreteMode } });
  window.localStorage.setItem('token', makeToken({ sub: user._id, exp: nowSeconds() + 3600 }));
  return serve(
    answer(usersApi.get, user),
    answer(usersApi.discreteMode, ({ params }) =>
      failSave
        ? problem(500, 'Preferences could not be saved')
        : { ...user, preferences: { ...user.preferences, discreteMode: params.value === 'true' } },
    ),
  );
}

describe('discrete mode in the shell', () => {
  it('entering needs no confirmation and is saved through the API', async () => {
    const { calls } = setup(false);
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Display settings' }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: /Discrete Mode/ }));
    expect(await screen.findByTestId('discrete-indicator')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/users/discrete/u1/true']);
  });

  it('exiting asks first; Cancel keeps it on and saves nothing, Exit Discrete turns it off', async () => {
    const { calls } = setup(true);
    renderApp('/profile');
    await userEvent.click(await screen.findByTestId('discrete-indicator'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(EXIT_DISCRETE_MESSAGE);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('discrete-indicator')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(screen.getByTestId('discrete-indicator'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Exit Discrete' }));
    await waitFor(() => expect(screen.queryByTestId('discrete-indicator')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/users/discrete/u1/false']);
  });

  it('a failed save rolls back and shows the server message', async () => {
    setup(false, true);
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Display settings' }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: /Discrete Mode/ }));
    expect(await screen.findByText('Preferences could not be saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('discrete-indicator')).not.toBeInTheDocument());
  });
});
