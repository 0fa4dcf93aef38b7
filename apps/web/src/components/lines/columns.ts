// The columns of a lines table, as the sale's (docs/product/screens.md#lines-table) and the template's
// (docs/product/screens.md#template-editor) both name them: each table picks the ones it shows and lays them out its
// own way (the sale's virtualized grid, the template's data table), with these headers and, for the money columns,
// the figure discrete mode hides them with (docs/product/screens.md#shell).
import type { LineDto } from '@quotewright/contracts';
import type { SensitiveKind } from '../../lib/discreteColumns';

interface LineColumnName {
  header: string;
  meta?: { sensitive: SensitiveKind };
}

export const LINE_COLUMNS = {
  model: { header: 'Model' },
  manufacturer: { header: 'Manufacturer' },
  description: { header: 'Description' },
  quantity: { header: 'Qty' },
  price: { header: 'Price', meta: { sensitive: 'price' } },
  // A percent of the price: it reveals pricing, so discrete mode hides it with the price.
  discount: { header: 'Disc. %', meta: { sensitive: 'price' } },
  cost: { header: 'Cost', meta: { sensitive: 'cost' } },
  markup: { header: 'Markup %', meta: { sensitive: 'markup' } },
  price_percentage_active: { header: 'Based on Total' },
  uom: { header: 'UOM' },
  subtotal: { header: 'Subtotal', meta: { sensitive: 'price' } },
} as const satisfies Record<string, LineColumnName>;

export type LineColumnId = keyof typeof LINE_COLUMNS;

/** A note or a header: only its text shows (no model, quantity or money). */
export const isTextLine = (line: Pick<LineDto, 'kind'>): boolean => line.kind !== 'product';

/** What a product line shows in the model, manufacturer and UOM columns. */
export function lineText(line: LineDto, column: 'model' | 'manufacturer' | 'uom'): string {
  if (column === 'model') return line.product.name;
  if (column === 'manufacturer') return line.product.manufacturer.name ?? '';
  return line.uom.name ?? '';
}
