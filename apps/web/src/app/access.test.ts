import { ACCESS_LEVELS, type Actor, type ModuleAccess, type Modules } from '@quotewright/domain';
import { describe, expect, it } from 'vitest';
import { drawerEntries, homePath } from './access';

// Every module state: disabled (at each level, which must not matter) or enabled at each level.
const STATES: ModuleAccess[] = [
  ...ACCESS_LEVELS.map((level) => ({ enabled: false, level })),
  ...ACCESS_LEVELS.map((level) => ({ enabled: true, level })),
];

function* everyActor(): Generator<Actor> {
  for (const isAdmin of [false, true])
    for (const sales of STATES)
      for (const accounting of STATES)
        for (const inventory of STATES) yield { isAdmin, modules: { sales, accounting, inventory } as Modules };
}

/** docs/product/screens.md#shell (the drawer), written out independently of the implementation. */
function expectedLabels({ isAdmin, modules }: Actor): string[] {
  const out: string[] = [];
  if (isAdmin || modules.sales.enabled) out.push('Sales');
  if (isAdmin || modules.accounting.enabled) out.push('Analytic Report', 'Journal Items');
  if (isAdmin || modules.inventory.enabled) out.push('Stock by Location', 'Stock by Product');
  if (isAdmin || (modules.sales.enabled && modules.sales.level === 'full_rights')) out.push('Templates');
  if (isAdmin) out.push('User Management', 'Settings', 'Audit Log');
  return out;
}

describe('drawer entries', () => {
  it('match the permission rules for every role combination (432 actors)', () => {
    let count = 0;
    for (const actor of everyActor()) {
      expect(
        drawerEntries(actor).map((e) => e.label),
        JSON.stringify(actor),
      ).toEqual(expectedLabels(actor));
      count++;
    }
    expect(count).toBe(2 * STATES.length ** 3);
  });

  it('an admin sees all nine entries in order', () => {
    const admin: Actor = {
      isAdmin: true,
      modules: {
        sales: { enabled: false, level: 'viewer' },
        accounting: { enabled: false, level: 'viewer' },
        inventory: { enabled: false, level: 'viewer' },
      },
    };
    expect(drawerEntries(admin).map((e) => [e.label, e.path])).toEqual([
      ['Sales', '/'],
      ['Analytic Report', '/analyticreport'],
      ['Journal Items', '/journalitems'],
      ['Stock by Location', '/stock/location'],
      ['Stock by Product', '/stock/product'],
      ['Templates', '/templates'],
      ['User Management', '/users'],
      ['Settings', '/settings'],
      ['Audit Log', '/audit'],
    ]);
  });

  it('an inventory viewer sees only the stock entries; sales editors get no Templates', () => {
    const inventoryViewer: Actor = {
      isAdmin: false,
      modules: {
        sales: { enabled: false, level: 'full_rights' },
        accounting: { enabled: false, level: 'viewer' },
        inventory: { enabled: true, level: 'viewer' },
      },
    };
    expect(drawerEntries(inventoryViewer).map((e) => e.label)).toEqual(['Stock by Location', 'Stock by Product']);
    expect(homePath(inventoryViewer)).toBe('/stock/location');

    const salesEditor: Actor = {
      ...inventoryViewer,
      modules: { ...inventoryViewer.modules, sales: { enabled: true, level: 'editor' } },
    };
    expect(drawerEntries(salesEditor).map((e) => e.label)).toEqual(['Sales', 'Stock by Location', 'Stock by Product']);
  });

  it('no actor or no modules: no entries, and the home page is the profile', () => {
    expect(drawerEntries(null)).toEqual([]);
    const nobody: Actor = {
      isAdmin: false,
      modules: {
        sales: { enabled: false, level: 'full_rights' },
        accounting: { enabled: false, level: 'full_rights' },
        inventory: { enabled: false, level: 'full_rights' },
      },
    };
    expect(drawerEntries(nobody)).toEqual([]);
    expect(homePath(nobody)).toBe('/profile');
  });
});
