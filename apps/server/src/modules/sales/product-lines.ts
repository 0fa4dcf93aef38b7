import type { ProductRow } from '@quotewright/db';

/** A new product line as sales and templates store it: the product's catalog values at the time it is added. */
export interface ProductLine {
  kind: 'product';
  productId: number;
  productName: string;
  manufacturer: string | null;
  description: string;
  quantity: string;
  price: string;
  cost: string;
  uom: string | null;
}

/**
 * The lines for the products asked (`product` ids with quantities), in the order asked, from the catalog rows
 * `found`: a product missing from the catalog or inactive is named once in `errors` (`{lines, errors}`, docs/product/api.md#lines-of-a-sale).
 */
export function productLines(
  found: readonly ProductRow[],
  wanted: readonly { product: number; quantity: string }[],
): { lines: ProductLine[]; errors: { product: number }[] } {
  const byId = new Map(found.filter((p) => p.active).map((p) => [p.id, p]));
  const lines: ProductLine[] = [];
  const errors: { product: number }[] = [];
  for (const l of wanted) {
    const p = byId.get(l.product);
    if (!p) {
      if (!errors.some((e) => e.product === l.product)) errors.push({ product: l.product });
      continue;
    }
    lines.push({
      kind: 'product',
      productId: p.id,
      productName: p.model || p.name,
      manufacturer: p.manufacturer,
      description: p.description || p.name,
      quantity: l.quantity,
      price: p.price,
      cost: p.cost,
      uom: p.uom,
    });
  }
  return { lines, errors };
}
