// The delta protocol (docs/product/realtime.md#sale-changes): every sale mutation answers — and broadcasts to the
// sale's room — only what changed, stamped with the sale's new version. A client applies a delta whose version is
// exactly one more than its own; on a gap (or a reconnect) it refetches the sale (GET, ETag = version).
//
// Zod schemas, with the types inferred from them: the server serializes its answers through them (Fastify
// `response:` schemas), the web app reads the same types.
import { z } from 'zod';
import { approvalChangedEventSchema, approvalRequestedEventSchema } from './approvals';
import { type EditingPayload, presenceEventSchema, valueReplacedEventSchema } from './edit-conflicts';
import {
  lineSchema,
  nullableNameSchema,
  refSchema,
  salePricingSchema,
  saleStateSchema,
  sectionHeadSchema,
  sectionSchema,
  templateIdsSchema,
} from './sales';
import type { OdooSyncStatus, SyncOdooAck, SyncOdooPayload } from './sync';

/** Who made a change. */
export const actorSchema = z.object({ id: z.string(), name: z.string() });
export type Actor = z.infer<typeof actorSchema>;

/** The sale's own fields after a change: always the version stamp, totals and sync flags; header fields when set. */
export const saleHeaderChangeSchema = z.object({
  version: z.number().int(),
  updated_on: z.string(),
  updated_by: nullableNameSchema,
  pricing: salePricingSchema,
  total_price: z.string(),
  odoo_synced: z.boolean(),
  name: z.string().optional(),
  state: saleStateSchema.optional(),
  state_label: z.string().optional(),
  customer: refSchema.nullable().optional(),
  customer_invoice: refSchema.nullable().optional(),
  customer_shipping: refSchema.nullable().optional(),
  template: refSchema.nullable().optional(),
  salesperson: refSchema.nullable().optional(),
  template_ids: templateIdsSchema.optional(),
  validity_days: z.number().int().nullable().optional(),
});
export type SaleHeaderChange = z.infer<typeof saleHeaderChangeSchema>;

export const saleChangesSchema = z.object({
  sale: saleHeaderChangeSchema,
  sections: z
    .object({
      /** Created or changed sections (name, presentation, pricing…). */
      changed: z.array(sectionHeadSchema),
      removed: z.array(z.string()),
      /** The whole order of section ids, when it changed (or a section came or went). */
      order: z.array(z.string()).optional(),
    })
    .optional(),
  lines: z
    .object({
      /** Created or changed lines, with the section they are in now. */
      changed: z.array(z.object({ section: z.string(), line: lineSchema })),
      removed: z.array(z.string()),
      /** The whole order of line ids of each section whose order changed (or that gained or lost a line). */
      order: z.array(z.object({ section: z.string(), ids: z.array(z.string()) })).optional(),
    })
    .optional(),
});
export type SaleChanges = z.infer<typeof saleChangesSchema>;

/** The answer to a sale mutation, and the `sale_changed` event. */
export const saleDeltaSchema = z.object({
  saleId: z.string(),
  version: z.number().int(),
  by: actorSchema,
  changes: saleChangesSchema,
});
export type SaleDelta = z.infer<typeof saleDeltaSchema>;

/** POST /api/sales/lines/create: the created lines and the products that could not be added, beside the delta. */
export const createLinesAnswerSchema = saleDeltaSchema.extend({
  lines: z.array(lineSchema),
  errors: z.array(z.object({ product: z.number().int() })),
});
export type CreateLinesAnswer = z.infer<typeof createLinesAnswerSchema>;

/** POST /api/sales/lines/paste: the ids of the new lines (in order) and the products not added, beside the delta. */
export const pasteLinesAnswerSchema = saleDeltaSchema.extend({
  ids: z.array(z.string()),
  errors: z.array(z.object({ product: z.number().int() })),
});
export type PasteLinesAnswer = z.infer<typeof pasteLinesAnswerSchema>;

/** POST /api/sales/lines/move: both sections as they are now, beside the delta. */
export const moveLinesAnswerSchema = saleDeltaSchema.extend({
  originSection: sectionSchema,
  destinationSection: sectionSchema,
});
export type MoveLinesAnswer = z.infer<typeof moveLinesAnswerSchema>;

// ─── Socket.IO events ───────────────────────────────────────────────────────────────────────────────────────────

/** Client → server payloads, validated on arrival (unknown fields refused). */
export const identifyPayload = z.strictObject({
  /** The sale to watch; null leaves the current room. */
  sale: z.uuid('Unknown sale id').nullable(),
});
export type IdentifyPayload = z.infer<typeof identifyPayload>;

export const editorsEventSchema = z.object({ saleId: z.string(), editors: z.array(actorSchema) });
export type EditorsEvent = z.infer<typeof editorsEventSchema>;

export const saleDeletedEventSchema = z.object({ saleId: z.string(), by: actorSchema });
export type SaleDeletedEvent = z.infer<typeof saleDeletedEventSchema>;

/** To everyone allowed to see the sales list: a sale changed, was created or deleted (the list refetches). */
export const salesListChangedEventSchema = z.object({
  /** null: several sales at once (a page of the ERP sales fetch). */
  saleId: z.string().nullable(),
  version: z.number().int().nullable(),
});
export type SalesListChangedEvent = z.infer<typeof salesListChangedEventSchema>;

/** The sale was rewritten from outside the editor (the ERP sales fetch): a client older than `version` reads it again. */
export const saleReplacedEventSchema = z.object({ saleId: z.string(), version: z.number().int(), by: actorSchema });
export type SaleReplacedEvent = z.infer<typeof saleReplacedEventSchema>;

/**
 * A refused event (bad payload, no right): the client shows it. `code` names the reasons a client acts on: the session
 * ended (SESSION_ENDED) or expired (SESSION_EXPIRED) and the socket is closed; too many events (RATE_LIMITED).
 */
export const problemEventSchema = z.object({
  event: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: z.enum(['SESSION_ENDED', 'SESSION_EXPIRED', 'RATE_LIMITED']).optional(),
});
export type ProblemEvent = z.infer<typeof problemEventSchema>;

/** Why the server refused a connection: the `data` of the client's connect_error (its message says it in words). */
export interface ConnectRefusal {
  status: number;
  code?: 'SESSION_ENDED' | 'SESSION_EXPIRED' | 'TOO_MANY_CONNECTIONS';
}

/** Every server → client event and its payload. */
export const serverEventSchemas = {
  editors: editorsEventSchema,
  sale_changed: saleDeltaSchema,
  sale_replaced: saleReplacedEventSchema,
  sale_deleted: saleDeletedEventSchema,
  sales_changed: salesListChangedEventSchema,
  presence: presenceEventSchema,
  value_replaced: valueReplacedEventSchema,
  problem: problemEventSchema,
  approval_requested: approvalRequestedEventSchema,
  approval_changed: approvalChangedEventSchema,
} as const;

export type ServerToClientEvents = {
  [K in keyof typeof serverEventSchemas]: (e: z.infer<(typeof serverEventSchemas)[K]>) => void;
} & {
  /** Publish/sync progress of the sale joined (packages/contracts/src/sync.ts). */
  odoo_sync_status(e: OdooSyncStatus): void;
};

/** `version`: the sale's version when the socket joined its room (read after joining; absent when leaving). */
export const identifyAckSchema = z.object({
  ok: z.boolean(),
  detail: z.string().optional(),
  version: z.number().int().optional(),
});
export type IdentifyAck = z.infer<typeof identifyAckSchema>;

export interface ClientToServerEvents {
  identify(payload: IdentifyPayload, ack?: (answer: IdentifyAck) => void): void;
  sync_odoo(payload: SyncOdooPayload, ack?: (answer: SyncOdooAck) => void): void;
  /** The line whose cell this socket has open, or null (presence: a marker on that row for the others). */
  editing(payload: EditingPayload, ack?: (answer: { ok: boolean; detail?: string }) => void): void;
}
