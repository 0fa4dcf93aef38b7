// No silent overwrite (decision 0020): a line edit carries the values it was based on; the server refuses (409
// EDIT_CONFLICT, with the current value and who set it) a change of a field someone else changed since. An explicit
// overwrite (`overwrite: true`, based on the value it replaces) tells the person whose value was replaced. People
// see, on a row, who has one of its cells open (presence). The same holds for a sale's header fields and a section's
// name: the edit may carry `base`, and a field changed since is refused the same way (nobody is named: who set a
// header field or a section name is not kept). The shapes of all of it, shared by server and web.
import { EDIT_BASE_FIELDS, type EditBaseField, toDecimal } from '@quotewright/domain';
import { z } from 'zod';
import { ACTIVITY_HEADER_FIELD_LABELS, ACTIVITY_HEADER_FIELDS, ACTIVITY_LINE_FIELD_LABELS } from './activity';
import { costInput, discountInput, markupInput, priceInput, quantityInput } from './inputs';
import { refSchema } from './sales';

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

/** The header fields an edit of a sale's header may carry a base for (POST /api/sales/{id}). */
export const HEADER_BASE_FIELDS = [...ACTIVITY_HEADER_FIELDS, 'validity_days'] as const;
export type HeaderBaseField = (typeof HEADER_BASE_FIELDS)[number];

/** A header field as the info panel labels it. */
export const HEADER_FIELD_LABELS: Record<HeaderBaseField, string> = {
  ...ACTIVITY_HEADER_FIELD_LABELS,
  validity_days: 'Quote validity (days)',
};

/** A section's name as its editor labels it. */
export const SECTION_NAME_LABEL = 'Section name';

/**
 * The values a header edit was based on: each edited field as the sale's answer showed it when the person started
 * editing (a partner `{id, name}` or null, the validity's days or null).
 */
export const saleHeaderBaseSchema = z.strictObject({
  name: z.string().max(500).optional(),
  customer: refSchema.nullable().optional(),
  customer_invoice: refSchema.nullable().optional(),
  customer_shipping: refSchema.nullable().optional(),
  template: refSchema.nullable().optional(),
  salesperson: refSchema.nullable().optional(),
  validity_days: z.number().int().nullable().optional(),
});
export type SaleHeaderBase = z.infer<typeof saleHeaderBaseSchema>;
/** A header field's value as the sale's answer shows it. */
export type HeaderFieldValue = string | number | { id: number; name: string } | null;

/** Whether two values of a header field are the same (a partner by its id, text exactly, days by value). */
export function isSameHeaderValue(a: HeaderFieldValue | undefined, b: HeaderFieldValue | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a === null || b === null) return a === b;
  if (typeof a === 'object' || typeof b === 'object')
    return typeof a === 'object' && typeof b === 'object' && a.id === b.id;
  return a === b;
}

/** A header field's value in words: a partner's name, the days, nothing for none. */
export const headerValueText = (v: HeaderFieldValue | undefined): string =>
  v === null || v === undefined ? '' : typeof v === 'object' ? v.name : String(v);

/** The values a rename of a section was based on: its name as shown when the person started editing. */
export const sectionEditBaseSchema = z.strictObject({ name: z.string().max(500) });

/** A header field someone else changed since the edit's base (`header: true` in place of a line). */
export const headerEditConflictSchema = z.object({
  header: z.literal(true),
  field: z.enum(HEADER_BASE_FIELDS),
  /** The field's value now, in words (a partner's name; empty for none). */
  value: z.string(),
  /** The base the refused edit carried, in words. */
  base: z.string(),
  /** The field's value now as the sale's answer shows it: what an explicit overwrite is based on. */
  current: z.union([refSchema, z.string(), z.number()]).nullable(),
  by: person.nullable(),
  at: z.string().nullable(),
});
export type HeaderEditConflict = z.infer<typeof headerEditConflictSchema>;

/** A section's name someone else changed since the rename's base (`section` in place of a line). */
export const sectionEditConflictSchema = z.object({
  section: z.string(),
  field: z.literal('name'),
  value: z.string(),
  base: z.string(),
  by: person.nullable(),
  at: z.string().nullable(),
});
export type SectionEditConflict = z.infer<typeof sectionEditConflictSchema>;

/** Any conflict a 409 EDIT_CONFLICT lists: of a line's field, a header field or a section's name. */
export type AnyEditConflict = EditConflict | HeaderEditConflict | SectionEditConflict;

/** The 409 answer: the problem, with every conflicting field of the request (nothing of it was written). */
export const editConflictProblemSchema = z.object({
  status: z.literal(409),
  code: z.literal(EDIT_CONFLICT),
  detail: z.string(),
  conflicts: z.array(z.union([editConflictSchema, headerEditConflictSchema, sectionEditConflictSchema])).min(1),
});
/** The 409 of an edit of lines (`C`: of a header, HeaderEditConflict; of a section's name, SectionEditConflict). */
export type EditConflictProblem<C extends AnyEditConflict = EditConflict> = Omit<
  z.infer<typeof editConflictProblemSchema>,
  'conflicts'
> & { conflicts: C[] };

/** A field as the lines table heads its column ("Qty"). */
export const editFieldLabel = (field: EditBaseField): string => ACTIVITY_LINE_FIELD_LABELS[field];

/** A conflict's field as the person saw it labelled: a line's column, a header field, "Section name". */
export function conflictFieldLabel(c: Pick<AnyEditConflict, 'field'> & { header?: true; section?: string }): string {
  if (c.header) return HEADER_FIELD_LABELS[c.field as HeaderBaseField];
  if (c.section !== undefined) return SECTION_NAME_LABEL;
  return editFieldLabel(c.field as EditBaseField);
}

/** A value in a sentence: long descriptions cut short. */
function shown(value: string): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}

/** "Erin Editor changed Qty to 44 while you were editing" ("Someone changed Customer to Acme …" when not known). */
export function editConflictText(
  c: Pick<AnyEditConflict, 'by' | 'field' | 'value'> & { header?: true; section?: string },
): string {
  return `${c.by?.name ?? 'Someone'} changed ${conflictFieldLabel(c)} to ${shown(c.value) || '(empty)'} while you were editing`;
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
