// The product catalog as GET /api/products and /api/products/{id} answer it (docs/product/api.md#catalog-and-partners),
// and the partners, salespersons and quotation templates the sale editor picks from.
import { z } from 'zod';
import { refSchema } from './sales';

const named = z.object({ name: z.string().nullable() });

export const productSchema = z.object({
  id: z.number().int(),
  /** A product's name is its model (docs/product/rules.md#data-model). */
  name: z.string(),
  model: z.string(),
  display_name: z.string(),
  manufacturer: named,
  /** The manufacturer's part number (MPN), from the ERP's configured or detected field; null when none. */
  part_number: z.string().nullable(),
  description: z.string(),
  category: named,
  /** decimal text */
  price: z.string(),
  /** decimal text */
  cost: z.string(),
  uom: named,
  active: z.boolean(),
  is_bundle: z.boolean(),
});
export type ProductDto = z.infer<typeof productSchema>;

export const productPageSchema = z.object({
  items: z.array(productSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ProductPageDto = z.infer<typeof productPageSchema>;

/** A bundle member the catalog no longer has: its id, `#id` as its name, inactive. */
const missingProductSchema = z.strictObject({ id: z.number().int(), name: z.string(), active: z.literal(false) });
/** A bundle member: the catalog's product (first: a whole product is written whole), or what is known of a missing one. */
const memberProductSchema = z.union([productSchema, missingProductSchema]);

export const relatedProductSchema = z.object({
  product: memberProductSchema,
  /** The member product's description ('' when the catalog does not have it). */
  description: z.string(),
  /** decimal text */
  quantity: z.string(),
  /** The member product's unit of measure. */
  uom: z.string().nullable(),
});
export type RelatedProductDto = z.infer<typeof relatedProductSchema>;

/** GET /api/products/{id}: the product with its bundle's members (none for a plain product). */
export const productDetailSchema = productSchema.extend({ related_products: z.array(relatedProductSchema) });
export type ProductDetailDto = z.infer<typeof productDetailSchema>;

/** GET /api/products/hasrelated/{id}: the bundle's members with their quantities (empty for a plain product). */
export const bundleMembersSchema = z.array(z.object({ product: memberProductSchema, quantity: z.string() }));

/** An active customer ({id, name}) with its invoice and delivery addresses. */
export const customerSchema = refSchema.extend({ invoice: z.array(refSchema), delivery: z.array(refSchema) });
export type CustomerDto = z.infer<typeof customerSchema>;

/** A pasted row to match against the catalog (docs/product/rules.md#paste-from-a-spreadsheet). */
export const pasteMatchRowSchema = z.strictObject({
  model: z.string().max(200).default(''),
  description: z.string().max(2000).default(''),
  manufacturer: z.string().max(200).default(''),
});
export const MAX_MATCH_ROWS = 2000;

/** A catalog product a pasted row may be, with how sure the match is (0–1). */
export const matchCandidateSchema = z.object({ product: productSchema, confidence: z.number().min(0).max(1) });

export const pasteMatchSchema = z.object({
  /**
   * matched: one active product (by its exact model, else by its exact part number, or a fuzzy match well ahead of
   * any other); ambiguous: the person chooses among the candidates (an inactive product is never matched, only
   * offered); unmatched: none.
   */
  status: z.enum(['matched', 'ambiguous', 'unmatched']),
  /** How the candidates were found: the row's model is a product's model, or its part number; else similar text. */
  by: z.enum(['model', 'part_number', 'fuzzy']).nullable(),
  /** Best first, at most 5. */
  candidates: z.array(matchCandidateSchema),
});
export type PasteMatchDto = z.infer<typeof pasteMatchSchema>;

/** GET /api/products/suggest: how many suggestions by default, and at most. */
export const SUGGEST_LIMIT = { default: 8, max: 20 } as const;
