// Revisions of a sale (issue #23, docs/product/rules.md#revisions, decision 0029): a frozen, complete copy of a sale at
// a moment — its header, sections, lines, cover letter and totals as GET /api/sales/:id and its cover letter answered
// them — numbered per sale (Q00042-R1, -R2, …). Made by Save revision, by every successful publish/sync to the ERP
// (sent_to_erp) and before every restore. Two sides (two revisions, or a revision and the sale now) are compared with
// diffSaleRevisions (revision-diff.ts); a restore answers the usual delta.
import { z } from 'zod';
import { coverLetterSchema } from './cover-letter';
import { saleDeltaSchema } from './realtime';
import { LINE_KINDS, pricingSchema, salePricingSchema, saleSchema, sectionPresentationSchema } from './sales';

/** Why a revision was made. */
export const REVISION_SOURCES = ['manual', 'erp', 'restore', 'approval'] as const;
export type RevisionSource = (typeof REVISION_SOURCES)[number];
export const REVISION_SOURCE_LABELS: Record<RevisionSource, string> = {
  manual: 'Saved',
  erp: 'Sent to ERP',
  restore: 'Before restore',
  approval: 'Approval',
};

export const REVISION_COMMENT_MAX = 500;

/** "Q00042-R2": the quote number and the revision's number. */
export const revisionLabel = (quoteNumber: string, number: number): string => `${quoteNumber}-R${number}`;

/** A revision in the list (no content). */
export const revisionSummarySchema = z.object({
  _id: z.string(),
  /** 1, 2, … per sale. */
  number: z.number().int(),
  /** "Q00042-R2". */
  label: z.string(),
  created_on: z.string(),
  created_by: z.object({ name: z.string() }),
  comment: z.string().nullable(),
  source: z.enum(REVISION_SOURCES),
  /** What the ERP received (a revision made by a successful publish/sync). */
  sent_to_erp: z.boolean(),
  /** The sale's version the revision copies. */
  sale_version: z.number().int(),
  /** As the sale answered them then (2-decimal money; margin percent of the sale's pricing). */
  total_price: z.string(),
  margin_percent: z.number(),
  line_count: z.number().int(),
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;

/** GET /api/sales/revisions/list/:saleId: newest first. */
export const revisionListSchema = z.object({ items: z.array(revisionSummarySchema) });
export type RevisionList = z.infer<typeof revisionListSchema>;

/** The stored document of a revision: the sale and its cover letter exactly as their GETs answered them. */
export const revisionDocumentSchema = z.object({
  sale: saleSchema,
  /** Null when the sale had no saved letter. */
  cover_letter: coverLetterSchema.nullable(),
});
export type RevisionDocument = z.infer<typeof revisionDocumentSchema>;

/** GET /api/sales/revisions/read/:saleId/:revisionId: the revision, read-only. */
export const revisionReadSchema = z.object({
  revision: revisionSummarySchema,
  sale: saleSchema,
  cover_letter: coverLetterSchema.nullable(),
});
export type RevisionRead = z.infer<typeof revisionReadSchema>;

/** POST /api/sales/revisions/save/:saleId. */
export const revisionSaveBodySchema = z.strictObject({
  comment: z
    .string()
    .trim()
    .max(REVISION_COMMENT_MAX, `A comment holds at most ${REVISION_COMMENT_MAX} characters`)
    .optional(),
});
export type RevisionSaveBody = z.input<typeof revisionSaveBodySchema>;

/** A side of a comparison: a revision's id, or `current` (the sale now). */
export const revisionSideSchema = z.union([z.literal('current'), z.uuid('Unknown revision id')]);
export const revisionCompareQuerySchema = z.strictObject({ from: revisionSideSchema, to: revisionSideSchema });
export type RevisionCompareQuery = z.infer<typeof revisionCompareQuerySchema>;

// ─── The diff ───────────────────────────────────────────────────────────────────────────────────────────────────

/** The line fields a diff compares, in the lines table's order. */
export const REVISION_LINE_FIELDS = [
  'product',
  'name',
  'quantity',
  'price',
  'discount',
  'cost',
  'markup_percent',
  'price_percentage_active',
] as const;
export type RevisionLineField = (typeof REVISION_LINE_FIELDS)[number];
/** As the lines table heads its columns. */
export const REVISION_LINE_FIELD_LABELS: Record<RevisionLineField, string> = {
  product: 'Product',
  name: 'Description',
  quantity: 'Qty',
  price: 'Price',
  discount: 'Disc. %',
  cost: 'Cost',
  markup_percent: 'Markup %',
  price_percentage_active: 'Price %',
};
/** Fields discrete mode hides. */
export const REVISION_SENSITIVE_FIELDS: ReadonlySet<RevisionLineField> = new Set([
  'price',
  'discount',
  'cost',
  'markup_percent',
]);

export const REVISION_HEADER_FIELDS = [
  'name',
  'customer',
  'customer_invoice',
  'customer_shipping',
  'template',
  'salesperson',
] as const;
export type RevisionHeaderField = (typeof REVISION_HEADER_FIELDS)[number];

/** One changed field: its values as displayed ("5", "100.00", "on"). */
export const fieldChangeSchema = z.object({
  field: z.enum(REVISION_LINE_FIELDS),
  label: z.string(),
  from: z.string(),
  to: z.string(),
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/** Where a line is on one side: its section and its 1-based position there. */
const linePlaceSchema = z.object({ section: z.string(), section_name: z.string(), position: z.number().int() });

/**
 * A line that differs. `status`: added (only after), removed (only before), changed (fields differ; it may also have
 * moved), moved (same fields, another section or another place among the lines that stayed). `moved` is true for any
 * moved line, changed or not.
 */
export const lineDiffSchema = z.object({
  _id: z.string(),
  status: z.enum(['added', 'removed', 'changed', 'moved']),
  kind: z.enum(LINE_KINDS),
  /** The product's model (a product line), the text of a note or header (after; before for a removed line). */
  label: z.string(),
  before: linePlaceSchema.nullable(),
  after: linePlaceSchema.nullable(),
  moved: z.boolean(),
  /** Moved to another section (else, when moved, within its section). */
  moved_section: z.boolean(),
  changes: z.array(fieldChangeSchema),
});
export type LineDiff = z.infer<typeof lineDiffSchema>;

/**
 * A section on either side. `status`: added, removed, changed (renamed, an option, its lines or its place), or
 * unchanged. `lines`: only the lines that differ, in the after order (removed lines where they were); `unchanged`:
 * how many lines are the same on both sides (the view collapses them).
 */
export const sectionDiffSchema = z.object({
  _id: z.string(),
  status: z.enum(['added', 'removed', 'changed', 'unchanged']),
  /** The name after (before for a removed section). */
  name: z.string(),
  renamed: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** 1-based positions among the sections (null on the side it is not on). */
  position: z.object({ before: z.number().int().nullable(), after: z.number().int().nullable() }),
  moved: z.boolean(),
  /** Switched options (show_details is no longer reported: it follows presentation). */
  options: z.array(z.object({ field: z.enum(['show_details', 'merge']), from: z.boolean(), to: z.boolean() })),
  /** The presentation changed (details | quantities | total | optional). */
  presentation: z.object({ from: sectionPresentationSchema, to: sectionPresentationSchema }).nullable(),
  pricing: z.object({ before: pricingSchema.nullable(), after: pricingSchema.nullable() }),
  lines: z.array(lineDiffSchema),
  unchanged: z.number().int(),
});
export type SectionDiff = z.infer<typeof sectionDiffSchema>;

export const headerChangeSchema = z.object({
  field: z.enum(REVISION_HEADER_FIELDS),
  from: z.string().nullable(),
  to: z.string().nullable(),
});

export const revisionDiffCountsSchema = z.object({
  sections_added: z.number().int(),
  sections_removed: z.number().int(),
  sections_moved: z.number().int(),
  sections_renamed: z.number().int(),
  /** Sections whose presentation or merge changed. */
  sections_options: z.number().int(),
  lines_added: z.number().int(),
  lines_removed: z.number().int(),
  lines_changed: z.number().int(),
  /** Moved lines, changed or not. */
  lines_moved: z.number().int(),
  lines_unchanged: z.number().int(),
});
export type RevisionDiffCounts = z.infer<typeof revisionDiffCountsSchema>;

/** What differs between two sides (diffSaleRevisions). */
export const saleDiffSchema = z.object({
  /** Nothing differs (header, sections, lines, totals). */
  same: z.boolean(),
  header: z.array(headerChangeSchema),
  /** Every section of either side, in the after order (removed sections where they were). */
  sections: z.array(sectionDiffSchema),
  pricing: z.object({ before: salePricingSchema, after: salePricingSchema }),
  counts: revisionDiffCountsSchema,
});
export type SaleDiff = z.infer<typeof saleDiffSchema>;

/** One side of a comparison as the answer names it. */
export const compareSideSchema = z.object({
  /** null: the sale now. */
  revision: revisionSummarySchema.nullable(),
  /** "Q00042-R2", or "Current". */
  label: z.string(),
  version: z.number().int(),
});

/** GET /api/sales/revisions/compare/:saleId?from=…&to=…. */
export const revisionCompareSchema = z.object({
  from: compareSideSchema,
  to: compareSideSchema,
  diff: saleDiffSchema,
});
export type RevisionCompare = z.infer<typeof revisionCompareSchema>;

/**
 * POST /api/sales/revisions/restore/:saleId/:revisionId: the delta of the restore, the revision restored, and the
 * revision saved just before it (restoring that one undoes the restore); `backup` is null when the sale's sections
 * and lines were already the revision's (nothing was written, the version stays).
 */
export const revisionRestoreAnswerSchema = saleDeltaSchema.extend({
  restored: revisionSummarySchema,
  backup: revisionSummarySchema.nullable(),
});
export type RevisionRestoreAnswer = z.infer<typeof revisionRestoreAnswerSchema>;
