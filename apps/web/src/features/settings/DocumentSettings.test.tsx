// Settings → Customer documents: "Quote validity (days)" read and saved (decision 0031).
import { approvalsApi, authApi, companyApi, erpFetchApi, usersApi } from '@quotewright/contracts';
import { defaultApprovalRules } from '@quotewright/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeToken, makeUser, nowSeconds } from '../../test/fixtures';
import { answer, serve } from '../../test/msw';
import { renderApp } from '../../test/renderApp';

const admin = makeUser({ _id: 'a1', name: 'Admin', isAdmin: true });

function setup(...extra: Parameters<typeof serve>) {
  window.localStorage.setItem('token', makeToken({ sub: 'a1', name: 'Admin', exp: nowSeconds() + 3600 }));
  return serve(
    answer(usersApi.get, admin),
    answer(approvalsApi.rules, defaultApprovalRules()),
    answer(authApi.config, { ssoProvider: null, erpName: 'Odoo' }),
    answer(erpFetchApi.latest, { run: null }),
    answer(companyApi.documentSettings, { quote_validity_days: 30 }),
    ...extra,
  );
}

describe('settings: customer documents', () => {
  it('shows the quote validity and saves a new one', async () => {
    const { calls } = setup(answer(companyApi.setDocumentSettings, ({ body }) => body));
    renderApp('/settings');
    const card = await screen.findByTestId('document-settings');
    const field = within(card).getByLabelText('Quote validity (days)');
    await waitFor(() => expect(field).toHaveValue('30'));
    await userEvent.clear(field);
    await userEvent.type(field, '45');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ quote_validity_days: 45 }]),
    );
    expect(await screen.findByText('Document settings saved')).toBeInTheDocument();
  });

  it('refuses what is not a number of days without asking the server', async () => {
    const { calls } = setup();
    renderApp('/settings');
    const card = await screen.findByTestId('document-settings');
    const field = within(card).getByLabelText('Quote validity (days)');
    await waitFor(() => expect(field).toHaveValue('30'));
    await userEvent.clear(field);
    await userEvent.type(field, 'ten');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Enter whole days, 0 to 3650')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});
