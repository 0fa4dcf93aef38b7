// The product catalog as the API serves it (GET /api/products, /api/products/{id}). Shared by the sale and template
// editors' product lists and pickers.

import {
  catalogApi,
  type ProductDetailDto,
  type ProductDto,
  type RelatedProductDto,
  type RouteInput,
} from '@quotewright/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from './api';

export type Product = ProductDto;
export type RelatedProduct = RelatedProductDto;
export type ProductDetail = ProductDetailDto;

type ProductListQuery = RouteInput<typeof catalogApi.list>['query'];
export type ProductSort = NonNullable<ProductListQuery['sort']>;

export interface ProductQuery {
  search: string;
  bundlesOnly: boolean;
  page: number;
  pageSize: number;
  sort?: ProductSort;
  direction?: 'asc' | 'desc';
}

/** The list's query string: the page, its size and the bundles filter always; search and sort when set. */
function productListQuery(q: ProductQuery): ProductListQuery {
  return {
    page: q.page,
    pageSize: q.pageSize,
    bundlesOnly: q.bundlesOnly ? 'true' : 'false',
    search: q.search || undefined,
    sort: q.sort,
    direction: q.direction,
  };
}

export function useProducts(q: ProductQuery) {
  return useQuery({
    queryKey: ['products', q],
    queryFn: ({ signal }) => call(catalogApi.list, { query: productListQuery(q) }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function getProduct(id: number): Promise<ProductDetail> {
  return call(catalogApi.get, { params: { id: String(id) } });
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
