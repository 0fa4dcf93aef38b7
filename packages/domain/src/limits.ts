// One source of truth for the size of numbers (decision 0010): the database columns' precisions are declared
// here, packages/db builds its numeric columns from them, and every input check derives its range from them. An
// input is parsed ONCE, cheaply and without ever writing a huge exponent out digit by digit.
import Decimal from 'decimal.js';

/** A numeric(precision, scale) column. */
export interface NumericColumn {
  readonly precision: number;
  readonly scale: number;
}

/** The numeric columns of the schema (packages/db uses these very objects). */
export const NUMERIC_COLUMNS = {
  /** sale_lines.quantity, template lines */
  quantity: { precision: 14, scale: 4 },
  /** sale_lines.price, products.price */
  price: { precision: 14, scale: 2 },
  /** sale_lines.cost, products.cost */
  cost: { precision: 14, scale: 4 },
  /** sales.total_price */
  total: { precision: 16, scale: 2 },
  /** sale_lines.discount (a percent, 0–100) */
  discount: { precision: 7, scale: 4 },
} as const satisfies Record<string, NumericColumn>;

/** Values must stay strictly below this in absolute value to fit the column: 10^(precision − scale). */
export function columnMax(column: NumericColumn): number {
  return 10 ** (column.precision - column.scale);
}

/** A numeric input field: its column, the name used in messages, and an optional tighter bound. */
export interface NumericField {
  readonly label: string;
  /** Digits kept after the point (the value is rounded half-up to it, as the column would). */
  readonly scale: number;
  /** |value| must be strictly below this. */
  readonly max: number;
  /** Values below 0 refused. */
  readonly nonNegative?: boolean;
}

export function fieldOf(label: string, column: NumericColumn, extra: Partial<NumericField> = {}): NumericField {
  return { label, scale: column.scale, max: columnMax(column), ...extra };
}

/** The numeric inputs of the API, each derived from its column. */
export const NUMERIC_FIELDS = {
  quantity: fieldOf('Quantity', NUMERIC_COLUMNS.quantity),
  price: fieldOf('Price', NUMERIC_COLUMNS.price),
  cost: fieldOf('Cost', NUMERIC_COLUMNS.cost),
  /** Checked 0–100 on top (DISCOUNT_OUT_OF_RANGE); the column bound keeps the parse cheap. */
  discount: fieldOf('Discount', NUMERIC_COLUMNS.discount),
  /** A markup percent is not stored; the price it yields is checked against the price column. */
  markup: { label: 'Markup', scale: 6, max: 1e6 },
} as const satisfies Record<string, NumericField>;

/**
 * Lines one sale may hold. Twice the JSON import's cap: a quote beyond it is not workable in a browser, and without a
 * bound a section copied into its own sale again and again doubles each time.
 */
export const MAX_SALE_LINES = 10_000;

/** The largest sale total that fits sales.total_price. */
export const MAX_SALE_TOTAL = columnMax(NUMERIC_COLUMNS.total);

/** Text longer than this is not a number we accept (the longest exact numeric(16,2) is 19 characters). */
export const MAX_NUMBER_TEXT = 64;
/**
 * More digits after the point than this is refused rather than rounded: nobody types 1e-30 for a quantity, and the
 * bound keeps every later step (rounding, writing out) cheap. JS floats such as 0.1 + 0.2 (17 places) still pass.
 */
export const MAX_INPUT_DECIMALS = 20;

const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;
/** Own constructor: exact for every value that passes the checks below. */
const Dec = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -60, toExpPos: 60 });

export type NumberProblem = 'type' | 'range' | 'decimals' | 'negative';

export type ParsedNumber = { ok: true; value: string } | { ok: false; problem: NumberProblem; message: string };

/** The message for a refused number, naming the field. */
export function numberMessage(field: NumericField, problem: NumberProblem): string {
  switch (problem) {
    case 'type':
      return `${field.label} must be a number`;
    case 'range':
      return `${field.label} is out of range`;
    case 'decimals':
      return `${field.label} has too many decimal places`;
    case 'negative':
      return `${field.label} cannot be negative`;
  }
}

/**
 * Parses a number given as a JSON number or a numeric string and returns it as a plain decimal string rounded
 * half-up to the field's scale ("1e3" → "1000", "2.50000" → "2.5"). The range and the number of decimal places are
 * checked on the parsed mantissa/exponent BEFORE anything is written out, so "1e-150000000" costs microseconds.
 */
export function parseNumberInput(input: unknown, field: NumericField): ParsedNumber {
  const fail = (problem: NumberProblem): ParsedNumber => ({
    ok: false,
    problem,
    message: numberMessage(field, problem),
  });
  let d: Decimal;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return fail('type');
    d = new Dec(input);
  } else if (typeof input === 'string') {
    const text = input.trim();
    if (text.length === 0 || text.length > MAX_NUMBER_TEXT || !NUMBER_TEXT.test(text)) return fail('type');
    d = new Dec(text);
  } else {
    return fail('type');
  }
  if (d.isZero()) return { ok: true, value: '0' };
  if (d.abs().gte(field.max)) return fail('range');
  if (d.decimalPlaces() > MAX_INPUT_DECIMALS) return fail('decimals');
  if (field.nonNegative && d.isNegative()) return fail('negative');
  const rounded = d.toDecimalPlaces(field.scale, Decimal.ROUND_HALF_UP);
  return { ok: true, value: rounded.isZero() ? '0' : rounded.toFixed() };
}

/** PostgreSQL integer (int4): ERP record ids (products, partners, users, templates) and positions are stored so. */
export const MAX_INT4 = 2_147_483_647;
