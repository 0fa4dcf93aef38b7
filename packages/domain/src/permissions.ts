// Module permissions (docs/product/roles.md#modules-and-levels). Pure: the server enforces them, the web app
// mirrors them.
export const MODULES = ['sales', 'accounting', 'inventory'] as const;
export type Module = (typeof MODULES)[number];

export const ACCESS_LEVELS = ['viewer', 'editor', 'full_rights'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export interface ModuleAccess {
  enabled: boolean;
  level: AccessLevel;
}
export type Modules = Record<Module, ModuleAccess>;

/** Who is acting: the part of a user that permission rules read. */
export interface Actor {
  isAdmin: boolean;
  modules: Modules;
}

const rank: Record<AccessLevel, number> = { viewer: 0, editor: 1, full_rights: 2 };

export function defaultModuleAccess(): ModuleAccess {
  return { enabled: false, level: 'viewer' };
}

export function defaultModules(): Modules {
  return { sales: defaultModuleAccess(), accounting: defaultModuleAccess(), inventory: defaultModuleAccess() };
}

export function canView(actor: Actor | null | undefined, module: Module): boolean {
  if (!actor) return false;
  return actor.isAdmin || actor.modules[module]?.enabled === true;
}

export function canEdit(actor: Actor | null | undefined, module: Module): boolean {
  if (!actor) return false;
  if (actor.isAdmin) return true;
  const m = actor.modules[module];
  return m?.enabled === true && rank[m.level] >= rank.editor;
}

export function hasFullRights(actor: Actor | null | undefined, module: Module): boolean {
  if (!actor) return false;
  if (actor.isAdmin) return true;
  const m = actor.modules[module];
  return m?.enabled === true && m.level === 'full_rights';
}
