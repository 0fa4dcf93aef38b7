// The delta protocol (issue 10, DESIGN §8): every sale mutation answers — and broadcasts to the sale's room — only
// what changed, stamped with the sale's new version. A client applies a delta whose version is exactly one more
// than its own; on a gap (or a reconnect) it refetches the sale (GET, ETag = version).
import type { Pricing, SaleState } from '@quotewright/domain';
import { z } from 'zod';
import type { LineDto, Ref, SectionDto } from './sales';
import type { OdooSyncStatus, SyncOdooAck, SyncOdooPayload } from './sync';

/** Who made a change. */
export interface Actor {
  id: string;
  name: string;
}

/** The sale's own fields after a change: always the version stamp, totals and sync flags; header fields when set. */
export interface SaleHeaderChange {
  version: number;
  updated_on: string;
  updated_by: { name: string | null };
  pricing: Pricing;
  total_price: string;
  odoo_synced: boolean;
  name?: string;
  state?: SaleState;
  state_label?: string;
  customer?: Ref | null;
  customer_invoice?: Ref | null;
  customer_shipping?: Ref | null;
  template?: Ref | null;
  salesperson?: Ref | null;
  template_ids?: { _id: string; name: string }[];
}

/** A section without its lines (lines travel in `lines`). */
export type SectionHeadDto = Omit<SectionDto, 'lines'>;

export interface SaleChanges {
  sale: SaleHeaderChange;
  sections?: {
    /** Created or changed sections (name, show_details, pricing…). */
    changed: SectionHeadDto[];
    removed: string[];
    /** The whole order of section ids, when it changed (or a section came or went). */
    order?: string[];
  };
  lines?: {
    /** Created or changed lines, with the section they are in now. */
    changed: { section: string; line: LineDto }[];
    removed: string[];
    /** The whole order of line ids of each section whose order changed (or that gained or lost a line). */
    order?: { section: string; ids: string[] }[];
  };
}

/** The answer to a sale mutation, and the `sale_changed` event. */
export interface SaleDelta {
  saleId: string;
  version: number;
  by: Actor;
  changes: SaleChanges;
}

// ─── Socket.IO events ───────────────────────────────────────────────────────────────────────────────────────────

/** Client → server payloads, validated on arrival (unknown fields refused). */
export const identifyPayload = z.strictObject({
  /** The sale to watch; null leaves the current room. */
  sale: z.uuid('Unknown sale id').nullable(),
});
export type IdentifyPayload = z.infer<typeof identifyPayload>;

export interface EditorsEvent {
  saleId: string;
  editors: Actor[];
}
export interface SaleDeletedEvent {
  saleId: string;
  by: Actor;
}
/** To everyone allowed to see the sales list: a sale changed, was created or deleted (the list refetches). */
export interface SalesListChangedEvent {
  /** null: several sales at once (a page of the ERP sales fetch). */
  saleId: string | null;
  version: number | null;
}

/** The sale was rewritten from outside the editor (the ERP sales fetch): a client older than `version` reads it again. */
export interface SaleReplacedEvent {
  saleId: string;
  version: number;
  by: Actor;
}
export interface ServerToClientEvents {
  editors(e: EditorsEvent): void;
  sale_changed(e: SaleDelta): void;
  sale_replaced(e: SaleReplacedEvent): void;
  sale_deleted(e: SaleDeletedEvent): void;
  sales_changed(e: SalesListChangedEvent): void;
  /** A refused event (bad payload, no right): the client shows it. */
  problem(e: { event: string; status: number; detail: string }): void;
  /** Publish/sync progress of the sale joined (packages/contracts/src/sync.ts). */
  odoo_sync_status(e: OdooSyncStatus): void;
}

export interface ClientToServerEvents {
  identify(payload: IdentifyPayload, ack?: (answer: { ok: boolean; detail?: string }) => void): void;
  sync_odoo(payload: SyncOdooPayload, ack?: (answer: SyncOdooAck) => void): void;
}
