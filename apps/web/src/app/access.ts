// Who may open which screen and see which drawer entry (docs/product/roles.md#in-the-web-app). One table of rules used
// by the drawer and by the route guards, built on the domain permission functions.
import { type Actor, canEdit, canView, hasFullRights, type Module } from '@quotewright/domain';

export type Access =
  | { kind: 'any' }
  | { kind: 'admin' }
  | { kind: 'module'; module: Module; level: 'view' | 'edit' | 'full' };

export const ANY: Access = { kind: 'any' };
export const ADMIN: Access = { kind: 'admin' };
export const view = (module: Module): Access => ({ kind: 'module', module, level: 'view' });
export const edit = (module: Module): Access => ({ kind: 'module', module, level: 'edit' });
export const full = (module: Module): Access => ({ kind: 'module', module, level: 'full' });

export function canAccess(actor: Actor | null | undefined, access: Access): boolean {
  if (!actor) return false;
  switch (access.kind) {
    case 'any':
      return true;
    case 'admin':
      return actor.isAdmin;
    case 'module':
      if (access.level === 'view') return canView(actor, access.module);
      if (access.level === 'edit') return canEdit(actor, access.module);
      return hasFullRights(actor, access.module);
  }
}

export type NavKey =
  | 'sales'
  | 'analyticReport'
  | 'journalItems'
  | 'stockLocation'
  | 'stockProduct'
  | 'templates'
  | 'users'
  | 'settings'
  | 'audit';

export interface NavEntry {
  key: NavKey;
  label: string;
  path: string;
  access: Access;
}

/** Drawer entries in display order (docs/product/screens.md#shell). */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { key: 'sales', label: 'Sales', path: '/', access: view('sales') },
  { key: 'analyticReport', label: 'Analytic Report', path: '/analyticreport', access: view('accounting') },
  { key: 'journalItems', label: 'Journal Items', path: '/journalitems', access: view('accounting') },
  { key: 'stockLocation', label: 'Stock by Location', path: '/stock/location', access: view('inventory') },
  { key: 'stockProduct', label: 'Stock by Product', path: '/stock/product', access: view('inventory') },
  { key: 'templates', label: 'Templates', path: '/templates', access: full('sales') },
  { key: 'users', label: 'User Management', path: '/users', access: ADMIN },
  { key: 'settings', label: 'Settings', path: '/settings', access: ADMIN },
  { key: 'audit', label: 'Audit Log', path: '/audit', access: ADMIN },
];

export function drawerEntries(actor: Actor | null | undefined): NavEntry[] {
  return NAV_ENTRIES.filter((e) => canAccess(actor, e.access));
}

/** Where a user lands on '/' when the sales list is not theirs: their first drawer entry, else the profile. */
export function homePath(actor: Actor | null | undefined): string {
  return drawerEntries(actor)[0]?.path ?? '/profile';
}
