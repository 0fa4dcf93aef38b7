// Sale states, quote numbers and the ERP sync button (docs/product/rules.md#sale-states).
import { DomainError } from './errors';
import type { Actor } from './permissions';
import { canEdit, hasFullRights } from './permissions';

export const SALE_STATES = ['draft', 'sent', 'sale', 'done', 'cancel'] as const;
export type SaleState = (typeof SALE_STATES)[number];
export const DEFAULT_SALE_STATE: SaleState = 'draft';

export const SALE_STATE_LABELS: Readonly<Record<SaleState, string>> = Object.freeze({
  draft: 'Quote',
  sent: 'Quote Sent',
  sale: 'Sale Order',
  done: 'Locked',
  cancel: 'Cancelled',
});

export function isSaleState(x: unknown): x is SaleState {
  return typeof x === 'string' && (SALE_STATES as readonly string[]).includes(x);
}

/** The display label of a state; an unknown value is shown as is. */
export function saleStateLabel(state: string | null | undefined): string {
  return isSaleState(state) ? SALE_STATE_LABELS[state] : (state ?? '');
}

/** A sale's content can change only in draft or sent. */
export function isEditableState(state: string | null | undefined): boolean {
  return state === 'draft' || state === 'sent';
}

/** Editable state AND editor-or-better sales access (admins pass). */
export function canEditSale(actor: Actor | null | undefined, state: string | null | undefined): boolean {
  return isEditableState(state) && canEdit(actor, 'sales');
}

/** ERP publish/sync: full rights on sales AND an editable state (docs/product/rules.md#publishing-and-sync). */
export function canSyncSale(actor: Actor | null | undefined, state: string | null | undefined): boolean {
  return isEditableState(state) && hasFullRights(actor, 'sales');
}

/** Reports count sale and done as confirmed. */
export function isConfirmedState(state: string | null | undefined): boolean {
  return state === 'sale' || state === 'done';
}

/**
 * Odoo sale.order state → ours. Odoo 17+ has no 'done': 'sale' with locked = true is done. Older Odoo's 'done'
 * stays done. Anything unknown (or missing) is draft.
 */
export function mapOdooSaleState(state: string | null | undefined | false, locked?: boolean | null): SaleState {
  if (state === 'sale' && locked === true) return 'done';
  return isSaleState(state) ? state : 'draft';
}

export const QUOTE_NUMBER_PREFIX = 'Q';
const QUOTE_NUMBER_DIGITS = 5;

/** 'Q' + the sequence zero-padded to 5 digits (Q00001); more digits once the sequence needs them (Q123456). */
export function formatQuoteNumber(n: number | bigint): string {
  const valid = typeof n === 'bigint' ? n >= 1n : Number.isSafeInteger(n) && n >= 1;
  if (!valid) throw new DomainError('INVALID_QUOTE_NUMBER', `Quote sequence must be a positive integer, got ${n}`);
  return QUOTE_NUMBER_PREFIX + String(n).padStart(QUOTE_NUMBER_DIGITS, '0');
}

/** The sequence of a quote number ('Q00042' → 42), or null when it is not one. */
export function parseQuoteNumber(text: string | null | undefined): number | null {
  const m = /^Q(\d{5,15})$/.exec(text ?? '');
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 ? n : null;
}

/** The list's Order #: the ERP order name when linked, else the quote number. */
export function orderNumberLabel(sale: { odooName?: string | null; quoteNumber?: string | null }): string {
  const erp = sale.odooName?.trim();
  return erp ? erp : (sale.quoteNumber ?? '');
}

export const SYNC_BUTTON_KINDS = ['publish', 'sync', 'syncing', 'synced', 'error', 'open'] as const;
export type SyncButtonKind = (typeof SYNC_BUTTON_KINDS)[number];

export interface SyncButtonInput {
  /** The sale has an ERP order. */
  isLinked: boolean;
  /** No edit since the last successful sync. */
  isSynced: boolean;
  isSyncing: boolean;
  /** The last publish/sync failed (message or flag); falsy when none. */
  error?: string | boolean | null;
  /** The sale is editable (state draft/sent). */
  editable: boolean;
  erpName: string;
}

/**
 * What the ERP sync button shows (docs/product/screens.md#sync-button). Precedence: in progress → 'syncing'; a
 * non-editable linked sale → 'open'; a failure → 'error'; not linked → 'publish'; synced → 'synced'; otherwise linked
 * with edits → 'sync'.
 */
export function syncButtonKind(s: Omit<SyncButtonInput, 'erpName'>): SyncButtonKind {
  if (s.isSyncing) return 'syncing';
  if (!s.editable && s.isLinked) return 'open';
  if (s.error) return 'error';
  if (!s.isLinked) return 'publish';
  return s.isSynced ? 'synced' : 'sync';
}

/** The label for a button kind. A linked sale with unsynced edits reads 'Sync Changes'. */
export function syncButtonKindLabel(kind: SyncButtonKind, erpName: string): string {
  switch (kind) {
    case 'publish':
      return `Publish to ${erpName}`;
    case 'sync':
      return 'Sync Changes';
    case 'syncing':
      return 'Syncing';
    case 'synced':
      return 'Synced';
    case 'error':
      return 'Sync Error';
    case 'open':
      return `Open in ${erpName}`;
  }
}

export function syncButtonLabel(s: SyncButtonInput): string {
  return syncButtonKindLabel(syncButtonKind(s), s.erpName);
}

/** The line a synced sale shows: 'Sale is synced with {ERP}'. */
export function syncedMessage(erpName: string): string {
  return `Sale is synced with ${erpName}`;
}
