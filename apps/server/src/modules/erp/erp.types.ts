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
  /** The manufacturer's part number (the configured or detected field), trimmed; null when none. */
  partNumber: string | null;
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

/** Where a partner or an address is and how to reach it (the customer block of a customer document). */
export interface ErpPostalDetails {
  street: string | null;
  street2: string | null;
  zip: string | null;
  city: string | null;
  /** state_id's name, e.g. "California (US)" */
  state: string | null;
  /** country_id's name */
  country: string | null;
  vat: string | null;
  email: string | null;
  phone: string | null;
}

export interface ErpAddress extends ErpPostalDetails {
  odooId: number;
  name: string;
  type: 'invoice' | 'delivery';
}

/** A commercial partner (res.partner without parent_id) with its invoice/delivery child addresses. */
export interface ErpPartner extends ErpPostalDetails {
  odooId: number;
  name: string;
  email: string | null;
  active: boolean;
  /** property_payment_term_id (null: none, or the field is not readable) */
  paymentTermId: number | null;
  addresses: ErpAddress[];
}

/** account.payment.term; `note` is Odoo's HTML as plain text (paragraphs on their own lines). */
export interface ErpPaymentTerm {
  odooId: number;
  name: string;
  note: string;
}

/** res.currency as a document formats amounts with it. */
export interface ErpCurrency {
  odooId: number;
  /** ISO code, e.g. "USD" */
  name: string;
  symbol: string;
  position: 'before' | 'after';
  decimalPlaces: number;
  /** the rounding step as a decimal string ("0.01") */
  rounding: string;
}

/** The company of the customer documents (res.company of the connection's user) with its currency and logo. */
export interface ErpCompanyDocument extends Omit<ErpPostalDetails, 'email' | 'phone'> {
  odooId: number;
  name: string;
  /** ISO country code, e.g. "US" */
  countryCode: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  companyRegistry: string | null;
  /** base64 image as Odoo answers `logo` (PNG, JPEG or SVG); null when the company has none */
  logo: string | null;
  currency: ErpCurrency;
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
  /** discount (%), up to 4 decimals without trailing zeros ("5", "12.5"); "0" when the field does not exist */
  discount: string;
  uom: string | null;
  /** Odoo 19: a section line with is_optional (the lines after it, by sequence, are optional products) */
  optional?: boolean;
}

/** Odoo 18: an optional product of an order (sale.order.option), not an order line and not in its totals. */
export interface ErpSaleOption {
  odooId: number;
  /** 0 when unset (Odoo sorts those last) */
  sequence: number;
  productOdooId: number | null;
  name: string;
  /** quantity, up to 4 decimals */
  quantity: string;
  /** price_unit, 2 decimals */
  priceUnit: string;
  /** discount (%), up to 4 decimals without trailing zeros */
  discount: string;
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
  /** Odoo's taxes and total (2 decimals): computed by Odoo from the lines' taxes, never here */
  amountTax: string;
  amountTotal: string;
  /** payment_term_id (Odoo's default: the customer's property_payment_term_id) */
  paymentTerm: ErpRef | null;
  /** validity_date 'YYYY-MM-DD' (the quotation's expiry), null when none */
  validityDate: string | null;
  /** null when sale_margin is not installed */
  margin: string | null;
  dateOrder: string | null;
  writeDate: string | null;
  /** create_date (never writable in Odoo): with the id and name, which order this is (ErpOrderOwner) */
  createdAt: string | null;
  /** ordered by sequence, id */
  lines: ErpSaleLine[];
  /** Odoo 18: the order's sale.order.option records in Odoo's order (absent: none, or Odoo 19) */
  options?: ErpSaleOption[];
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

// ---- publish / sync -------------------------------------------------------------------------------------------

/** A Quotewright line: notes and headers carry only a description. */
export type ErpDraftLineKind = 'product' | 'note' | 'header';

export interface ErpDraftLine {
  localId: string;
  kind: ErpDraftLineKind;
  /** product.product id; required for product lines, ignored for notes/headers */
  productId: number | null;
  /** the line text (sale.order.line name); empty → Odoo's default (product display name + sale description) */
  description: string;
  /** decimal string or number; product lines only */
  quantity: string | number;
  /** unit price; always sent together with the quantity (Odoo resets a manual price on a quantity-only write) */
  priceUnit: string | number;
  /** unit cost → purchase_price when sale_margin is installed */
  cost: string | number;
  /** discount % (0–100) → discount; absent/blank = 0. Sent with quantity and price (Odoo recomputes it with them) */
  discount?: string | number | null;
  /** syncSale: the Odoo line id from the last publish/sync (null/absent: not in Odoo yet) */
  odooLineId?: number | null;
  /** Odoo 18: the sale.order.option id of a product line of an optional section (another model's ids) */
  odooOptionId?: number | null;
}

export interface ErpDraftSection {
  localId: string;
  name: string;
  /** syncSale: the Odoo id of the section line */
  odooLineId?: number | null;
  /**
   * Presentation `optional` (decision 0032): Odoo 18 → its product lines are sale.order.option records and the
   * section, notes and headers are not sent; Odoo 19 → a line_section with is_optional, product lines quantity 0.
   */
  optional?: boolean;
  lines: ErpDraftLine[];
}

/**
 * A local sale as the ERP receives it. Sections become `line_section` lines, notes `line_note`, headers
 * `line_subsection` on Odoo 19+ (else `line_note`), each with an explicit `sequence` (10, 20, … in document order).
 */
export interface ErpSaleDraft {
  /** → origin: the idempotency key of publishSale (Q00001…) */
  quoteNumber: string;
  /** the sale's name → client_order_ref (Customer Reference) */
  name: string | null;
  partnerId: number;
  partnerInvoiceId: number | null;
  partnerShippingId: number | null;
  salespersonId: number | null;
  /** sale_order_template_id (ignored when sale_management is not installed) */
  templateId: number | null;
  /** → validity_date 'YYYY-MM-DD' (the quotation's expiry); absent/null: left as Odoo has it */
  validityDate?: string | null;
  sections: ErpDraftSection[];
}

export interface ErpProgress {
  /** 0–100 */
  progress: number;
  message: string;
}
export type ErpProgressFn = (p: ErpProgress) => void;

/** Which Odoo line stands for which local section/line (sections included). */
export interface ErpLineLink {
  localId: string;
  odooLineId: number;
}

export interface ErpPublishResult {
  odooId: number;
  /** the SO number, e.g. S00042 */
  name: string;
  /** every local section and line that has an Odoo line; a line missing here is not in Odoo */
  lineIds: ErpLineLink[];
  /** Odoo 18: local line → its sale.order.option id (odooLineId holds the option id) */
  optionIds?: ErpLineLink[];
  /** true when an order with this origin already existed (nothing was created) */
  alreadyPublished: boolean;
}

export interface ErpSyncResult {
  odooId: number;
  name: string;
  /** the order's state after the sync (Odoo owns it) */
  state: ErpSaleState;
  lineIds: ErpLineLink[];
  /** Odoo 18: local line → its sale.order.option id (odooLineId holds the option id) */
  optionIds?: ErpLineLink[];
  /** how many lines (products, notes, headers) the sync created / updated / deleted in Odoo */
  created: number;
  updated: number;
  deleted: number;
  /** the same for section lines */
  sections: { created: number; updated: number; deleted: number };
}

/** Lines a publish/sync would create, change, only move (sequence), leave alone, or delete. */
export interface ErpPreviewCounts {
  created: number;
  updated: number;
  moved: number;
  unchanged: number;
  deleted: number;
}

/**
 * What proves that an ERP order is the sale's before anything is written to it: its origin carries the sale's key
 * (every order published from here), or it is the order recorded when the sale was brought in from the ERP or last
 * synced (same name, and the same creation time, or, for an order published before keys were written, the same
 * origin as the publish recorded). An ERP reset or restored from a backup hands the same ids (and names) to other
 * orders; an id alone proves nothing.
 */
export interface ErpOrderOwner {
  /** the key a publish of this sale writes at the end of the origin (`Q00001 [qw1-…]`) */
  key: string;
  recorded: { name: string; createdAt: string | null; origin: string | null } | null;
}

/** An order found by its origin (publish's idempotency key). */
export interface ErpOrderByOrigin {
  odooId: number;
  name: string;
  origin: string;
  partnerId: number | null;
  /** client_order_ref (the sale's name when Quotewright published it) */
  clientOrderRef: string | null;
}

/** What publishSale / syncSale would do, read without writing. */
export interface ErpSalePreview {
  /** create: no order yet; link: an order with this origin exists (publish adopts it); update: the given order */
  action: 'create' | 'link' | 'update';
  odooId: number | null;
  name: string | null;
  /** products, notes and headers */
  lines: ErpPreviewCounts;
  /** section lines */
  sections: ErpPreviewCounts;
  /** order fields that would change (partner_id, user_id, …) */
  header: string[];
}

// ---- companies and reports ---------------------------------------------------------------------------------
//
// Report data follows the API's field names (snake_case) where the API defines the shape (analytic account, stock
// location, stock entry, stock product: docs/product/api.md#reports); amounts are numbers rounded to cents, quantities
// numbers rounded to 4 decimals: they are read-only figures summed and formatted by the report screens and the xlsx
// writer.

export interface ErpCompany {
  odooId: number;
  name: string;
}

export interface ErpIdName {
  id: number;
  name: string;
}

export type ErpEntryStatus = 'posted' | 'unposted' | 'both';

export interface AnalyticAccountsQuery {
  /** posted: posted journal entries (Odoo's analytic lines); unposted: draft entries; both */
  entryStatus: ErpEntryStatus;
  /** 'YYYY-MM-DD': entries dated after it are left out */
  accountingDate: string;
}

/** The account's plan (project type) with the debit/credit/balance of the entries in the report. */
export interface AnalyticProject {
  /** the plan name, e.g. "Installation Projects" */
  type: string;
  name: string;
  /** sum of the costs (negative amounts), positive */
  debit: number;
  /** sum of the income (positive amounts) */
  credit: number;
  /** credit − debit */
  balance: number;
}

export interface AnalyticSale {
  id: number;
  name: string;
  client_order_ref: string | null;
  /** ISO datetime */
  date_order: string | null;
  state: ErpSaleState;
  amount_untaxed: number;
  /** null when sale_margin is not installed */
  margin: number | null;
  /** amount_untaxed − margin (0 without margin) */
  total_cost: number;
  /** margin / amount_untaxed × 100; 0 when the amount is 0 */
  margin_percent: number;
  /** Odoo's invoice_status: 'invoiced' | 'to invoice' | 'upselling' | 'no' (null when unknown) */
  invoice_status: string | null;
  /** state sale or done: counts in the totals (the others are shown greyed out) */
  counts: boolean;
}

export interface AnalyticEntry {
  /** account.analytic.line id (source analytic_line) or account.move.line id (source journal_item) */
  id: number;
  /** analytic_line: from a posted entry (or a manual/timesheet line); journal_item: a draft entry's line */
  source: 'analytic_line' | 'journal_item';
  posted: boolean;
  date: string;
  name: string;
  partner: ErpIdName | null;
  product: ErpIdName | null;
  /** the general (financial) account */
  account: { id: number; code: string; name: string } | null;
  /** Odoo's analytic amount for this account: negative for costs, positive for income */
  balance: number;
}

export interface AnalyticTotals {
  /** Σ amount_untaxed of the sale/done orders */
  sales_total: number;
  /** Σ margin of the sale/done orders */
  expected_margin: number;
  expected_margin_percent: number;
  /** sales_total − expected_margin */
  expected_total_costs: number;
  /** −Σ expensed balances (positive for costs) */
  current_costs: number;
  /** Σ invoiced balances */
  current_invoiced: number;
  /** current_invoiced − current_costs */
  current_margin: number;
  current_margin_percent: number;
}

export interface AnalyticAccountReport {
  id: number;
  name: string;
  /** the account's code */
  reference: string | null;
  active: boolean;
  /** 'YYYY-MM-DD': the date of the last entry once every linked confirmed order is fully invoiced, else null */
  date_completed: string | null;
  customer: ErpIdName | null;
  company: ErpIdName | null;
  projects: AnalyticProject[];
  /** orders whose lines' analytic_distribution names the account (Odoo ≤ 16: order.analytic_account_id) */
  sales: AnalyticSale[];
  /** entries on non-income accounts (costs: negative balances; vendor refunds positive) */
  expensed: AnalyticEntry[];
  /** entries on income accounts (customer invoices; credit notes negative) */
  invoiced: AnalyticEntry[];
  totals: AnalyticTotals;
}

/**
 * One row of the analytic account summary, aggregated in Odoo (read_group / formatted_read_group): the entries
 * are summed per account and general account, never read one by one (decision 0013).
 */
export interface AnalyticSummaryRow {
  id: number;
  name: string;
  reference: string | null;
  active: boolean;
  customer: ErpIdName | null;
  company: ErpIdName | null;
  /** the account's plan (project type) */
  project_type: string;
  /** 'YYYY-MM-DD' (see AnalyticAccountReport.date_completed) */
  date_completed: string | null;
  /** number of entries summed */
  entries: number;
  sales: AnalyticSale[];
  totals: AnalyticTotals;
}

export interface JournalItemsQuery {
  /** 'YYYY-MM-DD', inclusive */
  startDate: string;
  /** 'YYYY-MM-DD', inclusive */
  endDate: string;
  companyId: number;
}

export interface ErpJournalItem {
  id: number;
  /** 'YYYY-MM-DD' */
  date: string;
  move: ErpIdName;
  journal: ErpIdName | null;
  /** code read from account.account (19's account names carry no code; 18's display name does) */
  account: { id: number; code: string; name: string } | null;
  partner: ErpIdName | null;
  /** the line's label */
  label: string;
  /** the entry's reference */
  reference: string | null;
  debit: number;
  credit: number;
  balance: number;
  amountCurrency: number;
  /** currency code, e.g. "USD" */
  currency: string | null;
  /** one row per analytic account of the distribution (a key "12,34" gives two rows with the same percent) */
  analytic: { accountId: number; name: string; percent: number }[];
}

/** Stock entry: a quant. */
export interface ErpStockEntry {
  id: number;
  product_id: ErpIdName;
  lot_id: ErpIdName | null;
  location_id: ErpIdName;
  reserved_quantity: number;
  quantity: number;
}

/** Stock location: an internal location with its quants. */
export interface ErpStockLocation {
  id: number;
  name: string;
  complete_name: string;
  usage: string;
  company_id: ErpIdName | null;
  quant_ids: ErpStockEntry[];
}

/**
 * Stock product: a product with stock in internal locations of one company (a product stocked by two
 * companies is two rows: each company has its own cost). Liability = qty_available × cost.
 */
export interface ErpStockProduct {
  id: number;
  name: string;
  category: ErpIdName | null;
  /** the company of the row's quants (the product's own company when the quants have none) */
  company: ErpIdName | null;
  /** Odoo's on-hand quantity in that company (read with allowed_company_ids = [company]) */
  qty_available: number;
  /** that company's unit cost (standard_price is company-dependent), 4 decimals */
  cost: number;
  stock_quant_ids: ErpStockEntry[];
}

/** One HTTP request of the connector to the ERP, as its observers hear it (metrics). */
export interface ErpRequestEvent {
  /** Odoo's model.method (`sale.order.write`), or common.<method> / web.version. */
  operation: string;
  ms: number;
  error?: { kind: string } | undefined;
}

export interface ErpConnector {
  serverInfo(): Promise<ErpServerInfo>;
  /**
   * Does the ERP answer? One cheap call needing no login (Odoo's version, asked afresh), within `timeoutMs`: rejects
   * with an ErpError otherwise. Absent on connectors that are not Odoo's (tests' stand-ins, no ERP).
   */
  ping?(timeoutMs: number): Promise<void>;
  /** Hears every HTTP request to the ERP, each attempt of a retried read too (metrics); answers the unsubscribe. */
  observe?(listener: (e: ErpRequestEvent) => void): () => void;
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
  /** active companies ordered by id */
  companies(): Promise<ErpCompany[]>;
  /**
   * The company of customer documents: the connection user's company (res.users company_id of the configured
   * login), else the first company by id; its PDF header fields, logo and currency.
   */
  fetchCompany(): Promise<ErpCompanyDocument>;
  /** account.payment.term by sequence, id (archived ones left out, as Odoo's search does) */
  fetchPaymentTerms(): Promise<ErpPaymentTerm[]>;
  /**
   * Creates the sale in Odoo, idempotently: an order whose origin is the quote number is looked for first and,
   * when found, returned as already published (lines linked by sequence, then name). A timeout or a dropped
   * connection while creating is an unknown outcome, never a failure: the order is looked for again (the
   * search is retried, the create never) and created again only when a search confirmed it does not exist.
   * Odoo refusals come back as ErpError kind 'validation' with Odoo's message.
   */
  publishSale(sale: ErpSaleDraft, onProgress?: ErpProgressFn): Promise<ErpPublishResult>;
  /**
   * Brings an Odoo order in line with the local sale: header fields, then a diff of the lines by their stored
   * Odoo ids — (1, id, vals) for changed lines (price_unit always with the quantity), (0, 0, vals) for new
   * ones, (2, id) for removed ones, sequences renumbered — in one write (a few for huge orders). Lines without
   * an id that match an unclaimed Odoo line (same type, sequence and text/product) are adopted, so a sync
   * repeated after an unknown outcome creates nothing twice. A locked order or the removal of a confirmed
   * line fails with ErpError kind 'validation' carrying Odoo's message, and nothing is changed. An order that
   * `owner` does not prove to be the sale's is refused before any write (OrderNotOurs), at every attempt.
   */
  syncSale(
    odooId: number,
    sale: ErpSaleDraft,
    owner: ErpOrderOwner,
    onProgress?: ErpProgressFn,
  ): Promise<ErpSyncResult>;
  /**
   * What publishSale (odooId null: an order is looked for by origin) or syncSale (odooId) would do with this sale,
   * computed from the same plan and line diff, reading only. Throws ErpError kind 'validation' for what planning
   * refuses (a product line without product, no customer), like publish/sync would.
   */
  previewSale(odooId: number | null, sale: ErpSaleDraft, owner: ErpOrderOwner | null): Promise<ErpSalePreview>;
  /** Orders whose origin is one of these (by id), to tell an order a lost answer created from someone else's. */
  ordersByOrigin(origins: string[]): Promise<ErpOrderByOrigin[]>;
  /** Analytic account summary; see AnalyticAccountReport (all analytic accounts, archived included) */
  analyticAccounts(q: AnalyticAccountsQuery): Promise<AnalyticAccountReport[]>;
  /** The same summary without the entry lists, summed by Odoo (read_group on 18, formatted_read_group on 19). */
  analyticSummary(q: AnalyticAccountsQuery): Promise<AnalyticSummaryRow[]>;
  /** posted journal items of a company between two dates, ordered by id, in pages (~2,000 a call) */
  journalItems(q: JournalItemsQuery): AsyncIterable<ErpJournalItem[]>;
  /** internal locations (ordered by complete name) with their quants */
  stockByLocation(): Promise<ErpStockLocation[]>;
  /** products with quants in internal locations, a row per product and company, ordered by name */
  stockByProduct(): Promise<ErpStockProduct[]>;
}
