// The ERP sync button (issue 11): labels by state, the pre-publish check, the run's live progress from the sale's
// room, and the side menu's status dialog. A fake socket plays the server (src/test/fakeSocket.ts).
import type { SyncCheck } from '@quotewright/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import type { Sale } from '../api/types';
import { openSale, sale, setup, syncStatus } from '../test/liveSale';

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
    setup(() => sale, {
      'GET /api/users/a1': {
        body: makeUser({ _id: 'a1', name: 'Ed', modules: { sales: { enabled: true, level: 'editor' } } }),
      },
    });
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
    const { calls } = setup(() => sale, { 'GET /api/sales/odoo/check/s1': { body: check } });
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

  it('previews, starts on the socket, shows live progress, and ends Synced', async () => {
    let current: Sale = sale;
    setup(() => current, { 'GET /api/sales/odoo/check/s1': { body: cleanCheck } });
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
    // another sale's progress is not ours
    act(() => socket.serverSends('odoo_sync_status', syncStatus({ saleId: 'other', state: 'syncing', progress: 90 })));
    await new Promise((r) => setTimeout(r, 20));
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

  it('shows a refusal of the start in the dialog', async () => {
    setup(() => sale, { 'GET /api/sales/odoo/check/s1': { body: cleanCheck } });
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
    setup(() => sale, {
      'GET /api/sales/odoo/status/s1': {
        body: syncStatus({ runId: 'r1', state: 'syncing', progress: 60, message: 'Reading totals' }),
      },
    });
    await openSale('/sale/s1');
    await waitFor(() => expect(button()).toHaveTextContent('Syncing 60%'));
    expect(screen.getByTestId('sync-progress')).toHaveTextContent('Reading totals');
  });

  it('offers Sync Status, Open in Odoo and Sync to new Sale for a linked editable sale', async () => {
    const { calls } = setup(() => linked, {
      'GET /api/sales/odoo/status/s1': {
        body: syncStatus({
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
      },
      'GET /api/sales/odoo/check/s1': {
        body: { ...cleanCheck, preview: { ...cleanCheck.preview!, action: 'create' } },
      },
    });
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
