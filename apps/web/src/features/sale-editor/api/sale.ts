// Server state of the sale editor: the sale (GET), its partners and lookups. The edits are mutation hooks
// (mutations.ts); every one answers only what changed (a SaleDelta, docs/product/realtime.md#sale-changes), applied to
// the cached sale with the pending optimistic edits laid over it (optimistic.ts).

import { type ProductsCheck, partnersApi, salesApi } from '@quotewright/contracts';
import { SELECTOR_MAX_OPTIONS } from '@quotewright/domain';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../lib/api';
import { takePrefetchedSale } from '../../../lib/salePrefetch';
import { receiveSale, saleKey } from './optimistic';
import type { Sale, SaleHeader } from './types';

export { saleKey } from './optimistic';

/** Reads the sale `id` (taking the read started when the page loaded on its address, if any). */
async function readSale(queryClient: QueryClient, id: string, signal: AbortSignal): Promise<Sale> {
  const read = () => call(salesApi.get, { params: { id } }, { signal });
  // the read started when the page loaded on this sale's address, if any (a failed one is asked again)
  const prefetched = takePrefetchedSale<Sale>(id);
  // An edit still pending stays on screen over the sale read (receiveSale).
  return receiveSale(queryClient, await (prefetched ? prefetched.catch(read) : read()));
}

export function useSale(id: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: saleKey(id),
    queryFn: ({ signal }) => readSale(queryClient, id!, signal),
    enabled: id !== undefined,
  });
}

/**
 * A part of the cached sale `id` (never read from the server here: the editor's useSale does): the component renders
 * again only when `select`'s answer changes (compared by value, TanStack Query's structural sharing). `select` must
 * be a stable function (defined once, outside the component).
 */
export function useSaleSelect<T>(id: string, select: (sale: Sale) => T): T | undefined {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: saleKey(id),
    // never run by this observer (enabled: false); named so that the query always knows how to read the sale
    queryFn: ({ signal }) => readSale(queryClient, id, signal),
    enabled: false,
    select,
  }).data;
}

export function usePartners() {
  const customers = useQuery({
    queryKey: ['partners', 'customers'],
    queryFn: ({ signal }) => call(partnersApi.customers, {}, { signal }),
    staleTime: 5 * 60_000,
  });
  const templates = useQuery({
    queryKey: ['partners', 'templates'],
    queryFn: ({ signal }) => call(partnersApi.templates, {}, { signal }),
    staleTime: 5 * 60_000,
  });
  const salespersons = useQuery({
    queryKey: ['partners', 'salespersons'],
    queryFn: ({ signal }) => call(partnersApi.salespersons, {}, { signal }),
    staleTime: 5 * 60_000,
  });
  return { customers, templates, salespersons };
}

export async function createSale(header: SaleHeader): Promise<Sale> {
  const answer = await call(salesApi.create, { body: header });
  // a header creates the sale and answers it ({sale, errors} answers an import)
  return 'sale' in answer ? answer.sale : answer;
}

export type { ProductsCheck };

/**
 * Keeps a whole sale (a new sale) unless the cache already holds a newer version (answers to quick successive edits
 * can arrive out of order; every mutation increments the version).
 */
export function storeSale(queryClient: QueryClient, sale: Sale) {
  queryClient.setQueryData<Sale>(saleKey(sale._id), receiveSale(queryClient, sale));
  void queryClient.invalidateQueries({ queryKey: ['sales', 'list'] });
}

export function useStoreSale() {
  const queryClient = useQueryClient();
  return useCallback((sale: Sale) => storeSale(queryClient, sale), [queryClient]);
}

export function checkProducts(saleId: string): Promise<ProductsCheck> {
  return call(salesApi.checkProducts, { params: { id: saleId } });
}

export function odooUrl(saleId: string): Promise<{ url: string }> {
  return call(salesApi.erpUrl, { params: { id: saleId } });
}

export interface DestinationSale {
  _id: string;
  name: string;
  quote_number: string;
  order_number: string;
  state: string;
}

/**
 * Sales a copy may go to: draft or sent only (docs/product/rules.md#copy-and-merge-of-sections), searched on the server
 * (the list can hold 100,000 sales), the most recently changed first, at most SELECTOR_MAX_OPTIONS of them.
 */
export async function destinationSales(search: string, signal?: AbortSignal): Promise<DestinationSale[]> {
  const pages = await Promise.all(
    (['draft', 'sent'] as const).map((state) =>
      call(
        salesApi.list,
        {
          query: {
            state,
            page: 0,
            pageSize: SELECTOR_MAX_OPTIONS,
            sort: 'updated_on',
            direction: 'desc',
            search: search || undefined,
          },
        },
        { signal },
      ),
    ),
  );
  return pages
    .flatMap((p) => p?.items ?? [])
    .filter((s) => s.state === 'draft' || s.state === 'sent')
    .sort((a, b) => b.updated_on.localeCompare(a.updated_on))
    .slice(0, SELECTOR_MAX_OPTIONS);
}
