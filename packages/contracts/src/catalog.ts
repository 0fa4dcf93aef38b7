// The product catalog as GET /api/products and /api/products/{id} answer it.
export interface ProductDto {
  id: number;
  /** A product's name is its model (docs/product/rules.md#data-model). */
  name: string;
  model: string;
  display_name: string;
  manufacturer: { name: string | null };
  description: string;
  category: { name: string | null };
  price: string;
  cost: string;
  uom: { name: string | null };
  active: boolean;
  is_bundle: boolean;
}

export interface ProductPageDto {
  items: ProductDto[];
  total: number;
  page: number;
  pageSize: number;
}
