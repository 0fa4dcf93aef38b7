// The JSON the sales API answers (SPEC §3). Money is a 2-decimal string, percents are numbers, quantities and costs
// exact decimal strings. Shared by the server (which builds them) and the web app (which reads them).
import type { Pricing, SaleState } from '@quotewright/domain';

export interface Ref {
  id: number;
  name: string;
}

export type LineKind = 'product' | 'note' | 'header';

export interface LineDto {
  _id: string;
  kind: LineKind;
  /** name: the model for a product line, 'note' or 'header' otherwise (SPEC §3). */
  product: { id: number | null; name: string; manufacturer: { name: string | null } };
  /** The description. */
  name: string;
  quantity: string;
  price: string;
  cost: string;
  /** Discount % on the price (0–100, up to 4 decimals; 0 on notes and headers). */
  discount: number;
  /** Markup and margin of the net price (price × (1 − discount/100)). */
  markup_percent: number;
  margin_percent: number;
  /** round2(price × quantity × (1 − discount/100)), Odoo's price_subtotal. */
  subtotal: string;
  price_percentage_active: boolean;
  uom: { name: string | null };
}

export interface SectionDto {
  _id: string;
  name: string;
  show_details: boolean;
  merge: boolean;
  /** Display only: always false from the server. */
  expanded: boolean;
  lines: LineDto[];
  pricing: Pricing;
}

export interface SaleDto {
  _id: string;
  name: string;
  quote_number: string;
  state: SaleState;
  state_label: string;
  customer: Ref | null;
  customer_invoice: Ref | null;
  customer_shipping: Ref | null;
  template: Ref | null;
  salesperson: Ref | null;
  sections: SectionDto[];
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

export interface SaleListItemDto {
  _id: string;
  quote_number: string;
  /** The ERP order name when linked, else the quote number. */
  order_number: string;
  name: string;
  customer: Ref | null;
  salesperson: Ref | null;
  total_price: string;
  state: SaleState;
  state_label: string;
  updated_on: string;
}

/** With groupBy: count and total over the whole filtered list of each group present on the page. */
export interface SaleListGroupDto {
  value: string | null;
  label: string;
  count: number;
  total_price: string;
}

export interface SalesPageDto {
  items: SaleListItemDto[];
  total: number;
  page: number;
  pageSize: number;
  groupBy?: 'state' | 'customer' | 'salesperson';
  groups?: SaleListGroupDto[];
}
