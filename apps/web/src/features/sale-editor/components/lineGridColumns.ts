// The columns of the sale's lines grid (docs/product/screens.md#lines-table): the lines tables' shared columns
// (components/lines/columns.ts) with the grid's widths and the figure each numeric column is sized to (lineColumns.ts).
import { LINE_COLUMNS } from '../../../components/lines/columns';
import type { SensitiveKind } from '../../../lib/discreteColumns';
import type { FigureColumn } from './lineColumns';

export type LineColumnId =
  | 'drag'
  | 'model'
  | 'manufacturer'
  | 'description'
  | 'quantity'
  | 'price'
  | 'discount'
  | 'cost'
  | 'markup'
  | 'uom'
  | 'subtotal';

export interface LineColumn extends FigureColumn {
  id: LineColumnId;
  header: string;
  numeric?: boolean;
  meta?: { sensitive?: SensitiveKind };
}

// Text columns give way before the figures do: in widescreen the lines share the row with the product list (at
// 1440 px, ~800 px for the lines). Model and manufacturer wrap, headers wrap between words, and each figure column
// is as wide as its widest figure (lineColumns.ts), at least the width given here (its header's longest word).
export const LINE_GRID_COLUMNS: LineColumn[] = [
  { id: 'drag', header: '', width: '32px' },
  { id: 'model', ...LINE_COLUMNS.model, width: 'minmax(64px, 140px)' },
  { id: 'manufacturer', ...LINE_COLUMNS.manufacturer, width: 'minmax(72px, 130px)' },
  { id: 'description', ...LINE_COLUMNS.description, width: 'minmax(120px, 1fr)' },
  {
    id: 'quantity',
    ...LINE_COLUMNS.quantity,
    width: '44px',
    numeric: true,
    figure: { field: 'quantity', kind: 'quantity' },
  },
  { id: 'price', ...LINE_COLUMNS.price, width: '52px', numeric: true, figure: { field: 'price', kind: 'money' } },
  {
    id: 'discount',
    ...LINE_COLUMNS.discount,
    width: '52px',
    numeric: true,
    figure: { field: 'discount', kind: 'percent' },
  },
  { id: 'cost', ...LINE_COLUMNS.cost, width: '52px', numeric: true, figure: { field: 'cost', kind: 'money' } },
  {
    id: 'markup',
    ...LINE_COLUMNS.markup,
    width: '68px',
    numeric: true,
    figure: { field: 'markup_percent', kind: 'percent' },
  },
  { id: 'uom', ...LINE_COLUMNS.uom, width: '52px' },
  {
    id: 'subtotal',
    ...LINE_COLUMNS.subtotal,
    width: '72px',
    numeric: true,
    figure: { field: 'subtotal', kind: 'money' },
  },
];
