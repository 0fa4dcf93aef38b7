// The JSON the sales API answers (docs/product/rules.md#data-model), as zod schemas and the types inferred from them.
// Money is a 2-decimal string, percents are numbers, quantities and costs exact decimal strings. Shared by the server
// (which builds them and serializes its answers through them: Fastify `response:` schemas) and the web app
// (which reads them).
//
// The schemas are plain `z.object`s: serializing through one drops any key it does not name, so every field an
// answer carries must be listed here (apps/server's responses test compares answers with what the service built).
import {
  isPresentationContradiction,
  LINE_WARNING_CODES,
  type Pricing,
  SALE_STATES,
  SALES_LIST_GROUPS,
  type SalePricing,
  SECTION_PRESENTATIONS,
} from '@quotewright/domain';
import { z } from 'zod';

export const refSchema = z.object({ id: z.number().int(), name: z.string() });
export type Ref = z.infer<typeof refSchema>;

export const LINE_KINDS = ['product', 'note', 'header'] as const;
export const lineKindSchema = z.enum(LINE_KINDS);
export type LineKind = z.infer<typeof lineKindSchema>;

/** Pricing of a section or a sale (packages/domain's Pricing). */
export const pricingSchema = z.object({
  total_price: z.string(),
  total_cost: z.string(),
  total_margin: z.string(),
  total_margin_percent: z.number(),
  total_markup_percent: z.number(),
}) satisfies z.ZodType<Pricing>;

/**
 * Pricing of a sale (or a template): the totals WITHOUT its optional sections, and the optional sections' total apart
 * (packages/domain's SalePricing; docs/product/rules.md#section-presentation).
 */
export const salePricingSchema = pricingSchema.extend({
  optional_total: z.string(),
  total_with_optional: z.string(),
}) satisfies z.ZodType<SalePricing>;

/** How a section prints (docs/product/rules.md#section-presentation). */
export const sectionPresentationSchema = z.enum(SECTION_PRESENTATIONS, {
  error: `Expected one of ${SECTION_PRESENTATIONS.join(', ')}`,
});

/**
 * The body that creates or updates a section (a sale's or a template's): its name, and its presentation — or, from a
 * client that predates presentations, show_details (false: `total`). Both may come when they agree. `fields` may add
 * members (a sale section's rename: the name it was based on).
 */
export function sectionBodySchema<F extends { name: z.ZodType }>(fields: F) {
  return z
    .strictObject({
      ...fields,
      presentation: sectionPresentationSchema.optional(),
      show_details: z.boolean().optional(),
    })
    .refine((b) => !isPresentationContradiction(b as Parameters<typeof isPresentationContradiction>[0]), {
      path: ['show_details'],
      message: "show_details is false exactly when presentation is 'total'",
    });
}

export const nullableNameSchema = z.object({ name: z.string().nullable() });

export const lineSchema = z.object({
  _id: z.string(),
  kind: lineKindSchema,
  /** name: the model for a product line, 'note' or 'header' otherwise (docs/product/rules.md#data-model). */
  product: z.object({ id: z.number().int().nullable(), name: z.string(), manufacturer: nullableNameSchema }),
  /** The description. */
  name: z.string(),
  quantity: z.string(),
  price: z.string(),
  cost: z.string(),
  /** Discount % on the price (0–100, up to 4 decimals; 0 on notes and headers). */
  discount: z.number(),
  /** Markup and margin of the net price (price × (1 − discount/100)). */
  markup_percent: z.number(),
  margin_percent: z.number(),
  /** round2(price × quantity × (1 − discount/100)), Odoo's price_subtotal. */
  subtotal: z.string(),
  price_percentage_active: z.boolean(),
  uom: nullableNameSchema,
});
export type LineDto = z.infer<typeof lineSchema>;

/** A section without its lines (a delta carries lines apart). */
export const sectionHeadSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** details | quantities | total | optional. */
  presentation: sectionPresentationSchema,
  /** Derived: false exactly when presentation is `total` (kept for older clients). */
  show_details: z.boolean(),
  merge: z.boolean(),
  /** Display only: always false from the server. */
  expanded: z.boolean(),
  pricing: pricingSchema,
});
export type SectionHeadDto = z.infer<typeof sectionHeadSchema>;

export const sectionSchema = sectionHeadSchema.extend({ lines: z.array(lineSchema) });
export type SectionDto = z.infer<typeof sectionSchema>;

export const saleStateSchema = z.enum(SALE_STATES);
export const templateIdsSchema = z.array(z.object({ _id: z.string(), name: z.string() }));

/** GET /api/sales/:id (and POST /api/sales): a whole sale. */
export const saleSchema = z.object({
  _id: z.string(),
  name: z.string(),
  quote_number: z.string(),
  state: saleStateSchema,
  state_label: z.string(),
  customer: refSchema.nullable(),
  customer_invoice: refSchema.nullable(),
  customer_shipping: refSchema.nullable(),
  template: refSchema.nullable(),
  salesperson: refSchema.nullable(),
  sections: z.array(sectionSchema),
  template_ids: templateIdsSchema,
  created_on: z.string(),
  updated_on: z.string(),
  created_by: nullableNameSchema,
  updated_by: nullableNameSchema,
  /** Without the optional sections; optional_total / total_with_optional carry them. */
  pricing: salePricingSchema,
  /** = pricing.total_price (optional sections not counted). */
  total_price: z.string(),
  version: z.number().int(),
  odoo_id: z.number().int().nullable(),
  odoo_name: z.string().nullable(),
  odoo_synced_on: z.string().nullable(),
  odoo_synced: z.boolean(),
  odoo_sync_error: z.boolean(),
  odoo_sync_message: z.string().nullable(),
  /** Days the quotation is valid; null: the Settings' "Quote validity (days)" (decision 0031). */
  validity_days: z.number().int().nullable().optional(),
  /**
   * The ERP's own figures of the linked order, read back after the last successful publish/sync (Odoo computes the
   * taxes; never computed here); null before the first one.
   */
  erp_amounts: z.object({ untaxed: z.string(), tax: z.string(), total: z.string() }).nullable().optional(),
  /** The order's payment term in the ERP (Odoo's default: the customer's), as last read back; null when none. */
  erp_payment_term: z.string().nullable().optional(),
  /** The order's expiry date in the ERP ('YYYY-MM-DD'), as last read back. */
  erp_validity_date: z.string().nullable().optional(),
});
export type SaleDto = z.infer<typeof saleSchema>;

export const saleListItemSchema = z.object({
  _id: z.string(),
  quote_number: z.string(),
  /** The ERP order name when linked, else the quote number. */
  order_number: z.string(),
  name: z.string(),
  customer: refSchema.nullable(),
  salesperson: refSchema.nullable(),
  /** The untaxed total without the optional sections (what the customer orders; Odoo's amount_untaxed). */
  total_price: z.string(),
  /** The optional sections' total ('0.00' when none): with total_price, the total with every option taken. */
  optional_total: z.string(),
  state: saleStateSchema,
  state_label: z.string(),
  updated_on: z.string(),
});
export type SaleListItemDto = z.infer<typeof saleListItemSchema>;

/** GET /api/sales: a page of sales (all of them, or, with groupBy and group, the sales of one group). */
export const salesPageSchema = z.object({
  items: z.array(saleListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SalesPageDto = z.infer<typeof salesPageSchema>;

/** One group of the grouped sales list, with the count and total of ALL its sales (summed by the database). */
export const saleListGroupSchema = z.object({
  /** What GET /api/sales takes as `group` to list this group's sales: the value, or '' for the sales without one. */
  key: z.string(),
  /** The status code, client or salesperson name; null for the sales without one. */
  value: z.string().nullable(),
  label: z.string(),
  count: z.number().int(),
  total_price: z.string(),
});
export type SaleListGroupDto = z.infer<typeof saleListGroupSchema>;

/** GET /api/sales/groups: a page of GROUPS (paging counts groups, not sales), with the list's filters. */
export const salesGroupsPageSchema = z.object({
  groupBy: z.enum(SALES_LIST_GROUPS),
  groups: z.array(saleListGroupSchema),
  /** Number of groups. */
  total: z.number().int(),
  /** Number of sales in all the groups (the filtered list's length). */
  sales: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SalesGroupsPageDto = z.infer<typeof salesGroupsPageSchema>;

/**
 * A value allowed but worth a second look before the customer sees it (packages/domain's lineWarnings): where it is
 * (section: 1-based position and name; line: 1-based within the section) and the sentence saying why.
 */
export const saleWarningSchema = z.object({
  code: z.enum(LINE_WARNING_CODES),
  field: z.enum(['quantity', 'price', 'cost']),
  message: z.string(),
  section: z.object({ index: z.number().int(), name: z.string() }),
  line: z.object({ number: z.number().int(), id: z.string(), label: z.string() }),
});
export type SaleWarning = z.infer<typeof saleWarningSchema>;

/**
 * GET /api/sales/check/products/:id (docs/product/rules.md#validity-check): per section, the labels of its invalid
 * lines; `valid` speaks of the products only. `warnings`: values to look at again, which never make the check fail.
 */
export const productsCheckSchema = z.object({
  valid: z.boolean(),
  sections: z.array(z.object({ name: z.string(), lines: z.array(z.string()) })),
  warnings: z.array(saleWarningSchema),
});
export type ProductsCheck = z.infer<typeof productsCheckSchema>;

/** A product line of an imported quote whose product is missing from the local catalog or inactive (imported as given). */
export const importProblemSchema = z.object({
  product: z.number().int().nullable(),
  /** The model, as written in the document. */
  name: z.string(),
  /** Indexes in the document. */
  section: z.number().int(),
  line: z.number().int(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** POST /api/sales importing a quote (docs/product/rules.md#json-export-and-import): the new sale, and its lines to look at. */
export const saleImportAnswerSchema = z.object({ sale: saleSchema, errors: z.array(importProblemSchema) });
export type SaleImportAnswer = z.infer<typeof saleImportAnswerSchema>;
