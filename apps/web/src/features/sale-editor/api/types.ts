import type { LineEditBase, Ref } from '@quotewright/contracts';

export type {
  LineDto as SaleLine,
  LineKind,
  Ref,
  SaleDto as Sale,
  SectionDto as SaleSection,
} from '@quotewright/contracts';

/** The header fields of a sale (POST /api/sales and /api/sales/{id}). */
export interface SaleHeader {
  name: string;
  customer: Ref | null;
  customer_invoice: Ref | null;
  customer_shipping: Ref | null;
  template: Ref | null;
  salesperson: Ref | null;
}

export interface Customer extends Ref {
  invoice: Ref[];
  delivery: Ref[];
}

export interface LineChanges {
  _id: string;
  name?: string;
  quantity?: string;
  price?: string;
  cost?: string;
  markup_percent?: string;
  /** 0–100 */
  discount?: string;
  /** The values the edit was based on (what the cell showed when editing started): a change since is refused. */
  base?: LineEditBase;
  /** The person chose to replace someone else's value (the base is that value). */
  overwrite?: boolean;
}
