import { toDecimal } from '@quotewright/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { costString, decimalString } from './sales.dto';

// The fast string paths must answer exactly what the decimal library answers.
const slow = {
  decimal: (v: string) => toDecimal(v).toFixed(),
  cost: (v: string) => {
    const d = toDecimal(v);
    return d.decimalPlaces() <= 2 ? d.toFixed(2) : d.toFixed();
  },
};
const canonical = fc
  .tuple(
    fc.boolean(),
    fc.integer({ min: 0, max: 10_000_000 }),
    fc.integer({ min: 0, max: 4 }),
    fc.integer({ min: 0, max: 9999 }),
  )
  .map(([neg, int, scale, frac]) => {
    const f = scale === 0 ? '' : `.${String(frac % 10 ** scale).padStart(scale, '0')}`;
    return `${neg ? '-' : ''}${int}${f}`;
  });

describe('numeric text normalization', () => {
  it('decimalString equals the decimal library on canonical numeric text', () => {
    fc.assert(
      fc.property(canonical, (v) => {
        expect(decimalString(v)).toBe(slow.decimal(v));
      }),
    );
  });
  it('costString equals the decimal library on canonical numeric text', () => {
    fc.assert(
      fc.property(canonical, (v) => {
        expect(costString(v)).toBe(slow.cost(v));
      }),
    );
  });
  it('examples', () => {
    expect(decimalString('2.5000')).toBe('2.5');
    expect(decimalString('3.0000')).toBe('3');
    expect(decimalString('-0.0000')).toBe('0');
    expect(decimalString('10')).toBe('10');
    expect(costString('60.0000')).toBe('60.00');
    expect(costString('1.2345')).toBe('1.2345');
    expect(costString('0.1000')).toBe('0.10');
    expect(decimalString(null)).toBe('0');
    expect(costString(' 1.5')).toBe('1.50');
  });
});
