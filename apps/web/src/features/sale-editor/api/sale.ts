// Server state of the sale editor. Every mutation answers only what changed (a SaleDelta, issue 10): it patches the
// cached sale; a version gap refetches it.

import {
  applySaleDelta,
  type CreateLinesAnswer,
  type MoveLinesAnswer,
  type ProductsCheck,
  type SaleDelta,
} from '@quotewright/contracts';
import { SELECTOR_MAX_OPTIONS } from '@quotewright/domain';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api';
import type { Customer, LineChanges, Ref, Sale, SaleHeader } from './types';

export const saleKey = (id: string | undefined) => ['sale', id] as const;
const enc = encodeURIComponent;

export function useSale(id: string | undefined) {
  return useQuery({
    queryKey: saleKey(id),
    queryFn: ({ signal }) => api.get<Sale>(`/sales/${enc(id!)}`, { signal }),
    enabled: id !== undefined,
  });
}

export function usePartners() {
  const customers = useQuery({
    queryKey: ['partners', 'customers'],
    queryFn: ({ signal }) => api.get<Customer[]>('/partners/customers', { signal }),
    staleTime: 5 * 60_000,
  });
  const templates = useQuery({
    queryKey: ['partners', 'templates'],
    queryFn: ({ signal }) => api.get<Ref[]>('/partners/templates', { signal }),
    staleTime: 5 * 60_000,
  });
  const salespersons = useQuery({
    queryKey: ['partners', 'salespersons'],
    queryFn: ({ signal }) => api.get<Ref[]>('/partners/salespersons', { signal }),
    staleTime: 5 * 60_000,
  });
  return { customers, templates, salespersons };
}

export function createSale(header: SaleHeader): Promise<Sale> {
  return api.post<Sale>('/sales', header);
}

export function updateSale(id: string, header: SaleHeader): Promise<SaleDelta> {
  return api.post<SaleDelta>(`/sales/${enc(id)}`, header);
}

/** The answers of adding products and of moving lines (packages/contracts' schemas, as the server serializes them). */
export type CreateLinesResult = CreateLinesAnswer;
export type MoveLinesResult = MoveLinesAnswer;

export type { ProductsCheck };

/** Calls that change a sale; each applies its answer (what changed) to the cached sale. */
export function saleActions(saleId: string, apply: (delta: SaleDelta) => void) {
  const s = enc(saleId);
  const keep = async <T extends SaleDelta>(p: Promise<T>): Promise<T> => {
    const answer = await p;
    apply(answer);
    return answer;
  };
  return {
    createSection: (name: string, show_details = true) =>
      keep(api.post<SaleDelta>(`/sales/sections/create/${s}`, { name, show_details })),
    duplicateSection: (sectionId: string) =>
      keep(api.post<SaleDelta>(`/sales/sections/duplicate/${s}/${enc(sectionId)}`)),
    updateSection: (sectionId: string, body: { name?: string; show_details?: boolean }) =>
      keep(api.post<SaleDelta>(`/sales/sections/update/${s}/${enc(sectionId)}`, body)),
    deleteSection: (sectionId: string) => keep(api.post<SaleDelta>(`/sales/sections/delete/${s}/${enc(sectionId)}`)),
    reorderSections: (from: number, to: number) =>
      keep(api.post<SaleDelta>(`/sales/sections/reorder/${s}/${from}/${to}`)),
    createLines: (sectionId: string, lines: { product: number; quantity: string | number }[], sequence: number) =>
      keep(
        api.post<CreateLinesResult>(`/sales/lines/create/${s}/${enc(sectionId)}`, {
          lines: lines.map((l) => ({ product: l.product, quantity: String(l.quantity) })),
          sequence,
        }),
      ),
    createTextLine: (sectionId: string, kind: 'note' | 'header', name: string, sequence: number) =>
      keep(api.post<SaleDelta>(`/sales/lines/${kind}/${s}/${enc(sectionId)}`, { name, sequence })),
    updateLines: (sectionId: string, changes: LineChanges[]) =>
      keep(api.post<SaleDelta>(`/sales/lines/update/${s}/${enc(sectionId)}`, changes)),
    deleteLines: (sectionId: string, ids: string[]) =>
      keep(api.post<SaleDelta>(`/sales/lines/delete/${s}/${enc(sectionId)}`, ids)),
    // insertionPoint is where the line ends up (the index after the move), as the server's moveItem reads it
    reorderLines: (sectionId: string, index: number, insertionPoint: number) =>
      keep(
        api.post<SaleDelta>(`/sales/lines/reorder/${s}/${enc(sectionId)}`, {
          index,
          line_insertion_point: insertionPoint,
        }),
      ),
    moveLines: (from: string, to: string, type: 'move' | 'copy', ids: string[]) =>
      keep(api.post<MoveLinesResult>(`/sales/lines/move/${s}/${enc(from)}/${enc(to)}/${type}`, ids)),
    setMarkup: (sectionId: string, ids: string[], markup: string) =>
      keep(api.post<SaleDelta>(`/sales/lines/markup/${s}/${enc(sectionId)}`, { ids, markup })),
  };
}

export type SaleActions = ReturnType<typeof saleActions>;

/**
 * Keeps a whole sale (a GET, a new sale, a local optimistic change) unless the cache already holds a newer version
 * (answers to quick successive edits can arrive out of order; every mutation increments the version).
 */
export function storeSale(queryClient: QueryClient, sale: Sale) {
  queryClient.setQueryData<Sale>(saleKey(sale._id), (current) =>
    current && current.version > sale.version ? current : sale,
  );
  void queryClient.invalidateQueries({ queryKey: ['sales', 'list'] });
}

/**
 * Applies a mutation's answer to the cached sale: nothing when the cache already has that version (the room's copy
 * arrived first, or nothing changed); the patched sale when it is the next one; otherwise the sale is read again.
 */
export function storeDelta(queryClient: QueryClient, delta: SaleDelta) {
  const key = saleKey(delta.saleId);
  void queryClient.invalidateQueries({ queryKey: ['sales', 'list'] });
  const current = queryClient.getQueryData<Sale>(key);
  if (!current || delta.version <= current.version) return;
  const next = applySaleDelta(current, delta);
  if (next === 'refetch') void queryClient.invalidateQueries({ queryKey: key, exact: true });
  else queryClient.setQueryData<Sale>(key, next);
}

export function useStoreSale() {
  const queryClient = useQueryClient();
  return useCallback((sale: Sale) => storeSale(queryClient, sale), [queryClient]);
}

export function useStoreDelta() {
  const queryClient = useQueryClient();
  return useCallback((delta: SaleDelta) => storeDelta(queryClient, delta), [queryClient]);
}

export function copySections(
  destinationSaleId: string,
  body: { sections: string[]; _id: string; copyStyle: string; mergeProducts: boolean },
): Promise<SaleDelta> {
  return api.post<SaleDelta>(`/sales/sections/copy/${enc(destinationSaleId)}`, body);
}

export function checkProducts(saleId: string): Promise<ProductsCheck> {
  return api.get<ProductsCheck>(`/sales/check/products/${enc(saleId)}`);
}

export function odooUrl(saleId: string): Promise<{ url: string }> {
  return api.get<{ url: string }>(`/sales/odoo/url/${enc(saleId)}`);
}

export interface DestinationSale {
  _id: string;
  name: string;
  quote_number: string;
  order_number: string;
  state: string;
}

/**
 * Sales a copy may go to: draft or sent only (SPEC §5), searched on the server (the list can hold 100,000 sales),
 * the most recently changed first, at most SELECTOR_MAX_OPTIONS of them.
 */
export async function destinationSales(search: string, signal?: AbortSignal): Promise<DestinationSale[]> {
  const pages = await Promise.all(
    (['draft', 'sent'] as const).map((state) => {
      const params = new URLSearchParams({
        state,
        page: '0',
        pageSize: String(SELECTOR_MAX_OPTIONS),
        sort: 'updated_on',
        direction: 'desc',
      });
      if (search) params.set('search', search);
      return api.get<{ items: (DestinationSale & { updated_on: string })[] }>(`/sales?${params}`, { signal });
    }),
  );
  return pages
    .flatMap((p) => p?.items ?? [])
    .filter((s) => s.state === 'draft' || s.state === 'sent')
    .sort((a, b) => b.updated_on.localeCompare(a.updated_on))
    .slice(0, SELECTOR_MAX_OPTIONS);
}
