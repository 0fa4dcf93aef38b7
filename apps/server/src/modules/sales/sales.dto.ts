// The JSON shapes of sales (docs/product/api.md). Money is a 2-decimal string, percents are numbers, quantities and costs are
// exact decimal strings; pricing always comes from packages/domain.
import type { Ref as ContractRef, LineDto, SaleDto, SaleListItemDto, SectionDto } from '@quotewright/contracts';
import type { SaleLineRow, SaleRow, SaleSectionRow } from '@quotewright/db';
import {
  type LineMetrics,
  type LinePart,
  linePart,
  money,
  orderNumberLabel,
  type PricingLine,
  pricingFromTotals,
  type SalePricing,
  salePricingFromSections,
  saleStateLabel,
  sectionDetailsOf,
  showDetailsOf,
  toDecimalOrZero,
} from '@quotewright/domain';
import type { FullSale, SaleListRow } from './sales.repository';

export type { LineDto, SaleDto, SaleListItemDto, SectionDto } from '@quotewright/contracts';
/** A reference as the API answers it: {id, name} or null. */
export type Ref = ContractRef | null;

export const ref = (id: number | null, name: string | null): Ref => (id === null ? null : { id, name: name ?? '' });

// PostgreSQL answers numeric columns as canonical text ("-12.3400"): those are normalized with string operations;
// anything else goes through the decimal library. (Building 2,000 lines is on the hot path of every sale answer.)
const CANONICAL = /^-?\d+(\.\d+)?$/;

/** An exact decimal string without trailing zeros ("2.5000" → "2.5", "3.000" → "3"). */
export function decimalString(v: string | null): string {
  if (v === null || !CANONICAL.test(v)) return toDecimalOrZero(v).toFixed();
  if (!v.includes('.')) return v === '-0' ? '0' : v;
  const trimmed = v.replace(/\.?0+$/, '');
  return trimmed === '-0' ? '0' : trimmed;
}

/** At least 2 decimals, more when the value has them ("60.0000" → "60.00", "1.2345" → "1.2345"). */
export function costString(v: string | null): string {
  if (v === null || !CANONICAL.test(v)) {
    const d = toDecimalOrZero(v);
    return d.decimalPlaces() <= 2 ? d.toFixed(2) : d.toFixed();
  }
  const [int, frac = ''] = decimalString(v).split('.');
  return `${int}.${frac.padEnd(2, '0')}`;
}

/** A price column (numeric(14,2)) as a 2-decimal money string. */
function priceString(v: string | null): string {
  if (v !== null && /^-?\d+\.\d{2}$/.test(v)) return v === '-0.00' ? '0.00' : v;
  return money(toDecimalOrZero(v));
}

export const pricingLine = (
  l: Pick<SaleLineRow, 'kind' | 'price' | 'cost' | 'quantity' | 'discount' | 'pricePercentageActive'>,
) =>
  ({
    kind: l.kind,
    price: l.price,
    cost: l.cost,
    quantity: l.quantity,
    discount: l.discount,
    price_percentage_active: l.pricePercentageActive,
  }) satisfies PricingLine;

/** A discount column (numeric(7,4)) as the number the API answers, like the other percents (0 for text lines). */
export function discountNumber(l: Pick<SaleLineRow, 'kind' | 'discount'>): number {
  if (l.kind !== 'product' || l.discount === '0.0000' || l.discount === '0') return 0;
  const n = Number(decimalString(l.discount));
  return n === 0 ? 0 : n;
}

export function toLineDto(l: SaleLineRow, m: LineMetrics): LineDto {
  return {
    _id: l.id,
    kind: l.kind,
    product: {
      id: l.productId,
      name: l.kind === 'product' ? (l.productName ?? '') : l.kind,
      manufacturer: { name: l.kind === 'product' ? l.manufacturer : null },
    },
    name: l.description,
    quantity: decimalString(l.quantity),
    price: priceString(l.price),
    cost: costString(l.cost),
    discount: discountNumber(l),
    markup_percent: m.markup_percent,
    margin_percent: m.margin_percent,
    subtotal: m.subtotal,
    price_percentage_active: l.pricePercentageActive,
    uom: { name: l.uom },
  };
}

/**
 * Per line row (rows are never changed in place: an edit is a new row object): its parsed pricing part and, when it
 * does not depend on its section (not "Based on Total"), its DTO. A one-line edit of a 1,000-line section then
 * parses and formats one line and only sums the others.
 */
const rowMemo = new WeakMap<SaleLineRow, { part: LinePart | null; dto?: LineDto }>();

function memoOf(row: SaleLineRow) {
  let m = rowMemo.get(row);
  if (!m) {
    m = { part: linePart(pricingLine(row)) };
    rowMemo.set(row, m);
  }
  return m;
}

/** The row at another position: a new row object that keeps the row's memo (its answer has no position). */
/** The columns of a line's content, which a sale line and a template line both store. */
type ContentColumns =
  | 'kind'
  | 'productId'
  | 'productName'
  | 'manufacturer'
  | 'description'
  | 'quantity'
  | 'price'
  | 'cost'
  | 'pricePercentageActive'
  | 'uom';

/**
 * A line's content as a copy carries it to another place (a section, a sale, a template): no id, position, ERP line
 * or template origin, and no discount (a template line has none: a sale line's copy adds its own).
 */
export function lineContent(l: Pick<SaleLineRow, ContentColumns>): Pick<SaleLineRow, ContentColumns> {
  return {
    kind: l.kind,
    productId: l.productId,
    productName: l.productName,
    manufacturer: l.manufacturer,
    description: l.description,
    quantity: l.quantity,
    price: l.price,
    cost: l.cost,
    pricePercentageActive: l.pricePercentageActive,
    uom: l.uom,
  };
}

export function atPosition(row: SaleLineRow, position: number): SaleLineRow {
  const moved = { ...row, position };
  const m = rowMemo.get(row);
  if (m) rowMemo.set(moved, m);
  return moved;
}

/** The line's answer from its memo (the metrics of a line that does not depend on its section). */
function ownLineDto(row: SaleLineRow): LineDto {
  const m = memoOf(row);
  m.dto ??= toLineDto(row, sectionDetailsOf([m.part]).metrics[0]!);
  return m.dto;
}

/** Whether a section's answer holds a "Based on Total" line (then every line depends on the section's totals). */
const percentMemo = new WeakMap<SectionDto, boolean>();
function holdsPercentLine(s: SectionDto): boolean {
  let v = percentMemo.get(s);
  if (v === undefined) {
    v = s.lines.some((l) => l.kind === 'product' && l.price_percentage_active);
    percentMemo.set(s, v);
  }
  return v;
}

/** A 2-decimal money string as whole cents, exactly. */
const centsOf = (money: string): bigint => BigInt(money.replace('.', ''));

/**
 * The section after an edit or an append: `after` holds the lines of `beforeRows` in the same order, with new rows
 * at the indexes `changed`, then possibly new lines at the end. Equal to toSectionDto of `after` (tested), without a
 * pass over the other lines' numbers: their answers stay and the section's totals move by the difference. A section
 * with a "Based on Total" line, before or after, is computed again whole.
 */
export function editedSectionDto(
  head: SaleSectionRow,
  before: SectionDto,
  beforeRows: readonly SaleLineRow[],
  after: readonly SaleLineRow[],
  changed: readonly number[],
): SectionDto {
  const whole = () => toSectionDto({ ...head, lines: after });
  if (holdsPercentLine(before)) return whole();
  let price = centsOf(before.pricing.total_price);
  let cost = centsOf(before.pricing.total_cost);
  const lines = before.lines.slice();
  for (const i of changed) {
    const was = memoOf(beforeRows[i]!).part;
    const now = memoOf(after[i]!).part;
    if (was?.percent || now?.percent) return whole();
    price += (now?.own?.tpCents ?? 0n) - (was?.own?.tpCents ?? 0n);
    cost += (now?.own?.tcCents ?? 0n) - (was?.own?.tcCents ?? 0n);
    lines[i] = ownLineDto(after[i]!);
  }
  for (let i = beforeRows.length; i < after.length; i++) {
    const now = memoOf(after[i]!).part;
    if (now?.percent) return whole();
    price += now?.own?.tpCents ?? 0n;
    cost += now?.own?.tcCents ?? 0n;
    lines.push(ownLineDto(after[i]!));
  }
  const amount = (c: bigint) => toDecimalOrZero(c.toString()).div(100);
  return { ...before, lines, pricing: pricingFromTotals(amount(price), amount(cost)) };
}

export function toSectionDto(s: SaleSectionRow & { lines: readonly SaleLineRow[] }): SectionDto {
  const memos = s.lines.map(memoOf);
  const { metrics, pricing } = sectionDetailsOf(memos.map((m) => m.part));
  return {
    _id: s.id,
    name: s.name,
    presentation: s.presentation,
    show_details: showDetailsOf(s.presentation),
    merge: s.merge,
    expanded: false,
    lines: s.lines.map((l, i) => {
      const m = memos[i]!;
      if (m.part?.percent) return toLineDto(l, metrics[i]!);
      m.dto ??= toLineDto(l, metrics[i]!);
      return m.dto;
    }),
    pricing,
  };
}

/**
 * Each computed section's and line's JSON bytes, made once: answers are never changed in place (a new version of a
 * section is a new DTO, an edited line a new line DTO), so a section after a one-line edit is its other lines'
 * bytes as they were, and only the edited line is serialized again.
 */
const sectionBytes = new WeakMap<SectionDto, Buffer>();
const lineBytes = new WeakMap<LineDto, Buffer>();
const COMMA = Buffer.from(',');

/** `{...value, [key]: items}` as JSON bytes, with `key` last and each item's bytes from `itemBytes`. */
function withArrayLast<T>(value: object, key: string, items: readonly T[], itemBytes: (item: T) => Buffer): Buffer {
  // The array's placeholder is the header's last key, so it is the text's last 2 characters ("0}").
  const header = JSON.stringify({ ...value, [key]: 0 });
  const parts: Buffer[] = [Buffer.from(`${header.slice(0, -2)}[`, 'utf8')];
  items.forEach((item, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(itemBytes(item));
  });
  parts.push(Buffer.from(']}'));
  return Buffer.concat(parts);
}

function bytesOfLine(l: LineDto): Buffer {
  let b = lineBytes.get(l);
  if (!b) {
    b = Buffer.from(JSON.stringify(l), 'utf8');
    lineBytes.set(l, b);
  }
  return b;
}

function bytesOfSection(s: SectionDto): Buffer {
  let b = sectionBytes.get(s);
  if (!b) {
    const { lines, ...rest } = s;
    b = withArrayLast(rest, 'lines', lines, bytesOfLine);
    sectionBytes.set(s, b);
  }
  return b;
}

/**
 * The sale's JSON as UTF-8 bytes, from its sections' and lines' bytes made once: after a one-line edit of a
 * 2,000-line sale only the edited line is serialized again. The same object as JSON.stringify gives, with `sections`
 * (and in each section `lines`) as the last key.
 */
export function saleJsonBytes(sale: SaleDto): Buffer {
  const { sections, ...rest } = sale;
  return withArrayLast(rest, 'sections', sections, bytesOfSection);
}

export function toSaleDto({ sale, sections }: FullSale): SaleDto {
  return saleDtoOf(sale, sections.map(toSectionDto));
}

/** A section's pricing with its presentation: what the sale's totals read (optional sections apart). */
export const pricedSection = (s: Pick<SectionDto, 'pricing' | 'presentation'>) => ({
  ...s.pricing,
  presentation: s.presentation,
});

/** The sale from its row and its computed sections; the sale's pricing is the sum of the non-optional sections'. */
export function saleDtoOf(
  s: SaleRow,
  sections: SectionDto[],
  /** The sections' sale pricing when the caller computed it already (salePricingFromSections of `sections`). */
  pricing: SalePricing = salePricingFromSections(sections.map(pricedSection)),
): SaleDto {
  return {
    _id: s.id,
    name: s.name,
    quote_number: s.quoteNumber,
    state: s.state,
    state_label: saleStateLabel(s.state),
    customer: ref(s.customerId, s.customerName),
    customer_invoice: ref(s.invoiceId, s.invoiceName),
    customer_shipping: ref(s.shippingId, s.shippingName),
    template: ref(s.templateId, s.templateName),
    salesperson: ref(s.salespersonId, s.salespersonName),
    sections,
    template_ids: s.templateIds,
    created_on: s.createdAt.toISOString(),
    updated_on: s.updatedAt.toISOString(),
    created_by: { name: s.createdByName },
    updated_by: { name: s.updatedByName },
    pricing,
    total_price: pricing.total_price,
    version: s.version,
    odoo_id: s.odooId,
    odoo_name: s.odooName,
    odoo_synced_on: s.odooSyncedOn ? s.odooSyncedOn.toISOString() : null,
    odoo_synced: s.odooSynced,
    odoo_sync_error: s.odooSyncError,
    odoo_sync_message: s.odooSyncMessage,
    validity_days: s.validityDays,
    erp_amounts:
      s.erpAmountUntaxed !== null && s.erpAmountTax !== null && s.erpAmountTotal !== null
        ? { untaxed: s.erpAmountUntaxed, tax: s.erpAmountTax, total: s.erpAmountTotal }
        : null,
    erp_payment_term: s.erpPaymentTerm,
    erp_validity_date: s.erpValidityDate,
  };
}

export function toSaleListItemDto(s: SaleListRow): SaleListItemDto {
  return {
    _id: s.id,
    quote_number: s.quoteNumber,
    order_number: orderNumberLabel(s),
    name: s.name,
    customer: ref(s.customerId, s.customerName),
    salesperson: ref(s.salespersonId, s.salespersonName),
    total_price: money(toDecimalOrZero(s.totalPrice)),
    optional_total: money(toDecimalOrZero(s.optionalTotal)),
    state: s.state,
    state_label: saleStateLabel(s.state),
    updated_on: s.updatedAt.toISOString(),
  };
}
