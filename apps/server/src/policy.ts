// The one policy module (docs/product/roles.md#how-the-server-enforces-it): every service asks it before doing
// anything. Deny by default.
import { type Actor, canEdit, canView, hasFullRights } from '@quotewright/domain';
import { forbidden } from './errors';

export interface AuthUser extends Actor {
  id: string;
  name: string;
  email: string;
}

export type Action =
  // A user's own things (or anyone's, for an admin): resource = { userId }
  | 'user.read'
  | 'user.password'
  | 'user.preferences'
  // Administration
  | 'users.manage'
  | 'settings.manage'
  /** The admin audit log (docs/decisions/0033-audit-log.md). */
  | 'audit.read'
  /** The ERP company and the documents' settings (amounts' currency, quote validity): every signed-in person. */
  | 'documents.read'
  | 'erp.fetch'
  // Modules
  | 'sales.view'
  | 'sales.edit'
  | 'sales.full'
  | 'sales.delete'
  | 'accounting.view'
  | 'inventory.view';

export interface Resource {
  userId?: string;
}

export function can(actor: AuthUser | null | undefined, action: Action, resource: Resource = {}): boolean {
  if (!actor) return false;
  switch (action) {
    case 'user.read':
    case 'user.password':
    case 'user.preferences':
      return actor.isAdmin || (resource.userId !== undefined && resource.userId === actor.id);
    case 'users.manage':
    case 'settings.manage':
    case 'audit.read':
    case 'erp.fetch':
    case 'sales.delete':
      return actor.isAdmin;
    case 'documents.read':
      return true;
    case 'sales.view':
      return canView(actor, 'sales');
    case 'sales.edit':
      return canEdit(actor, 'sales');
    case 'sales.full':
      return hasFullRights(actor, 'sales');
    case 'accounting.view':
      return canView(actor, 'accounting');
    case 'inventory.view':
      return canView(actor, 'inventory');
    default: {
      const never: never = action;
      void never;
      return false;
    }
  }
}

/** Throws FORBIDDEN unless the actor may do it. */
export function authorize(actor: AuthUser | null | undefined, action: Action, resource: Resource = {}): AuthUser {
  if (!actor || !can(actor, action, resource)) throw forbidden();
  return actor;
}
