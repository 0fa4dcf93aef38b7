import { approvalsApi, authApi, exportsApi, partnersApi, reportsApi, salesApi, usersApi } from '@quotewright/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { shellSocket } from '../../test/fakeSocket';
import { makeToken, makeUser, nowSeconds } from '../../test/fixtures';
import { answer, problem, serve } from '../../test/msw';
import { renderApp } from '../../test/renderApp';
import type { Editor } from '../providers/editors';

/** Signs `user` in; the screens the shell opens read nothing (empty lists, no cover letter). */
function signIn(user = makeUser()) {
  window.localStorage.setItem('token', makeToken({ sub: user._id, name: user.name, exp: nowSeconds() + 3600 }));
  return serve(
    answer(usersApi.get, user),
    answer(approvalsApi.pending, { items: [], total: 0, page: 0, pageSize: 1 }),
    answer(authApi.config, { ssoProvider: null, erpName: 'Odoo' }),
    answer(salesApi.list, { items: [], total: 0, page: 0, pageSize: 20 }),
    answer(reportsApi.stockByLocation, []),
    answer(exportsApi.coverLetter, { body: [], updated_on: null, updated_by: null }),
    answer(partnersApi.customers, []),
    answer(partnersApi.templates, []),
    answer(partnersApi.salespersons, []),
  );
}

async function drawerLabels() {
  const nav = await screen.findByTestId('nav-drawer');
  await waitFor(() => expect(within(nav).queryAllByRole('link').length).toBeGreaterThan(0));
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent);
}

describe('shell', () => {
  it('an inventory viewer lands on Stock by Location and sees only the stock entries', async () => {
    signIn(makeUser({ modules: { inventory: { enabled: true, level: 'viewer' } } }));
    const { router } = renderApp('/');
    expect(await drawerLabels()).toEqual(['Stock by Location', 'Stock by Product']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/stock/location'));
    expect(await screen.findByRole('heading', { name: 'Stock by Location' })).toBeInTheDocument();
    expect(document.title).toBe('Stock by Location | Quotewright');
  });

  it('an admin sees every entry and the product name in the top bar', async () => {
    signIn(makeUser({ isAdmin: true }));
    renderApp('/');
    expect(await drawerLabels()).toEqual([
      'Sales',
      'Analytic Report',
      'Journal Items',
      'Stock by Location',
      'Stock by Product',
      'Templates',
      'User Management',
      'Settings',
      'Audit Log',
    ]);
    expect(screen.getByRole('banner')).toHaveTextContent('Quotewright');
    expect(await screen.findByRole('heading', { name: 'Sales' })).toBeInTheDocument();
  });

  it('a screen of a module the user cannot view shows "not allowed"', async () => {
    signIn(makeUser({ modules: { sales: { enabled: true, level: 'full_rights' } } }));
    renderApp('/users');
    expect(await screen.findByTestId('not-allowed')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'User Management' })).not.toBeInTheDocument();
  });

  it('Templates needs full rights on sales', async () => {
    signIn(makeUser({ modules: { sales: { enabled: true, level: 'editor' } } }));
    renderApp('/templates');
    expect(await screen.findByTestId('not-allowed')).toBeInTheDocument();
  });

  it('the document editor and the New Sale form open with their titles', async () => {
    signIn(makeUser({ isAdmin: true }));
    const { router } = renderApp('/sale/documents/s1');
    expect(await screen.findByRole('heading', { name: 'Document Editor' })).toBeInTheDocument();
    await router.navigate('/sale');
    expect(await screen.findByRole('heading', { name: 'New Sale' })).toBeInTheDocument();
    expect(document.title).toBe('New Sale | Quotewright');
  });

  it('the profile menu is 300 px wide with name, email, Profile and Logout', async () => {
    const user = makeUser();
    signIn(makeUser({ ...user, modules: { sales: { enabled: true, level: 'viewer' } } }));
    const { router } = renderApp('/');
    await drawerLabels();
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    const menu = await screen.findByTestId('profile-menu');
    expect(menu).toHaveStyle({ width: '300px' });
    expect(menu).toHaveTextContent(user.name);
    expect(menu).toHaveTextContent(user.email);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});

describe('approval notices', () => {
  const request = {
    saleId: 's9',
    approvalId: 'ap9',
    quote_number: 'Q00042',
    name: 'Kitchen',
    summary: '1 line under 15 % margin',
    approver: 'sales_full',
    by: { id: 'u2', name: 'Bob Baker' },
  } as const;

  it('an approver is told on any screen, and Open takes them to the sale', async () => {
    signIn(
      makeUser({
        modules: {
          sales: { enabled: true, level: 'full_rights' },
          inventory: { enabled: true, level: 'viewer' },
        },
      }),
    );
    // The sale opened is gone by then: the editor says so (what it shows of a sale is tested with the editor).
    serve(answer(salesApi.get, problem(404, 'Sale not found')));
    const { router } = renderApp('/stock/location');
    expect(await screen.findByRole('heading', { name: 'Stock by Location' })).toBeInTheDocument();
    await waitFor(() => expect(shellSocket()?.connected).toBe(true));
    act(() => shellSocket()!.serverSends('approval_requested', request));
    const notice = await screen.findByTestId('snackbar');
    expect(notice).toHaveTextContent('Bob Baker requests approval of Q00042 (Kitchen): 1 line under 15 % margin');
    await userEvent.click(within(notice).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sale/s9'));
    expect(await screen.findByText(/not found/i)).toBeInTheDocument();
  });

  it('someone who can approve nothing holds no such socket', async () => {
    signIn(makeUser({ modules: { sales: { enabled: true, level: 'editor' } } }));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Sales' })).toBeInTheDocument();
    expect(shellSocket()).toBeUndefined();
  });
});

describe('editor avatars', () => {
  const editors = (n: number): Editor[] =>
    Array.from({ length: n }, (_, i) => ({ id: `e${i}`, name: `Editor Number${i}` }));

  async function renderWithEditors(n: number) {
    signIn(makeUser({ isAdmin: true }));
    renderApp('/', { editors: editors(n) });
    await drawerLabels();
  }

  it.each([0, 1])('%i editor(s): no avatars', async (n) => {
    await renderWithEditors(n);
    expect(screen.queryByTestId('editor-avatars')).not.toBeInTheDocument();
    expect(screen.queryAllByTestId('editor-avatar')).toHaveLength(0);
  });

  it.each([2, 3])('%i editors: all shown, no overflow', async (n) => {
    await renderWithEditors(n);
    expect(screen.getAllByTestId('editor-avatar')).toHaveLength(n);
    expect(screen.queryByTestId('editor-overflow')).not.toBeInTheDocument();
  });

  it('5 editors: three avatars and "+2"', async () => {
    await renderWithEditors(5);
    const avatars = screen.getAllByTestId('editor-avatar');
    expect(avatars.map((a) => a.textContent)).toEqual(['EN', 'EN', 'EN']);
    expect(screen.getByTestId('editor-overflow')).toHaveTextContent('+2');
  });

  it('one tooltip lists every editor, the hidden ones too', async () => {
    await renderWithEditors(5);
    const group = screen.getByTestId('editor-avatars');
    const names = editors(5).map((e) => e.name);
    expect(group).toHaveAccessibleName(`Editing now: ${names.join(', ')}`);
    fireEvent.mouseOver(group);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(names.join(', '));
  });
});
