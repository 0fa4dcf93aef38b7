import {
  approvalsApi,
  authApi,
  type SaleListGroupDto,
  type SaleListItemDto,
  type SalesGroupsPageDto,
  salesApi,
  usersApi,
} from '@quotewright/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HttpHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeToken, makeUser, nowSeconds } from '../../test/fixtures';
import { answer, problem, type Resolver, serve } from '../../test/msw';
import { renderApp } from '../../test/renderApp';

const admin = makeUser({ _id: 'a1', name: 'Admin', isAdmin: true });
const editor = makeUser({ _id: 'a1', name: 'Ed', modules: { sales: { enabled: true, level: 'editor' } } });

const item = (n: number, over: Partial<SaleListItemDto> = {}): SaleListItemDto => ({
  _id: `s${n}`,
  quote_number: `Q0000${n}`,
  order_number: `Q0000${n}`,
  name: `Quote ${n}`,
  customer: { id: 1, name: 'Acme' },
  salesperson: { id: 2, name: 'Sam' },
  total_price: '1234.50',
  optional_total: '0.00',
  state: 'draft',
  state_label: 'Quote',
  updated_on: '2026-11-21T10:00:00Z',
  ...over,
});

function setup(user = admin, ...extra: HttpHandler[]) {
  window.localStorage.setItem('token', makeToken({ sub: 'a1', exp: nowSeconds() + 3600 }));
  return serve(
    answer(usersApi.get, user),
    answer(approvalsApi.pending, { items: [], total: 0, page: 0, pageSize: 1 }),
    answer(authApi.config, { ssoProvider: null, erpName: 'Odoo' }),
    answer(salesApi.list, {
      items: [item(1), item(2, { state: 'sale', state_label: 'Sale Order' })],
      total: 2,
      page: 0,
      pageSize: 20,
    }),
    ...extra,
  );
}

/**
 * A row read ahead on pointer down (lib/salePrefetch.ts), here by the press on its Delete button: the sale is not
 * opened, its answer is not used.
 */
const readAhead = () => answer(salesApi.get, problem(404, 'Sale not found'));

describe('sales list', () => {
  it('shows the documented columns, asks the server for page 0 of 20 and shows state labels', async () => {
    const { calls } = setup();
    renderApp('/');
    expect(await screen.findByText('Quote 1')).toBeInTheDocument();
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/[^A-Za-z #]/g, '').trim())
      .filter(Boolean);
    expect(headers).toEqual(expect.arrayContaining(['Order #', 'Name', 'Client', 'Salesperson', 'Total', 'Status']));
    expect(screen.getAllByText('$1,234.50').length).toBe(2);
    expect(screen.getByText('Sale Order')).toBeInTheDocument();
    const list = calls.find((c) => c.path === '/api/sales');
    expect(list).toBeDefined();
    expect(document.title).toBe('Sales | Quotewright');
  });

  it("shows a sale's optional sections' total under its total, and the total with them in the tooltip", async () => {
    setup(
      admin,
      answer(salesApi.list, {
        items: [item(1, { total_price: '1000.00', optional_total: '234.50' }), item(2)],
        total: 2,
        page: 0,
        pageSize: 20,
      }),
    );
    renderApp('/');
    const rows = await screen.findAllByTestId('sale-row');
    const [optional] = within(rows[0]!).getAllByTestId('sale-optional-total');
    expect(optional).toHaveTextContent('+ $234.50 optional');
    expect(within(rows[0]!).getByText('$1,000.00')).toBeInTheDocument();
    expect(within(rows[0]!).getByTitle('Total with optional sections: $1,234.50')).toBeInTheDocument();
    // A sale without optional sections shows its total alone.
    expect(within(rows[1]!).queryByTestId('sale-optional-total')).not.toBeInTheDocument();
    expect(within(rows[1]!).queryByText(/optional/)).not.toBeInTheDocument();
  });

  it('rows take keyboard focus and Enter opens the sale', async () => {
    setup(admin, answer(salesApi.get, problem(404, 'Sale not found')));
    const { router } = renderApp('/');
    await screen.findByText('Quote 1');
    const rows = screen.getAllByTestId('sale-row');
    expect(rows.map((r) => r.getAttribute('tabindex'))).toEqual(['0', '0']);
    rows[1]!.focus();
    expect(rows[1]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sale/s2'));
  });

  it('opens a sale on row click', async () => {
    const { calls } = setup(admin, answer(salesApi.get, problem(404, 'Sale not found')));
    const { router } = renderApp('/');
    await userEvent.click(await screen.findByText('Quote 1'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sale/s1'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/sales/s1')).toBe(true));
  });

  it('offers New Quote to editors but Import Quote and delete only with more rights', async () => {
    setup(editor);
    renderApp('/');
    expect(await screen.findByText('Quote 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Quote' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import Quote' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete sale' })).not.toBeInTheDocument();
  });

  it('asks before an admin deletes a sale', async () => {
    const { calls } = setup(
      admin,
      answer(salesApi.remove, { items: [], total: 0, page: 0, pageSize: 20 }),
      readAhead(),
    );
    renderApp('/');
    await screen.findByText('Quote 1');
    await userEvent.click(screen.getAllByRole('button', { name: 'Delete sale' })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete the following sale?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/sales/s1')).toBe(true));
  });

  it("shows 'Invalid JSON' for text that does not parse, without calling the server", async () => {
    const { calls } = setup();
    renderApp('/');
    await screen.findByText('Quote 1');
    await userEvent.click(screen.getByRole('button', { name: 'Import Quote' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Quote JSON'), '{{not json');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Invalid JSON')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/sales')).toBe(false);
  });

  it("imports parsed JSON and shows the server's 'Invalid JSON' in the Error dialog", async () => {
    const { calls } = setup(admin, answer(salesApi.create, problem(400, 'Invalid JSON')));
    renderApp('/');
    await screen.findByText('Quote 1');
    await userEvent.click(screen.getByRole('button', { name: 'Import Quote' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('Quote JSON'));
    await userEvent.paste('{"format":"quotewright.sale","version":1}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(screen.getByText('Error')).toBeInTheDocument());
    expect(screen.getAllByText('Invalid JSON').length).toBeGreaterThan(0);
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/sales')?.body).toEqual({
      json: '{"format":"quotewright.sale","version":1}',
    });
  });

  it('valid JSON of the wrong shape: the dialog names what the server says is missing, and nothing throws', async () => {
    const unhandled: unknown[] = [];
    const onRejection = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      const { calls } = setup(
        admin,
        answer(
          salesApi.create,
          problem(400, 'The file is not a valid Quotewright quote', {
            format: "Missing: expected 'quotewright.sale'",
            sale: 'Missing: the quote (its name and sections)',
            hello: 'Unknown field',
          }),
        ),
      );
      renderApp('/');
      await screen.findByText('Quote 1');
      await userEvent.click(screen.getByRole('button', { name: 'Import Quote' }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.click(within(dialog).getByLabelText('Quote JSON'));
      await userEvent.paste('{"hello":1}');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
      const error = await within(dialog).findByTestId('upload-error');
      expect(error).toHaveTextContent('The file is not a valid Quotewright quote');
      expect(within(error).getByTestId('upload-field-errors')).toHaveTextContent(
        'sale: Missing: the quote (its name and sections)',
      );
      expect(error).toHaveTextContent("format: Missing: expected 'quotewright.sale'");
      // the import was asked for as an import (never read as the header of a new sale)
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/sales')?.body).toEqual({ json: '{"hello":1}' });
      // the dialog stays open with the text to fix, and is usable again
      expect(within(dialog).getByLabelText('Quote JSON')).toHaveValue('{"hello":1}');
      expect(within(dialog).getByRole('button', { name: 'Import' })).toBeEnabled();
      // Node reports a rejection left unhandled at the end of the task it happened in: the refusal was handled tasks
      // before its message reached the screen, so any such rejection has been reported by now.
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });

  it("lists a sale without a name as 'Untitled quote', muted, everywhere it is listed (and in the delete question)", async () => {
    setup(
      admin,
      answer(salesApi.list, { items: [item(1, { name: '' }), item(2)], total: 2, page: 0, pageSize: 20 }),
      readAhead(),
    );
    renderApp('/');
    const untitled = await screen.findByText('Untitled quote');
    expect(untitled).toHaveAttribute('data-untitled');
    expect(getComputedStyle(untitled).fontStyle).toBe('italic');
    await userEvent.click(screen.getAllByRole('button', { name: 'Delete sale' })[0]!);
    expect(await screen.findByRole('dialog')).toHaveTextContent('Q00001 Untitled quote');
  });
});

const group = (value: string, label: string, count: number, total: string): SaleListGroupDto => ({
  key: value,
  value,
  label,
  count,
  total_price: total,
});
const STATUS_GROUPS = [
  group('draft', 'Quote', 3, '300.00'),
  group('sent', 'Quote Sent', 2, '200.00'),
  group('sale', 'Sale Order', 1, '100.00'),
  group('done', 'Locked', 1, '50.00'),
  group('cancel', 'Cancelled', 40, '4000.00'),
];

describe('sales list grouped (pages of groups, settings kept per user)', () => {
  const grouped = makeUser({
    _id: 'a1',
    name: 'Admin',
    isAdmin: true,
    preferences: {
      darkMode: true,
      wideScreen: false,
      discreteMode: false,
      salesList: { groupBy: 'state', sort: 'total_price', direction: 'desc', pageSize: 10 },
    },
  });
  /** Saves the list settings as the server does (answers the user), noting each in `puts`. */
  const savePreferences =
    (puts: unknown[]): Resolver<typeof usersApi.salesListPreferences> =>
    ({ body }) => {
      puts.push(body);
      return { ...admin, preferences: { ...admin.preferences, salesList: body } };
    };
  const groupsPage = (over: Partial<SalesGroupsPageDto> = {}): SalesGroupsPageDto => ({
    groupBy: 'state',
    groups: STATUS_GROUPS,
    total: 5,
    sales: 47,
    page: 0,
    pageSize: 10,
    ...over,
  });
  /** A group's sales: page N of the cancelled ones, 10 a page. */
  const groupSales: Resolver<typeof salesApi.list> = ({ query }) => {
    const page = query.page;
    const items = Array.from({ length: 10 }, (_, i) =>
      item(page * 10 + i + 1, { name: `Cancelled ${page * 10 + i + 1}`, state: 'cancel', state_label: 'Cancelled' }),
    );
    return { items, total: 40, page, pageSize: 10 };
  };

  it('opens as the user left it: grouped by status, sorted, with their page size — a page of groups', async () => {
    const { calls } = setup(grouped, answer(salesApi.groups, groupsPage()));
    renderApp('/');
    const rows = await screen.findAllByTestId('group-row');
    expect(rows.map((r) => r.getAttribute('data-group-key'))).toEqual(['draft', 'sent', 'sale', 'done', 'cancel']);
    expect(rows[4]).toHaveTextContent('Cancelled40 sales · $4,000.00');
    expect(screen.getByTestId('groups-count')).toHaveTextContent('5 groups · 47 sales');
    const asked = calls.find((c) => c.path === '/api/sales/groups')!;
    expect(Object.fromEntries(new URLSearchParams(asked.query))).toEqual({
      groupBy: 'state',
      page: '0',
      pageSize: '10',
      sort: 'total_price',
      direction: 'desc',
    });
    // no page of ungrouped sales is asked for, and nothing is saved just by opening the list
    expect(calls.some((c) => c.path === '/api/sales')).toBe(false);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(screen.queryAllByTestId('sale-row')).toEqual([]);
  });

  it("expanding a group loads that group's sales, paged within the group with the list's sort", async () => {
    const { calls } = setup(grouped, answer(salesApi.groups, groupsPage()), answer(salesApi.list, groupSales));
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Show the sales of Cancelled' }));
    expect(await screen.findByText('Cancelled 1')).toBeInTheDocument();
    expect(screen.getAllByTestId('sale-row')).toHaveLength(10);
    const asked = calls.find((c) => c.path === '/api/sales')!;
    expect(Object.fromEntries(new URLSearchParams(asked.query))).toEqual({
      groupBy: 'state',
      group: 'cancel',
      page: '0',
      pageSize: '10',
      sort: 'total_price',
      direction: 'desc',
    });
    expect(screen.getByTestId('group-pager')).toHaveTextContent('Cancelled: sales 1–10 of 40');
    await userEvent.click(screen.getByRole('button', { name: 'Next sales of Cancelled' }));
    expect(await screen.findByText('Cancelled 11')).toBeInTheDocument();
    expect(screen.getByTestId('group-pager')).toHaveTextContent('Cancelled: sales 11–20 of 40');
    expect(screen.queryByText('Cancelled 1')).not.toBeInTheDocument();
    // collapsing hides them again; the group row is a button-like row (Enter toggles it)
    const cancelRow = screen.getAllByTestId('group-row').find((r) => r.getAttribute('data-group-key') === 'cancel')!;
    cancelRow.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryAllByTestId('sale-row')).toEqual([]));
  });

  it('grouping by a column pages by groups and saves the grouping for the user', async () => {
    const puts: unknown[] = [];
    const { calls } = setup(
      admin,
      answer(salesApi.groups, {
        groupBy: 'customer',
        groups: [group('Acme', 'Acme', 57, '99999.00'), { ...group('', 'No client', 2, '10.00'), value: null }],
        total: 2,
        sales: 59,
        page: 0,
        pageSize: 20,
      }),
      answer(usersApi.salesListPreferences, savePreferences(puts)),
    );
    renderApp('/');
    await screen.findByText('Quote 1');
    const client = screen.getAllByRole('columnheader').find((h) => h.textContent?.includes('Client'))!;
    await userEvent.click(within(client).getByRole('button', { name: /column actions/i }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /group by client/i }));
    const rows = await screen.findAllByTestId('group-row');
    expect(rows.map((r) => r.textContent)).toEqual(['Acme57 sales · $99,999.00', 'No client2 sales · $10.00']);
    expect(calls.find((c) => c.path === '/api/sales/groups')?.query).toContain('groupBy=customer');
    await waitFor(() => expect(puts).toEqual([{ groupBy: 'customer', sort: null, direction: 'desc', pageSize: 20 }]));
  });

  it('only the columns the server groups by offer grouping', async () => {
    setup();
    renderApp('/');
    await screen.findByText('Quote 1');
    const name = screen.getAllByRole('columnheader').find((h) => h.textContent?.includes('Name'))!;
    await userEvent.click(within(name).getByRole('button', { name: /column actions/i }));
    const items = (await screen.findAllByRole('menuitem')).map((m) => m.textContent);
    expect(items).toContain('Sort by Name ascending');
    expect(items.filter((t) => /group by/i.test(t ?? ''))).toEqual([]);
  });

  it('saves the sort and the page size as they change, in order', async () => {
    const puts: unknown[] = [];
    setup(admin, answer(usersApi.salesListPreferences, savePreferences(puts)));
    renderApp('/');
    await screen.findByText('Quote 1');
    await userEvent.click(
      screen.getByRole('columnheader', { name: /^Total/ }).querySelector('.MuiTableSortLabel-root')!,
    );
    await userEvent.click(screen.getByRole('combobox', { name: /rows per page/i }));
    await userEvent.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() =>
      expect(puts).toEqual([
        { groupBy: null, sort: 'total_price', direction: 'asc', pageSize: 20 },
        { groupBy: null, sort: 'total_price', direction: 'asc', pageSize: 50 },
      ]),
    );
  });

  it('a settings save the server refuses is said, and the list keeps working', async () => {
    setup(
      admin,
      answer(
        usersApi.salesListPreferences,
        problem(500, 'Database unavailable', undefined, 'INTERNAL', { members: { request_id: 'req-list-0001' } }),
      ),
    );
    renderApp('/');
    await screen.findByText('Quote 1');
    await userEvent.click(screen.getByRole('combobox', { name: /rows per page/i }));
    await userEvent.click(await screen.findByRole('option', { name: '50' }));
    expect(
      await screen.findByText('The list settings could not be saved: Database unavailable', { exact: false }),
    ).toBeInTheDocument();
    // with its reference, to quote to whoever reads the server's log
    expect(within(screen.getByTestId('snackbar')).getByTestId('error-reference')).toHaveTextContent(
      'Reference: req-list-0001',
    );
    expect(screen.getByText('Quote 1')).toBeInTheDocument();
  });
});
