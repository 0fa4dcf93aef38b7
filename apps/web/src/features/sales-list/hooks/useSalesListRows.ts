// The rows of the sales list (docs/product/screens.md#sales-list). Ungrouped, every row is a sale. Grouped, the page is
// a list of groups (the page size counts groups); an expanded group is followed by its sales, paged within the group,
// and a pager row.
import type { SalesListPreferences } from '@quotewright/domain';
import { useMemo, useState } from 'react';
import {
  type SaleListGroup,
  type SaleListItem,
  type SalesQuery,
  useGroupSales,
  useSalesGroups,
  useSalesPage,
} from '../api/sales';

/** A row of the table. */
export type ListRow =
  | { kind: 'sale'; id: string; sale: SaleListItem }
  | { kind: 'group'; id: string; group: SaleListGroup; expanded: boolean }
  | { kind: 'pager'; id: string; group: SaleListGroup; page: number; total: number }
  | { kind: 'status'; id: string; group: SaleListGroup; loading: boolean; error: unknown };

export const saleOf = (r: ListRow): SaleListItem | undefined => (r.kind === 'sale' ? r.sale : undefined);

/** The list's page of rows for the settings, the page and the search; each expanded group's sales read on their own. */
export function useSalesListRows(settings: SalesListPreferences, pageIndex: number, search: string) {
  /** Expanded groups (their keys), with the page of each group's sales. */
  const [expanded, setExpanded] = useState<ReadonlyMap<string, number>>(new Map());
  const groupBy = settings.groupBy;
  const filters = {
    search: search || undefined,
    sort: settings.sort ?? undefined,
    direction: settings.sort ? settings.direction : undefined,
  };
  const pageQuery = { page: pageIndex, pageSize: settings.pageSize, ...filters };
  const plain = useSalesPage(pageQuery, groupBy === null);
  const grouped = useSalesGroups(groupBy ? { ...pageQuery, groupBy } : null);
  const groups = groupBy ? (grouped.data?.groups ?? []) : [];
  const open = groups.filter((g) => expanded.has(g.key));
  const groupQueries: SalesQuery[] = open.map((g) => ({
    page: expanded.get(g.key) ?? 0,
    pageSize: settings.pageSize,
    ...filters,
    groupBy: groupBy ?? undefined,
    group: g.key,
  }));
  const groupSales = useGroupSales(groupQueries);

  const rows = useMemo<ListRow[]>(() => {
    if (!groupBy) return (plain.data?.items ?? []).map((sale) => ({ kind: 'sale', id: sale._id, sale }));
    const out: ListRow[] = [];
    for (const group of groups) {
      const isOpen = expanded.has(group.key);
      out.push({ kind: 'group', id: `group:${group.key}`, group, expanded: isOpen });
      if (!isOpen) continue;
      const res = groupSales[open.indexOf(group)];
      if (!res?.data) {
        out.push({ kind: 'status', id: `status:${group.key}`, group, loading: !res?.error, error: res?.error });
        continue;
      }
      for (const sale of res.data.items) out.push({ kind: 'sale', id: sale._id, sale });
      if (res.data.total > settings.pageSize)
        out.push({
          kind: 'pager',
          id: `pager:${group.key}`,
          group,
          page: expanded.get(group.key) ?? 0,
          total: res.data.total,
        });
    }
    return out;
  }, [groupBy, plain.data, groups, expanded, groupSales, open, settings.pageSize]);

  const toggleGroup = (key: string) =>
    setExpanded((m) => {
      const next = new Map(m);
      if (next.has(key)) next.delete(key);
      else next.set(key, 0);
      return next;
    });
  const setGroupPage = (key: string, page: number) => setExpanded((m) => new Map(m).set(key, page));
  /** Every group collapsed (a new grouping or search). */
  const collapseAll = () => setExpanded(new Map());

  return { rows, plain, grouped, groupSales, toggleGroup, setGroupPage, collapseAll };
}
