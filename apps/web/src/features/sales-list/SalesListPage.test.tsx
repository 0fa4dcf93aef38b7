import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeToken, makeUser, nowSeconds } from '../../test/fixtures';
import { mockApi, problem } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const admin = makeUser({ _id: 'a1', name: 'Admin', isAdmin: true });
const editor = makeUser({ _id: 'a1', name: 'Ed', modules: { sales: { enabled: true, level: 'editor' } } });

const item = (n: number, over: Record<string, unknown> = {}) => ({
  _id: `s${n}`,
  quote_number: `Q0000${n}`,
  order_number: `Q0000${n}`,
  name: `Quote ${n}`,
  customer: { id: 1, name: 'Acme' },
  salesperson: { id: 2, name: 'Sam' },
  total_price: '1234.50',
  state: 'draft',
  state_label: 'Quote',
  updated_on: '2026-11-21T10:00:00Z',
  ...over,
});

function setup(user = admin, extra: Parameters<typeof mockApi>[0] = {}) {
  window.localStorage.setItem('token', makeToken({ sub: 'a1', exp: nowSeconds() + 3600 }));
  return mockApi({
    'GET /api/users/a1': { body: user },
    'GET /api/config': { body: { ssoProvider: null, erpName: 'Odoo' } },
    'GET /api/sales': {
      body: {
        items: [item(1), item(2, { state: 'sale', state_label: 'Sale Order' })],
        total: 2,
        page: 0,
        pageSize: 20,
      },
    },
    ...extra,
  });
}

describe('sales list', () => {
  it('shows the SPEC columns, asks the server for page 0 of 20 and shows state labels', async () => {
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

  it('rows take keyboard focus and Enter opens the sale', async () => {
    setup(admin, { 'GET /api/sales/s2': problem(404, 'Sale not found') });
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
    const { calls } = setup(admin, { 'GET /api/sales/s1': problem(404, 'Sale not found') });
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
    const { calls } = setup(admin, { 'DELETE /api/sales/s1': { body: { items: [], total: 0 } } });
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
    const { calls } = setup(admin, { 'POST /api/sales': problem(400, 'Invalid JSON') });
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
      const { calls } = setup(admin, {
        'POST /api/sales': problem(400, 'The file is not a valid Quotewright quote', {
          format: "Missing: expected 'quotewright.sale'",
          sale: 'Missing: the quote (its name and sections)',
          hello: 'Unknown field',
        }),
      });
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
      await new Promise((r) => setTimeout(r, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });

  it('grouping by a column asks the server to group, and shows the count and total of each whole group', async () => {
    const { calls } = setup(admin, {
      'GET /api/sales': {
        body: {
          items: [item(1), item(2)],
          total: 2,
          page: 0,
          pageSize: 20,
          groupBy: 'customer',
          groups: [{ value: 'Acme', label: 'Acme', count: 57, total_price: '99999.00' }],
        },
      },
    });
    renderApp('/');
    await screen.findByText('Quote 1');
    const client = screen.getAllByRole('columnheader').find((h) => h.textContent?.includes('Client'))!;
    await userEvent.click(within(client).getByRole('button', { name: /column actions/i }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /group by client/i }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/sales' && c.query.includes('groupBy=customer'))).toBe(true),
    );
    expect(await screen.findByTestId('group-summary')).toHaveTextContent('57 sales · $99,999.00');
  });
});
