// Publish and sync to the ERP (decision 0011; docs/product/rules.md#publishing-and-sync): the socket event that starts
// one, the status it reports live (`odoo_sync_status`, kept so a reloaded page shows it), and the pre-publish check.
import { z } from 'zod';
import { type SaleWarning, saleWarningSchema } from './sales';

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

const changeCounts = z.object({ created: z.number().int(), updated: z.number().int(), deleted: z.number().int() });

/** GET /api/sales/odoo/status/{id} and the `odoo_sync_status` event: where the sale's publish/sync stands. */
export const odooSyncStatusSchema = z.object({
  saleId: z.string(),
  /** The run this status belongs to (null: none yet). */
  runId: z.string().nullable(),
  state: z.enum(ODOO_SYNC_STATES),
  action: z.enum(['publish', 'sync']).nullable(),
  /** 'Sync to new Sale': this run creates another ERP order on purpose. */
  createNew: z.boolean(),
  /** 0–100, never going back within a run. */
  progress: z.number(),
  message: z.string().nullable(),
  /** The ERP order (once known). */
  odooId: z.number().int().nullable(),
  odooName: z.string().nullable(),
  /** What the run changed in the ERP order's lines (products, notes and headers; sections are counted apart). */
  lines: changeCounts.nullable(),
  /** What the run changed in the ERP order's section lines (null on runs recorded before they were counted apart). */
  sections: changeCounts.nullable(),
  /**
   * The sale's untaxed total as sent and the ERP's amount_untaxed read back after the run; `match` false is a
   * discrepancy reported to the user (and kept in the sale's sync message), never hidden.
   */
  totals: z.object({ ours: z.string(), erp: z.string(), match: z.boolean() }).nullable(),
  startedBy: z.object({ name: z.string().nullable() }).nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** The sale as the status leaves it. */
  sale: z.object({
    linked: z.boolean(),
    synced: z.boolean(),
    syncedOn: z.string().nullable(),
    error: z.boolean(),
    errorMessage: z.string().nullable(),
  }),
});
export type OdooSyncStatus = z.infer<typeof odooSyncStatusSchema>;

/** The ack of `sync_odoo`: the run started now, or the one already under way (started false). */
export type SyncOdooAck =
  | { ok: true; started: boolean; status: OdooSyncStatus }
  | { ok: false; detail: string; problems?: SyncProblem[] };

// ─── Pre-publish check (GET /api/sales/odoo/check/{id}) ──────────────────────────────────────────────────────────

export const SYNC_PROBLEM_CODES = [
  'NO_CUSTOMER',
  'NO_PRODUCT',
  'PRODUCT_UNKNOWN',
  'PRODUCT_INACTIVE',
  // The sale breaks an approval rule and its content is not approved (docs/product/rules.md#approvals).
  'APPROVAL_REQUIRED',
] as const;
export type SyncProblemCode = (typeof SYNC_PROBLEM_CODES)[number];

/** Something the ERP would refuse, with where it is: section (1-based position and name) and line (1-based). */
export const syncProblemSchema = z.object({
  code: z.enum(SYNC_PROBLEM_CODES),
  message: z.string(),
  section: z.object({ index: z.number().int(), name: z.string() }).nullable(),
  line: z.object({ number: z.number().int(), id: z.string(), label: z.string() }).nullable(),
});
export type SyncProblem = z.infer<typeof syncProblemSchema>;

/** A value the customer should not see by accident, with where it is (same places as a SyncProblem's). */
export type SyncWarning = SaleWarning;

export const syncCountsSchema = z.object({
  /** new in the ERP */
  created: z.number().int(),
  /** content changed (text, product, quantity, price, discount, cost) */
  updated: z.number().int(),
  /** only their place (sequence) changes */
  moved: z.number().int(),
  unchanged: z.number().int(),
  /** in the ERP order but no longer in the sale */
  deleted: z.number().int(),
});
export type SyncCounts = z.infer<typeof syncCountsSchema>;

export const syncPreviewSchema = z.object({
  /** create: a new order; link: an order with this origin exists (a lost answer made it) and is updated; update: the linked order */
  action: z.enum(['create', 'link', 'update']),
  odooId: z.number().int().nullable(),
  odooName: z.string().nullable(),
  /** sale lines (products, notes, headers) */
  lines: syncCountsSchema,
  /** section lines */
  sections: syncCountsSchema,
  /** order fields that change (customer, addresses, salesperson, template, customer reference) */
  header: z.array(z.string()),
});
export type SyncPreview = z.infer<typeof syncPreviewSchema>;

/** GET /api/sales/odoo/check/{id}: what a publish/sync would do, and what the ERP would refuse. */
export const syncCheckSchema = z.object({
  saleId: z.string(),
  /** true: sync_odoo would start (rights, state and no problems) */
  ready: z.boolean(),
  /** why it would not start (rights, state), besides `problems` */
  blocked: z.string().nullable(),
  problems: z.array(syncProblemSchema),
  /**
   * Values allowed but worth a look before the customer sees them (negative quantities, prices or costs, zero
   * quantities). They never block: `ready` does not depend on them.
   */
  warnings: z.array(saleWarningSchema),
  /** What the publish/sync would do; null when there are problems or the ERP could not be asked (`previewError`). */
  preview: syncPreviewSchema.nullable(),
  previewError: z.string().nullable(),
});
export type SyncCheck = z.infer<typeof syncCheckSchema>;
