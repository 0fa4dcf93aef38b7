import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDomainError } from './errors';
import {
  applyPercent,
  Decimal,
  InvalidNumberError,
  lineCostTotal,
  lineSubtotal,
  MAX_ABS_NUMERIC,
  money,
  moneyEquals,
  parseDecimal,
  parseMoney,
  percentOf,
  ratioToPercent,
  round2,
  roundPercent,
  subtractMoney,
  sumMoney,
  toDecimal,
  toDecimalOrZero,
} from './money';

describe('toDecimal', () => {
  it.each([
    [12, '12'],
    ['12', '12'],
    [' 12.50 ', '12.5'],
    ['-0.5', '-0.5'],
    ['+3', '3'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['1e3', '1000'],
    ['1.5E-2', '0.015'],
    [0.1, '0.1'],
  ])('reads %j exactly', (input, expected) => {
    expect(toDecimal(input).toFixed()).toBe(expected);
  });

  it('reads a JS number through its shortest form (1.005 is 1.005, not 1.00499…)', () => {
    expect(toDecimal(1.005).toFixed()).toBe('1.005');
  });

  it('accepts a bigint', () => {
    expect(toDecimal(10n).toFixed()).toBe('10');
  });

  it('accepts a Decimal from decimal.js', () => {
    expect(toDecimal(new Decimal('2.25')).toFixed()).toBe('2.25');
  });

  it('never returns negative zero', () => {
    expect(toDecimal('-0').isNegative()).toBe(false);
    expect(toDecimal(-0).isNegative()).toBe(false);
  });

  it.each([
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    '',
    '   ',
    'abc',
    '1,234.50',
    '$5',
    '1.2.3',
    '--1',
    '0x10',
    'NaN',
    'Infinity',
    '1e',
    null,
    undefined,
    true,
    {},
    [],
    new Decimal(Number.NaN),
    new Decimal(Number.POSITIVE_INFINITY),
  ])('rejects %j with a typed error', (input) => {
    let caught: unknown;
    try {
      toDecimal(input);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(InvalidNumberError);
    expect(isDomainError(caught, 'INVALID_NUMBER')).toBe(true);
    expect((caught as InvalidNumberError).input).toBe(input);
  });

  it('rejects out-of-range and overlong inputs (no giant expansions)', () => {
    expect(() => toDecimal(MAX_ABS_NUMERIC)).toThrow(InvalidNumberError);
    expect(() => toDecimal(-MAX_ABS_NUMERIC)).toThrow(/out of range/);
    expect(() => toDecimal('1e999999999')).toThrow(InvalidNumberError);
    expect(() => toDecimal('1'.repeat(65))).toThrow(InvalidNumberError);
    expect(toDecimal('9'.repeat(30)).toFixed()).toBe('9'.repeat(30));
  });

  it('refuses tiny exponents before writing anything out ("1e-150000000" took the heap)', () => {
    expect(() => toDecimal('1e-150000000')).toThrow(/out of range/);
    expect(() => parseDecimal('-1e-150000000')).toThrow(InvalidNumberError);
    expect(() => parseDecimal(1e-300)).toThrow(InvalidNumberError);
    expect(parseDecimal('1e-100')).toBe(`0.${'0'.repeat(99)}1`);
  });
});

describe('toDecimalOrZero', () => {
  it.each([null, undefined, '', '  '])('reads %j as 0', (v) => {
    expect(toDecimalOrZero(v).toFixed()).toBe('0');
  });
  it('still rejects garbage', () => {
    expect(() => toDecimalOrZero('x')).toThrow(InvalidNumberError);
  });
});

describe('round2 and money', () => {
  it.each([
    ['1.005', '1.01'],
    [1.005, '1.01'],
    ['1.004', '1.00'],
    ['1.0049999', '1.00'],
    ['2.675', '2.68'],
    [2.675, '2.68'],
    ['0.125', '0.13'],
    ['-1.005', '-1.01'],
    ['-2.345', '-2.35'],
    ['-0.004', '0.00'],
    ['-0.005', '-0.01'],
    ['0', '0.00'],
    [0, '0.00'],
    ['1234.5', '1234.50'],
    ['999999999999.995', '1000000000000.00'],
    ['123456789012.345', '123456789012.35'],
    [0.1 + 0.2, '0.30'],
  ])('money(%j) = %s', (input, expected) => {
    expect(money(input)).toBe(expected);
  });

  it('round2 returns a Decimal with at most 2 decimal places', () => {
    const r = round2('3.14159');
    expect(r).toBeInstanceOf(Decimal);
    expect(r.toFixed()).toBe('3.14');
  });

  it('property: money is idempotent and within half a cent of the input', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 999 }), (whole, milli) => {
        const x = toDecimal(whole).plus(toDecimal(milli).div(1000));
        const m = money(x);
        expect(money(m)).toBe(m);
        expect(toDecimal(m).minus(x).abs().lte('0.005')).toBe(true);
        expect(m).toMatch(/^-?\d+\.\d{2}$/);
      }),
    );
  });

  it('property: rounding is symmetric around zero (half away from zero)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), (millis) => {
        const pos = money(toDecimal(millis).div(1000));
        const neg = money(toDecimal(-millis).div(1000));
        expect(neg === '0.00' ? pos === '0.00' : neg === `-${pos}`).toBe(true);
      }),
    );
  });
});

describe('parseMoney / parseDecimal', () => {
  it('validates and normalizes to a money string', () => {
    expect(parseMoney('12.3')).toBe('12.30');
    expect(parseMoney(7)).toBe('7.00');
    expect(parseMoney(' 1.005 ')).toBe('1.01');
    expect(() => parseMoney('12,30')).toThrow(InvalidNumberError);
    expect(() => parseMoney(Number.NaN)).toThrow(InvalidNumberError);
    expect(() => parseMoney(null)).toThrow(InvalidNumberError);
  });
  it('parseDecimal keeps precision and drops exponents', () => {
    expect(parseDecimal('1.23456')).toBe('1.23456');
    expect(parseDecimal('2e3')).toBe('2000');
    expect(parseDecimal(1e-7)).toBe('0.0000001');
    expect(() => parseDecimal('abc')).toThrow(InvalidNumberError);
  });
});

describe('line totals', () => {
  it.each([
    ['10.00', '3', '30.00'],
    ['0.333', '3', '1.00'],
    ['0.005', '1', '0.01'],
    ['1.115', '1', '1.12'],
    ['19.99', '0', '0.00'],
    ['-5.50', '2', '-11.00'],
    ['5.50', '-2', '-11.00'],
    ['0.10', '0.5', '0.05'],
    [null, '4', '0.00'],
    ['4', null, '0.00'],
    ['123456789.99', '1000', '123456789990.00'],
  ])('lineSubtotal(%j, %j) = %s', (price, qty, expected) => {
    expect(lineSubtotal(price, qty)).toBe(expected);
    expect(lineCostTotal(price, qty)).toBe(expected);
  });

  it('computes results beyond the input range without throwing', () => {
    expect(lineSubtotal('999999999999999', '999999')).toBe('999998999999999000001.00');
    expect(sumMoney(['999999999999999', '999999999999999'])).toBe('1999999999999998.00');
    expect(money(toDecimal('999999999999999').times(1000))).toBe('999999999999999000.00');
  });

  it('does not suffer from float multiplication (0.1 × 3, 1.15 × 100)', () => {
    expect(lineSubtotal(0.1, 3)).toBe('0.30');
    expect(lineSubtotal('1.15', 100)).toBe('115.00');
    expect(lineSubtotal(4.35, 100)).toBe('435.00');
  });
});

describe('sumMoney, subtractMoney, moneyEquals', () => {
  it('sums exactly and rounds once', () => {
    expect(sumMoney(['0.10', '0.20', 0.3])).toBe('0.60');
    expect(sumMoney([])).toBe('0.00');
    expect(sumMoney([null, undefined, '1.5'])).toBe('1.50');
    expect(sumMoney(['0.004', '0.004'])).toBe('0.01');
    expect(sumMoney(['-1.00', '1.00'])).toBe('0.00');
    expect(() => sumMoney(['1', 'x'])).toThrow(InvalidNumberError);
  });
  it('accepts any iterable', () => {
    function* gen() {
      yield '1.10';
      yield '2.20';
    }
    expect(sumMoney(gen())).toBe('3.30');
  });
  it('property: sum of money strings equals the integer-cent sum', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e11, max: 1e11 }), { maxLength: 50 }), (cents) => {
        const strings = cents.map((c) => money(toDecimal(c).div(100)));
        const expected = cents.reduce((a, b) => a + b, 0);
        expect(sumMoney(strings)).toBe(money(toDecimal(expected).div(100)));
      }),
    );
  });
  it('subtracts', () => {
    expect(subtractMoney('10.00', '2.35')).toBe('7.65');
    expect(subtractMoney(1, '2.5')).toBe('-1.50');
  });
  it('compares by value', () => {
    expect(moneyEquals('10', 10)).toBe(true);
    expect(moneyEquals('1.50', '1.5')).toBe(true);
    expect(moneyEquals(null, '0')).toBe(true);
    expect(moneyEquals('1.51', '1.5')).toBe(false);
  });
});

describe('percent helpers', () => {
  it('roundPercent rounds half-up to 2 decimals and never returns -0', () => {
    expect(roundPercent('28.5714285')).toBe(28.57);
    expect(roundPercent('12.345')).toBe(12.35);
    expect(roundPercent('-12.345')).toBe(-12.35);
    expect(Object.is(roundPercent('-0.001'), 0)).toBe(true);
  });
  it('percentOf', () => {
    expect(percentOf(2, 7)).toBe(28.57);
    expect(percentOf('1', '3')).toBe(33.33);
    expect(percentOf('2', '3')).toBe(66.67);
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(0, 5)).toBe(0);
    expect(percentOf(-1, 4)).toBe(-25);
    expect(percentOf(300, 100)).toBe(300);
  });
  it('percentOf rounds exact ties half away from zero', () => {
    expect(percentOf(1, 32)).toBe(3.13); // 3.125
    expect(percentOf(-1, 32)).toBe(-3.13);
    expect(percentOf('12345', '100000')).toBe(12.35);
    expect(percentOf('-12345', '100000')).toBe(-12.35);
    expect(percentOf('0.00005', '1')).toBe(0.01);
    expect(percentOf('0.00004999', '1')).toBe(0);
    expect(percentOf('99999999999999', '0.01')).toBe(999999999999990000);
  });
  it('property: percentOf equals the exact decimal computation', () => {
    const reference = (part: string, whole: string) => {
      const w = new Decimal(whole);
      if (w.isZero()) return 0;
      const r = new Decimal(part).div(w).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
      return r === 0 ? 0 : r;
    };
    const amount = fc.oneof(
      fc.integer({ min: -1e9, max: 1e9 }).map((c) => toDecimal(c).div(100).toFixed()),
      fc.bigInt({ min: -(10n ** 16n), max: 10n ** 16n }).map((c) => new Decimal(c.toString()).div(100).toFixed()),
      fc.integer({ min: -2000, max: 2000 }).map((c) => toDecimal(c).div(1000).toFixed()),
    );
    Decimal.set({ precision: 80 });
    try {
      fc.assert(
        fc.property(amount, amount, (part, whole) => {
          expect(percentOf(part, whole)).toBe(reference(part, whole));
        }),
        { numRuns: 2000 },
      );
      // ties: whole = 2^k × 5^j gives terminating quotients
      fc.assert(
        fc.property(fc.integer({ min: -5000, max: 5000 }), fc.integer({ min: 0, max: 12 }), (part, k) => {
          const whole = String(2 ** k * 5 ** (k % 4));
          expect(percentOf(part, whole)).toBe(reference(String(part), whole));
        }),
      );
    } finally {
      Decimal.set({ precision: 20 });
    }
  });
  it('applyPercent gives money', () => {
    expect(applyPercent('200', 12.5)).toBe('25.00');
    expect(applyPercent('33.33', '10')).toBe('3.33');
    expect(applyPercent('0.05', '10')).toBe('0.01');
    expect(applyPercent('100', '-5')).toBe('-5.00');
  });
  it('ratioToPercent converts Odoo ratios', () => {
    expect(ratioToPercent(0.2857)).toBe(28.57);
    expect(ratioToPercent('1')).toBe(100);
    expect(ratioToPercent(0.123456)).toBe(12.35);
  });
});
