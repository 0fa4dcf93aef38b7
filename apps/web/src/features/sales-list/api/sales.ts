import type { SaleListGroupDto, SaleListItemDto, SalesGroupsPageDto, SalesPageDto } from '@quotewright/contracts';
import type { SalesListGroup, SalesListPreferences, SalesListSort } from '@quotewright/domain';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { User } from '../../../lib/types';

export type { Ref } from '@quotewright/contracts';
/** One row of GET /api/sales. */
export type SaleListItem = SaleListItemDto;
export type SaleListGroup = SaleListGroupDto;

export type SalesPage = SalesPageDto;
export type SalesGroupsPage = SalesGroupsPageDto;

export type SalesSort = SalesListSort;

/** The list's filters and sort, shared by the plain list, the groups and a group's sales. */
export interface SalesFilters {
  search?: string | undefined;
  sort?: SalesSort | undefined;
  direction?: 'asc' | 'desc' | undefined;
}

export interface SalesQuery extends SalesFilters {
  page: number;
  pageSize: number;
  /** With `group`: only that group's sales (a group's key from GET /api/sales/groups). */
  groupBy?: SalesListGroup | undefined;
  group?: string | undefined;
}

export interface SalesGroupsQuery extends SalesFilters {
  page: number;
  pageSize: number;
  groupBy: SalesListGroup;
}

export const salesListKey = (q: SalesQuery) => ['sales', 'list', q] as const;
export const salesGroupsKey = (q: SalesGroupsQuery) => ['sales', 'list', 'groups', q] as const;

function params(q: SalesFilters & { page: number; pageSize: number }): URLSearchParams {
  const p = new URLSearchParams({ page: String(q.page), pageSize: String(q.pageSize) });
  if (q.search) p.set('search', q.search);
  if (q.sort) p.set('sort', q.sort);
  if (q.direction) p.set('direction', q.direction);
  return p;
}

export function salesPath(q: SalesQuery): string {
  const p = params(q);
  if (q.groupBy && q.group !== undefined) {
    p.set('groupBy', q.groupBy);
    p.set('group', q.group);
  }
  return `/sales?${p}`;
}

export function salesGroupsPath(q: SalesGroupsQuery): string {
  const p = params(q);
  p.set('groupBy', q.groupBy);
  return `/sales/groups?${p}`;
}

/** The server pages, sorts and searches (fast at 100,000 sales). */
export function useSalesPage(q: SalesQuery, enabled = true) {
  return useQuery({
    queryKey: salesListKey(q),
    queryFn: ({ signal }) => api.get<SalesPage>(salesPath(q), { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Grouped: a page of groups (the page size counts groups), each with the count and total of all its sales. */
export function useSalesGroups(q: SalesGroupsQuery | null) {
  return useQuery({
    queryKey: salesGroupsKey(q ?? { page: 0, pageSize: 0, groupBy: 'state' }),
    queryFn: ({ signal }) => api.get<SalesGroupsPage>(salesGroupsPath(q!), { signal }),
    placeholderData: keepPreviousData,
    enabled: q !== null,
  });
}

/** The sales of each expanded group, each paged within its group. */
export function useGroupSales(queries: SalesQuery[]) {
  return useQueries({
    queries: queries.map((q) => ({
      queryKey: salesListKey(q),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get<SalesPage>(salesPath(q), { signal }),
    })),
  });
}

/** Keeps the list's grouping, sort and page size with the user (answers the updated user). */
export function saveSalesListPreferences(userId: string, prefs: SalesListPreferences): Promise<User> {
  return api.put<User>(`/users/${encodeURIComponent(userId)}/preferences/sales-list`, prefs);
}

/** Answers the list's first page. */
export function deleteSale(id: string): Promise<SalesPage> {
  return api.delete<SalesPage>(`/sales/${encodeURIComponent(id)}`);
}

export interface ImportProblem {
  product: number | null;
  name: string;
  section: number;
  line: number;
}

/**
 * POST /api/sales with {json: "<the pasted text>"} imports it as a new sale (full rights). The text is sent as is,
 * wrapped: a document of the wrong shape ({"hello": 1}, or {}) is then refused as an import, naming what is missing,
 * instead of being read as the header of a new sale. The server answers {sale, errors} (products it could not
 * resolve were left out); a bare sale is accepted too.
 */
export async function importSale(text: string): Promise<{ id: string; errors: ImportProblem[] }> {
  const res = await api.post<{ _id?: string; sale?: { _id: string }; errors?: ImportProblem[] }>('/sales', {
    json: text,
  });
  const id = res.sale?._id ?? res._id;
  if (!id) throw new Error('The server did not answer the imported sale.');
  return { id, errors: Array.isArray(res.errors) ? res.errors : [] };
}
