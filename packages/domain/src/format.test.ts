import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatPercent, toDate, toDateOnly } from './format';
import { Decimal, money, toDecimal } from './money';

describe('formatMoney', () => {
  it.each([
    ['1234.56', '$1,234.56'],
    [1234.56, '$1,234.56'],
    ['-1234.56', '-$1,234.56'],
    ['0', '$0.00'],
    [0, '$0.00'],
    ['-0.004', '$0.00'],
    ['-0.005', '-$0.01'],
    ['1.005', '$1.01'],
    ['999.995', '$1,000.00'],
    ['12', '$12.00'],
    ['100', '$100.00'],
    ['1000', '$1,000.00'],
    ['123456789012.3', '$123,456,789,012.30'],
    [new Decimal('7.5'), '$7.50'],
  ])('formatMoney(%j) = %s', (v, expected) => {
    expect(formatMoney(v)).toBe(expected);
  });
  it.each([null, undefined, '', '  ', 'abc', Number.NaN, Number.POSITIVE_INFINITY])('is empty for %j', (v) => {
    expect(formatMoney(v)).toBe('');
  });
  it('property: strips back to money()', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        const v = toDecimal(cents).div(100);
        const text = formatMoney(v);
        expect(text).toMatch(/^-?\$\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(text.replace(/[$,]/g, '')).toBe(money(v));
      }),
    );
  });
});

describe('formatPercent', () => {
  it.each([
    [12.34, '12.34%'],
    [12.345, '12.35%'],
    [0, '0.00%'],
    [-5, '-5.00%'],
    [-0.001, '0.00%'],
    ['28.5', '28.50%'],
    [100, '100.00%'],
    [1234.5, '1,234.50%'],
  ])('formatPercent(%j) = %s', (v, expected) => {
    expect(formatPercent(v)).toBe(expected);
  });
  it.each([null, undefined, '', 'x', Number.NaN])('is empty for %j', (v) => {
    expect(formatPercent(v)).toBe('');
  });
});

describe('formatDate', () => {
  it('formats a date-only string without any time-zone shift', () => {
    expect(formatDate('2024-03-05')).toBe('03/05/2024');
    expect(formatDate('2024-01-01', { timeZone: 'America/Los_Angeles' })).toBe('01/01/2024');
    expect(formatDate('2024-12-31', { timeZone: 'Pacific/Kiritimati' })).toBe('12/31/2024');
    expect(formatDate(' 2024-02-29 ')).toBe('02/29/2024');
  });
  it('formats instants in UTC by default', () => {
    expect(formatDate('2024-03-05T23:30:00Z')).toBe('03/05/2024');
    expect(formatDate('2024-03-05T23:30:00-05:00')).toBe('03/06/2024');
    expect(formatDate(new Date(Date.UTC(2023, 10, 9, 1, 0)))).toBe('11/09/2023');
    expect(formatDate(Date.UTC(2020, 0, 2))).toBe('01/02/2020');
  });
  it('reads Odoo datetimes and zone-less ISO datetimes as UTC', () => {
    expect(formatDate('2024-03-05 23:59:59')).toBe('03/05/2024');
    expect(formatDate('2024-03-05T23:59:59')).toBe('03/05/2024');
    expect(formatDate('2024-03-05T23:59:59.123')).toBe('03/05/2024');
  });
  it('can show instants in another zone', () => {
    expect(formatDate('2024-03-05T02:00:00Z', { timeZone: 'America/New_York' })).toBe('03/04/2024');
  });
  it.each([null, undefined, '', 'yesterday', '2024-02-30', '2023-02-29', '2024-13-01', Number.NaN])(
    'is empty for %j',
    (v) => {
      expect(formatDate(v)).toBe('');
    },
  );
  it('is empty for an unknown time zone', () => {
    expect(formatDate(new Date(0), { timeZone: 'Mars/Olympus' })).toBe('');
  });
  it('property: date-only strings round-trip for every valid day', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1000-01-01'), max: new Date('9999-12-31'), noInvalidDate: true }), (d) => {
        const iso = d.toISOString().slice(0, 10);
        const [y, m, day] = iso.split('-');
        expect(formatDate(iso)).toBe(`${m}/${day}/${y}`);
        expect(formatDate(d)).toBe(`${m}/${day}/${y}`);
      }),
    );
  });
});

describe('formatDateTime', () => {
  it('formats US style with AM/PM in UTC by default', () => {
    expect(formatDateTime('2024-03-05T13:07:00Z')).toBe('03/05/2024 01:07 PM');
    expect(formatDateTime('2024-03-05T00:00:00Z')).toBe('03/05/2024 12:00 AM');
    expect(formatDateTime('2024-03-05 12:30:00')).toBe('03/05/2024 12:30 PM');
  });
  it('uses a given zone for instants but never for date-only strings', () => {
    expect(formatDateTime('2024-07-01T16:00:00Z', { timeZone: 'America/New_York' })).toBe('07/01/2024 12:00 PM');
    expect(formatDateTime('2024-07-01', { timeZone: 'America/New_York' })).toBe('07/01/2024 12:00 AM');
  });
  it('is empty for invalid input', () => {
    expect(formatDateTime('nope')).toBe('');
    expect(formatDateTime(null)).toBe('');
  });
});

describe('toDate / toDateOnly', () => {
  it('parses into Date objects', () => {
    expect(toDate('2024-03-05')?.toISOString()).toBe('2024-03-05T00:00:00.000Z');
    expect(toDate('2024-03-05 10:00:00')?.toISOString()).toBe('2024-03-05T10:00:00.000Z');
    expect(toDate(0)?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(toDate('garbage')).toBeNull();
    expect(toDate(new Date(Number.NaN))).toBeNull();
  });
  it('returns a copy of a Date', () => {
    const d = new Date(0);
    expect(toDate(d)).not.toBe(d);
  });
  it('gives YYYY-MM-DD', () => {
    expect(toDateOnly('2024-03-05')).toBe('2024-03-05');
    expect(toDateOnly(new Date('2024-03-05T23:59:00-05:00'))).toBe('2024-03-06');
    expect(toDateOnly('bad')).toBe('');
  });
});
