// Line edits and related-product quantities (docs/product/rules.md#line-edits, docs/product/rules.md#bundles).
import { RELATED_MULTIPLIER_DEFAULT, RELATED_MULTIPLIER_MIN } from './constants';
import type { Numeric } from './money';
import { toDecimal, toDecimalOrZero } from './money';
import type { PricingLine } from './pricing';
import { isProductLine } from './pricing';

/** A line discount is a percent of the price between these bounds (inclusive). */
export const DISCOUNT_MIN = 0;
export const DISCOUNT_MAX = 100;
export const DISCOUNT_OUT_OF_RANGE = 'Discount must be between 0 and 100';

/** Whether a discount (number or numeric text) is a number within 0..100. */
export function isValidDiscount(value: unknown): boolean {
  try {
    const d = toDecimal(value);
    return d.gte(DISCOUNT_MIN) && d.lte(DISCOUNT_MAX);
  } catch {
    return false;
  }
}

/** Fields that only product lines carry; an edit never applies them to a note or header. */
export const PRODUCT_ONLY_FIELDS = ['price', 'cost', 'quantity', 'discount', 'price_percentage_active'] as const;
const NUMERIC_FIELDS: ReadonlySet<string> = new Set(['price', 'cost', 'quantity', 'discount']);
/** Never changed by an edit: identity and kind (Odoo cannot change display_type after create). */
const IMMUTABLE_FIELDS: ReadonlySet<string> = new Set(['id', '_id', 'kind']);

function sameValue(key: string, a: unknown, b: unknown): boolean {
  if (NUMERIC_FIELDS.has(key) && a !== null && a !== undefined && b !== null && b !== undefined) {
    return toDecimal(a).eq(toDecimal(b));
  }
  return Object.is(a, b);
}

/**
 * Applies an edit to one line (docs/product/rules.md#line-edits): only fields whose value actually changes are applied
 * (numbers compare by value, so "10.00" equals 10); price, cost, quantity, discount and Based-on-Total are never
 * applied to notes or headers; id/_id/kind are never changed; undefined patch values are ignored. Returns the new line
 * and the changed keys. Numeric patch values are validated (InvalidNumberError) but kept as given.
 */
export function applyLineEdit<T extends PricingLine>(line: T, patch: Partial<T>): { line: T; changed: (keyof T)[] } {
  const changed: (keyof T)[] = [];
  const next: T = { ...line };
  const productLine = isProductLine(line);
  for (const key of Object.keys(patch) as (keyof T & string)[]) {
    const value = patch[key];
    if (value === undefined || IMMUTABLE_FIELDS.has(key)) continue;
    if (!productLine && (PRODUCT_ONLY_FIELDS as readonly string[]).includes(key)) continue;
    if (NUMERIC_FIELDS.has(key) && value !== null) toDecimal(value);
    if (sameValue(key, line[key], value)) continue;
    next[key] = value as T[keyof T & string];
    changed.push(key);
  }
  return { line: changed.length > 0 ? next : line, changed };
}

/** Multi-line edit: the same patch applied to every selected line. */
export function applyLinesEdit<T extends PricingLine>(lines: readonly T[], patch: Partial<T>): T[] {
  return lines.map((l) => applyLineEdit(l, patch).line);
}

/** The related-products multiplier from user input: a finite number ≥ 1, else the default/minimum. */
export function relatedMultiplier(input: unknown): number {
  const n = typeof input === 'string' && input.trim() !== '' ? Number(input) : input;
  if (typeof n !== 'number' || !Number.isFinite(n)) return RELATED_MULTIPLIER_DEFAULT;
  return Math.max(RELATED_MULTIPLIER_MIN, n);
}

/**
 * When a product with related items is added, each related quantity is multiplied by the chosen quantity
 * (clamped by relatedMultiplier). Quantities come back as exact decimal strings.
 */
export function multiplyRelatedQuantities<T extends { quantity?: Numeric | null }>(
  items: readonly T[],
  multiplier: unknown,
): (Omit<T, 'quantity'> & { quantity: string })[] {
  const m = relatedMultiplier(multiplier);
  return items.map((item) => ({ ...item, quantity: toDecimalOrZero(item.quantity).times(m).toFixed() }));
}

export const DESCRIPTION_REQUIRED = 'Description is required';

/** A note or a header is nothing but its text: one without text (empty or blank) would be a blank row. */
export function isMissingDescription(kind: string, description: string | null | undefined): boolean {
  return kind !== 'product' && (description ?? '').trim() === '';
}
