import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface Ref {
  id: number;
  name: string;
}

/** One row of GET /api/sales. */
export interface SaleListItem {
  _id: string;
  quote_number: string;
  order_number: string;
  name: string;
  customer: Ref | null;
  salesperson: Ref | null;
  total_price: string;
  state: string;
  state_label: string;
  updated_on: string;
}

export interface SalesPage {
  items: SaleListItem[];
  total: number;
  page: number;
  pageSize: number;
}

export type SalesSort = 'quote_number' | 'name' | 'customer' | 'salesperson' | 'total_price' | 'state' | 'updated_on';

export interface SalesQuery {
  page: number;
  pageSize: number;
  search?: string;
  sort?: SalesSort;
  direction?: 'asc' | 'desc';
}

export const salesListKey = (q: SalesQuery) => ['sales', 'list', q] as const;

export function salesPath(q: SalesQuery): string {
  const params = new URLSearchParams({ page: String(q.page), pageSize: String(q.pageSize) });
  if (q.search) params.set('search', q.search);
  if (q.sort) params.set('sort', q.sort);
  if (q.direction) params.set('direction', q.direction);
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

export function deleteSale(id: string): Promise<unknown> {
  return api.delete(`/sales/${encodeURIComponent(id)}`);
}

/** POST /api/sales with an exported sale document imports it as a new sale (full rights). */
export function importSale(document: unknown): Promise<{ _id: string }> {
  return api.post<{ _id: string }>('/sales', document);
}
