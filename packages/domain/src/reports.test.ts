import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AnalyticFilters,
  type AnalyticRow,
  DEFAULT_ANALYTIC_FILTERS,
  DEFAULT_ENTRY_STATUS,
  ENTRY_STATUS_LABELS,
  ENTRY_STATUSES,
  filterAnalyticRows,
  filterChangeNeedsRefetch,
  isEntryStatus,
  passesAnalyticFilters,
} from './reports';

const off: AnalyticFilters = { filterClients: false, filterSales: false };
const customer = { id: 1, name: 'Acme' };

describe('entry statuses', () => {
  it('Posted, Unposted, Both; default Posted', () => {
    expect(ENTRY_STATUSES).toEqual(['posted', 'unposted', 'both']);
    expect(ENTRY_STATUS_LABELS).toEqual({ posted: 'Posted', unposted: 'Unposted', both: 'Both' });
    expect(DEFAULT_ENTRY_STATUS).toBe('posted');
    expect(isEntryStatus('both')).toBe(true);
    expect(isEntryStatus('all')).toBe(false);
  });
  it('default filters: clients and sales on, no dates', () => {
    expect(DEFAULT_ANALYTIC_FILTERS).toEqual({
      filterClients: true,
      filterSales: true,
      startDate: null,
      endDate: null,
    });
  });
  it('entry status and accounting date need a new run; the rest refilters locally', () => {
    expect(filterChangeNeedsRefetch('entryStatus')).toBe(true);
    expect(filterChangeNeedsRefetch('accountingDate')).toBe(true);
    for (const f of ['filterClients', 'filterSales', 'startDate', 'endDate'])
      expect(filterChangeNeedsRefetch(f)).toBe(false);
  });
});

describe('passesAnalyticFilters', () => {
  it('client filter keeps only rows with a customer', () => {
    const f = { ...off, filterClients: true };
    expect(passesAnalyticFilters({ customer }, f)).toBe(true);
    expect(passesAnalyticFilters({ customer: null }, f)).toBe(false);
    expect(passesAnalyticFilters({ customer: false }, f)).toBe(false);
    expect(passesAnalyticFilters({}, f)).toBe(false);
    expect(passesAnalyticFilters({}, off)).toBe(true);
  });
  it('sales filter keeps only rows with a sale in state sale or done', () => {
    const f = { ...off, filterSales: true };
    expect(passesAnalyticFilters({ sales: [{ state: 'draft' }, { state: 'sale' }] }, f)).toBe(true);
    expect(passesAnalyticFilters({ sales: [{ state: 'done' }] }, f)).toBe(true);
    expect(passesAnalyticFilters({ sales: [{ state: 'draft' }, { state: 'cancel' }, { state: 'sent' }] }, f)).toBe(
      false,
    );
    expect(passesAnalyticFilters({ sales: [] }, f)).toBe(false);
    expect(passesAnalyticFilters({ sales: null }, f)).toBe(false);
  });
  it('dates are inclusive bounds on the completion date', () => {
    const f = { ...off, startDate: '2024-01-01', endDate: '2024-01-31' };
    expect(passesAnalyticFilters({ date_completed: '2024-01-01' }, f)).toBe(true);
    expect(passesAnalyticFilters({ date_completed: '2024-01-31' }, f)).toBe(true);
    expect(passesAnalyticFilters({ date_completed: '2023-12-31' }, f)).toBe(false);
    expect(passesAnalyticFilters({ date_completed: '2024-02-01' }, f)).toBe(false);
    expect(passesAnalyticFilters({ date_completed: '2024-01-31 23:59:59' }, f)).toBe(true);
  });
  it('a row without a completion date passes the start check and fails the end check', () => {
    expect(passesAnalyticFilters({ date_completed: null }, { ...off, startDate: '2024-01-01' })).toBe(true);
    expect(passesAnalyticFilters({ date_completed: false }, { ...off, endDate: '2024-12-31' })).toBe(false);
    expect(passesAnalyticFilters({}, { ...off, startDate: '2024-01-01', endDate: '2024-12-31' })).toBe(false);
  });
  it('accepts Date bounds', () => {
    const f = { ...off, startDate: new Date('2024-01-10T00:00:00Z') };
    expect(passesAnalyticFilters({ date_completed: '2024-01-10' }, f)).toBe(true);
    expect(passesAnalyticFilters({ date_completed: '2024-01-09' }, f)).toBe(false);
  });
  it('filterAnalyticRows keeps order and rows', () => {
    const rows: AnalyticRow[] = [
      { customer, sales: [{ state: 'sale' }] },
      { customer: null, sales: [{ state: 'sale' }] },
      { customer, sales: [{ state: 'draft' }] },
      { customer, sales: [{ state: 'done' }] },
    ];
    expect(filterAnalyticRows(rows, DEFAULT_ANALYTIC_FILTERS)).toEqual([rows[0], rows[3]]);
    expect(filterAnalyticRows(rows, off)).toEqual(rows);
  });
  it('property: turning a filter on never adds rows', () => {
    const rowArb: fc.Arbitrary<AnalyticRow> = fc.record({
      customer: fc.option(fc.constant(customer), { nil: null }),
      date_completed: fc.option(fc.constantFrom('2024-01-01', '2024-06-15', '2024-12-31'), { nil: null }),
      sales: fc.array(fc.record({ state: fc.constantFrom('draft', 'sent', 'sale', 'done', 'cancel') }), {
        maxLength: 3,
      }),
    });
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 20 }), fc.constantFrom('filterClients', 'filterSales'), (rows, key) => {
        const without = filterAnalyticRows(rows, off);
        const withF = filterAnalyticRows(rows, { ...off, [key]: true });
        expect(withF.every((r) => without.includes(r))).toBe(true);
        expect(withF.length).toBeLessThanOrEqual(without.length);
      }),
    );
  });
});
