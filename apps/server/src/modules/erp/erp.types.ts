// Plain data the rest of the server receives from the ERP connector. No Odoo shapes leak past this file:
// many2one pairs become { odooId, name }, Odoo `false` becomes null, floats become decimal strings.
//
// Number formats (see mapping.ts):
// - prices and amounts (lst_price, price_unit, amount_untaxed, margin): exactly 2 decimals, half-up ("12.30");
// - unit costs (standard_price, purchase_price): 2 to 4 decimals, half-up at 4, trailing zeros past the 2nd
//   dropped ("600.00", "0.0125") — the local cost columns are numeric(14,4);
// - quantities: up to 4 decimals, no trailing zeros ("1", "2.5").
// Datetimes (write_date, date_order) are ISO 8601 UTC ("2026-11-21T16:52:24Z"); Odoo sends
// "YYYY-MM-DD HH:MM:SS" in UTC with whole seconds.

export interface ErpRef {
  odooId: number;
  name: string;
}

export interface ErpRelatedProduct {
  odooId: number;
  quantity: string;
}

export interface ErpProduct {
  odooId: number;
  /** default_code, or '' */
  model: string;
  /** display name, e.g. "[E-COM06] Corner Desk Right Sit" */
  name: string;
  /** description_sale, else the display name */
  description: string;
  /** product.category complete name */
  category: string | null;
  manufacturer: string | null;
  /** lst_price, 2 decimals */
  price: string;
  /** standard_price, 2–4 decimals */
  cost: string;
  uom: string | null;
  active: boolean;
  /**
   * Bundle members: the components of the product's kit BoM (mrp, type phantom) with quantities per one unit
   * of the product; without a kit BoM, the template's optional products (first variant each) with quantity "1".
   */
  related: ErpRelatedProduct[];
  writeDate: string | null;
}

export interface ErpAddress {
  odooId: number;
  name: string;
  type: 'invoice' | 'delivery';
}

/** A commercial partner (res.partner without parent_id) with its invoice/delivery child addresses. */
export interface ErpPartner {
  odooId: number;
  name: string;
  email: string | null;
  active: boolean;
  addresses: ErpAddress[];
}

/** An internal user (res.users with share = false). */
export interface ErpSalesperson {
  odooId: number;
  name: string;
  email: string | null;
}

export interface ErpQuotationTemplate {
  odooId: number;
  name: string;
}

export type ErpSaleLineKind = 'section' | 'subsection' | 'note' | 'product';

export interface ErpSaleLine {
  odooId: number;
  sequence: number;
  kind: ErpSaleLineKind;
  productOdooId: number | null;
  name: string;
  /** product_uom_qty, up to 4 decimals */
  quantity: string;
  /** price_unit, 2 decimals */
  priceUnit: string;
  /** purchase_price (sale_margin), 2–4 decimals; "0.00" when the field does not exist */
  cost: string;
  uom: string | null;
}

export type ErpSaleState = 'draft' | 'sent' | 'sale' | 'done' | 'cancel';

export interface ErpSale {
  odooId: number;
  /** the SO number, e.g. S00042 */
  name: string;
  /** origin: the quote number Quotewright wrote when it published the sale (idempotency key) */
  origin: string | null;
  /** Odoo 17+: state 'sale' with locked = true maps to 'done' */
  state: ErpSaleState;
  partner: ErpRef | null;
  partnerInvoice: ErpRef | null;
  partnerShipping: ErpRef | null;
  salesperson: ErpRef | null;
  template: ErpRef | null;
  amountUntaxed: string;
  /** null when sale_margin is not installed */
  margin: string | null;
  dateOrder: string | null;
  writeDate: string | null;
  /** ordered by sequence, id */
  lines: ErpSaleLine[];
}

export interface ErpServerInfo {
  serverVersion: string;
  protocol: 'jsonrpc' | 'json2';
}

export interface ErpPage {
  /** return records with id > afterId, ordered by id */
  afterId: number;
  limit: number;
}

export interface ErpConnector {
  serverInfo(): Promise<ErpServerInfo>;
  /** ordered by id asc, id > afterId, archived products included (active = false) */
  fetchProducts(p: ErpPage): Promise<ErpProduct[]>;
  countProducts(): Promise<number>;
  /** commercial partners ordered by id asc, archived included */
  fetchPartners(p: ErpPage): Promise<ErpPartner[]>;
  countPartners(): Promise<number>;
  /** active internal users */
  fetchSalespersons(): Promise<ErpSalesperson[]>;
  /** active quotation templates; [] when sale_management is not installed */
  fetchQuotationTemplates(): Promise<ErpQuotationTemplate[]>;
  fetchSales(p: ErpPage): Promise<ErpSale[]>;
  countSales(): Promise<number>;
  /** the sale's page in the Odoo web client */
  saleUrl(odooId: number): string;
}
