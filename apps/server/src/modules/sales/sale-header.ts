// A sale's header as people send it (name, customer, addresses, template, salesperson) and the columns it writes:
// used by the header edit and by the mutations of other modules that also put a header back (a revision restore).
import type { SaleRow } from '@quotewright/db';
import { hasNameOrCustomer, NAME_OR_CUSTOMER_REQUIRED } from '@quotewright/domain';
import { validation } from '../../errors';
import type { Ref } from './sales.dto';
import type { SaleHeader } from './sales.repository';

export interface SaleHeaderInput {
  name?: string | undefined;
  customer?: Ref | undefined;
  customer_invoice?: Ref | undefined;
  customer_shipping?: Ref | undefined;
  template?: Ref | undefined;
  salesperson?: Ref | undefined;
  /** null: the Settings' validity (decision 0031) */
  validity_days?: number | null | undefined;
}

/** Refuses a header that leaves a quote with neither a name nor a customer: it would be a blank row in the list. */
export function requireNameOrCustomer(name: string | null | undefined, customerId: number | null | undefined) {
  if (
    !hasNameOrCustomer({ name, customer: customerId === null || customerId === undefined ? null : { id: customerId } })
  )
    throw validation(
      { name: NAME_OR_CUSTOMER_REQUIRED, customer: NAME_OR_CUSTOMER_REQUIRED },
      NAME_OR_CUSTOMER_REQUIRED,
    );
}

export function headerColumns(input: SaleHeaderInput): SaleHeader {
  const out: SaleHeader = {};
  if (input.name !== undefined) out.name = input.name;
  const refs = [
    ['customer', 'customerId', 'customerName'],
    ['customer_invoice', 'invoiceId', 'invoiceName'],
    ['customer_shipping', 'shippingId', 'shippingName'],
    ['template', 'templateId', 'templateName'],
    ['salesperson', 'salespersonId', 'salespersonName'],
  ] as const;
  for (const [key, idCol, nameCol] of refs) {
    const v = input[key];
    if (v === undefined) continue;
    out[idCol] = v?.id ?? null;
    out[nameCol] = v?.name ?? null;
  }
  if (input.validity_days !== undefined) out.validityDays = input.validity_days;
  return out;
}

/** The header fields of `input` that differ from the sale's row `current` (only those are written). */
export function headerDiff(input: SaleHeaderInput, current: SaleRow): SaleHeader {
  const header: SaleHeader = {};
  for (const [k, v] of Object.entries(headerColumns(input)) as [keyof SaleHeader, never][]) {
    if (current[k] !== v) header[k] = v;
  }
  return header;
}
