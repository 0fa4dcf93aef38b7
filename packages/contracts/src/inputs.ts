// Request-field schemas shared by every route that takes these values (decision 0010: one parser, one set of
// limits). Numbers are checked by packages/domain's parseNumberInput against the limits derived from the columns.
import {
  DISCOUNT_OUT_OF_RANGE,
  isValidDiscount,
  MAX_INT4,
  NUMERIC_FIELDS,
  type NumberProblem,
  type NumericField,
  parseNumberInput,
} from '@quotewright/domain';
import { z } from 'zod';

/**
 * A decimal given as a JSON number or a numeric string → an exact decimal string rounded to the field's scale.
 * Messages name the field: "Quantity is out of range", "Price must be a number".
 */
export function numberInput(field: NumericField, messages: Partial<Record<NumberProblem, string>> = {}) {
  // Typed as a client sends it (a number or numeric text); any value still reaches parseNumberInput, which words the
  // refusal of anything else.
  return (z.unknown() as z.ZodType<string | number, string | number>).transform((v, ctx) => {
    const parsed = parseNumberInput(v, field);
    if (parsed.ok) return parsed.value;
    ctx.addIssue({ code: 'custom', message: messages[parsed.problem] ?? parsed.message });
    return z.NEVER;
  });
}

export const quantityInput = numberInput(NUMERIC_FIELDS.quantity);
export const priceInput = numberInput(NUMERIC_FIELDS.price);
export const costInput = numberInput(NUMERIC_FIELDS.cost);
export const markupInput = numberInput(NUMERIC_FIELDS.markup);
/** A line discount in percent, 0–100 (Odoo's sale.order.line.discount). */
export const discountInput = numberInput(NUMERIC_FIELDS.discount, {
  range: DISCOUNT_OUT_OF_RANGE,
  decimals: DISCOUNT_OUT_OF_RANGE,
}).refine(isValidDiscount, DISCOUNT_OUT_OF_RANGE);

/** An ERP record id (product, partner, user, template): a positive int4, as the local columns store it. */
export function erpIdInput(what: string) {
  const message = `Unknown ${what} id`;
  return z.number({ error: message }).int(message).positive(message).max(MAX_INT4, message);
}

/** The same id taken from a path parameter (text). */
export function erpIdParam(what: string) {
  const message = `Unknown ${what} id`;
  return z
    .string()
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().int().positive(message).max(MAX_INT4, message));
}

/** A position in a list (0-based) or an insertion point (−1 = append), within int4. */
export const indexInput = z
  .number({ error: 'Expected an index' })
  .int('Expected an index')
  .min(0, 'Expected an index')
  .max(MAX_INT4, 'Expected an index');
export const indexParam = z.coerce
  .number({ error: 'Expected an index' })
  .int('Expected an index')
  .min(0, 'Expected an index')
  .max(MAX_INT4, 'Expected an index');
export const insertionPointInput = z
  .number({ error: 'Expected an insertion point' })
  .int('Expected an insertion point')
  .min(-1, 'Expected an insertion point')
  .max(MAX_INT4, 'Expected an insertion point');

// ─── Line bodies shared by the sale and template lines routes ───────────────────────────────────────────────────

/** POST …/lines/create: products of the catalog and their quantities, at an insertion point (−1: the end). */
export const createLinesBodySchema = z.strictObject({
  lines: z
    .array(z.strictObject({ product: erpIdInput('product'), quantity: quantityInput.default('1') }))
    .min(1, 'Choose at least one product')
    .max(1000),
  sequence: insertionPointInput.default(-1),
});

/** The most lines one paste adds (docs/product/rules.md#paste-from-a-spreadsheet). */
export const MAX_PASTE_LINES = 2000;

/**
 * POST …/lines/paste: rows of a spreadsheet, matched and reviewed, at an insertion point as ONE edit: a product of the
 * catalog (the sheet's price, cost and description where the person chose them, else the catalog's), or a note.
 */
export const pasteLinesBodySchema = z.strictObject({
  lines: z
    .array(
      z.union([
        z.strictObject({
          product: erpIdInput('product'),
          quantity: quantityInput.default('1'),
          price: priceInput.optional(),
          cost: costInput.optional(),
          name: z.string().trim().min(1).max(20_000).optional(),
        }),
        z.strictObject({ note: z.string().trim().min(1, 'A note needs a text').max(20_000) }),
      ]),
    )
    .min(1, 'Paste at least one line')
    .max(MAX_PASTE_LINES),
  sequence: insertionPointInput.default(-1),
});
export type PasteLinesBody = z.infer<typeof pasteLinesBodySchema>;

/** POST …/lines/note|header: the text at an insertion point. */
export const textLineBodySchema = z.strictObject({
  name: z.string().max(20_000),
  sequence: insertionPointInput.default(-1),
});

/** POST …/lines/reorder: the line at `index` moves to the insertion point. */
export const reorderLineBodySchema = z.strictObject({ index: indexInput, line_insertion_point: insertionPointInput });
