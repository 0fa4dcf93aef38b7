// The product catalog as the API serves it (GET /api/products, /api/products/{id}). Shared by the sale and template
// editors' product lists and pickers.

import type { ProductDto } from '@quotewright/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './api';

export type Product = ProductDto;

export interface RelatedProduct {
  product: Partial<Product> & { id: number; name: string; active: boolean };
  description: string;
  quantity: string | number;
  uom: string | { name: string | null } | null;
}

export interface ProductDetail extends Product {
  related_products: RelatedProduct[];
}

export type ProductSort = 'model' | 'manufacturer' | 'description' | 'category' | 'price' | 'cost';

export interface ProductQuery {
  search: string;
  bundlesOnly: boolean;
  page: number;
  pageSize: number;
  sort?: ProductSort;
  direction?: 'asc' | 'desc';
}

export function productsPath(q: ProductQuery): string {
  const params = new URLSearchParams({
    page: String(q.page),
    pageSize: String(q.pageSize),
    bundlesOnly: String(q.bundlesOnly),
  });
  if (q.search) params.set('search', q.search);
  if (q.sort) params.set('sort', q.sort);
  if (q.direction) params.set('direction', q.direction);
  return `/products?${params}`;
}

export function useProducts(q: ProductQuery) {
  return useQuery({
    queryKey: ['products', q],
    queryFn: ({ signal }) =>
      api.get<{ items: Product[]; total: number; page: number; pageSize: number }>(productsPath(q), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function getProduct(id: number): Promise<ProductDetail> {
  return api.get<ProductDetail>(`/products/${id}`);
}

/** HTML5 drag data type of a product dragged from a product list (it crosses windows, unlike dnd-kit). */
export const PRODUCT_DRAG_TYPE = 'application/x-quotewright-product';

/** The product id of a drag, or null when the drag does not carry one. */
export function draggedProductId(data: DataTransfer | null): number | null {
  if (!data) return null;
  const raw = data.getData(PRODUCT_DRAG_TYPE);
  const id = Number(raw);
  return raw !== '' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function isProductDrag(data: DataTransfer | null): boolean {
  return data != null && Array.from(data.types).includes(PRODUCT_DRAG_TYPE);
}
