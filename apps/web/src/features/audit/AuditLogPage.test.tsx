import { type AuditEntryDto, type AuditPageDto, auditApi, usersApi } from '@quotewright/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeToken, makeUser, nowSeconds } from '../../test/fixtures';
import { answer, problem, serve } from '../../test/msw';
import { renderApp } from '../../test/renderApp';
import { auditQuery } from './AuditLogPage';
import { describeChanges } from './auditText';
import { NO_AUDIT_FILTERS } from './components/AuditFilters';

const admin = makeUser({ _id: 'admin', name: 'Admin Person', email: 'admin@example.test', isAdmin: true });
const GONE = '00000000-0000-4000-8000-000000000009';

function entry(over: Partial<AuditEntryDto> & Pick<AuditEntryDto, 'action'>): AuditEntryDto {
  return {
    _id: `e-${Math.random().toString(36).slice(2)}`,
    at: '2026-03-05T14:30:00.000Z',
    actor: { id: 'admin', name: 'Admin Person' },
    target: { type: 'user', id: 'u2', label: 'nora@example.test' },
    before: null,
    after: null,
    address: '203.0.113.7',
    ...over,
  };
}

const ENTRIES: AuditEntryDto[] = [
  entry({ action: 'user.password_reset', after: { password: 'changed' } }),
  entry({
    action: 'user.rights_changed',
    before: { sales: { enabled: true, level: 'viewer' }, isAdmin: false },
    after: { sales: { enabled: true, level: 'editor' }, isAdmin: true },
  }),
  entry({
    action: 'settings.changed',
    actor: { id: GONE, name: 'Old Admin' },
    target: { type: 'settings', id: 'documents', label: 'Customer documents' },
    before: { quote_validity_days: 30 },
    after: { quote_validity_days: 45 },
  }),
  entry({ action: 'user.created', after: { name: 'Nora', email: 'nora@example.test', isAdmin: false } }),
];

const page = (items: AuditEntryDto[], total = items.length): AuditPageDto => ({
  items,
  total,
  page: 0,
  pageSize: 50,
  next_cursor: null,
});

function signIn(user = admin) {
  window.localStorage.setItem('token', makeToken({ sub: user._id, name: user.name, exp: nowSeconds() + 3600 }));
}

function setup(list: Parameters<typeof answer<typeof auditApi.list>>[1] = page(ENTRIES)) {
  signIn();
  return serve(
    answer(usersApi.get, admin),
    answer(auditApi.actors, [
      { id: 'admin', name: 'Admin Person', deleted: false },
      { id: GONE, name: 'Old Admin', deleted: true },
    ]),
    answer(auditApi.list, list),
  );
}

const dataRows = () =>
  within(screen.getByRole('table', { name: 'Audit log' }))
    .getAllByRole('row')
    .slice(1);
const auditCalls = (calls: { path: string; query: string }[]) =>
  calls.filter((c) => c.path === '/api/admin/audit').map((c) => new URLSearchParams(c.query));

describe('the audit log screen', () => {
  it('lists the entries with readable actions and changes, and the address', async () => {
    setup();
    renderApp('/audit');
    expect(await screen.findByRole('heading', { name: 'Audit Log' })).toBeInTheDocument();
    await waitFor(() => expect(dataRows()).toHaveLength(4));
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['When', 'Who', 'Action', 'Target', 'Changes', 'Address']);
    const [reset, rights, settings, created] = dataRows() as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(reset).toHaveTextContent('Password reset');
    expect(reset).toHaveTextContent('Password: reset');
    expect(reset).toHaveTextContent('203.0.113.7');
    expect(rights).toHaveTextContent('Rights changed');
    expect(rights).toHaveTextContent('Sales: viewer → editor');
    expect(rights).toHaveTextContent('Admin: no → yes');
    expect(settings).toHaveTextContent('Old Admin');
    expect(settings).toHaveTextContent('deleted user');
    expect(settings).toHaveTextContent('Quote validity (days): 30 → 45');
    expect(created).toHaveTextContent('User created');
    expect(created).toHaveTextContent('Name: Nora · Email: nora@example.test · Admin: no');
  });

  it('sends the filters in the query: actions, who, target; a filter goes back to the first page', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    renderApp('/audit');
    await waitFor(() => expect(dataRows()).toHaveLength(4));

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Rights changed' }));
    await user.click(screen.getByRole('option', { name: 'User deleted' }));
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(auditCalls(calls).at(-1)?.getAll('action')).toEqual(['user.rights_changed', 'user.deleted']),
    );

    await user.click(screen.getByRole('combobox', { name: 'Who' }));
    await user.click(await screen.findByRole('option', { name: 'Old Admin (deleted user)' }));
    await waitFor(() => expect(auditCalls(calls).at(-1)?.get('actor')).toBe(GONE));

    await user.type(screen.getByRole('textbox', { name: 'Target' }), 'nora');
    await waitFor(() => expect(auditCalls(calls).at(-1)?.get('target')).toBe('nora'));
    const last = auditCalls(calls).at(-1)!;
    expect(last.getAll('action')).toEqual(['user.rights_changed', 'user.deleted']);
    expect(last.get('page')).toBe('0');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect([...auditCalls(calls).at(-1)!.keys()].sort()).toEqual(['page', 'pageSize']));
  });

  it('turns days into instants of the local day: from its start to the start of the next day', () => {
    const q = auditQuery({ ...NO_AUDIT_FILTERS, from: new Date(2026, 2, 5, 15, 0), to: new Date(2026, 2, 6) }, 2, 20);
    expect(q).toEqual({
      page: 2,
      pageSize: 20,
      from: new Date(2026, 2, 5).toISOString(),
      to: new Date(2026, 2, 7).toISOString(),
    });
  });

  it('says when no entry matches, and shows an error with a retry', async () => {
    let fail = true;
    setup(() => (fail ? problem(500, 'The database is unavailable') : page([])));
    renderApp('/audit');
    expect(await screen.findByText(/Could not load the audit log/)).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No audit entries match these filters')).toBeInTheDocument();
  });

  it('is not offered to a non-admin, and its address shows "not allowed"', async () => {
    const editor = makeUser({ _id: 'ed', modules: { inventory: { enabled: true, level: 'viewer' } } });
    signIn(editor);
    serve(answer(usersApi.get, editor));
    renderApp('/audit');
    expect(await screen.findByTestId('not-allowed')).toBeInTheDocument();
    const nav = await screen.findByTestId('nav-drawer');
    await waitFor(() => expect(within(nav).queryAllByRole('link').length).toBeGreaterThan(0));
    expect(within(nav).queryByRole('link', { name: 'Audit Log' })).not.toBeInTheDocument();
  });
});

describe('changes as sentences', () => {
  it('reads module access, flags, approval rules and secrets', () => {
    expect(
      describeChanges({
        before: { accounting: { enabled: false, level: 'viewer' }, sale_margin: { enabled: false, threshold: 18 } },
        after: { accounting: { enabled: true, level: 'full_rights' }, sale_margin: { enabled: true, threshold: 20 } },
      }),
    ).toEqual(['Accounting: off → full rights', 'Minimum margin % of the sale: off → on, threshold 18 → 20']);
    expect(describeChanges({ before: { sso: 'not linked' }, after: { sso: 'linked' } })).toEqual([
      'SSO: not linked → linked',
    ]);
    expect(describeChanges({ before: null, after: { apiKey: 'changed' } })).toEqual(['ApiKey: changed']);
  });
});
