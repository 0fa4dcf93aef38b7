import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyLineEdit,
  applyLinesEdit,
  isMissingDescription,
  isValidDiscount,
  multiplyRelatedQuantities,
  relatedMultiplier,
} from './lines';
import { InvalidNumberError } from './money';
import type { PricingLine } from './pricing';

interface Line extends PricingLine {
  _id: string;
  name: string;
}
const product: Line = { _id: 'p', kind: 'product', name: 'Widget', price: '10.00', cost: '6.00', quantity: '2' };
const note: Line = { _id: 'n', kind: 'note', name: 'Remember' };
const header: Line = { _id: 'h', kind: 'header', name: 'Title' };

describe('applyLineEdit', () => {
  it('applies only changed fields', () => {
    const { line, changed } = applyLineEdit(product, { name: 'Widget', price: '12.00', quantity: '2' });
    expect(changed).toEqual(['price']);
    expect(line).toEqual({ ...product, price: '12.00' });
    expect(product.price).toBe('10.00');
  });
  it('compares numbers by value', () => {
    const r = applyLineEdit(product, { price: 10, cost: '6', quantity: '2.000' });
    expect(r.changed).toEqual([]);
    expect(r.line).toBe(product);
  });
  it('never applies price, cost, quantity or Based on Total to notes and headers; description applies', () => {
    for (const line of [note, header]) {
      const r = applyLineEdit(line, { price: '5', cost: '1', quantity: 3, price_percentage_active: true, name: 'New' });
      expect(r.changed).toEqual(['name']);
      expect(r.line).toEqual({ ...line, name: 'New' });
    }
  });
  it('discount is a product-only numeric field: compared by value, never applied to notes and headers', () => {
    const line: Line = { ...product, discount: '5.0000' };
    expect(applyLineEdit(line, { discount: 5 }).changed).toEqual([]);
    expect(applyLineEdit(line, { discount: '7.5' })).toEqual({
      line: { ...line, discount: '7.5' },
      changed: ['discount'],
    });
    for (const text of [note, header]) expect(applyLineEdit(text, { discount: '10' }).changed).toEqual([]);
    expect(() => applyLineEdit(line, { discount: 'ten' })).toThrow(InvalidNumberError);
  });
  it('isValidDiscount: numbers or numeric text within 0..100', () => {
    for (const ok of [0, '0', 5, '12.5', 100, '100.0000']) expect(isValidDiscount(ok)).toBe(true);
    for (const bad of [-0.01, '100.01', 1e9, 'ten', '', null, undefined, Number.NaN])
      expect(isValidDiscount(bad)).toBe(false);
  });
  it('never changes id or kind; ignores undefined', () => {
    const r = applyLineEdit(product, { _id: 'other', kind: 'note', name: undefined });
    expect(r.changed).toEqual([]);
    expect(r.line).toBe(product);
  });
  it('allows clearing a value with null', () => {
    expect(applyLineEdit(product, { cost: null }).line.cost).toBeNull();
  });
  it('rejects a garbage number', () => {
    expect(() => applyLineEdit(product, { price: 'ten' })).toThrow(InvalidNumberError);
  });
  it('multi-line edit applies the patch to every line', () => {
    const out = applyLinesEdit([product, note, { ...product, _id: 'q', quantity: '5' }], { quantity: '7', name: 'X' });
    expect(out.map((l) => [l._id, l.quantity, l.name])).toEqual([
      ['p', '7', 'X'],
      ['n', undefined, 'X'],
      ['q', '7', 'X'],
    ]);
  });
  it('property: notes and headers keep their money and quantity under any edit', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(note, header),
        fc.record(
          {
            price: fc.integer().map(String),
            cost: fc.integer().map(String),
            quantity: fc.integer(),
            name: fc.string(),
          },
          { requiredKeys: [] },
        ),
        (line, patch) => {
          const out = applyLineEdit(line, patch).line;
          expect(out.price).toBe(line.price);
          expect(out.cost).toBe(line.cost);
          expect(out.quantity).toBe(line.quantity);
        },
      ),
    );
  });
});

describe('related products multiplier', () => {
  it.each([
    [undefined, 1],
    [null, 1],
    ['', 1],
    ['abc', 1],
    [Number.NaN, 1],
    [0, 1],
    [-3, 1],
    [0.5, 1],
    [1, 1],
    [3, 3],
    ['4', 4],
    [2.5, 2.5],
  ])('relatedMultiplier(%j) = %d', (input, expected) => {
    expect(relatedMultiplier(input)).toBe(expected);
  });
  it('multiplies related quantities by the chosen quantity', () => {
    const items = [
      { product: 'A', quantity: 2 },
      { product: 'B', quantity: '0.5' },
      { product: 'C', quantity: null },
    ];
    expect(multiplyRelatedQuantities(items, 3)).toEqual([
      { product: 'A', quantity: '6' },
      { product: 'B', quantity: '1.5' },
      { product: 'C', quantity: '0' },
    ]);
    expect(multiplyRelatedQuantities(items, 0).map((i) => i.quantity)).toEqual(['2', '0.5', '0']);
    expect(multiplyRelatedQuantities([{ quantity: 0.1 }], 3)[0]?.quantity).toBe('0.3');
  });
});

describe('isMissingDescription', () => {
  it('a note or header needs text; a product line does not', () => {
    expect(isMissingDescription('note', '')).toBe(true);
    expect(isMissingDescription('header', '  \n ')).toBe(true);
    expect(isMissingDescription('note', null)).toBe(true);
    expect(isMissingDescription('note', 'Delivery on site')).toBe(false);
    expect(isMissingDescription('header', ' A ')).toBe(false);
    expect(isMissingDescription('product', '')).toBe(false);
  });
});
