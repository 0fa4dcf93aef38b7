// Display formatting glue: the shared domain formatters (SPEC §9), with instants shown in the browser's time zone.
import { type DateInput, formatDate as formatDateIn, formatDateTime as formatDateTimeIn } from '@quotewright/domain';

export { formatMoney, formatPercent } from '@quotewright/domain';

function localZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** MM/dd/yyyy; date-only strings are never shifted, instants are shown in the local zone. */
export function formatDate(value: DateInput): string {
  return formatDateIn(value, { timeZone: localZone() });
}

/** MM/dd/yyyy hh:mm AM in the local zone. */
export function formatDateTime(value: DateInput): string {
  return formatDateTimeIn(value, { timeZone: localZone() });
}
