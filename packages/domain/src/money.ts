// Money is decimal, never float (docs/product/rules.md#money). Values cross boundaries as strings ("1234.50");
// inside, decimal.js.
//
// Conventions:
// - Money results are strings with exactly 2 decimals ("1234.50", "-3.10", never "-0.00").
// - Rounding is half-up to cents, ties away from zero for negatives (Odoo's float_round HALF-UP):
//   1.005 → 1.01, -1.005 → -1.01. A JS number is read through its shortest string form, so 1.005 is 1.005.
// - Percentages are plain JS numbers rounded half-up to 2 decimals (28.57), because they are only displayed,
//   compared with thresholds and never summed into money.
import Decimal from 'decimal.js';
import { DomainError } from './errors';

/** Private constructor: 60 significant digits so sums and products of any accepted input are exact. */
const Dec = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -60, toExpPos: 60 });

const ZERO = new Dec(0);

export { Decimal };
/** Anything a number can come as: a DB numeric (string), a JS number or a Decimal. */
export type Numeric = string | number | Decimal;
/** A 2-decimal money string such as "1234.50". */
export type MoneyString = string;

/**
 * Values at or above this absolute value are rejected. Request fields are checked much tighter, against their
 * columns (limits.ts); this bound only has to keep every sum and product of accepted values readable again
 * (a price below 1e12 × a quantity below 1e10, over thousands of lines, stays far below it).
 */
export const MAX_ABS_NUMERIC = 1e30;
/** More decimal places than this is refused: writing such a value out (toFixed) would cost as many characters. */
export const MAX_DECIMAL_PLACES = 100;
const MAX_NUMERIC_TEXT = 64;
const NUMERIC_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

export class InvalidNumberError extends DomainError {
  readonly input: unknown;
  constructor(input: unknown, reason = 'is not a valid number') {
    super('INVALID_NUMBER', `${describe(input)} ${reason}`);
    this.name = 'InvalidNumberError';
    this.input = input;
  }
}

function describe(input: unknown): string {
  if (typeof input === 'string') return JSON.stringify(input.length > 40 ? input.slice(0, 40) + '…' : input);
  if (typeof input === 'number' || typeof input === 'bigint' || typeof input === 'boolean') return String(input);
  if (input === null) return 'null';
  if (input === undefined) return 'undefined';
  return typeof input;
}

/**
 * Parses a number exactly. Accepts finite JS numbers, bigints, Decimals and numeric strings
 * ("12", "-0.5", ".5", "1e3", surrounding spaces allowed). Rejects NaN, ±Infinity, empty or garbage strings
 * ("1,234", "$5", "abc"), null/undefined and anything with |value| ≥ MAX_ABS_NUMERIC, with InvalidNumberError.
 */
export function toDecimal(input: unknown): Decimal {
  // Our own results (sums, products) are trusted and immutable: no range check, no copy.
  if (Decimal.isDecimal(input) && input.constructor === Dec) return input.isZero() ? ZERO : input;
  let d: Decimal;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) throw new InvalidNumberError(input);
    d = new Dec(input);
  } else if (typeof input === 'string') {
    const text = input.trim();
    if (text.length > MAX_NUMERIC_TEXT || !NUMERIC_TEXT.test(text)) throw new InvalidNumberError(input);
    d = new Dec(text);
  } else if (typeof input === 'bigint') {
    d = new Dec(input.toString());
  } else if (Decimal.isDecimal(input)) {
    if (!input.isFinite()) throw new InvalidNumberError(input);
    d = new Dec(input);
  } else {
    throw new InvalidNumberError(input);
  }
  if (d.isZero()) return ZERO;
  if (d.abs().gte(MAX_ABS_NUMERIC) || d.decimalPlaces() > MAX_DECIMAL_PLACES) {
    throw new InvalidNumberError(input, 'is out of range');
  }
  return d;
}

/** Like toDecimal, but null, undefined and '' (a blank DB value or form field) read as 0. */
export function toDecimalOrZero(input: Numeric | null | undefined): Decimal {
  if (input === null || input === undefined || (typeof input === 'string' && input.trim() === '')) return ZERO;
  return toDecimal(input);
}

/** Half-up rounding to cents (ties away from zero). */
export function round2(x: Numeric): Decimal {
  const r = toDecimal(x).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return r.isZero() ? ZERO : r;
}

/** The 2-decimal money string of a value, rounded half-up: money(1.005) → "1.01", money(-0.001) → "0.00". */
export function money(x: Numeric): MoneyString {
  return round2(x).toFixed(2);
}

/** Validates user or API input and returns it as a money string (rounded to cents). Throws InvalidNumberError. */
export function parseMoney(input: unknown): MoneyString {
  return money(toDecimal(input));
}

/** Validates input and returns it as an exact plain decimal string without exponent ("1e3" → "1000"). */
export function parseDecimal(input: unknown): string {
  return toDecimal(input).toFixed();
}

/**
 * round2(price × qty × (1 − discount/100)) as a money string (Odoo's price_subtotal). Null/blank reads as 0 (no
 * discount).
 */
export function lineSubtotal(
  price: Numeric | null | undefined,
  qty: Numeric | null | undefined,
  discount?: Numeric | null,
): MoneyString {
  const gross = toDecimalOrZero(price).times(toDecimalOrZero(qty));
  const d = toDecimalOrZero(discount);
  return money(d.isZero() ? gross : gross.times(new Dec(1).minus(d.div(100))));
}

/** round2(cost × qty) as a money string. Null/blank reads as 0. */
export function lineCostTotal(cost: Numeric | null | undefined, qty: Numeric | null | undefined): MoneyString {
  return money(toDecimalOrZero(cost).times(toDecimalOrZero(qty)));
}

/** Exact sum, rounded to cents once at the end. Null/blank entries read as 0. */
export function sumMoney(values: Iterable<Numeric | null | undefined>): MoneyString {
  let total = new Dec(0);
  for (const v of values) total = total.plus(toDecimalOrZero(v));
  return money(total);
}

/** a − b as a money string. */
export function subtractMoney(a: Numeric, b: Numeric): MoneyString {
  return money(toDecimal(a).minus(toDecimal(b)));
}

/** Numeric equality regardless of representation: moneyEquals("10", 10.0) and ("1.50", "1.5") are true. */
export function moneyEquals(a: Numeric | null | undefined, b: Numeric | null | undefined): boolean {
  return toDecimalOrZero(a).eq(toDecimalOrZero(b));
}

/** A percent value rounded half-up to 2 decimals, as a number (never -0). */
export function roundPercent(x: Numeric): number {
  const n = toDecimal(x).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
  return n === 0 ? 0 : n;
}

/** part / whole × 100 rounded half-up to 2 decimals; 0 when whole is 0. */
export function percentOf(part: Numeric, whole: Numeric): number {
  const w = toDecimal(whole);
  if (w.isZero()) return 0;
  const p = toDecimal(part);
  // Decimal division is the costliest step of pricing a 2,000-line sale. A float quotient is exact enough unless
  // it sits next to a rounding tie (or is huge); only then divide in decimal.
  const hundredths = (p.toNumber() / w.toNumber()) * 10_000;
  const abs = Math.abs(hundredths);
  const frac = abs - Math.floor(abs);
  if (abs < 1e12 && Math.abs(frac - 0.5) > abs * 1e-13 + 1e-9) {
    const n = (Math.sign(hundredths) * Math.round(abs)) / 100;
    return n === 0 ? 0 : n;
  }
  return roundPercent(p.div(w).times(100));
}

/** base × percent / 100 as a money string (e.g. applyPercent("200", 12.5) → "25.00"). */
export function applyPercent(base: Numeric, percent: Numeric): MoneyString {
  return money(toDecimal(base).times(toDecimal(percent)).div(100));
}

/** A ratio (0.2857) as a percent number (28.57). Odoo's margin_percent is a ratio. */
export function ratioToPercent(ratio: Numeric): number {
  return roundPercent(toDecimal(ratio).times(100));
}
