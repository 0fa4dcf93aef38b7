// An edit of a cell of the lines grid as the update call sends it (docs/product/rules.md#line-edits): checked as the
// server checks it first, then applied to the selected lines it concerns.
import {
  DESCRIPTION_REQUIRED,
  DISCOUNT_OUT_OF_RANGE,
  NUMERIC_FIELDS as FIELD_LIMITS,
  isMissingDescription,
  isValidDiscount,
  type NumericField,
} from '@quotewright/domain';
import { checkNumberInput, type NumberCheck } from '../../../components/lines/numberInput';
import type { LineChanges, SaleLine } from '../api/types';
import type { LineField } from '../lineField';
import type { CellSave } from './EditableCell';

const NUMERIC_FIELDS: readonly LineField[] = ['quantity', 'price', 'discount', 'cost', 'markup_percent'];
/** The bounds the server checks each number against (the columns' sizes). */
const LIMITS: Record<Exclude<LineField, 'name'>, NumericField> = {
  quantity: FIELD_LIMITS.quantity,
  price: FIELD_LIMITS.price,
  discount: FIELD_LIMITS.discount,
  cost: FIELD_LIMITS.cost,
  markup_percent: FIELD_LIMITS.markup,
};

const discountRule = (value: string) => (isValidDiscount(value) ? undefined : DISCOUNT_OUT_OF_RANGE);

/** The value typed in `field` of `target` as it is sent, or why it is refused before it is sent. */
export function checkCellValue(field: LineField, raw: string, target: SaleLine | undefined): NumberCheck {
  if (field !== 'name') return checkNumberInput(raw, LIMITS[field], field === 'discount' ? discountRule : undefined);
  // a note or header never loses its text (it would be a blank row)
  if (target && isMissingDescription(target.kind, raw)) return { ok: false, message: DESCRIPTION_REQUIRED };
  return { ok: true, value: raw };
}

function currentValue(line: SaleLine, field: LineField): string {
  if (field === 'markup_percent') return String(line.markup_percent);
  if (field === 'discount') return String(line.discount);
  return line[field];
}

/**
 * The update calls for an edit of `field` on `target` (docs/product/rules.md#line-edits): with several rows selected
 * (the target among them) the change applies to all of them; price, discount, cost, quantity and markup never apply to
 * notes or headers; unchanged lines are left out. Each carries the value it is based on: the target's from `save` (what
 * its cell showed when editing started), the others' as shown now; an explicit overwrite is based on the values it
 * replaces.
 */
export function lineEditChanges(
  lines: readonly SaleLine[],
  selected: ReadonlySet<string>,
  targetId: string,
  field: LineField,
  value: string,
  save?: CellSave,
): LineChanges[] {
  const targets =
    selected.size > 1 && selected.has(targetId)
      ? lines.filter((l) => selected.has(l._id))
      : lines.filter((l) => l._id === targetId);
  const numeric = NUMERIC_FIELDS.includes(field);
  const out: LineChanges[] = [];
  for (const line of targets) {
    if (numeric && line.kind !== 'product') continue;
    // a note or header never loses its text (it would be a blank row)
    if (field === 'name' && isMissingDescription(line.kind, value)) continue;
    const old = currentValue(line, field);
    if (numeric ? Number(old) === Number(value) : old === value) continue;
    const replaces = save?.overwrite?.get(line._id);
    const base = replaces ?? (line._id === targetId && save ? save.base : old);
    out.push({
      _id: line._id,
      [field]: value,
      base: { [field]: base },
      ...(replaces !== undefined && { overwrite: true }),
    });
  }
  return out;
}
