import { describe, expect, it } from 'vitest';
import { effectiveValidityDays, QUOTE_VALIDITY_DEFAULT_DAYS, quoteExpiryDate, todayIn } from './documents';
import { DEFAULT_CURRENCY, formatMoney } from './format';

describe('quote validity', () => {
  it('expires the date + the days, across months and leap days', () => {
    expect(quoteExpiryDate('2026-11-26', 30)).toBe('2026-12-26');
    expect(quoteExpiryDate('2028-02-15', 15)).toBe('2028-03-01');
    expect(quoteExpiryDate('2027-02-15', 15)).toBe('2027-03-02');
    expect(quoteExpiryDate('2026-12-31', 0)).toBe('2026-12-31');
    expect(quoteExpiryDate(new Date('2026-11-26T23:30:00Z'), 5)).toBe('2026-12-01');
  });
  it('answers empty for what it cannot read', () => {
    expect(quoteExpiryDate('26/11/2026', 30)).toBe('');
    expect(quoteExpiryDate('2026-11-26', -1)).toBe('');
    expect(quoteExpiryDate('2026-11-26', 1.5)).toBe('');
  });
  it("takes the sale's own validity before the setting", () => {
    expect(QUOTE_VALIDITY_DEFAULT_DAYS).toBe(30);
    expect(effectiveValidityDays(null, 30)).toBe(30);
    expect(effectiveValidityDays(undefined, 45)).toBe(45);
    expect(effectiveValidityDays(0, 30)).toBe(0);
    expect(effectiveValidityDays(10, 30)).toBe(10);
  });
  it('dates today in a time zone', () => {
    const now = new Date('2026-11-27T02:00:00Z');
    expect(todayIn('UTC', now)).toBe('2026-11-27');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-11-26');
    expect(todayIn('Not/AZone', now)).toBe('2026-11-27');
  });
});

describe('formatMoney with a currency', () => {
  it('keeps US dollars by default', () => {
    expect(formatMoney('1234.565')).toBe('$1,234.57');
    expect(formatMoney('-5')).toBe('-$5.00');
    expect(formatMoney('1234.5', DEFAULT_CURRENCY)).toBe('$1,234.50');
  });
  it('writes the symbol after the amount, with the currency decimals', () => {
    const eur = { symbol: '€', position: 'after', decimalPlaces: 2 } as const;
    expect(formatMoney('1234.5', eur)).toBe('1,234.50 €');
    expect(formatMoney('-0.005', eur)).toBe('-0.01 €');
    const jpy = { symbol: '¥', position: 'before', decimalPlaces: 0 } as const;
    expect(formatMoney('1234.5', jpy)).toBe('¥1,235');
    const kwd = { symbol: 'KD', position: 'after', decimalPlaces: 3 } as const;
    expect(formatMoney('1234.5675', kwd)).toBe('1,234.568 KD');
    expect(formatMoney('', eur)).toBe('');
    expect(formatMoney(null, eur)).toBe('');
  });
});
