// The sale editor, live: a fake socket plays the server (src/test/fakeSocket.ts).
import { diffSales, type SaleDelta } from '@quotewright/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lastSocket } from '../../../test/fakeSocket';
import { makeToken, makeUser, nowSeconds } from '../../../test/fixtures';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import type { Sale, SaleLine } from '../api/types';

const admin = makeUser({ _id: 'a1', name: 'Admin', isAdmin: true });
const bob = { id: 'b2', name: 'Bob Baker' };
const pricing = {
  total_price: '130.00',
  total_cost: '100.00',
  total_margin: '30.00',
  total_margin_percent: 23.08,
  total_markup_percent: 30,
};
const line = (id: string, name: string): SaleLine => ({
  _id: id,
  kind: 'product',
  product: { id: 5, name: 'AX-100', manufacturer: { name: 'Acme' } },
  name,
  discount: 0,
  quantity: '1',
  price: '130.00',
  cost: '100.00',
  markup_percent: 30,
  margin_percent: 23.08,
  subtotal: '130.00',
  price_percentage_active: false,
  uom: { name: 'Units' },
});
const sale: Sale = {
  _id: 's1',
  name: 'Office',
  quote_number: 'Q00007',
  state: 'draft',
  state_label: 'Quote',
  customer: null,
  customer_invoice: null,
  customer_shipping: null,
  template: null,
  salesperson: null,
  sections: [
    {
      _id: 'sec1',
      name: 'Main',
      show_details: true,
      merge: false,
      expanded: false,
      lines: [line('l1', 'Widget'), line('l2', 'Gadget')],
      pricing,
    },
  ],
  template_ids: [],
  created_on: '2026-11-20T10:00:00Z',
  updated_on: '2026-11-21T10:00:00Z',
  created_by: { name: 'Admin' },
  updated_by: { name: 'Admin' },
  pricing,
  total_price: '130.00',
  version: 3,
  odoo_id: null,
  odoo_name: null,
  odoo_synced_on: null,
  odoo_synced: false,
  odoo_sync_error: false,
  odoo_sync_message: null,
};

/** Bob's change: `edit` applied to a copy of `from`, one version later, as the server would broadcast it. */
function change(from: Sale, edit: (s: Sale) => void): { delta: SaleDelta; after: Sale } {
  const after = structuredClone(from);
  edit(after);
  after.version = from.version + 1;
  after.updated_by = { name: bob.name };
  return { delta: diffSales(from, after, bob), after };
}

function setup(current: () => Sale = () => sale) {
  window.localStorage.setItem('token', makeToken({ sub: 'a1', exp: nowSeconds() + 3600 }));
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  return mockApi({
    'GET /api/users/a1': { body: admin },
    'GET /api/config': { body: { ssoProvider: null, erpName: 'Odoo' } },
    'GET /api/sales/s1': () => ({ body: current() }),
    'GET /api/sales': { body: { items: [], total: 0, page: 0, pageSize: 20 } },
    'GET /api/partners/customers': { body: [] },
    'GET /api/partners/templates': { body: [] },
    'GET /api/partners/salespersons': { body: [] },
    'GET /api/products': { body: { items: [], total: 0, page: 0, pageSize: 5 } },
  });
}
const saleGets = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/sales/s1').length;

async function openSale(path = '/sale/s1?section=sec1') {
  const app = renderApp(path);
  await screen.findByTestId('state-chip');
  const socket = lastSocket();
  await waitFor(() => expect(socket.sent('identify')).toEqual([{ sale: 's1' }]));
  return { ...app, socket };
}

describe('the sale editor, live', () => {
  it('identifies the open sale, shows the editors from two, and leaves on unmount', async () => {
    setup();
    const { socket, router } = await openSale();
    act(() => socket.serverSends('editors', { saleId: 's1', editors: [{ id: 'a1', name: 'Admin' }] }));
    expect(screen.queryByTestId('editor-avatars')).not.toBeInTheDocument();
    act(() =>
      socket.serverSends('editors', {
        saleId: 's1',
        editors: [
          { id: 'a1', name: 'Admin' },
          { id: 'b2', name: 'Bob Baker' },
        ],
      }),
    );
    expect(await screen.findByTestId('editor-avatars')).toHaveAccessibleName('Editing now: Admin, Bob Baker');
    // (AvatarGroup lays its children out right to left: the DOM order is reversed.)
    expect(screen.getAllByTestId('editor-avatar').map((a) => a.textContent)).toEqual(['BB', 'A']);
    await act(() => router.navigate('/'));
    await waitFor(() => expect(socket.closed).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('editor-avatars')).not.toBeInTheDocument());
  });

  it("patches the cached sale with another editor's delta, without a GET; ignores versions it already has", async () => {
    const { calls } = setup();
    const { socket, queryClient } = await openSale('/sale/s1');
    const gets = saleGets(calls);
    const { delta, after } = change(sale, (s) => {
      s.sections[0]!.name = 'Renamed by Bob';
    });
    act(() => socket.serverSends('sale_changed', delta));
    await waitFor(() => expect(screen.getByTestId('section-row')).toHaveTextContent('Renamed by Bob'));
    expect(queryClient.getQueryData(['sale', 's1'])).toEqual(after);
    // Our own answer already stored version 4: the same delta again changes nothing.
    act(() => socket.serverSends('sale_changed', { ...delta, changes: { ...delta.changes, sections: undefined } }));
    expect(queryClient.getQueryData(['sale', 's1'])).toEqual(after);
    // Another sale's delta is not ours.
    act(() => socket.serverSends('sale_changed', { ...delta, saleId: 'other', version: 5 }));
    expect(queryClient.getQueryData(['sale', 's1'])).toEqual(after);
    expect(saleGets(calls)).toBe(gets);
  });

  it('refetches on a version gap and after a reconnection (re-identifying)', async () => {
    let server = sale;
    const { calls } = setup(() => server);
    const { socket } = await openSale('/sale/s1');
    const gets = saleGets(calls);
    const first = change(sale, (s) => {
      s.name = 'First';
    });
    const second = change(first.after, (s) => {
      s.sections[0]!.name = 'After a gap';
    });
    server = second.after;
    act(() => socket.serverSends('sale_changed', second.delta)); // version 5 while we hold 3
    await waitFor(() => expect(screen.getByTestId('section-row')).toHaveTextContent('After a gap'));
    expect(saleGets(calls)).toBe(gets + 1);

    act(() => socket.reconnect());
    await waitFor(() => expect(saleGets(calls)).toBe(gets + 2));
    expect(socket.sent('identify')).toEqual([{ sale: 's1' }, { sale: 's1' }]);
  });

  it('a line deleted by someone else while it is being edited disappears with a notice', async () => {
    setup();
    const { socket } = await openSale();
    const rows = await screen.findAllByTestId('line-row');
    const widget = rows.find((r) => r.getAttribute('data-line-id') === 'l1')!;
    fireEvent.doubleClick(within(widget).getByRole('button', { name: 'Edit Description' }));
    const input = within(widget).getByRole('textbox', { name: 'Description' });
    await waitFor(() => expect(input).toHaveFocus());
    const { delta } = change(sale, (s) => {
      s.sections[0]!.lines = s.sections[0]!.lines.filter((l) => l._id !== 'l1');
    });
    act(() => socket.serverSends('sale_changed', delta));
    expect(await screen.findByText('The line you were editing was deleted by Bob Baker')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByTestId('line-row').map((r) => r.getAttribute('data-line-id'))).toEqual(['l2']),
    );
  });

  it('a sale deleted by someone else: a notice, then the sales list', async () => {
    setup();
    const { socket, router } = await openSale();
    act(() => socket.serverSends('sale_deleted', { saleId: 's1', by: bob }));
    expect(await screen.findByText('This sale was deleted by Bob Baker')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('a sale rewritten by the ERP fetch is read again once, with a notice; an older version is ignored', async () => {
    let current = sale;
    const { calls } = setup(() => current);
    const { socket } = await openSale();
    await waitFor(() => expect(saleGets(calls)).toBe(1));
    act(() => socket.serverSends('sale_replaced', { saleId: 's1', version: 3, by: { id: 'erp', name: 'ERP' } }));
    current = { ...sale, version: 5, name: 'Office (from Odoo)' };
    act(() => socket.serverSends('sale_replaced', { saleId: 's1', version: 5, by: { id: 'erp', name: 'ERP' } }));
    expect(await screen.findByText('This sale was updated from the ERP')).toBeInTheDocument();
    await waitFor(() => expect(saleGets(calls)).toBe(2));
    expect(await screen.findByDisplayValue('Office (from Odoo)')).toBeInTheDocument();
    act(() => socket.serverSends('sale_replaced', { saleId: 'other', version: 9, by: { id: 'erp', name: 'ERP' } }));
    await new Promise((r) => setTimeout(r, 50));
    expect(saleGets(calls)).toBe(2);
  });
});
