import { describe, expect, it } from 'vitest';
import type { SaleLine } from '../api/types';
import { type FigureColumn, figureWidth, sizeFigureColumns, widestFigures } from './lineColumns';

const COLUMNS: FigureColumn[] = [
  { id: 'model', width: 'minmax(64px, 140px)' },
  { id: 'quantity', width: '44px', figure: { field: 'quantity', kind: 'quantity' } },
  { id: 'price', width: '52px', figure: { field: 'price', kind: 'money' } },
  { id: 'markup', width: '68px', figure: { field: 'markup_percent', kind: 'percent' } },
  { id: 'subtotal', width: '72px', figure: { field: 'subtotal', kind: 'money' } },
];

function line(values: Partial<SaleLine>): SaleLine {
  return {
    _id: Math.random().toString(36),
    kind: 'product',
    quantity: '1',
    price: '1.00',
    cost: '0.50',
    discount: 0,
    markup_percent: 10,
    subtotal: '1.00',
    ...values,
  } as SaleLine;
}

describe('figure columns', () => {
  it('a figure takes the width of its characters and the cell padding; digits share one width', () => {
    expect(figureWidth('$1,000.00')).toBeGreaterThan(figureWidth('$100.00'));
    expect(figureWidth('$9,999.99')).toBe(figureWidth('$1,111.11'));
    // "$1,787,990.00" in a 14 px font: 11 digits and signs at ~8 px, 3 separators at ~4 px, 12 px padding
    expect(figureWidth('$1,787,990.00')).toBeGreaterThan(100);
    expect(figureWidth('$1,787,990.00')).toBeLessThan(120);
  });

  it('each figure column fits its widest value as shown (money grouped, percent with 2 decimals), notes left out', () => {
    const lines = [
      line({ quantity: '12500', price: '1787.99', subtotal: '22349875.00', markup_percent: 96.14 }),
      line({ quantity: '3', price: '-62.00', subtotal: '-186.00', markup_percent: 1250.5 }),
      line({ kind: 'note', quantity: '99999999', price: '0.00' }),
    ];
    const widest = widestFigures(lines, COLUMNS);
    expect(widest.get('quantity')).toEqual({ text: '12500', warning: false });
    // the greatest price, with the sign of a negative one: the widest either can be
    expect(widest.get('price')).toEqual({ text: '-$1,787.99', warning: true });
    expect(widest.get('subtotal')).toEqual({ text: '-$22,349,875.00', warning: false });
    expect(widest.get('markup')).toEqual({ text: '1,250.50%', warning: false });
    expect(widest.has('model')).toBe(false);
  });

  it('a zero or negative quantity carries the warning sign: its column makes room for it', () => {
    const plain = sizeFigureColumns(COLUMNS, [line({ quantity: '12500' })]);
    const warned = sizeFigureColumns(COLUMNS, [line({ quantity: '12500' }), line({ quantity: '0' })]);
    const width = (cols: readonly FigureColumn[]) => Number.parseInt(cols.find((c) => c.id === 'quantity')!.width, 10);
    expect(width(warned) - width(plain)).toBe(20);
  });

  it('never narrower than given; the same array while the widths stay the same', () => {
    const small = sizeFigureColumns(COLUMNS, [line({})]);
    expect(small.map((c) => c.width)).toEqual(COLUMNS.map((c) => c.width));
    const wide = sizeFigureColumns(COLUMNS, [line({ subtotal: '1787990.00' })], small);
    expect(wide).not.toBe(small);
    expect(Number.parseInt(wide.find((c) => c.id === 'subtotal')!.width, 10)).toBe(figureWidth('$1,787,990.00'));
    // another edit with the same widest figures: the rows are not rendered again
    expect(sizeFigureColumns(COLUMNS, [line({ subtotal: '1000000.00' })], wide)).toBe(wide);
  });
});
