// No silent overwrite (decision 0020): an edit of a line's field carries the value the person saw when
// they started it (its base). A change of a field whose value moved on since — someone else changed it — is refused
// and the person chooses; edits of other fields or other lines merge. These are the pure rules both sides use: when
// a base still holds, and who set a field last.
import { toDecimal } from './money';

/** The line fields a person edits in the lines table (the names the API uses). */
export const EDIT_BASE_FIELDS = [
  'name',
  'quantity',
  'price',
  'cost',
  'discount',
  'markup_percent',
  'price_percentage_active',
] as const;
export type EditBaseField = (typeof EDIT_BASE_FIELDS)[number];

/** Fields stored on the line; markup % is not stored: it follows from price, cost and discount. */
export type StoredEditField = Exclude<EditBaseField, 'markup_percent'>;

/** The values an edit was based on, by field (numbers as the API answers them, or as numeric text). */
export type EditBase = Partial<Record<EditBaseField, string | number | boolean>>;

/** Who set a field and when (ISO time). */
export interface FieldEditor {
  id: string;
  name: string;
  at: string;
}

/** Who last set each stored field of a line (fields set otherwise — a copy, an import — have no entry). */
export type LineEditors = Partial<Record<StoredEditField, FieldEditor>>;

const NUMERIC: ReadonlySet<EditBaseField> = new Set(['quantity', 'price', 'cost', 'discount', 'markup_percent']);

/** The stored fields a field's value follows from. */
export function storedFieldsOf(field: EditBaseField): readonly StoredEditField[] {
  return field === 'markup_percent' ? ['price', 'cost', 'discount'] : [field];
}

/**
 * Whether the value a person based an edit on is still the field's value: numbers compare by value ("33" = "33.000"),
 * text exactly, Based on Total as a flag. A base that is not a number where one is expected never holds.
 */
export function isSameFieldValue(field: EditBaseField, base: unknown, current: unknown): boolean {
  if (NUMERIC.has(field)) {
    try {
      return toDecimal(base).eq(toDecimal(current));
    } catch {
      return false;
    }
  }
  if (field === 'price_percentage_active') return Boolean(base) === Boolean(current) && typeof base === 'boolean';
  return base === current;
}

/** Who set `field` last: for markup %, whoever last set its price, cost or discount. */
export function lastEditorOf(editors: LineEditors | null | undefined, field: EditBaseField): FieldEditor | undefined {
  let latest: FieldEditor | undefined;
  for (const f of storedFieldsOf(field)) {
    const e = editors?.[f];
    if (e && (!latest || e.at > latest.at)) latest = e;
  }
  return latest;
}

/** The line's editors once `by` has set `fields`. */
export function withEditor(
  editors: LineEditors | null | undefined,
  fields: readonly StoredEditField[],
  by: FieldEditor,
): LineEditors {
  const next: LineEditors = { ...editors };
  for (const f of fields) next[f] = by;
  return next;
}
