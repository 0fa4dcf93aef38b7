import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { columnMax, MAX_INT4, NUMERIC_COLUMNS, NUMERIC_FIELDS, parseNumberInput } from './limits';

const q = NUMERIC_FIELDS.quantity;

describe('limits', () => {
  it('derives every bound from the column precisions', () => {
    expect(columnMax(NUMERIC_COLUMNS.quantity)).toBe(1e10);
    expect(columnMax(NUMERIC_COLUMNS.price)).toBe(1e12);
    expect(NUMERIC_FIELDS.quantity.max).toBe(1e10);
    expect(NUMERIC_FIELDS.price.max).toBe(1e12);
    expect(NUMERIC_FIELDS.cost.scale).toBe(4);
    expect(MAX_INT4).toBe(2 ** 31 - 1);
  });

  it('parses numbers and numeric strings exactly, rounded half-up to the column scale', () => {
    expect(parseNumberInput('2.50000', q)).toEqual({ ok: true, value: '2.5' });
    expect(parseNumberInput(1e3, q)).toEqual({ ok: true, value: '1000' });
    expect(parseNumberInput(' 1E3 ', q)).toEqual({ ok: true, value: '1000' });
    expect(parseNumberInput('1.00005', q)).toEqual({ ok: true, value: '1.0001' });
    expect(parseNumberInput('-1.00005', q)).toEqual({ ok: true, value: '-1.0001' });
    expect(parseNumberInput(0.1 + 0.2, q)).toEqual({ ok: true, value: '0.3' });
    expect(parseNumberInput('12.345', NUMERIC_FIELDS.price)).toEqual({ ok: true, value: '12.35' });
    expect(parseNumberInput('-0', q)).toEqual({ ok: true, value: '0' });
    expect(parseNumberInput('0.00001', q)).toEqual({ ok: true, value: '0' });
  });

  it('refuses huge and tiny exponents without expanding them', () => {
    expect(parseNumberInput('1e-150000000', q)).toEqual({
      ok: false,
      problem: 'decimals',
      message: 'Quantity has too many decimal places',
    });
    expect(parseNumberInput('9e999999999', q)).toMatchObject({ ok: false, message: 'Quantity is out of range' });
    expect(parseNumberInput(1e-100, q)).toMatchObject({ ok: false, problem: 'decimals' });
    expect(parseNumberInput('12345678901234567890', q)).toMatchObject({
      ok: false,
      message: 'Quantity is out of range',
    });
    expect(parseNumberInput(1e10, q)).toMatchObject({ ok: false, problem: 'range' });
    expect(parseNumberInput(9999999999.9999, q)).toEqual({ ok: true, value: '9999999999.9999' });
  });

  it('refuses what is not a number, naming the field', () => {
    for (const bad of ['', ' ', 'abc', '1,5', '$5', '0x10', 'Infinity', 'NaN', '1'.repeat(65), null, true, [], {}])
      expect(parseNumberInput(bad, q)).toMatchObject({ ok: false, message: 'Quantity must be a number' });
    expect(parseNumberInput(Number.NaN, NUMERIC_FIELDS.price)).toMatchObject({ message: 'Price must be a number' });
    expect(parseNumberInput(-1, { ...q, nonNegative: true })).toMatchObject({ problem: 'negative' });
  });

  it('any accepted value fits its column (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.string(), fc.integer()), (v) => {
        const r = parseNumberInput(v, q);
        if (!r.ok) return true;
        const [int = '', frac = ''] = r.value.replace('-', '').split('.');
        return int.length <= 10 && frac.length <= 4;
      }),
    );
  });
});
