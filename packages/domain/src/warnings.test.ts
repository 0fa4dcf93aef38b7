import { describe, expect, it } from 'vitest';
import { lineFieldWarning, lineWarnings } from './warnings';

const product = { kind: 'product', quantity: '1', price: '10.00', cost: '5' };

describe('line warnings', () => {
  it('none for ordinary values, a zero price (a free item), or notes and headers', () => {
    expect(lineWarnings(product)).toEqual([]);
    expect(lineWarnings({ ...product, price: '0' })).toEqual([]);
    expect(lineWarnings({ kind: 'note', quantity: '-1', price: '-5', cost: '-1' })).toEqual([]);
    expect(lineWarnings({ kind: 'header', quantity: '0', price: '0', cost: '0' })).toEqual([]);
  });

  it('a negative quantity, price or cost, in the order of the cells, saying what the customer will see', () => {
    const w = lineWarnings({ kind: 'product', quantity: '-2.0000', price: '-1234.5', cost: '-3' });
    expect(w.map((x) => [x.code, x.field])).toEqual([
      ['NEGATIVE_QUANTITY', 'quantity'],
      ['NEGATIVE_PRICE', 'price'],
      ['NEGATIVE_COST', 'cost'],
    ]);
    expect(w[0]!.message).toBe('Negative quantity: the customer will see -2. Intended for a return or a trade-in?');
    expect(w[1]!.message).toBe(
      'Negative price: the customer will see -$1,234.50. Intended for a discount, a credit or a trade-in?',
    );
    expect(w[2]!.message).toContain('Negative cost (-$3.00)');
  });

  it('a zero quantity (also "0.000" and -0)', () => {
    for (const quantity of ['0', '0.000', '-0', 0]) {
      expect(lineWarnings({ ...product, quantity }).map((x) => x.code)).toEqual(['ZERO_QUANTITY']);
    }
  });

  it('Based on Total lines name their percents', () => {
    const w = lineFieldWarning({ ...product, price: '-5', price_percentage_active: true }, 'price');
    expect(w?.message).toContain('the customer will see -5.00%');
  });

  it('blank or unreadable values are not warned of', () => {
    expect(lineWarnings({ kind: 'product', quantity: '', price: null, cost: 'x' })).toEqual([]);
  });

  it('one cell', () => {
    expect(lineFieldWarning({ ...product, quantity: '-1' }, 'quantity')?.code).toBe('NEGATIVE_QUANTITY');
    expect(lineFieldWarning({ ...product, quantity: '-1' }, 'price')).toBeUndefined();
  });
});
