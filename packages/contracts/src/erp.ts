// The ERP as the API answers it: the data fetch runs (docs/decisions/0004), order fields in people's words, and an
// order of the built-in demo ERP shown read-only.
import { z } from 'zod';

/** What a data fetch brings in from the ERP. */
export const FETCH_KINDS = ['products', 'sales', 'contacts'] as const;
export const fetchKindSchema = z.enum(FETCH_KINDS, { error: 'Expected products, sales or contacts' });
export type FetchKind = z.infer<typeof fetchKindSchema>;

/** A run of the data fetch (docs/product/api.md#erp-data-fetch). */
export const fetchRunSchema = z.object({
  id: z.string(),
  kind: fetchKindSchema,
  /** What the Settings buttons show. */
  state: z.enum(['loading', 'success', 'error']),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  /** percent, 0–100 */
  progress: z.number(),
  processed: z.number().int(),
  /** null until the ERP has said how many records there are */
  total: z.number().int().nullable(),
  written: z.number().int(),
  deactivated: z.number().int(),
  message: z.string().nullable(),
  error: z.string().nullable(),
  /** ISO date-time */
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type FetchRunDto = z.infer<typeof fetchRunSchema>;

/**
 * ERP order fields in the words the people using the app know them by (the publish preview lists the fields a
 * publish or sync changes: a sales user does not read "partner_id"). One table for the server and the web app.
 */
export const ERP_ORDER_FIELD_LABELS: Readonly<Record<string, string>> = {
  partner_id: 'Customer',
  client_order_ref: 'Customer reference',
  partner_invoice_id: 'Invoice address',
  partner_shipping_id: 'Delivery address',
  user_id: 'Salesperson',
  team_id: 'Sales team',
  sale_order_template_id: 'Quotation template',
  validity_date: 'Expiration',
  date_order: 'Order date',
  commitment_date: 'Delivery date',
  payment_term_id: 'Payment terms',
  pricelist_id: 'Pricelist',
  fiscal_position_id: 'Fiscal position',
  currency_id: 'Currency',
  company_id: 'Company',
  analytic_account_id: 'Analytic account',
  tag_ids: 'Tags',
  note: 'Terms and conditions',
  origin: 'Source document',
  name: 'Order reference',
  order_line: 'Order lines',
};

/** An ERP order field's label; a field not in the table reads as words too ('incoterm_id' → 'Incoterm'). */
export function erpFieldLabel(field: string): string {
  const known = ERP_ORDER_FIELD_LABELS[field];
  if (known) return known;
  const words = field
    .replace(/_ids?$/, '')
    .replace(/^x_(studio_)?/, '')
    .replace(/_/g, ' ')
    .trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : field;
}

// ─── An order of the built-in demo ERP, read-only (GET /api/erp/orders/{odooId}) ────────────────────────────────

const decimal = z.string().nullable();
/** A line of the order as the ERP holds it: a product line with its money, or a note / subsection text. */
export const erpOrderLineSchema = z.strictObject({
  id: z.number().int(),
  kind: z.enum(['product', 'note', 'subsection']),
  description: z.string(),
  /** Product lines only (null on notes and subsections): decimal strings as the ERP gives them. */
  quantity: decimal,
  uom: z.string().nullable(),
  unitPrice: decimal,
  /** percent */
  discount: decimal,
  subtotal: decimal,
});
export type ErpOrderLineView = z.infer<typeof erpOrderLineSchema>;

export const erpOrderSectionSchema = z.strictObject({
  /** null: the lines before the order's first section. */
  name: z.string().nullable(),
  /** Optional products (decision 0032): 19's is_optional section, or 18's sale.order.option records (not lines). */
  optional: z.boolean().optional(),
  lines: z.array(erpOrderLineSchema),
});
export type ErpOrderSectionView = z.infer<typeof erpOrderSectionSchema>;

export const ERP_ORDER_STATES = ['draft', 'sent', 'sale', 'done', 'cancel'] as const;

export const erpOrderSchema = z.strictObject({
  odooId: z.number().int(),
  /** The ERP's order number, e.g. S00042. */
  name: z.string(),
  state: z.enum(ERP_ORDER_STATES),
  /** The state in the ERP's words (Quotation, Quotation Sent, Sales Order, Locked, Cancelled). */
  stateLabel: z.string(),
  customer: z.string().nullable(),
  invoiceAddress: z.string().nullable(),
  deliveryAddress: z.string().nullable(),
  salesperson: z.string().nullable(),
  /** The source document (the quote number a publish from here wrote). */
  origin: z.string().nullable(),
  /** ISO date-time */
  dateOrder: z.string().nullable(),
  sections: z.array(erpOrderSectionSchema),
  amountUntaxed: z.string(),
  amountTax: z.string(),
  amountTotal: z.string(),
  /** The quote of this app linked to the order, if any. */
  sale: z.strictObject({ id: z.string(), quoteNumber: z.string(), name: z.string() }).nullable(),
});
export type ErpOrderView = z.infer<typeof erpOrderSchema>;
