// Business constants and limits (docs/product/rules.md#constants). One source for the server and the web app.

/** Request timeout of the web API client: 10 minutes. */
export const REQUEST_TIMEOUT_MS = 600_000;
/** Snackbar alerts auto-hide after 6 s. */
export const SNACKBAR_AUTOHIDE_MS = 6_000;
/** After a successful save the sale info panel collapses 1.5 s later. */
export const INFO_PANEL_COLLAPSE_MS = 1_500;

const LIST_PAGE_SIZE_OPTIONS = [10, 20, 50, 100, 200, 1000] as const;

export const SALES_PAGE_SIZE = 20;
export const SALES_PAGE_SIZE_OPTIONS: readonly number[] = LIST_PAGE_SIZE_OPTIONS;
export const TEMPLATES_PAGE_SIZE = 20;
export const TEMPLATES_PAGE_SIZE_OPTIONS: readonly number[] = LIST_PAGE_SIZE_OPTIONS;
/** Both stock tables (by location and by product). */
export const STOCK_PAGE_SIZE = 20;
export const STOCK_PAGE_SIZE_OPTIONS: readonly number[] = LIST_PAGE_SIZE_OPTIONS;
export const USERS_PAGE_SIZE = 20;
export const USERS_PAGE_SIZE_OPTIONS: readonly number[] = [10, 20, 50];
/** Product picker in dialog form. */
export const PICKER_PAGE_SIZE = 5;
/** Product picker in widescreen or windowed mode. */
export const PICKER_PAGE_SIZE_WIDE = 20;
export const PICKER_PAGE_SIZE_OPTIONS: readonly number[] = [5, 10, 20, 50];

/** Product picker page size: 20 in widescreen or windowed mode, else 5. */
export function pickerPageSize(wideOrWindowed: boolean): number {
  return wideOrWindowed ? PICKER_PAGE_SIZE_WIDE : PICKER_PAGE_SIZE;
}

/** Selectors show at most this many options. */
export const SELECTOR_MAX_OPTIONS = 50;

/**
 * Options a selector shows for a search text: the first `max` items whose label contains `query`,
 * case-insensitively (a plain substring match, no trimming). An empty query matches everything.
 */
export function selectorOptions<T>(
  items: readonly T[],
  query: string | null | undefined,
  labelOf: (item: T) => string | null | undefined,
  max: number = SELECTOR_MAX_OPTIONS,
): T[] {
  const limit = Math.max(0, Math.floor(max));
  const q = (query ?? '').toLowerCase();
  const out: T[] = [];
  for (const item of items) {
    if (out.length >= limit) break;
    if (q === '' || (labelOf(item) ?? '').toLowerCase().includes(q)) out.push(item);
  }
  return out;
}

/** Margin warning threshold as a ratio (22 %). Compare percents with MARGIN_WARNING_PERCENT. */
export const MARGIN_WARNING_THRESHOLD = 0.22;
/** Markup warning threshold as a ratio (28 %). Compare percents with MARKUP_WARNING_PERCENT. */
export const MARKUP_WARNING_THRESHOLD = 0.28;
// Percent forms written out: 0.22 * 100 is 22.000000000000004 in floating point.
export const MARGIN_WARNING_PERCENT = 22;
export const MARKUP_WARNING_PERCENT = 28;

/** Related-products quantity multiplier. */
export const RELATED_MULTIPLIER_MIN = 1;
export const RELATED_MULTIPLIER_DEFAULT = 1;

/** Line insertion point meaning "append at the end". */
export const APPEND = -1;

/** Editors' avatar stack: shown from 2 editors, at most 3 avatars. */
export const AVATAR_MAX = 3;
export const AVATAR_MIN_EDITORS = 2;

/** The avatars to display for a list of editors: none below AVATAR_MIN_EDITORS, else the first AVATAR_MAX. */
export function visibleAvatars<T>(editors: readonly T[]): T[] {
  return editors.length < AVATAR_MIN_EDITORS ? [] : editors.slice(0, AVATAR_MAX);
}

/** Journal items report companies. */
export const COMPANY_IDS: readonly number[] = [1, 4];
export const DEFAULT_COMPANY_ID = 1;

export const DRAWER_WIDTH = 240;
export const PROFILE_MENU_WIDTH = 300;

export const JOURNAL_ITEMS_FILE = 'journalitems.xlsx';
export const STOCK_REPORT_FILE = 'stockreport.xlsx';

// Illegal on Windows, macOS or Linux, plus ASCII control characters.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is matched
const ILLEGAL_FILE_CHARS = /[<>:"/\\|?*\u0000-\u001f\u007f]/g;

/**
 * Makes a string safe as a file name: illegal characters become '_', leading/trailing spaces and trailing dots
 * are removed (Windows drops them). Falls back to `fallback` when nothing is left.
 */
export function sanitizeFileName(name: string | null | undefined, fallback = 'file'): string {
  const cleaned = (name ?? '')
    .replace(ILLEGAL_FILE_CHARS, '_')
    .trim()
    .replace(/[. ]+$/, '');
  return cleaned === '' ? fallback : cleaned;
}

/** Excel export of a sale: `${name}_${quoteNumber}.xlsx`, with characters illegal in file names replaced by '_'. */
export function saleExcelFileName(name: string | null | undefined, quoteNumber: string | null | undefined): string {
  return sanitizeFileName(`${name ?? ''}_${quoteNumber ?? ''}`, 'sale') + '.xlsx';
}

/** JSON export of a sale: `${name}_${quoteNumber}.json`, sanitized like saleExcelFileName. */
export function saleJsonFileName(name: string | null | undefined, quoteNumber: string | null | undefined): string {
  return sanitizeFileName(`${name ?? ''}_${quoteNumber ?? ''}`, 'sale') + '.json';
}
