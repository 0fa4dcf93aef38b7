import { saleStateLabel } from './states';

/** The sales list's columns its sales can be grouped by (each group: its count and total, computed by the database). */
export const SALES_LIST_GROUPS = ['state', 'customer', 'salesperson'] as const;
export type SalesListGroup = (typeof SALES_LIST_GROUPS)[number];
/** The sales list's sort keys. */
export const SALES_LIST_SORTS = [
  'quote_number',
  'name',
  'customer',
  'salesperson',
  'total_price',
  'state',
  'updated_on',
] as const;
export type SalesListSort = (typeof SALES_LIST_SORTS)[number];
export type SortDirection = 'asc' | 'desc';

/** The heading of the sales without a client (or salesperson) when the list is grouped by that column. */
export const NO_GROUP_LABELS: Readonly<Record<Exclude<SalesListGroup, 'state'>, string>> = Object.freeze({
  customer: 'No client',
  salesperson: 'No salesperson',
});

/** A group's heading in the grouped sales list: a status's label, or the client's or salesperson's name. */
export function saleGroupLabel(groupBy: SalesListGroup, value: string | null): string {
  if (groupBy === 'state') return saleStateLabel(value);
  return value === null || value.trim() === '' ? NO_GROUP_LABELS[groupBy] : value;
}
