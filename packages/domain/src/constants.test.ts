import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as c from './constants';

describe('constants', () => {
  it('timings', () => {
    expect(c.REQUEST_TIMEOUT_MS).toBe(600000);
    expect(c.SNACKBAR_AUTOHIDE_MS).toBe(6000);
    expect(c.INFO_PANEL_COLLAPSE_MS).toBe(1500);
  });
  it('page sizes and options', () => {
    const list = [10, 20, 50, 100, 200, 1000];
    expect(c.SALES_PAGE_SIZE).toBe(20);
    expect(c.SALES_PAGE_SIZE_OPTIONS).toEqual(list);
    expect(c.TEMPLATES_PAGE_SIZE).toBe(20);
    expect(c.TEMPLATES_PAGE_SIZE_OPTIONS).toEqual(list);
    expect(c.STOCK_PAGE_SIZE).toBe(20);
    expect(c.STOCK_PAGE_SIZE_OPTIONS).toEqual(list);
    expect(c.USERS_PAGE_SIZE).toBe(20);
    expect(c.USERS_PAGE_SIZE_OPTIONS).toEqual([10, 20, 50]);
    expect(c.PICKER_PAGE_SIZE).toBe(5);
    expect(c.PICKER_PAGE_SIZE_WIDE).toBe(20);
    expect(c.PICKER_PAGE_SIZE_OPTIONS).toEqual([5, 10, 20, 50]);
    for (const [size, options] of [
      [c.SALES_PAGE_SIZE, c.SALES_PAGE_SIZE_OPTIONS],
      [c.USERS_PAGE_SIZE, c.USERS_PAGE_SIZE_OPTIONS],
      [c.PICKER_PAGE_SIZE, c.PICKER_PAGE_SIZE_OPTIONS],
      [c.PICKER_PAGE_SIZE_WIDE, c.PICKER_PAGE_SIZE_OPTIONS],
    ] as const) {
      expect(options).toContain(size);
    }
  });
  it('thresholds, multipliers, insertion, avatars, companies, widths, files', () => {
    expect(c.SELECTOR_MAX_OPTIONS).toBe(50);
    expect(c.MARGIN_WARNING_THRESHOLD).toBe(0.22);
    expect(c.MARKUP_WARNING_THRESHOLD).toBe(0.28);
    expect(c.MARGIN_WARNING_PERCENT).toBe(22);
    expect(c.MARKUP_WARNING_PERCENT).toBe(28);
    expect(c.MARGIN_WARNING_PERCENT).toBeCloseTo(c.MARGIN_WARNING_THRESHOLD * 100, 10);
    expect(c.MARKUP_WARNING_PERCENT).toBeCloseTo(c.MARKUP_WARNING_THRESHOLD * 100, 10);
    expect(c.RELATED_MULTIPLIER_MIN).toBe(1);
    expect(c.RELATED_MULTIPLIER_DEFAULT).toBe(1);
    expect(c.APPEND).toBe(-1);
    expect(c.AVATAR_MAX).toBe(3);
    expect(c.AVATAR_MIN_EDITORS).toBe(2);
    expect(c.COMPANY_IDS).toEqual([1, 4]);
    expect(c.DEFAULT_COMPANY_ID).toBe(1);
    expect(c.DRAWER_WIDTH).toBe(240);
    expect(c.PROFILE_MENU_WIDTH).toBe(300);
    expect(c.JOURNAL_ITEMS_FILE).toBe('journalitems.xlsx');
    expect(c.STOCK_REPORT_FILE).toBe('stockreport.xlsx');
  });
});

describe('pickerPageSize', () => {
  it('is 20 in widescreen or windowed mode, else 5', () => {
    expect(c.pickerPageSize(true)).toBe(20);
    expect(c.pickerPageSize(false)).toBe(5);
  });
});

describe('visibleAvatars', () => {
  it('shows none below 2 editors and at most 3', () => {
    expect(c.visibleAvatars([])).toEqual([]);
    expect(c.visibleAvatars(['a'])).toEqual([]);
    expect(c.visibleAvatars(['a', 'b'])).toEqual(['a', 'b']);
    expect(c.visibleAvatars(['a', 'b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(c.visibleAvatars(['a', 'b', 'c', 'd', 'e'])).toEqual(['a', 'b', 'c']);
  });
});

describe('selectorOptions', () => {
  const people = [{ name: 'Alice Smith' }, { name: 'Bob SMITHERS' }, { name: 'Carol' }, { name: 'dave smith' }];
  const label = (p: { name: string }) => p.name;

  it('matches a case-insensitive substring of the label, in input order', () => {
    expect(c.selectorOptions(people, 'smith', label).map(label)).toEqual(['Alice Smith', 'Bob SMITHERS', 'dave smith']);
    expect(c.selectorOptions(people, 'CAR', label).map(label)).toEqual(['Carol']);
    expect(c.selectorOptions(people, 'e s', label).map(label)).toEqual(['Alice Smith', 'dave smith']);
    expect(c.selectorOptions(people, 'zzz', label)).toEqual([]);
  });
  it('returns everything (capped) for an empty or missing query', () => {
    expect(c.selectorOptions(people, '', label)).toHaveLength(4);
    expect(c.selectorOptions(people, null, label)).toHaveLength(4);
    expect(c.selectorOptions(people, undefined, label, 2).map(label)).toEqual(['Alice Smith', 'Bob SMITHERS']);
  });
  it('caps at 50 by default', () => {
    const many = Array.from({ length: 120 }, (_, i) => ({ name: `Customer ${i}` }));
    const shown = c.selectorOptions(many, 'customer', label);
    expect(shown).toHaveLength(50);
    expect(shown[0]?.name).toBe('Customer 0');
    expect(shown[49]?.name).toBe('Customer 49');
    expect(c.selectorOptions(many, '1', label, 3).map(label)).toEqual(['Customer 1', 'Customer 10', 'Customer 11']);
    expect(c.selectorOptions(many, '', label, 0)).toEqual([]);
  });
  it('treats a missing label as empty', () => {
    const items = [{ name: null }, { name: 'x' }];
    expect(c.selectorOptions(items, 'x', (i) => i.name)).toEqual([{ name: 'x' }]);
    expect(c.selectorOptions(items, '', (i) => i.name)).toHaveLength(2);
  });
  it('property: every option matches, order is kept, and no earlier match is skipped', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 6 }), { maxLength: 80 }),
        fc.string({ maxLength: 2 }),
        (labels, q) => {
          const shown = c.selectorOptions(labels, q, (s) => s);
          const all = labels.filter((s) => s.toLowerCase().includes(q.toLowerCase()));
          expect(shown).toEqual(all.slice(0, 50));
        },
      ),
    );
  });
});

describe('file names', () => {
  it('builds name_quoteNumber.xlsx', () => {
    expect(c.saleExcelFileName('Acme Fit-out', 'Q00012')).toBe('Acme Fit-out_Q00012.xlsx');
    expect(c.saleJsonFileName('Acme', 'Q00012')).toBe('Acme_Q00012.json');
  });
  it('replaces characters illegal in file names', () => {
    expect(c.saleExcelFileName('A/B\\C:D*E?F"G<H>I|J', 'Q1')).toBe('A_B_C_D_E_F_G_H_I_J_Q1.xlsx');
    expect(c.saleExcelFileName('tab\there\nnew', 'Q1')).toBe('tab_here_new_Q1.xlsx');
  });
  it('handles missing parts', () => {
    expect(c.saleExcelFileName(null, 'Q00001')).toBe('_Q00001.xlsx');
    expect(c.saleExcelFileName('Name', undefined)).toBe('Name_.xlsx');
  });
  it('sanitizeFileName trims and falls back', () => {
    expect(c.sanitizeFileName('  report.. ')).toBe('report');
    expect(c.sanitizeFileName('   ')).toBe('file');
    expect(c.sanitizeFileName('...', 'x')).toBe('x');
    expect(c.sanitizeFileName('ok name')).toBe('ok name');
  });
  it('property: the result never contains an illegal character', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (name, q) => {
        const f = c.saleExcelFileName(name, q);
        expect(f.endsWith('.xlsx')).toBe(true);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: checking for control characters
        expect(/[<>:"/\\|?*\u0000-\u001f\u007f]/.test(f)).toBe(false);
      }),
    );
  });
});
