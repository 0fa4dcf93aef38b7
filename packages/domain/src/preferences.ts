import { SALES_PAGE_SIZE, SALES_PAGE_SIZE_OPTIONS } from './constants';
import {
  SALES_LIST_GROUPS,
  SALES_LIST_SORTS,
  type SalesListGroup,
  type SalesListSort,
  type SortDirection,
} from './sales-list';

/** How a user last left the sales list: kept on the server, so a reload or another browser shows the same. */
export interface SalesListPreferences {
  /** null: not grouped. */
  groupBy: SalesListGroup | null;
  /** null: the default order (most recently changed first). */
  sort: SalesListSort | null;
  direction: SortDirection;
  /** One of SALES_PAGE_SIZE_OPTIONS. */
  pageSize: number;
}

export interface Preferences {
  darkMode: boolean;
  wideScreen: boolean;
  discreteMode: boolean;
  /** Absent until the user first changes the list's grouping, sort or page size. */
  salesList?: SalesListPreferences;
}

/** The on/off display preferences (each has its own route). */
export type TogglePreference = 'darkMode' | 'wideScreen' | 'discreteMode';

export function defaultPreferences(): Preferences {
  return { darkMode: true, wideScreen: false, discreteMode: false };
}

export function defaultSalesListPreferences(): SalesListPreferences {
  return { groupBy: null, sort: null, direction: 'desc', pageSize: SALES_PAGE_SIZE };
}

/**
 * The user's sales list settings, each one checked: a stored value that is no longer valid (a page size since
 * removed, a sort key renamed) falls back to its default instead of breaking the list.
 */
export function salesListPreferences(prefs: Partial<Preferences> | null | undefined): SalesListPreferences {
  const d = defaultSalesListPreferences();
  const s = (prefs?.salesList ?? {}) as Partial<Record<keyof SalesListPreferences, unknown>>;
  const oneOf = <T>(list: readonly T[], v: unknown, fallback: T): T => (list.includes(v as T) ? (v as T) : fallback);
  return {
    groupBy: oneOf<SalesListGroup | null>(SALES_LIST_GROUPS, s.groupBy, d.groupBy),
    sort: oneOf<SalesListSort | null>(SALES_LIST_SORTS, s.sort, d.sort),
    direction: oneOf<SortDirection>(['asc', 'desc'], s.direction, d.direction),
    pageSize: oneOf(SALES_PAGE_SIZE_OPTIONS, s.pageSize, d.pageSize),
  };
}
