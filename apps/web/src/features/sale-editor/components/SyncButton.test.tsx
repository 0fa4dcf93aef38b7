// The ERP sync button (docs/product/screens.md#sync-button): labels by state, the pre-publish check, the run's live
// progress from the sale's room, and the side menu's status dialog. A fake socket plays the server
// (src/test/fakeSocket.ts).
import { type SyncCheck, saleSyncApi, salesApi, usersApi } from '@quotewright/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { answer } from '../../../test/msw';
import type { Sale } from '../api/types';
import { deferred, openSale, sale, setup, syncStatus } from '../test/liveSale';

const linked: Sale = {
  ...sale,
  odoo_id: 42,
  odoo_name: 'S00042',
  odoo_synced: true,
  odoo_synced_on: '2026-11-22T09:30:00Z',
};

const cleanCheck: SyncCheck = {
  saleId: 's1',
  ready: true,
  blocked: null,
  problems: [],
  warnings: [],
  preview: {
    action: 'create',
    odooId: null,
    odooName: null,
    lines: { created: 2, updated: 0, moved: 0, unchanged: 0, deleted: 0 },
    sections: { created: 1, updated: 0, moved: 0, unchanged: 0, deleted: 0 },
    header: [],
  },
  previewError: null,
};

const button = () => screen.getByTestId('sync-button');

describe('the ERP sync button', () => {
  it.each<[string, Partial<Sale>, string]>([
    ['not linked', {}, 'Publish to Odoo'],
    ['linked, edited since', { odoo_id: 42, odoo_synced: false }, 'Sync Changes'],
    ['linked and synced', { odoo_id: 42, odoo_synced: true, odoo_synced_on: '2026-11-22T09:30:00Z' }, 'Synced'],
    ['failed', { odoo_id: 42, odoo_sync_error: true, odoo_sync_message: 'Odoo said no' }, 'Sync Error'],
    ['linked, not editable', { odoo_id: 42, state: 'sale', state_label: 'Sale Order' }, 'Open in Odoo'],
  ])('reads its label by state: %s', async (_name, over, label) => {
    setup(() => ({ ...sale, ...over }));
    await openSale('/sale/s1');
    await waitFor(() => expect(button()).toHaveTextContent(label));
    if (label === 'Synced') expect(screen.getByTestId('sync-synced')).toHaveTextContent('Sale is synced with Odoo');
    if (label === 'Sync Error') expect(screen.getByTestId('sync-error')).toHaveTextContent('Odoo said no');
    if (label === 'Open in Odoo') expect(screen.queryByTestId('sync-menu-button')).not.toBeInTheDocument();
  });

  it('gives the last sync time in the Synced tooltip', async () => {
    setup(() => linked);
    await openSale('/sale/s1');
    fireEvent.mouseOver(button());
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/Last synced 11\/22\/2026/);
  });

  it('is disabled without full rights on sales', async () => {
    setup(
      () => sale,
      answer(usersApi.get, makeUser({ _id: 'a1', name: 'Ed', modules: { sales: { enabled: true, level: 'editor' } } })),
    );
    await openSale('/sale/s1');
    expect(button()).toHaveTextContent('Publish to Odoo');
    expect(button()).toBeDisabled();
  });

  it('lists the problems of the check with their section and line, and does not allow starting', async () => {
    const check: SyncCheck = {
      ...cleanCheck,
      ready: false,
      preview: null,
      problems: [
        { code: 'NO_CUSTOMER', message: 'The sale has no customer', section: null, line: null },
        {
          code: 'PRODUCT_INACTIVE',
          message: 'AX-100 is archived in Odoo',
          section: { index: 1, name: 'Main' },
          line: { number: 2, id: 'l2', label: 'AX-100' },
        },
      ],
    };
    const { calls } = setup(() => sale, answer(saleSyncApi.check, check));
    const { socket } = await openSale('/sale/s1');
    fireEvent.click(button());
    const dialog = await screen.findByRole('dialog', { name: 'Publish to Odoo' });
    const problems = await within(dialog).findAllByTestId('sync-problem');
    expect(problems.map((p) => p.textContent)).toEqual([
      'The sale has no customer',
      'AX-100 is archived in OdooSection 1 (Main), line 2 (AX-100)',
    ]);
    expect(within(dialog).getByTestId('sync-start')).toBeDisabled();
    expect(calls.find((c) => c.path === '/api/sales/odoo/check/s1')?.query).toBe('');
    expect(socket.sent('sync_odoo')).toEqual([]);
  });

  it('lists the values to check before the customer sees them, and still allows starting', async () => {
    const check: SyncCheck = {
      ...cleanCheck,
      warnings: [
        {
          code: 'NEGATIVE_PRICE',
          field: 'price',
          message: 'Negative price: the customer will see -$50.00. Intended for a discount, a credit or a trade-in?',
          section: { index: 1, name: 'Main' },
          line: { number: 2, id: 'l2', label: 'AX-100 — Gadget' },
        },
      ],
    };
    setup(() => sale, answer(saleSyncApi.check, check));
    await openSale('/sale/s1');
    fireEvent.click(button());
    const dialog = await screen.findByRole('dialog', { name: 'Publish to Odoo' });
    const warning = await within(dialog).findByTestId('sale-warning');
    expect(warning).toHaveTextContent('Negative price: the customer will see -$50.00.');
    expect(warning).toHaveTextContent('Section 1 (Main), line 2 (AX-100 — Gadget)');
    expect(within(dialog).getByTestId('sale-warnings')).toHaveTextContent('do not block');
    expect(within(dialog).queryByTestId('sync-problem')).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('sync-start')).toBeEnabled();
  });

  it('previews, starts on the socket, shows live progress, and ends Synced', async () => {
    let current: Sale = sale;
    setup(() => current, answer(saleSyncApi.check, cleanCheck));
    const { socket } = await openSale('/sale/s1');
    const queued = syncStatus({ runId: 'r1', state: 'queued', action: 'publish' });
    socket.answer = (event) => (event === 'sync_odoo' ? { ok: true, started: true, status: queued } : { ok: true });
    fireEvent.click(button());
    const dialog = await screen.findByRole('dialog', { name: 'Publish to Odoo' });
    expect(await within(dialog).findByTestId('sync-preview-action')).toHaveTextContent(
      'A new order will be created in Odoo.',
    );
    expect(within(dialog).getByTestId('preview-lines')).toHaveTextContent('Lines2000');
    expect(within(dialog).getByTestId('preview-sections')).toHaveTextContent('Sections1000');
    fireEvent.click(within(dialog).getByTestId('sync-start'));
    await waitFor(() => expect(socket.sent('sync_odoo')).toEqual([{ sale: 's1', create_new: false }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button()).toHaveTextContent('Syncing 0%'));

    act(() =>
      socket.serverSends(
        'odoo_sync_status',
        syncStatus({ runId: 'r1', state: 'syncing', action: 'publish', progress: 45, message: 'Sending lines' }),
      ),
    );
    await waitFor(() => expect(button()).toHaveTextContent('Syncing 45%'));
    expect(button()).toBeDisabled();
    expect(screen.getByTestId('sync-progress')).toHaveTextContent('Sending lines');
    expect(screen.getByRole('progressbar', { name: 'Sync progress' })).toHaveAttribute('aria-valuenow', '45');
    // another sale's progress is not ours: the button is the same once the screens would have been told (a task
    // later, lib/notifyNow.ts), on the test's clock
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => socket.serverSends('odoo_sync_status', syncStatus({ saleId: 'other', state: 'syncing', progress: 90 })));
    await act(() => vi.advanceTimersByTimeAsync(20));
    vi.useRealTimers();
    expect(button()).toHaveTextContent('Syncing 45%');

    current = { ...linked, version: 4 };
    act(() =>
      socket.serverSends(
        'odoo_sync_status',
        syncStatus({
          runId: 'r1',
          state: 'synced',
          action: 'publish',
          progress: 100,
          odooId: 42,
          odooName: 'S00042',
          sale: { linked: true, synced: true, syncedOn: '2026-11-22T09:30:00Z', error: false, errorMessage: null },
        }),
      ),
    );
    await waitFor(() => expect(button()).toHaveTextContent('Synced'));
    expect(screen.getByTestId('sync-synced')).toHaveTextContent('Sale is synced with Odoo');
  });

  it('names the order fields a publish changes in people’s words, not the ERP’s field names', async () => {
    const check: SyncCheck = {
      ...cleanCheck,
      preview: {
        ...cleanCheck.preview!,
        action: 'update',
        odooName: 'S00042',
        header: ['partner_id', 'client_order_ref', 'partner_shipping_id', 'sale_order_template_id', 'origin'],
      },
    };
    setup(() => linked, answer(saleSyncApi.check, check));
    await openSale('/sale/s1');
    fireEvent.click(button());
    const dialog = await screen.findByRole('dialog', { name: 'Sync with Odoo' });
    expect(await within(dialog).findByText(/Order fields that change/)).toHaveTextContent(
      'Order fields that change: Customer, Customer reference, Delivery address, Quotation template, Source document',
    );
    expect(dialog).not.toHaveTextContent(/partner_id|client_order_ref|_id\b/);
  });

  it('counts sections apart from lines in the status, as the preview does', async () => {
    const done = (sections: { created: number; updated: number; deleted: number } | null) =>
      syncStatus({
        runId: 'r1',
        state: 'synced',
        action: 'publish',
        progress: 100,
        odooId: 42,
        odooName: 'S00042',
        lines: { created: 8, updated: 0, deleted: 0 },
        sections,
        sale: { linked: true, synced: true, syncedOn: '2026-11-22T09:30:00Z', error: false, errorMessage: null },
      });
    let status = done({ created: 3, updated: 1, deleted: 0 });
    setup(
      () => linked,
      answer(saleSyncApi.status, () => status),
    );
    const { socket } = await openSale('/sale/s1');
    fireEvent.click(screen.getByTestId('sync-menu-button'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sync Status' }));
    const dialog = await screen.findByTestId('sync-status-dialog');
    expect(dialog).toHaveTextContent('Lines8 added, 0 changed, 0 removed');
    expect(dialog).toHaveTextContent('Sections3 added, 1 changed, 0 removed');

    // no section changed, or a run recorded before sections were counted apart: no Sections row
    for (const sections of [{ created: 0, updated: 0, deleted: 0 }, null]) {
      status = done(sections);
      act(() => socket.serverSends('odoo_sync_status', status));
      await waitFor(() => expect(dialog).not.toHaveTextContent('Sections'));
      expect(dialog).toHaveTextContent('Lines8 added, 0 changed, 0 removed');
    }
  });

  it('goes from the last progress straight to Synced when the finished status arrives before the sale is read again', async () => {
    // The server announces the sale rewritten (sale_replaced) and then the finished status; the sale is read again
    // over HTTP, so the finished status is usually shown before the sale's new flags arrive.
    const edited: Sale = { ...linked, odoo_synced: false, odoo_synced_on: '2026-11-22T09:30:00Z' };
    let current: Sale = edited;
    let held: ReturnType<typeof deferred<void>> | null = null;
    setup(
      () => current,
      answer(salesApi.get, async () => {
        const wait = held;
        if (wait) await wait.promise;
        return current;
      }),
    );
    const { socket } = await openSale('/sale/s1');
    await waitFor(() => expect(button()).toHaveTextContent('Sync Changes'));

    const labels: string[] = [];
    const observer = new MutationObserver(() => labels.push(button().textContent ?? ''));
    observer.observe(button(), { subtree: true, childList: true, characterData: true });
    const progress = (p: number) =>
      syncStatus({ runId: 'r2', state: 'syncing', action: 'sync', progress: p, odooId: 42, odooName: 'S00042' });
    act(() => socket.serverSends('odoo_sync_status', progress(40)));
    await waitFor(() => expect(button()).toHaveTextContent('Syncing 40%'));
    act(() => socket.serverSends('odoo_sync_status', progress(94)));
    await waitFor(() => expect(button()).toHaveTextContent('Syncing 94%'));

    // the sale as the run leaves it (renamed by the ERP, to see it arrive), held back until the test lets it through
    held = deferred<void>();
    current = {
      ...linked,
      name: 'Office (synced)',
      version: 5,
      odoo_synced: true,
      odoo_synced_on: '2026-11-23T08:00:00Z',
    };
    act(() => socket.serverSends('sale_replaced', { saleId: 's1', version: 5, by: { id: 'a1', name: 'Admin' } }));
    act(() =>
      socket.serverSends(
        'odoo_sync_status',
        syncStatus({
          runId: 'r2',
          state: 'synced',
          action: 'sync',
          progress: 100,
          odooId: 42,
          odooName: 'S00042',
          sale: { linked: true, synced: true, syncedOn: '2026-11-23T08:00:00Z', error: false, errorMessage: null },
        }),
      ),
    );
    await waitFor(() => expect(button()).toHaveTextContent('Synced'));
    held.resolve();
    // the sale read again is on screen: the button has shown what it makes of it
    expect(await screen.findByDisplayValue('Office (synced)')).toBeInTheDocument();
    expect(screen.getByTestId('sync-synced')).toBeInTheDocument();
    observer.disconnect();
    expect(labels).not.toContain('Sync Changes');
    expect(labels.at(-1)).toBe('Synced');
    expect(button()).toHaveTextContent('Synced');

    // an edit made after the sync is still 'Sync Changes' (the sale is newer than the finished run)
    current = { ...current, version: 6, odoo_synced: false };
    act(() => socket.serverSends('sale_replaced', { saleId: 's1', version: 6, by: { id: 'b2', name: 'Bob' } }));
    await waitFor(() => expect(button()).toHaveTextContent('Sync Changes'));
  });

  it('shows a refusal of the start in the dialog', async () => {
    setup(() => sale, answer(saleSyncApi.check, cleanCheck));
    const { socket } = await openSale('/sale/s1');
    socket.answer = (event) =>
      event === 'sync_odoo' ? { ok: false, detail: 'The sale is being synced by Bob' } : { ok: true };
    fireEvent.click(button());
    const dialog = await screen.findByRole('dialog', { name: 'Publish to Odoo' });
    fireEvent.click(await within(dialog).findByTestId('sync-start'));
    expect(await within(dialog).findByText('The sale is being synced by Bob')).toBeInTheDocument();
    expect(button()).toHaveTextContent('Publish to Odoo');
  });

  it('shows a run under way after a reload (from GET status)', async () => {
    setup(
      () => sale,
      answer(
        saleSyncApi.status,
        syncStatus({ runId: 'r1', state: 'syncing', progress: 60, message: 'Reading totals' }),
      ),
    );
    await openSale('/sale/s1');
    await waitFor(() => expect(button()).toHaveTextContent('Syncing 60%'));
    expect(screen.getByTestId('sync-progress')).toHaveTextContent('Reading totals');
  });

  it('offers Sync Status, Open in Odoo and Sync to new Sale for a linked editable sale', async () => {
    const { calls } = setup(
      () => linked,
      answer(
        saleSyncApi.status,
        syncStatus({
          runId: 'r1',
          state: 'synced',
          action: 'sync',
          progress: 100,
          odooId: 42,
          odooName: 'S00042',
          lines: { created: 1, updated: 2, deleted: 0 },
          totals: { ours: '130.00', erp: '129.99', match: false },
          startedBy: { name: 'Admin' },
          sale: { linked: true, synced: true, syncedOn: '2026-11-22T09:30:00Z', error: false, errorMessage: null },
        }),
      ),
      answer(saleSyncApi.check, { ...cleanCheck, preview: { ...cleanCheck.preview!, action: 'create' } }),
    );
    await openSale('/sale/s1');
    fireEvent.click(screen.getByTestId('sync-menu-button'));
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual([
      'Sync Status',
      'Open in Odoo',
      'Sync to new Sale',
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sync Status' }));
    const status = await screen.findByTestId('sync-status-dialog');
    expect(status).toHaveTextContent('StateSynced');
    expect(status).toHaveTextContent('Odoo orderS00042');
    expect(status).toHaveTextContent('Lines1 added, 2 changed, 0 removed');
    expect(within(status).getByTestId('sync-totals-mismatch')).toHaveTextContent(
      'Totals differ: 130.00 here, 129.99 in Odoo',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('sync-status-dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getByTestId('sync-menu-button'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sync to new Sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sync to new Sale' });
    await within(dialog).findByTestId('sync-preview-action');
    expect(calls.find((c) => c.path === '/api/sales/odoo/check/s1')?.query).toBe('?create_new=true');
  });
});
