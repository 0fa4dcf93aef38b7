// In-process bus between the services (which publish after commit) and the realtime module (which relays to
// Socket.IO rooms; with REDIS_URL the Socket.IO adapter carries them to the other processes).
import type {
  Actor,
  ApprovalChangedEvent,
  ApprovalRequestedEvent,
  OdooSyncStatus,
  SaleDelta,
  ValueReplacedEvent,
} from '@quotewright/contracts';

export type SaleEvent =
  | { type: 'sale_changed'; delta: SaleDelta }
  /** An explicit overwrite replaced someone's value (after its sale_changed): relayed to the sale's room. */
  | { type: 'value_replaced'; event: ValueReplacedEvent }
  | { type: 'sale_created'; saleId: string; version: number; by: Actor }
  | { type: 'sale_deleted'; saleId: string; by: Actor }
  /** Sales rewritten from outside the editor (the ERP sales fetch): open editors read them again. */
  | { type: 'sales_replaced'; sales: { saleId: string; version: number }[]; by: Actor }
  /** Publish/sync progress of a sale (docs/product/realtime.md#publish-progress): relayed to the sale's room as `odoo_sync_status`. */
  | { type: 'odoo_sync_status'; status: OdooSyncStatus }
  /** A user's rights, password or account changed: their open sockets are checked again at once. */
  | { type: 'user_changed'; userId: string }
  /** An approval was requested (decision 0030): relayed to the users who may decide it, not its author. */
  | { type: 'approval_requested'; event: ApprovalRequestedEvent; requestedBy: string }
  /** A sale's approval was requested, decided or voided: relayed to the sale's room and the sales list. */
  | { type: 'approval_changed'; event: ApprovalChangedEvent };

export interface SaleEvents {
  publish(event: SaleEvent): void;
  subscribe(listener: (event: SaleEvent) => void): () => void;
}

export function saleEvents(onError: (err: unknown) => void = () => undefined): SaleEvents {
  const listeners = new Set<(event: SaleEvent) => void>();
  return {
    publish(event) {
      // A listener's failure must never fail the request that already committed.
      for (const l of listeners) {
        try {
          l(event);
        } catch (err) {
          onError(err);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
