// Display formatting glue: the shared domain formatters (docs/product/rules.md#money), with instants shown in the
// browser's time zone and amounts in the ERP company's currency (app/providers/companyCurrency.tsx sets it; "$"
// before with 2 decimals until it is known).
import {
  type DateInput,
  DEFAULT_CURRENCY,
  formatDate as formatDateIn,
  formatDateTime as formatDateTimeIn,
  formatMoney as formatMoneyIn,
  type MoneyCurrency,
  type Numeric,
} from '@quotewright/domain';

export { formatPercent } from '@quotewright/domain';

let currency: MoneyCurrency = DEFAULT_CURRENCY;

/** The currency amounts are shown in (the ERP company's); null goes back to US dollars. */
export function setMoneyCurrency(next: MoneyCurrency | null): void {
  currency = next ?? DEFAULT_CURRENCY;
}

export function moneyCurrency(): MoneyCurrency {
  return currency;
}

/** An amount in the company's currency: "$1,234.56", "1,234.56 €"; '' for a missing or unreadable value. */
export function formatMoney(value: Numeric | null | undefined): string {
  return formatMoneyIn(value, currency);
}

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

/** The browser's IANA time zone ('UTC' when unknown). */
export function localZoneName(): string {
  return localZone();
}

/** MM/dd/yyyy; date-only strings are never shifted, instants are shown in the local zone. */
export function formatDate(value: DateInput): string {
  return formatDateIn(value, { timeZone: localZone() });
}

/** MM/dd/yyyy hh:mm AM in the local zone. */
export function formatDateTime(value: DateInput): string {
  return formatDateTimeIn(value, { timeZone: localZone() });
}
