import { describe, expect, it } from 'vitest';
import { isDomainError } from './errors';
import { type Actor, defaultModules, type Modules } from './permissions';
import {
  canEditSale,
  canSyncSale,
  DEFAULT_SALE_STATE,
  formatQuoteNumber,
  isConfirmedState,
  isEditableState,
  isSaleState,
  mapOdooSaleState,
  orderNumberLabel,
  parseQuoteNumber,
  SALE_STATE_LABELS,
  SALE_STATES,
  type SyncButtonInput,
  saleStateLabel,
  syncButtonKind,
  syncButtonLabel,
  syncedMessage,
} from './states';

function actor(level: 'viewer' | 'editor' | 'full_rights' | null, isAdmin = false): Actor {
  const modules: Modules = defaultModules();
  if (level) modules.sales = { enabled: true, level };
  return { isAdmin, modules };
}

describe('sale states', () => {
  it('lists states and labels', () => {
    expect(SALE_STATES).toEqual(['draft', 'sent', 'sale', 'done', 'cancel']);
    expect(DEFAULT_SALE_STATE).toBe('draft');
    expect(SALE_STATE_LABELS).toEqual({
      draft: 'Quote',
      sent: 'Quote Sent',
      sale: 'Sale Order',
      done: 'Locked',
      cancel: 'Cancelled',
    });
    expect(Object.isFrozen(SALE_STATE_LABELS)).toBe(true);
  });
  it('guards and labels', () => {
    expect(isSaleState('sent')).toBe(true);
    expect(isSaleState('locked')).toBe(false);
    expect(isSaleState(3)).toBe(false);
    expect(saleStateLabel('done')).toBe('Locked');
    expect(saleStateLabel('weird')).toBe('weird');
    expect(saleStateLabel(null)).toBe('');
  });
  it.each([
    ['draft', true, false],
    ['sent', true, false],
    ['sale', false, true],
    ['done', false, true],
    ['cancel', false, false],
    ['', false, false],
    [null, false, false],
    [undefined, false, false],
    ['DRAFT', false, false],
  ])('%j: editable %s, confirmed %s', (state, editable, confirmed) => {
    expect(isEditableState(state)).toBe(editable);
    expect(isConfirmedState(state)).toBe(confirmed);
  });
});

describe('canEditSale / canSyncSale', () => {
  it('needs an editable state and editor-or-better sales access', () => {
    expect(canEditSale(actor('editor'), 'draft')).toBe(true);
    expect(canEditSale(actor('full_rights'), 'sent')).toBe(true);
    expect(canEditSale(actor('viewer'), 'draft')).toBe(false);
    expect(canEditSale(actor(null), 'draft')).toBe(false);
    expect(canEditSale(actor('editor'), 'sale')).toBe(false);
    expect(canEditSale(actor('editor'), 'cancel')).toBe(false);
    expect(canEditSale(null, 'draft')).toBe(false);
  });
  it('admins pass the access check but not the state check', () => {
    expect(canEditSale(actor(null, true), 'draft')).toBe(true);
    expect(canEditSale(actor(null, true), 'done')).toBe(false);
  });
  it('a disabled module with a high level does not grant edit', () => {
    const a = actor(null);
    a.modules.sales = { enabled: false, level: 'full_rights' };
    expect(canEditSale(a, 'draft')).toBe(false);
    expect(canSyncSale(a, 'draft')).toBe(false);
  });
  it('sync needs full rights and an editable state', () => {
    expect(canSyncSale(actor('full_rights'), 'draft')).toBe(true);
    expect(canSyncSale(actor('editor'), 'draft')).toBe(false);
    expect(canSyncSale(actor('full_rights'), 'sale')).toBe(false);
    expect(canSyncSale(actor(null, true), 'sent')).toBe(true);
    expect(canSyncSale(undefined, 'sent')).toBe(false);
  });
});

describe('mapOdooSaleState', () => {
  it.each([
    ['draft', false, 'draft'],
    ['sent', false, 'sent'],
    ['sale', false, 'sale'],
    ['sale', undefined, 'sale'],
    ['sale', true, 'done'],
    ['done', false, 'done'],
    ['done', true, 'done'],
    ['cancel', false, 'cancel'],
    ['cancel', true, 'cancel'],
    ['draft', true, 'draft'],
    ['quotation', false, 'draft'],
    [false, false, 'draft'],
    [null, null, 'draft'],
  ] as const)('Odoo %j (locked %j) → %s', (state, locked, expected) => {
    expect(mapOdooSaleState(state, locked)).toBe(expected);
  });
});

describe('quote numbers', () => {
  it.each([
    [1, 'Q00001'],
    [42, 'Q00042'],
    [99999, 'Q99999'],
    [100000, 'Q100000'],
    [1234567, 'Q1234567'],
  ])('%i → %s', (n, q) => {
    expect(formatQuoteNumber(n)).toBe(q);
    expect(parseQuoteNumber(q)).toBe(n);
  });
  it('accepts bigint sequences', () => {
    expect(formatQuoteNumber(7n)).toBe('Q00007');
  });
  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, 0n])('rejects %s', (n) => {
    let caught: unknown;
    try {
      formatQuoteNumber(n);
    } catch (e) {
      caught = e;
    }
    expect(isDomainError(caught, 'INVALID_QUOTE_NUMBER')).toBe(true);
  });
  it.each(['', 'Q', 'Q1', 'Q0001', 'q00001', 'Q00000', 'S00001', 'Q00001 ', null])(
    'parseQuoteNumber(%j) is null',
    (t) => {
      expect(parseQuoteNumber(t)).toBeNull();
    },
  );
});

describe('orderNumberLabel', () => {
  it('shows the ERP order name when linked, else the quote number', () => {
    expect(orderNumberLabel({ odooName: 'S00042', quoteNumber: 'Q00007' })).toBe('S00042');
    expect(orderNumberLabel({ odooName: null, quoteNumber: 'Q00007' })).toBe('Q00007');
    expect(orderNumberLabel({ odooName: '  ', quoteNumber: 'Q00007' })).toBe('Q00007');
    expect(orderNumberLabel({ quoteNumber: 'Q00007' })).toBe('Q00007');
    expect(orderNumberLabel({})).toBe('');
  });
});

describe('ERP sync button', () => {
  const base: SyncButtonInput = {
    isLinked: false,
    isSynced: false,
    isSyncing: false,
    error: null,
    editable: true,
    erpName: 'Odoo',
  };
  it.each<[Partial<SyncButtonInput>, string, string]>([
    [{}, 'publish', 'Publish to Odoo'],
    [{ isLinked: true }, 'sync', 'Sync Changes'],
    [{ isLinked: true, isSynced: true }, 'synced', 'Synced'],
    [{ isSyncing: true }, 'syncing', 'Syncing'],
    [{ isLinked: true, isSyncing: true }, 'syncing', 'Syncing'],
    [{ isLinked: true, error: 'Timeout' }, 'error', 'Sync Error'],
    [{ error: true }, 'error', 'Sync Error'],
    [{ error: '' }, 'publish', 'Publish to Odoo'],
    [{ isLinked: true, isSynced: true, error: 'x' }, 'error', 'Sync Error'],
    [{ isLinked: true, editable: false }, 'open', 'Open in Odoo'],
    [{ isLinked: true, isSynced: true, editable: false, error: 'x' }, 'open', 'Open in Odoo'],
    [{ isLinked: false, editable: false }, 'publish', 'Publish to Odoo'],
    [{ isLinked: true, editable: false, isSyncing: true }, 'syncing', 'Syncing'],
  ])('%j → %s', (patch, kind, label) => {
    const input = { ...base, ...patch };
    expect(syncButtonKind(input)).toBe(kind);
    expect(syncButtonLabel(input)).toBe(label);
  });
  it('uses the ERP name', () => {
    expect(syncButtonLabel({ ...base, erpName: 'NetSuite' })).toBe('Publish to NetSuite');
    expect(syncButtonLabel({ ...base, erpName: 'NetSuite', isLinked: true, editable: false })).toBe('Open in NetSuite');
    expect(syncedMessage('Odoo')).toBe('Sale is synced with Odoo');
  });
});
