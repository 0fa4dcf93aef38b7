// Display formatting glue: the shared domain formatters (docs/product/rules.md#money), with instants shown in the
// browser's time zone.
import { type DateInput, formatDate as formatDateIn, formatDateTime as formatDateTimeIn } from '@quotewright/domain';

export { formatMoney, formatPercent } from '@quotewright/domain';

/** The browser's time zone, read once a second at most (reading it makes a formatter: costly per value shown). */
let zone: { name: string; at: number } | undefined;
function localZone(): string {
  const now = Date.now();
  if (zone && now - zone.at < 1000) return zone.name;
  let name = 'UTC';
  try {
    name = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    // no Intl zone: UTC
  }
  zone = { name, at: now };
  return name;
}

/** MM/dd/yyyy; date-only strings are never shifted, instants are shown in the local zone. */
export function formatDate(value: DateInput): string {
  return formatDateIn(value, { timeZone: localZone() });
}

/** MM/dd/yyyy hh:mm AM in the local zone. */
export function formatDateTime(value: DateInput): string {
  return formatDateTimeIn(value, { timeZone: localZone() });
}
