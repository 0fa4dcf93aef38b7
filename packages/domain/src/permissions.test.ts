import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_LEVELS,
  type AccessLevel,
  type Actor,
  canEdit,
  canView,
  defaultModuleAccess,
  defaultModules,
  hasFullRights,
  MODULES,
  type Module,
} from './permissions';

function actorWith(module: Module, enabled: boolean, level: AccessLevel, isAdmin = false): Actor {
  const modules = defaultModules();
  modules[module] = { enabled, level };
  return { isAdmin, modules };
}

describe('permissions', () => {
  it('lists modules and levels; defaults are disabled viewer', () => {
    expect(MODULES).toEqual(['sales', 'accounting', 'inventory']);
    expect(ACCESS_LEVELS).toEqual(['viewer', 'editor', 'full_rights']);
    expect(defaultModuleAccess()).toEqual({ enabled: false, level: 'viewer' });
    expect(defaultModules()).toEqual({
      sales: { enabled: false, level: 'viewer' },
      accounting: { enabled: false, level: 'viewer' },
      inventory: { enabled: false, level: 'viewer' },
    });
    const a = defaultModules();
    a.sales.enabled = true;
    expect(defaultModules().sales.enabled).toBe(false); // fresh objects each time
  });
  it.each<[boolean, AccessLevel, boolean, boolean, boolean]>([
    [false, 'viewer', false, false, false],
    [false, 'full_rights', false, false, false],
    [true, 'viewer', true, false, false],
    [true, 'editor', true, true, false],
    [true, 'full_rights', true, true, true],
  ])('enabled %s level %s → view %s edit %s full %s', (enabled, level, view, edit, full) => {
    const a = actorWith('sales', enabled, level);
    expect(canView(a, 'sales')).toBe(view);
    expect(canEdit(a, 'sales')).toBe(edit);
    expect(hasFullRights(a, 'sales')).toBe(full);
    expect(canView(a, 'accounting')).toBe(false);
  });
  it('admins pass every check; no actor passes none', () => {
    const admin: Actor = { isAdmin: true, modules: defaultModules() };
    for (const m of MODULES) {
      expect(canView(admin, m)).toBe(true);
      expect(canEdit(admin, m)).toBe(true);
      expect(hasFullRights(admin, m)).toBe(true);
      expect(canView(null, m)).toBe(false);
      expect(canEdit(undefined, m)).toBe(false);
      expect(hasFullRights(null, m)).toBe(false);
    }
  });
  it('property: full rights ⇒ edit ⇒ view', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MODULES),
        fc.boolean(),
        fc.constantFrom(...ACCESS_LEVELS),
        fc.boolean(),
        (m, enabled, level, isAdmin) => {
          const a = actorWith(m, enabled, level, isAdmin);
          if (hasFullRights(a, m)) expect(canEdit(a, m)).toBe(true);
          if (canEdit(a, m)) expect(canView(a, m)).toBe(true);
        },
      ),
    );
  });
});
