// The lossless JSON document of a sale (SPEC §7 'GET /sales/json', 'POST /sales … imports one from JSON').
// A versioned format: { format: 'quotewright.sale', version: 1, exported_on, sale }. Money, costs and quantities
// are exact decimal strings (DESIGN §4.2); an import also accepts JSON numbers. SPEC marks notes and headers by a
// product named 'note' / 'header': that mapping lives here, at the boundary, and nowhere else (DESIGN §5).
import {
  DISCOUNT_OUT_OF_RANGE,
  isValidDiscount,
  type LineKind,
  lineKindFromProductName,
  money,
  parseDecimal,
  toDecimalOrZero,
} from '@quotewright/domain';
import { z } from 'zod';
import { costString, decimalString } from '../sales/sales.dto';
import type { FullSale } from '../sales/sales.repository';

export const SALE_DOCUMENT_FORMAT = 'quotewright.sale';
export const SALE_DOCUMENT_VERSION = 1;
/** At most this many lines in one imported quote (DESIGN §9: the import has a line cap). */
export const MAX_IMPORT_LINES = 5000;
export const MAX_IMPORT_SECTIONS = 1000;

export interface SaleDocumentRef {
  id: number;
  name: string;
}
export interface SaleDocumentLine {
  product: { id: number | null; name: string; manufacturer: { name: string | null } };
  name: string;
  quantity: string;
  price: string;
  cost: string;
  /** Discount % ("0" … "100"); optional on import (documents from before discounts). */
  discount: string;
  price_percentage_active: boolean;
  uom: { name: string | null };
}
export interface SaleDocumentSection {
  name: string;
  show_details: boolean;
  lines: SaleDocumentLine[];
}
export interface SaleDocument {
  format: typeof SALE_DOCUMENT_FORMAT;
  version: typeof SALE_DOCUMENT_VERSION;
  exported_on: string;
  sale: {
    name: string;
    quote_number: string;
    customer: SaleDocumentRef | null;
    customer_invoice: SaleDocumentRef | null;
    customer_shipping: SaleDocumentRef | null;
    template: SaleDocumentRef | null;
    salesperson: SaleDocumentRef | null;
    sections: SaleDocumentSection[];
  };
}

const ref = (id: number | null, name: string | null): SaleDocumentRef | null =>
  id === null ? null : { id, name: name ?? '' };

/** The export: every stored field a quote needs to be rebuilt, nothing derived (totals are recomputed). */
export function toSaleDocument({ sale: s, sections }: FullSale, now: Date): SaleDocument {
  return {
    format: SALE_DOCUMENT_FORMAT,
    version: SALE_DOCUMENT_VERSION,
    exported_on: now.toISOString(),
    sale: {
      name: s.name,
      quote_number: s.quoteNumber,
      customer: ref(s.customerId, s.customerName),
      customer_invoice: ref(s.invoiceId, s.invoiceName),
      customer_shipping: ref(s.shippingId, s.shippingName),
      template: ref(s.templateId, s.templateName),
      salesperson: ref(s.salespersonId, s.salespersonName),
      sections: sections.map((sec) => ({
        name: sec.name,
        show_details: sec.showDetails,
        lines: sec.lines.map((l) => ({
          product: {
            id: l.kind === 'product' ? l.productId : null,
            name: l.kind === 'product' ? (l.productName ?? '') : l.kind,
            manufacturer: { name: l.kind === 'product' ? l.manufacturer : null },
          },
          name: l.description,
          quantity: decimalString(l.quantity),
          price: money(toDecimalOrZero(l.price)),
          cost: costString(l.cost),
          discount: l.kind === 'product' ? decimalString(l.discount) : '0',
          price_percentage_active: l.pricePercentageActive,
          uom: { name: l.uom },
        })),
      })),
    },
  };
}

// ─── Import schema ────────────────────────────────────────────────────────────────────────────────────────────

/** A decimal as a JSON number or a numeric string, kept exact; `max` keeps it inside its column. */
const decimal = (max: number) =>
  z.union([z.number(), z.string().max(64)], { error: 'Expected a number' }).transform((v, ctx) => {
    try {
      const s = parseDecimal(v);
      if (Math.abs(Number(s)) < max) return s;
      ctx.addIssue({ code: 'custom', message: 'Out of range' });
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Expected a number' });
    }
    return z.NEVER;
  });

const refSchema = z
  .strictObject({
    id: z.number({ error: 'Expected an id' }).int('Expected an id').positive('Expected an id'),
    name: z.string({ error: 'Expected a text' }).max(500),
  })
  .nullable()
  .default(null);
const text = (max: number) => z.string({ error: 'Expected a text' }).max(max, `At most ${max} characters`);

const lineSchema = z.strictObject({
  product: z.strictObject({
    id: z.number({ error: 'Expected an id' }).int('Expected an id').positive('Expected an id').nullable().default(null),
    name: text(500),
    manufacturer: z.strictObject({ name: text(500).nullable().default(null) }).default({ name: null }),
  }),
  name: text(20_000).default(''),
  quantity: decimal(1e9),
  price: decimal(1e11),
  cost: decimal(1e9),
  discount: decimal(1e15).refine(isValidDiscount, DISCOUNT_OUT_OF_RANGE).default('0'),
  price_percentage_active: z.boolean({ error: 'Expected true or false' }).default(false),
  uom: z.strictObject({ name: text(200).nullable().default(null) }).default({ name: null }),
});

const sectionSchema = z.strictObject({
  name: text(500).trim().min(1, 'Name is required'),
  show_details: z.boolean({ error: 'Expected true or false' }).default(true),
  lines: z.array(lineSchema, { error: 'Expected a list of lines' }).max(MAX_IMPORT_LINES).default([]),
});

export const saleDocumentSchema = z.strictObject({
  format: z.literal(SALE_DOCUMENT_FORMAT, { error: `Expected '${SALE_DOCUMENT_FORMAT}'` }),
  version: z.literal(SALE_DOCUMENT_VERSION, { error: `Unsupported version: expected ${SALE_DOCUMENT_VERSION}` }),
  exported_on: text(100).optional(),
  sale: z.strictObject({
    name: text(500).trim().default(''),
    /** Informational: an import always gets a new quote number. */
    quote_number: text(100).optional(),
    customer: refSchema,
    customer_invoice: refSchema,
    customer_shipping: refSchema,
    template: refSchema,
    salesperson: refSchema,
    sections: z
      .array(sectionSchema, { error: 'Expected a list of sections' })
      .max(MAX_IMPORT_SECTIONS, `At most ${MAX_IMPORT_SECTIONS} sections`),
  }),
});
export type ParsedSaleDocument = z.infer<typeof saleDocumentSchema>;
export type ParsedDocumentLine = ParsedSaleDocument['sale']['sections'][number]['lines'][number];

/** The kind of an imported line (the boundary mapping of SPEC §3). */
export function documentLineKind(line: ParsedDocumentLine): LineKind {
  return lineKindFromProductName(line.product.name);
}

/** Counts the lines of a not yet validated document, so an oversized one is refused before it is validated. */
export function countDocumentLines(doc: unknown): number {
  const sections = (doc as { sale?: { sections?: unknown } } | null)?.sale?.sections;
  if (!Array.isArray(sections)) return 0;
  let n = 0;
  for (const s of sections) {
    const lines = (s as { lines?: unknown } | null)?.lines;
    if (Array.isArray(lines)) n += lines.length;
  }
  return n;
}

/** Zod issues → { 'sale.sections.0.lines.3.quantity': 'Expected a number' }; unknown fields named one by one. */
export function issuesToFieldErrors(
  issues: readonly { code: string; path: readonly PropertyKey[]; message: string; keys?: string[] }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const base = issue.path.map(String);
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const k of issue.keys) out[[...base, k].join('.')] = 'Unknown field';
      continue;
    }
    out[base.join('.') || '_'] ??= issue.message;
  }
  return out;
}
