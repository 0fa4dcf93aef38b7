import type { Pricing } from '@quotewright/domain';

export interface Ref {
  id: number;
  name: string;
}

export type LineKind = 'product' | 'note' | 'header';

export interface SaleLine {
  _id: string;
  kind: LineKind;
  product: { id: number | null; name: string; manufacturer: { name: string | null } };
  /** The description. */
  name: string;
  quantity: string;
  price: string;
  cost: string;
  markup_percent: number;
  margin_percent: number;
  subtotal: string;
  price_percentage_active: boolean;
  uom: { name: string | null };
}

export interface SaleSection {
  _id: string;
  name: string;
  show_details: boolean;
  merge: boolean;
  expanded: boolean;
  lines: SaleLine[];
  pricing: Pricing;
}

export interface Sale {
  _id: string;
  name: string;
  quote_number: string;
  state: string;
  state_label: string;
  customer: Ref | null;
  customer_invoice: Ref | null;
  customer_shipping: Ref | null;
  template: Ref | null;
  salesperson: Ref | null;
  sections: SaleSection[];
  template_ids: { _id: string; name: string }[];
  created_on: string;
  updated_on: string;
  created_by: { name: string | null };
  updated_by: { name: string | null };
  pricing: Pricing;
  total_price: string;
  version: number;
  odoo_id: number | null;
  odoo_name: string | null;
  odoo_synced_on: string | null;
  odoo_synced: boolean;
  odoo_sync_error: boolean;
  odoo_sync_message: string | null;
}

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
}
