// Customer documents (decision 0031): how long a quotation is valid and when it expires.

/** "Quote validity (days)" when the admin never set it: Odoo's own default (sale.order validity_date = today + 30). */
export const QUOTE_VALIDITY_DEFAULT_DAYS = 30;
/** The most days a quotation may be valid (ten years): more is a typing mistake. */
export const QUOTE_VALIDITY_MAX_DAYS = 3650;

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The validity that applies: the sale's own when it has one, else the setting. */
export function effectiveValidityDays(saleDays: number | null | undefined, settingDays: number): number {
  return saleDays === null || saleDays === undefined ? settingDays : saleDays;
}

/**
 * The expiry date 'YYYY-MM-DD' of a document dated `date` ('YYYY-MM-DD', or a Date read in UTC) and valid `days`
 * days: the date + days (calendar days, as Odoo's validity_date). '' for an unreadable date or days.
 */
export function quoteExpiryDate(date: string | Date, days: number): string {
  if (!Number.isInteger(days) || days < 0) return '';
  let t: number;
  if (date instanceof Date) {
    t = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  } else {
    const m = YMD.exec(date.trim());
    if (!m) return '';
    t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  }
  if (Number.isNaN(t)) return '';
  return new Date(t + days * 86_400_000).toISOString().slice(0, 10);
}

/** Today 'YYYY-MM-DD' in a time zone (default UTC): the day a document is dated when it is made or sent. */
export function todayIn(timeZone = 'UTC', now: Date = new Date()): string {
  try {
    const p: Record<string, string> = {};
    const f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    for (const x of f.formatToParts(now)) p[x.type] = x.value;
    return `${p.year}-${p.month}-${p.day}`;
  } catch {
    return now.toISOString().slice(0, 10);
  }
}
