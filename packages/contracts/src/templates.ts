// The JSON the templates API answers (docs/product/api.md#templates), as zod schemas. A template's sections and
// lines have exactly the shapes of a sale's (one engine, two owners): a Based-on-Total line keeps its price and cost
// as percents (price_percentage_active), its subtotal is resolved against the section's other product lines.
import { z } from 'zod';
import { createLinesAnswerSchema } from './realtime';
import { lineSchema, salePricingSchema, sectionSchema } from './sales';

export const templateUserSchema = z.object({ id: z.string().nullable(), name: z.string().nullable() });

/** GET /api/templates/:id (and POST /api/templates): a whole template. */
export const templateSchema = z.object({
  _id: z.string(),
  name: z.string(),
  created_on: z.string(),
  updated_on: z.string(),
  created_by: templateUserSchema,
  updated_by: templateUserSchema,
  sections: z.array(sectionSchema),
  pricing: salePricingSchema,
  /** Untaxed total (Based-on-Total lines resolved). */
  total_price: z.string(),
  version: z.number().int(),
});
export type TemplateDto = z.infer<typeof templateSchema>;

export const templateListItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  total_price: z.string(),
  updated_on: z.string(),
});
export type TemplateListItemDto = z.infer<typeof templateListItemSchema>;

/** GET /api/templates, POST /api/templates/:id and DELETE /api/templates/:id: the whole list (name order). */
export const templateListSchema = z.array(templateListItemSchema);
export type TemplateListDto = z.infer<typeof templateListSchema>;

/** A template section (create, duplicate, update answer it). */
export const templateSectionSchema = sectionSchema;
/** POST /api/templates/sections/reorder/…: the full section list. */
export const templateSectionsSchema = z.array(sectionSchema);

/** POST /api/templates/lines/create/…: the created lines and the products not added. */
export const templateCreateLinesAnswerSchema = z.object({
  lines: z.array(lineSchema),
  errors: createLinesAnswerSchema.shape.errors,
});
export const templateLinesSchema = z.object({ lines: z.array(lineSchema) });
/** POST /api/templates/lines/delete/…: the ids deleted. */
export const templateDeletedIdsSchema = z.object({ ids: z.array(z.string()) });
