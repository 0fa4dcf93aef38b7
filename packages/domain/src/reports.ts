// Analytic account summary: local refiltering rules (docs/product/rules.md#analytic-account-summary).
import { toDateOnly } from './format';
import { isConfirmedState } from './states';

export const ENTRY_STATUSES = ['posted', 'unposted', 'both'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];
export const DEFAULT_ENTRY_STATUS: EntryStatus = 'posted';
export const ENTRY_STATUS_LABELS: Readonly<Record<EntryStatus, string>> = Object.freeze({
  posted: 'Posted',
  unposted: 'Unposted',
  both: 'Both',
});

export function isEntryStatus(x: unknown): x is EntryStatus {
  return typeof x === 'string' && (ENTRY_STATUSES as readonly string[]).includes(x);
}

export interface AnalyticFilters {
  /** Keep only rows with a customer (default on). */
  filterClients: boolean;
  /** Keep only rows with at least one sale in state sale or done (default on). */
  filterSales: boolean;
  /** Inclusive bounds on the completion date; a missing bound is not checked. */
  startDate?: string | Date | null;
  endDate?: string | Date | null;
}

export const DEFAULT_ANALYTIC_FILTERS: Readonly<AnalyticFilters> = Object.freeze({
  filterClients: true,
  filterSales: true,
  startDate: null,
  endDate: null,
});

export interface AnalyticRow {
  customer?: { id?: unknown; name?: string | null } | null | false;
  date_completed?: string | Date | null | false;
  sales?: readonly { state?: string | null }[] | null;
}

/**
 * Whether a row passes the local filters. A row without a completion date passes the start-date check and fails
 * the end-date check (docs/product/rules.md#analytic-account-summary). Dates compare by calendar day ('YYYY-MM-DD',
 * instants in UTC).
 */
export function passesAnalyticFilters(row: AnalyticRow, filters: AnalyticFilters): boolean {
  if (filters.filterClients && !row.customer) return false;
  if (filters.filterSales && !(row.sales ?? []).some((s) => isConfirmedState(s.state))) return false;
  const completed = row.date_completed ? toDateOnly(row.date_completed) : '';
  const start = filters.startDate ? toDateOnly(filters.startDate) : '';
  const end = filters.endDate ? toDateOnly(filters.endDate) : '';
  if (start && completed && completed < start) return false;
  if (end && (!completed || completed > end)) return false;
  return true;
}

/** Refilters already fetched rows (client, sales, start and end date changes need no new fetch). */
export function filterAnalyticRows<T extends AnalyticRow>(rows: readonly T[], filters: AnalyticFilters): T[] {
  return rows.filter((r) => passesAnalyticFilters(r, filters));
}

/** Changing these filters marks the report not loaded: it must be run again. */
export const REFETCH_FILTERS = ['entryStatus', 'accountingDate'] as const;
/** Changing these refilters the fetched data locally. */
export const LOCAL_FILTERS = ['filterClients', 'filterSales', 'startDate', 'endDate'] as const;

export function filterChangeNeedsRefetch(filter: string): boolean {
  return (REFETCH_FILTERS as readonly string[]).includes(filter);
}
