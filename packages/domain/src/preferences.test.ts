import { describe, expect, it } from 'vitest';
import { defaultPreferences, defaultSalesListPreferences, salesListPreferences } from './preferences';

describe('defaultPreferences', () => {
  it('dark mode on, widescreen off, discrete off', () => {
    expect(defaultPreferences()).toEqual({ darkMode: true, wideScreen: false, discreteMode: false });
  });
  it('returns a fresh object', () => {
    const a = defaultPreferences();
    a.darkMode = false;
    expect(defaultPreferences().darkMode).toBe(true);
  });
});

describe('salesListPreferences', () => {
  it('defaults: not grouped, default order, page size 20', () => {
    expect(salesListPreferences(defaultPreferences())).toEqual({
      groupBy: null,
      sort: null,
      direction: 'desc',
      pageSize: 20,
    });
    expect(salesListPreferences(undefined)).toEqual(defaultSalesListPreferences());
  });
  it('keeps valid stored settings', () => {
    const salesList = { groupBy: 'state', sort: 'total_price', direction: 'asc', pageSize: 50 } as const;
    expect(salesListPreferences({ ...defaultPreferences(), salesList })).toEqual(salesList);
  });
  it('replaces each invalid stored setting by its default, keeping the valid ones', () => {
    const salesList = { groupBy: 'name', sort: 'total_price', direction: 'up', pageSize: 30 };
    expect(salesListPreferences({ salesList } as never)).toEqual({
      groupBy: null,
      sort: 'total_price',
      direction: 'desc',
      pageSize: 20,
    });
  });
});
