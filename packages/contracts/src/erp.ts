// The ERP data fetch as the settings API answers it (docs/decisions/0004).
export type FetchKind = 'products' | 'sales' | 'contacts';

export interface FetchRunDto {
  id: string;
  kind: FetchKind;
  /** What the Settings buttons show. */
  state: 'loading' | 'success' | 'error';
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  progress: number;
  processed: number;
  total: number | null;
  written: number;
  deactivated: number;
  message: string | null;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

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
