// Settings → Approval rules (docs/product/rules.md#approvals): every rule off by default; an admin turns one on, sets
// its threshold and who approves, and saves the four; the server's refusal of a value shows on its field.
import { approvalsApi, authApi, erpFetchApi, usersApi } from '@quotewright/contracts';
import { defaultApprovalRules } from '@quotewright/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeToken, makeUser, nowSeconds } from '../../test/fixtures';
import { answer, problem, serve } from '../../test/msw';
import { renderApp } from '../../test/renderApp';

const admin = makeUser({ _id: 'a1', name: 'Admin', isAdmin: true });

function setup(...extra: Parameters<typeof serve>) {
  window.localStorage.setItem('token', makeToken({ sub: 'a1', exp: nowSeconds() + 3600 }));
  return serve(
    answer(usersApi.get, admin),
    answer(authApi.config, { ssoProvider: null, erpName: 'Odoo' }),
    answer(erpFetchApi.latest, { run: null }),
    answer(approvalsApi.rules, defaultApprovalRules()),
    ...extra,
  );
}

describe('settings: approval rules', () => {
  it('turns the line margin rule on at 15 % for admins only, and saves the four rules', async () => {
    const { calls } = setup(answer(approvalsApi.setRules, (req) => req.body));
    renderApp('/settings');
    const card = await screen.findByTestId('approval-rules');
    const rule = 'Minimum margin % of any product line';
    await waitFor(() => expect(within(card).getByRole('switch', { name: rule })).not.toBeChecked());
    await userEvent.click(within(card).getByRole('switch', { name: rule }));
    const threshold = within(card).getByRole('textbox', { name: `${rule}: threshold` });
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '15');
    await userEvent.click(within(card).getAllByRole('combobox', { name: /Who approves/ })[0]!);
    await userEvent.click(await screen.findByRole('option', { name: 'Admins only' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Save rules' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      ...defaultApprovalRules(),
      line_margin: { enabled: true, threshold: 15, approver: 'admin' },
    });
    expect(await screen.findByText('Approval rules saved')).toBeInTheDocument();
  });

  it("shows the server's refusal of a threshold on its field", async () => {
    setup(
      answer(
        approvalsApi.setRules,
        problem(400, 'Some fields are invalid', { 'max_discount.threshold': 'Discount must be between 0 and 100' }),
      ),
    );
    renderApp('/settings');
    const card = await screen.findByTestId('approval-rules');
    const threshold = await within(card).findByRole('textbox', { name: 'Maximum discount % of any line: threshold' });
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '120');
    await userEvent.click(within(card).getByRole('button', { name: 'Save rules' }));
    expect(await within(card).findByText('Discount must be between 0 and 100')).toBeInTheDocument();
  });
});
