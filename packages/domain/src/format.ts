// Display formatting (docs/product/rules.md#money): US money with $ and 2 decimals, percents with 2 decimals,
// MM/dd/yyyy dates. Formatters never throw: a missing or unreadable value formats as '' so a table cell stays empty.
import type { Numeric } from './money';
import { round2, roundPercent, toDecimal } from './money';

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The value rounded half-up to `places` decimals, as text; null for null/blank/unreadable input. */
function fixedN(value: Numeric | null | undefined, places: number): string | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  try {
    if (places === 2) return round2(value).toFixed(2);
    return toDecimal(value).toDecimalPlaces(places, 4 /* ROUND_HALF_UP */).toFixed(places);
  } catch {
    return null;
  }
}

/**
 * How amounts are written: the ERP company's currency (res.currency symbol, position, decimal_places). The default,
 * used while the company is unknown, is US dollars: "$" before the amount, 2 decimals.
 */
export interface MoneyCurrency {
  symbol: string;
  position: 'before' | 'after';
  decimalPlaces: number;
}

export const DEFAULT_CURRENCY: MoneyCurrency = { symbol: '$', position: 'before', decimalPlaces: 2 };

function withGrouping(text: string): { negative: boolean; body: string } {
  const negative = text.startsWith('-');
  const [int = '0', frac] = (negative ? text.slice(1) : text).split('.');
  return { negative, body: frac === undefined ? groupThousands(int) : `${groupThousands(int)}.${frac}` };
}

/**
 * "$1,234.56"; negatives "-$1,234.56"; rounded half-up to cents; '' for null/blank/unreadable input. With a
 * currency: its symbol before ("$1,234.56") or after ("1,234.56 €", a space between) and its decimal places.
 */
export function formatMoney(value: Numeric | null | undefined, currency: MoneyCurrency = DEFAULT_CURRENCY): string {
  const places = Number.isInteger(currency.decimalPlaces) ? Math.min(Math.max(currency.decimalPlaces, 0), 6) : 2;
  const text = fixedN(value, places);
  if (text === null) return '';
  const { negative, body } = withGrouping(text);
  const sign = negative ? '-' : '';
  return currency.position === 'after' ? `${sign}${body} ${currency.symbol}` : `${sign}${currency.symbol}${body}`;
}

/** "12.34%" (2 decimals, thousands grouped: "1,234.50%"); '' for null/blank/unreadable input. */
export function formatPercent(value: Numeric | null | undefined): string {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return '';
  let n: number;
  try {
    n = roundPercent(toDecimal(value));
  } catch {
    return '';
  }
  const { negative, body } = withGrouping(toDecimal(n).toFixed(2));
  return `${negative ? '-' : ''}${body}%`;
}

export type DateInput = Date | string | number | null | undefined;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
// Odoo's datetime format 'YYYY-MM-DD HH:MM:SS' is UTC without a zone marker.
const ODOO_DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;

function validDateOnly(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** A Date from a Date, epoch milliseconds or an ISO/Odoo datetime string (no zone means UTC); null if invalid. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined) return null;
  let d: Date;
  if (value instanceof Date) d = new Date(value.getTime());
  else if (typeof value === 'number') d = new Date(value);
  else {
    const s = value.trim();
    if (s === '') return null;
    const m = DATE_ONLY.exec(s);
    if (m) {
      const [y, mo, da] = [Number(m[1]), Number(m[2]), Number(m[3])];
      return validDateOnly(y, mo, da) ? new Date(Date.UTC(y, mo - 1, da)) : null;
    }
    if (ODOO_DATETIME.test(s)) d = new Date(s.replace(' ', 'T') + 'Z');
    else if (/^\d{4}-\d{2}-\d{2}T/.test(s) && !HAS_ZONE.test(s)) d = new Date(s + 'Z');
    else d = new Date(s);
  }
  return Number.isNaN(d.getTime()) ? null : d;
}

export interface DateFormatOptions {
  /** IANA zone for Date values and datetimes. Default 'UTC'. Date-only strings never shift. */
  timeZone?: string;
}

/**
 * Formatters by zone and kind: making an Intl.DateTimeFormat costs far more than using one (a list of dates, or a
 * "last modified" shown again at every edit, would make one per value). A bad zone is remembered as null.
 */
const formatters = new Map<string, Intl.DateTimeFormat | null>();
const FORMATTERS_KEPT = 64;

function formatterFor(timeZone: string, withTime: boolean): Intl.DateTimeFormat | null {
  const key = `${withTime ? 't' : 'd'}${timeZone}`;
  let f = formatters.get(key);
  if (f !== undefined) return f;
  try {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hour12: true } : {}),
    });
  } catch {
    f = null;
  }
  if (formatters.size >= FORMATTERS_KEPT) formatters.delete(formatters.keys().next().value!);
  formatters.set(key, f);
  return f;
}

function partsIn(d: Date, timeZone: string, withTime: boolean): Record<string, string> | null {
  try {
    const f = formatterFor(timeZone, withTime);
    if (!f) return null;
    const out: Record<string, string> = {};
    for (const p of f.formatToParts(d)) out[p.type] = p.value;
    return out;
  } catch {
    return null;
  }
}

/**
 * MM/dd/yyyy. A date-only string 'YYYY-MM-DD' is reformatted as is (never shifted by a time zone); a Date,
 * epoch or datetime string is shown in `timeZone` (default UTC). '' for missing or invalid input.
 */
export function formatDate(value: DateInput, options: DateFormatOptions = {}): string {
  if (typeof value === 'string') {
    const m = DATE_ONLY.exec(value.trim());
    if (m) return validDateOnly(Number(m[1]), Number(m[2]), Number(m[3])) ? `${m[2]}/${m[3]}/${m[1]}` : '';
  }
  const d = toDate(value);
  if (!d) return '';
  const p = partsIn(d, options.timeZone ?? 'UTC', false);
  return p ? `${p.month}/${p.day}/${(p.year ?? '').padStart(4, '0')}` : '';
}

/** "MM/dd/yyyy hh:mm AM" in `timeZone` (default UTC); a date-only string shows midnight. '' when invalid. */
export function formatDateTime(value: DateInput, options: DateFormatOptions = {}): string {
  const d = toDate(value);
  if (!d) return '';
  const isDateOnly = typeof value === 'string' && DATE_ONLY.test(value.trim());
  const p = partsIn(d, isDateOnly ? 'UTC' : (options.timeZone ?? 'UTC'), true);
  return p ? `${p.month}/${p.day}/${(p.year ?? '').padStart(4, '0')} ${p.hour}:${p.minute} ${p.dayPeriod}` : '';
}

/** 'YYYY-MM-DD' of a value (UTC for instants; date-only strings unchanged), as report API paths take it. */
export function toDateOnly(value: DateInput): string {
  const d = toDate(value);
  if (!d) return '';
  return d.toISOString().slice(0, 10);
}
