// Shared by the live sale editor's tests: a sale of two lines, another editor (Bob) whose changes arrive as the
// server would broadcast them, and the app opened on the sale with the fake socket playing the server.
import {
  approvalsApi,
  authApi,
  catalogApi,
  diffSales,
  type OdooSyncStatus,
  partnersApi,
  type SaleDelta,
  saleSyncApi,
  salesApi,
  usersApi,
} from '@quotewright/contracts';
import { screen, waitFor } from '@testing-library/react';
import type { HttpHandler } from 'msw';
import { expect, vi } from 'vitest';
import { lastSocket } from '../../../test/fakeSocket';
import { makeToken, makeUser, nowSeconds } from '../../../test/fixtures';
import { answer, serve } from '../../../test/msw';
import { renderApp } from '../../../test/renderApp';
import type { Sale, SaleLine } from '../api/types';
import { noApproval } from '../approvals/testing';

export const admin = makeUser({ _id: 'a1', name: 'Admin', isAdmin: true });
export const bob = { id: 'b2', name: 'Bob Baker' };
const pricing = {
  total_price: '130.00',
  total_cost: '100.00',
  total_margin: '30.00',
  total_margin_percent: 23.08,
  total_markup_percent: 30,
  optional_total: '0.00',
  total_with_optional: '0.00',
};
export const line = (id: string, name: string): SaleLine => ({
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
export const sale: Sale = {
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
      presentation: 'details',
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

/** `by`'s change: `edit` applied to a copy of `from`, one version later, as the server would broadcast it. */
export function change(
  from: Sale,
  edit: (s: Sale) => void,
  by: { id: string; name: string } = bob,
): { delta: SaleDelta; after: Sale } {
  const after = structuredClone(from);
  edit(after);
  after.version = from.version + 1;
  after.updated_by = { name: by.name };
  return { delta: diffSales(from, after, by), after };
}

/** A line of the sale's first section, to edit in a `change`. */
export const lineOf = (s: Sale, id: string): SaleLine => s.sections[0]!.lines.find((l) => l._id === id)!;

/** A publish/sync status of the sale s1 (idle: never synced from here). */
export function syncStatus(over: Partial<OdooSyncStatus> = {}): OdooSyncStatus {
  return {
    saleId: 's1',
    runId: null,
    state: 'idle',
    action: null,
    createNew: false,
    progress: 0,
    message: null,
    odooId: null,
    odooName: null,
    lines: null,
    sections: null,
    totals: null,
    startedBy: null,
    startedAt: null,
    finishedAt: null,
    sale: { linked: false, synced: false, syncedOn: null, error: false, errorMessage: null },
    ...over,
  };
}

/**
 * Signs in the admin and answers what the editor reads: the sale as `current()` gives it, its sync status, empty
 * lists; `handlers` add routes or replace these.
 */
export function setup(current: () => Sale = () => sale, ...handlers: HttpHandler[]) {
  window.localStorage.setItem('token', makeToken({ sub: 'a1', exp: nowSeconds() + 3600 }));
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  return serve(
    answer(usersApi.get, admin),
    answer(authApi.config, { ssoProvider: null, erpName: 'Odoo' }),
    answer(salesApi.get, () => current()),
    answer(salesApi.list, { items: [], total: 0, page: 0, pageSize: 20 }),
    answer(approvalsApi.pending, { items: [], total: 0, page: 0, pageSize: 1 }),
    answer(partnersApi.customers, []),
    answer(partnersApi.templates, []),
    answer(partnersApi.salespersons, []),
    answer(catalogApi.list, { items: [], total: 0, page: 0, pageSize: 5 }),
    answer(saleSyncApi.status, syncStatus()),
    answer(approvalsApi.state, (req) => noApproval(req.params.id)),
    ...handlers,
  );
}

export const saleGets = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/sales/s1').length;

/** The app on the sale; resolves once it has identified the sale on its socket. */
export async function openSale(path = '/sale/s1?section=sec1') {
  const app = renderApp(path);
  await screen.findByTestId('state-chip');
  const socket = lastSocket();
  await waitFor(() => expect(socket.sent('identify')).toEqual([{ sale: 's1' }]));
  return { ...app, socket };
}

/** A promise settled by the test: a server answer that arrives when the test says so. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
