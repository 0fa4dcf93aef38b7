import type { SaleListItemDto, SalesPageDto } from '@quotewright/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type { Ref } from '@quotewright/contracts';
/** One row of GET /api/sales. */
export type SaleListItem = SaleListItemDto;

export type SalesPage = SalesPageDto;

export type SalesSort = 'quote_number' | 'name' | 'customer' | 'salesperson' | 'total_price' | 'state' | 'updated_on';

export interface SalesQuery {
  page: number;
  pageSize: number;
  search?: string;
  sort?: SalesSort;
  direction?: 'asc' | 'desc';
  /** Server-side grouping: a group's rows stay together across pages; the answer carries each group's totals. */
  groupBy?: 'state' | 'customer' | 'salesperson';
}

export const salesListKey = (q: SalesQuery) => ['sales', 'list', q] as const;

export function salesPath(q: SalesQuery): string {
  const params = new URLSearchParams({ page: String(q.page), pageSize: String(q.pageSize) });
  if (q.search) params.set('search', q.search);
  if (q.sort) params.set('sort', q.sort);
  if (q.direction) params.set('direction', q.direction);
  if (q.groupBy) params.set('groupBy', q.groupBy);
  return `/sales?${params}`;
}

/** The server pages, sorts and searches (DESIGN §10: fast at 100,000 sales). */
export function useSalesPage(q: SalesQuery) {
  return useQuery({
    queryKey: salesListKey(q),
    queryFn: ({ signal }) => api.get<SalesPage>(salesPath(q), { signal }),
    placeholderData: keepPreviousData,
  });
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
