// Publish and sync to the ERP (decision 0011; docs/product/rules.md#publishing-and-sync): the socket event that starts
// one, the status it reports live (`odoo_sync_status`, kept so a reloaded page shows it), and the pre-publish check.
import { z } from 'zod';
import type { SaleWarning } from './sales';

/** Client → server: publish or sync a sale. `create_new`: 'Sync to new Sale' (a second ERP order, on purpose). */
export const syncOdooPayload = z.strictObject({
  sale: z.uuid('Unknown sale id'),
  create_new: z.boolean().default(false),
});
export type SyncOdooPayload = z.input<typeof syncOdooPayload>;

/**
 * Where a sale's publish/sync stands:
 * - idle: never published or synced from here (the sale may still be linked by the ERP fetch);
 * - queued / syncing: under way (the button shows 'Syncing' with the progress);
 * - synced: the last one succeeded;
 * - error: the ERP refused it, or it could not be done (message says why);
 * - unknown: the ERP did not answer, so whether it saved the order is not known. Never reported as a failure:
 *   trying again is safe (the order is looked up by its origin, lines by their ERP ids) and never makes a second one.
 */
export const ODOO_SYNC_STATES = ['idle', 'queued', 'syncing', 'synced', 'error', 'unknown'] as const;
export type OdooSyncState = (typeof ODOO_SYNC_STATES)[number];

/** publish: creates the ERP order (or finds the one a lost answer created); sync: updates the linked order. */
export type OdooSyncAction = 'publish' | 'sync';

export interface OdooSyncStatus {
  saleId: string;
  /** The run this status belongs to (null: none yet). */
  runId: string | null;
  state: OdooSyncState;
  action: OdooSyncAction | null;
  /** 'Sync to new Sale': this run creates another ERP order on purpose. */
  createNew: boolean;
  /** 0–100, never going back within a run. */
  progress: number;
  message: string | null;
  /** The ERP order (once known). */
  odooId: number | null;
  odooName: string | null;
  /** What the run changed in the ERP order's lines (products, notes and headers; sections are counted apart). */
  lines: { created: number; updated: number; deleted: number } | null;
  /** What the run changed in the ERP order's section lines (null on runs recorded before they were counted apart). */
  sections: { created: number; updated: number; deleted: number } | null;
  /**
   * The sale's untaxed total as sent and the ERP's amount_untaxed read back after the run; `match` false is a
   * discrepancy reported to the user (and kept in the sale's sync message), never hidden.
   */
  totals: { ours: string; erp: string; match: boolean } | null;
  startedBy: { name: string | null } | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** The sale as the status leaves it. */
  sale: { linked: boolean; synced: boolean; syncedOn: string | null; error: boolean; errorMessage: string | null };
}

/** The ack of `sync_odoo`: the run started now, or the one already under way (started false). */
export type SyncOdooAck =
  | { ok: true; started: boolean; status: OdooSyncStatus }
  | { ok: false; detail: string; problems?: SyncProblem[] };

// ─── Pre-publish check (GET /api/sales/odoo/check/{id}) ──────────────────────────────────────────────────────────

export type SyncProblemCode = 'NO_CUSTOMER' | 'NO_PRODUCT' | 'PRODUCT_UNKNOWN' | 'PRODUCT_INACTIVE';

/** Something the ERP would refuse, with where it is: section (1-based position and name) and line (1-based). */
export interface SyncProblem {
  code: SyncProblemCode;
  message: string;
  section: { index: number; name: string } | null;
  line: { number: number; id: string; label: string } | null;
}

/** A value the customer should not see by accident, with where it is (same places as a SyncProblem's). */
export type SyncWarning = SaleWarning;

export interface SyncCounts {
  /** new in the ERP */
  created: number;
  /** content changed (text, product, quantity, price, discount, cost) */
  updated: number;
  /** only their place (sequence) changes */
  moved: number;
  unchanged: number;
  /** in the ERP order but no longer in the sale */
  deleted: number;
}

export interface SyncPreview {
  /** create: a new order; link: an order with this origin exists (a lost answer made it) and is updated; update: the linked order */
  action: 'create' | 'link' | 'update';
  odooId: number | null;
  odooName: string | null;
  /** sale lines (products, notes, headers) */
  lines: SyncCounts;
  /** section lines */
  sections: SyncCounts;
  /** order fields that change (customer, addresses, salesperson, template, customer reference) */
  header: string[];
}

export interface SyncCheck {
  saleId: string;
  /** true: sync_odoo would start (rights, state and no problems) */
  ready: boolean;
  /** why it would not start (rights, state), besides `problems` */
  blocked: string | null;
  problems: SyncProblem[];
  /**
   * Values allowed but worth a look before the customer sees them (negative quantities, prices or costs, zero
   * quantities). They never block: `ready` does not depend on them.
   */
  warnings: SyncWarning[];
  /** What the publish/sync would do; null when there are problems or the ERP could not be asked (`previewError`). */
  preview: SyncPreview | null;
  previewError: string | null;
}
