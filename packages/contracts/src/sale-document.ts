// The lossless JSON document of a sale (docs/product/rules.md#json-export-and-import).
// A versioned format: { format: 'quotewright.sale', version: 1, exported_on, sale }. Money, costs and quantities
// are exact decimal strings (docs/product/rules.md#money); an import also accepts JSON numbers. Notes and headers
// are marked by a product named 'note' / 'header' (docs/product/rules.md#line-kinds): the export writes that
// mapping, the import reads it.
import {
  isPresentationContradiction,
  MAX_INT4,
  presentationOfRequest,
  QUOTE_VALIDITY_MAX_DAYS,
  SECTION_PRESENTATIONS,
  type SectionPresentation,
} from '@quotewright/domain';
import { z } from 'zod';
import { costInput, discountInput, priceInput, quantityInput } from './inputs';
import type { RevisionDocument, RevisionSummary } from './revisions';

export const SALE_DOCUMENT_FORMAT = 'quotewright.sale';
export const SALE_DOCUMENT_VERSION = 1;
/** At most this many lines in one imported quote (docs/architecture.md#security: the import has a line cap). */
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
  /** details | quantities | total | optional; optional on import (documents from before presentations). */
  presentation: SectionPresentation;
  /** Derived from presentation (false exactly for `total`); an older document's only setting. */
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
    /** Days the quotation is valid; null: the Settings' default (decision 0031). Absent in older documents. */
    validity_days?: number | null;
    sections: SaleDocumentSection[];
  };
  /** Asked for (GET /api/sales/json/:id?revisions=true): the sale's revisions, oldest first, each with its document. */
  revisions?: SaleDocumentRevision[];
}
/** A revision in the JSON export: its number and meta, and its document as stored (docs/decisions/0029-revisions.md). */
export type SaleDocumentRevision = RevisionSummary & { document: RevisionDocument };

// ─── Import schema ────────────────────────────────────────────────────────────────────────────────────────────

const documentId = z
  .number({ error: 'Expected an id' })
  .int('Expected an id')
  .positive('Expected an id')
  .max(MAX_INT4, 'Unknown id');
const refSchema = z
  .strictObject({ id: documentId, name: z.string({ error: 'Expected a text' }).max(500) })
  .nullable()
  .default(null);
const text = (max: number) => z.string({ error: 'Expected a text' }).max(max, `At most ${max} characters`);

const lineSchema = z.strictObject({
  product: z.strictObject({
    id: documentId.nullable().default(null),
    name: text(500),
    manufacturer: z.strictObject({ name: text(500).nullable().default(null) }).default({ name: null }),
  }),
  name: text(20_000).default(''),
  quantity: quantityInput,
  price: priceInput,
  cost: costInput,
  discount: discountInput.default('0'),
  price_percentage_active: z.boolean({ error: 'Expected true or false' }).default(false),
  uom: z.strictObject({ name: text(200).nullable().default(null) }).default({ name: null }),
});

const sectionSchema = z
  .strictObject({
    name: text(500).trim().min(1, 'Name is required'),
    presentation: z.enum(SECTION_PRESENTATIONS, { error: `Expected ${SECTION_PRESENTATIONS.join(', ')}` }).optional(),
    show_details: z.boolean({ error: 'Expected true or false' }).optional(),
    lines: z.array(lineSchema, { error: 'Expected a list of lines' }).max(MAX_IMPORT_LINES).default([]),
  })
  .refine((s) => !isPresentationContradiction(s), {
    path: ['show_details'],
    message: "show_details is false exactly when presentation is 'total'",
  })
  // A document from before presentations has show_details only: false is 'total', true 'details'.
  .transform(({ presentation, show_details, ...rest }) => ({
    ...rest,
    presentation: presentationOfRequest({ presentation, show_details }) ?? 'details',
  }));

/** A field's message that says so when the field is missing altogether (the import names what a document lacks). */
const missingOr =
  (missing: string, wrong: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? missing : wrong;

export const saleDocumentSchema = z.strictObject(
  {
    format: z.literal(SALE_DOCUMENT_FORMAT, {
      error: missingOr(`Missing: expected '${SALE_DOCUMENT_FORMAT}'`, `Expected '${SALE_DOCUMENT_FORMAT}'`),
    }),
    version: z.literal(SALE_DOCUMENT_VERSION, {
      error: missingOr(
        `Missing: expected ${SALE_DOCUMENT_VERSION}`,
        `Unsupported version: expected ${SALE_DOCUMENT_VERSION}`,
      ),
    }),
    exported_on: text(100).optional(),
    /** An export's revisions: not imported (an imported quote starts without revisions). */
    revisions: z.array(z.unknown()).optional(),
    sale: z.strictObject(
      {
        name: text(500).trim().default(''),
        /** Informational: an import always gets a new quote number. */
        quote_number: text(100).optional(),
        customer: refSchema,
        customer_invoice: refSchema,
        customer_shipping: refSchema,
        template: refSchema,
        salesperson: refSchema,
        validity_days: z
          .number({ error: 'Expected a number of days or null' })
          .int('Expected a whole number of days')
          .min(0, 'Expected 0 or more days')
          .max(QUOTE_VALIDITY_MAX_DAYS, `Expected at most ${QUOTE_VALIDITY_MAX_DAYS} days`)
          .nullable()
          .default(null),
        sections: z
          .array(sectionSchema, { error: 'Expected a list of sections' })
          .max(MAX_IMPORT_SECTIONS, `At most ${MAX_IMPORT_SECTIONS} sections`),
      },
      { error: missingOr('Missing: the quote (its name and sections)', 'Expected the quote as an object') },
    ),
  },
  { error: 'Expected a Quotewright quote document (a JSON object)' },
);
export type ParsedSaleDocument = z.infer<typeof saleDocumentSchema>;
export type ParsedDocumentLine = ParsedSaleDocument['sale']['sections'][number]['lines'][number];

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
