// A sale's header as people send it (name, customer, addresses, template, salesperson) and the columns it writes:
// used by the header edit and by the mutations of other modules that also put a header back (a revision restore).
import {
  HEADER_BASE_FIELDS,
  type HeaderEditConflict,
  type HeaderFieldValue,
  headerValueText,
  isSameHeaderValue,
  type SaleHeaderBase,
} from '@quotewright/contracts';
import type { SaleRow } from '@quotewright/db';
import { hasNameOrCustomer, NAME_OR_CUSTOMER_REQUIRED } from '@quotewright/domain';
import { validation } from '../../errors';
import { type Ref, ref } from './sales.dto';
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

/** A header edit (POST /api/sales/{id}): the fields, and the values they were based on (decision 0020). */
export interface SaleHeaderEdit extends SaleHeaderInput {
  base?: SaleHeaderBase | undefined;
  /** The person chose to replace the value a 409 named (the base is that value). */
  overwrite?: boolean | undefined;
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

/** The header fields of the sale's row as its answer shows them (what a person saw, and what a base is compared with). */
export function shownHeader(row: SaleRow): Record<(typeof HEADER_BASE_FIELDS)[number], HeaderFieldValue> {
  return {
    name: row.name,
    customer: ref(row.customerId, row.customerName),
    customer_invoice: ref(row.invoiceId, row.invoiceName),
    customer_shipping: ref(row.shippingId, row.shippingName),
    template: ref(row.templateId, row.templateName),
    salesperson: ref(row.salespersonId, row.salespersonName),
    validity_days: row.validityDays,
  };
}

/**
 * The conflicts that refuse a header edit (decision 0020), decided against the sale's row as locked (`current`): a
 * field the edit changes whose base is given and no longer its value. Fields without a base (an API client that
 * sends none) and fields that already hold the value wanted are never a conflict. Who set a header field is not kept
 * (the sale's last editor may have changed anything else), so nobody is named.
 */
export function headerConflicts(edit: SaleHeaderEdit, current: SaleRow): HeaderEditConflict[] {
  if (!edit.base) return [];
  const now = shownHeader(current);
  const conflicts: HeaderEditConflict[] = [];
  for (const field of HEADER_BASE_FIELDS) {
    const wanted = edit[field];
    const base = edit.base[field];
    if (wanted === undefined || base === undefined) continue;
    if (isSameHeaderValue(wanted, now[field]) || isSameHeaderValue(base, now[field])) continue;
    conflicts.push({
      header: true,
      field,
      value: headerValueText(now[field]),
      base: headerValueText(base),
      current: now[field],
      by: null,
      at: null,
    });
  }
  return conflicts;
}
