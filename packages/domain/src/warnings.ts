// Values that are allowed but that a customer should not see by accident: a negative quantity, price or cost (a
// return, a trade-in, a discount line, a supplier credit) or a zero quantity. They never block an edit or a publish;
// the lines table marks them and the validity and pre-publish checks list them, each with the same sentence.
import { formatMoney, formatPercent } from './format';
import { type Numeric, toDecimal } from './money';

export const LINE_WARNING_CODES = ['NEGATIVE_QUANTITY', 'ZERO_QUANTITY', 'NEGATIVE_PRICE', 'NEGATIVE_COST'] as const;
export type LineWarningCode = (typeof LINE_WARNING_CODES)[number];

/** The line field a warning is about (the cell that shows it). */
export type LineWarningField = 'quantity' | 'price' | 'cost';

export interface LineWarning {
  code: LineWarningCode;
  field: LineWarningField;
  /** One sentence for the person editing: what the customer will see, and the question to ask oneself. */
  message: string;
}

/** What lineWarnings reads of a line (a sale line DTO, a template line DTO or their rows mapped to these names). */
export interface WarnableLine {
  kind: string;
  quantity: Numeric | null | undefined;
  price: Numeric | null | undefined;
  cost: Numeric | null | undefined;
  /** Price and cost are percents of the section's other lines (Based on Total). */
  price_percentage_active?: boolean | null;
}

function decimal(value: Numeric | null | undefined) {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  try {
    return toDecimal(value);
  } catch {
    return null;
  }
}

/**
 * The warnings of one line, in the order of its cells (quantity, price, cost); none for notes and headers. A zero
 * price is not warned of: a free item is shown as such on purpose.
 */
export function lineWarnings(line: WarnableLine): LineWarning[] {
  if (line.kind !== 'product') return [];
  const out: LineWarning[] = [];
  const amount = (v: Numeric) => (line.price_percentage_active ? formatPercent(v) : formatMoney(v));
  const quantity = decimal(line.quantity);
  if (quantity?.isZero())
    out.push({
      code: 'ZERO_QUANTITY',
      field: 'quantity',
      message: 'Zero quantity: the customer will see this line with a quantity of 0 and nothing to pay. Intended?',
    });
  else if (quantity?.isNegative())
    out.push({
      code: 'NEGATIVE_QUANTITY',
      field: 'quantity',
      // as the lines table shows it: "-2", "-0.5"
      message: `Negative quantity: the customer will see ${quantity.toFixed()}. Intended for a return or a trade-in?`,
    });
  const price = decimal(line.price);
  if (price?.isNegative() && !price.isZero())
    out.push({
      code: 'NEGATIVE_PRICE',
      field: 'price',
      message: `Negative price: the customer will see ${amount(price.toString())}. Intended for a discount, a credit or a trade-in?`,
    });
  const cost = decimal(line.cost);
  if (cost?.isNegative() && !cost.isZero())
    out.push({
      code: 'NEGATIVE_COST',
      field: 'cost',
      message: `Negative cost (${amount(cost.toString())}): this line's margin and markup are computed from it. Intended for a supplier credit?`,
    });
  return out;
}

/** The warning of one cell of a line, if any. */
export function lineFieldWarning(line: WarnableLine, field: LineWarningField): LineWarning | undefined {
  return lineWarnings(line).find((w) => w.field === field);
}
