// No silent overwrite (decision 0020): a line edit carries the values it was based on; the server refuses (409
// EDIT_CONFLICT, with the current value and who set it) a change of a field someone else changed since. An explicit
// overwrite (`overwrite: true`, based on the value it replaces) tells the person whose value was replaced. People
// see, on a row, who has one of its cells open (presence). The shapes of all of it, shared by server and web.
import { EDIT_BASE_FIELDS, type EditBaseField, toDecimal } from '@quotewright/domain';
import { z } from 'zod';
import { ACTIVITY_LINE_FIELD_LABELS } from './activity';
import { costInput, discountInput, markupInput, priceInput, quantityInput } from './inputs';

const person = z.object({ id: z.string(), name: z.string() });

/** A base number: as the line's answer shows it (a number or numeric text). */
const baseNumber = z.union([z.string().max(64), z.number()]).refine((v) => {
  try {
    toDecimal(v);
    return true;
  } catch {
    return false;
  }
}, 'Expected a number');

/** The values an edit was based on: the field's value when the person started editing it, as shown to them. */
export const lineEditBaseSchema = z.strictObject({
  name: z.string().max(20_000).optional(),
  quantity: baseNumber.optional(),
  price: baseNumber.optional(),
  cost: baseNumber.optional(),
  discount: baseNumber.optional(),
  markup_percent: baseNumber.optional(),
  price_percentage_active: z.boolean().optional(),
});
export type LineEditBase = z.infer<typeof lineEditBaseSchema>;

/**
 * One line's edit (POST /api/sales/lines/update): the fields to set; `base` the values they were based on (a field
 * without a base is written whatever its value now, as before bases existed); `overwrite` marks a change the person
 * chose to make over someone else's value (its base is that value): the person who set it is told.
 */
export const lineEditSchema = z.strictObject({
  _id: z.uuid('Unknown line id'),
  name: z.string().max(20_000).optional(),
  quantity: quantityInput.optional(),
  price: priceInput.optional(),
  cost: costInput.optional(),
  markup_percent: markupInput.optional(),
  discount: discountInput.optional(),
  price_percentage_active: z.boolean().optional(),
  base: lineEditBaseSchema.optional(),
  overwrite: z.boolean().optional(),
});
export const lineEditsBodySchema = z.array(lineEditSchema).min(1, 'Send at least one line').max(5000);
/** A line edit as a client sends it. */
export type LineEditInput = z.input<typeof lineEditSchema>;

export const EDIT_CONFLICT = 'EDIT_CONFLICT';

/** A field someone else changed since the edit's base: the value now, and who set it when (null: not known). */
export const editConflictSchema = z.object({
  line: z.string(),
  field: z.enum(EDIT_BASE_FIELDS),
  /** The field's value now, as the line's answer shows it. */
  value: z.string(),
  /** The base the refused edit carried. */
  base: z.string(),
  by: person.nullable(),
  at: z.string().nullable(),
});
export type EditConflict = z.infer<typeof editConflictSchema>;

/** The 409 answer: the problem, with every conflicting field of the request (nothing of it was written). */
export const editConflictProblemSchema = z.object({
  status: z.literal(409),
  code: z.literal(EDIT_CONFLICT),
  detail: z.string(),
  conflicts: z.array(editConflictSchema).min(1),
});
export type EditConflictProblem = z.infer<typeof editConflictProblemSchema>;

/** A field as the lines table heads its column ("Qty"). */
export const editFieldLabel = (field: EditBaseField): string => ACTIVITY_LINE_FIELD_LABELS[field];

/** A value in a sentence: long descriptions cut short. */
function shown(value: string): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}

/** "Erin Editor changed Qty to 44 while you were editing". */
export function editConflictText(c: Pick<EditConflict, 'by' | 'field' | 'value'>): string {
  return `${c.by?.name ?? 'Someone'} changed ${editFieldLabel(c.field)} to ${shown(c.value)} while you were editing`;
}

// ─── Realtime ───────────────────────────────────────────────────────────────────────────────────────────────────

/** Client → server `editing`: the line of the sale joined whose cell this socket has open (null: none). */
export const editingPayload = z.strictObject({
  sale: z.uuid('Unknown sale id'),
  line: z.uuid('Unknown line id').nullable(),
});
export type EditingPayload = z.infer<typeof editingPayload>;

/** One socket's open cell: `key` tells sockets apart (one person may have two tabs). */
export const presenceCellSchema = z.object({ key: z.string(), user: person, line: z.string().nullable() });
export type PresenceCell = z.infer<typeof presenceCellSchema>;

/**
 * Server → room `presence`: cells opened or closed (`all`: every open cell of the sale, sent to a socket as it
 * joins; it replaces what the socket knew). A socket that leaves or disconnects is announced with `line: null`.
 */
export const presenceEventSchema = z.object({
  saleId: z.string(),
  all: z.boolean(),
  cells: z.array(presenceCellSchema),
});
export type PresenceEvent = z.infer<typeof presenceEventSchema>;

/** Server → room `value_replaced`: an explicit overwrite replaced `previous`'s value of a field. */
export const valueReplacedEventSchema = z.object({
  saleId: z.string(),
  section: z.string(),
  line: z.string(),
  /** 1-based position of the line in its section, and what it is (a product's model, a note's text). */
  position: z.number().int(),
  label: z.string(),
  field: z.enum(EDIT_BASE_FIELDS),
  /** The value replaced and the new one, as the line's answer shows them. */
  replaced: z.string(),
  value: z.string(),
  previous: person,
  by: person,
});
export type ValueReplacedEvent = z.infer<typeof valueReplacedEventSchema>;

/** "Bob Builder replaced your Qty 44 with 33 on line 2 (DESK-1)"; `values: false` leaves the values out. */
export function valueReplacedText(e: ValueReplacedEvent, values = true): string {
  const what = values ? ` ${shown(e.replaced)} with ${shown(e.value)}` : '';
  return `${e.by.name} replaced your ${editFieldLabel(e.field)}${what} on line ${e.position} (${shown(e.label)})`;
}
