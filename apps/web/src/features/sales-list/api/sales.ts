import {
  type ImportProblem,
  type RouteInput,
  type SaleListGroupDto,
  type SaleListItemDto,
  type SalesGroupsPageDto,
  type SalesPageDto,
  salesApi,
  usersApi,
} from '@quotewright/contracts';
import type { SalesListGroup, SalesListPreferences, SalesListSort } from '@quotewright/domain';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import type { User } from '../../../lib/types';

export type { ImportProblem, Ref } from '@quotewright/contracts';
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

/** The page and the filters, empty ones left out. */
function filterQuery(q: SalesFilters & { page: number; pageSize: number }) {
  return {
    page: q.page,
    pageSize: q.pageSize,
    search: q.search || undefined,
    sort: q.sort || undefined,
    direction: q.direction || undefined,
  };
}

/** GET /api/sales's query: with groupBy and group, one group's sales. */
function listQuery(q: SalesQuery): RouteInput<typeof salesApi.list>['query'] {
  const query = filterQuery(q);
  return q.groupBy && q.group !== undefined ? { ...query, groupBy: q.groupBy, group: q.group } : query;
}

/** The server pages, sorts and searches (fast at 100,000 sales). */
export function useSalesPage(q: SalesQuery, enabled = true) {
  return useQuery({
    queryKey: salesListKey(q),
    queryFn: ({ signal }) => call(salesApi.list, { query: listQuery(q) }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Grouped: a page of groups (the page size counts groups), each with the count and total of all its sales. */
export function useSalesGroups(q: SalesGroupsQuery | null) {
  return useQuery({
    queryKey: salesGroupsKey(q ?? { page: 0, pageSize: 0, groupBy: 'state' }),
    queryFn: ({ signal }) => call(salesApi.groups, { query: { ...filterQuery(q!), groupBy: q!.groupBy } }, { signal }),
    placeholderData: keepPreviousData,
    enabled: q !== null,
  });
}

/** The sales of each expanded group, each paged within its group. */
export function useGroupSales(queries: SalesQuery[]) {
  return useQueries({
    queries: queries.map((q) => ({
      queryKey: salesListKey(q),
      queryFn: ({ signal }: { signal: AbortSignal }) => call(salesApi.list, { query: listQuery(q) }, { signal }),
    })),
  });
}

/** Keeps the list's grouping, sort and page size with the user (answers the updated user). */
export function saveSalesListPreferences(userId: string, prefs: SalesListPreferences): Promise<User> {
  return call(usersApi.salesListPreferences, { params: { id: userId }, body: prefs });
}

/** Answers the list's first page. */
export function deleteSale(id: string): Promise<SalesPage> {
  return call(salesApi.remove, { params: { id } });
}

/**
 * POST /api/sales with {json: "<the pasted text>"} imports it as a new sale (full rights). The text is sent as is,
 * wrapped: a document of the wrong shape ({"hello": 1}, or {}) is then refused as an import, naming what is missing,
 * instead of being read as the header of a new sale. The server answers {sale, errors} (products it could not
 * resolve were left out); a bare sale is accepted too.
 */
export async function importSale(text: string): Promise<{ id: string; errors: ImportProblem[] }> {
  const res = await call(salesApi.create, { body: { json: text } });
  const sale = 'sale' in res ? res.sale : res;
  if (!sale?._id) throw new Error('The server did not answer the imported sale.');
  return { id: sale._id, errors: 'errors' in res && Array.isArray(res.errors) ? res.errors : [] };
}
