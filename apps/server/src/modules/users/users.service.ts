import type { CreateUser, UpdateUser, User } from '@quotewright/contracts';
import type { UserRow } from '@quotewright/db';
import {
  defaultModules,
  defaultPreferences,
  MODULES,
  type Modules,
  type SalesListPreferences,
  type TogglePreference,
  validatePasswordChange,
} from '@quotewright/domain';
import { AppError, notFound, validation } from '../../errors';
import { hashPassword } from '../../infra/passwords';
import { type AuthUser, authorize } from '../../policy';
import type { AuditOrigin, AuditRecorder } from '../audit/audit.service';
import { userAudit } from './users.audit';
import type { UserPatch, UsersRepository } from './users.repository';

export function toUserDto(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    isAdmin: row.isAdmin,
    date: row.createdAt.toISOString(),
    azure_id: row.azureId ?? null,
    modules: row.modules,
    preferences: row.preferences,
  };
}

type ModulesPatch = NonNullable<CreateUser['modules']>;
function mergeModules(base: Modules, patch: ModulesPatch | undefined): Modules {
  const out = structuredClone(base);
  if (!patch) return out;
  for (const m of MODULES) {
    const p = patch[m];
    if (p) out[m] = { ...out[m], ...Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)) };
  }
  return out;
}

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/**
 * `onUserChanged` runs after a user's rights, password or account changed (open sockets are checked again); `audit`
 * writes the admin audit log (users.audit.ts: right after each change succeeded).
 */
export function usersService(
  repo: UsersRepository,
  onUserChanged: ((userId: string) => void) | undefined,
  audit: AuditRecorder,
) {
  const log = userAudit(audit);
  async function load(id: string): Promise<UserRow> {
    const row = await repo.findById(id);
    if (!row) throw notFound('User');
    return row;
  }
  const emailTaken = () =>
    new AppError('EMAIL_TAKEN', 'This email is already used by another user', { email: 'Email already in use' });

  return {
    async get(actor: AuthUser | null, id: string): Promise<User> {
      authorize(actor, 'user.read', { userId: id });
      return toUserDto(await load(id));
    },

    async list(actor: AuthUser | null): Promise<User[]> {
      authorize(actor, 'users.manage');
      return (await repo.list()).map(toUserDto);
    },

    async create(actor: AuthUser | null, input: CreateUser, origin: AuditOrigin): Promise<User> {
      const me = authorize(actor, 'users.manage');
      if (await repo.findByEmail(input.email)) throw emailTaken();
      try {
        const row = await repo.insert({
          name: input.name,
          email: input.email,
          passwordHash: await hashPassword(input.password),
          isAdmin: input.isAdmin ?? false,
          modules: mergeModules(defaultModules(), input.modules),
          preferences: defaultPreferences(),
        });
        await log.created(me, row, origin);
        return toUserDto(row);
      } catch (e) {
        if (isUniqueViolation(e)) throw emailTaken();
        throw e;
      }
    },

    async update(actor: AuthUser | null, id: string, input: UpdateUser, origin: AuditOrigin): Promise<User> {
      const me = authorize(actor, 'users.manage');
      const current = await load(id);
      if (input.isAdmin === false && current.isAdmin && (await repo.countAdmins(id)) === 0) {
        throw new AppError('LAST_ADMIN', 'At least one administrator must remain', {
          isAdmin: 'The last administrator cannot lose admin rights',
        });
      }
      if (input.email && input.email.toLowerCase() !== current.email) {
        const other = await repo.findByEmail(input.email);
        if (other && other.id !== id) throw emailTaken();
      }
      const patch: UserPatch = {};
      if (input.name !== undefined) patch.name = input.name;
      if (input.email !== undefined) patch.email = input.email;
      if (input.isAdmin !== undefined) patch.isAdmin = input.isAdmin;
      if (input.modules !== undefined) patch.modules = mergeModules(current.modules, input.modules);
      try {
        let row = Object.keys(patch).length ? await repo.update(id, patch) : current;
        if (input.password !== undefined) {
          row = await repo.setPassword(id, await hashPassword(input.password));
        }
        if (!row) throw notFound('User');
        onUserChanged?.(id);
        await log.changed(me, current, row, origin);
        if (input.password !== undefined) await log.passwordReset(me, row, origin);
        return toUserDto(row);
      } catch (e) {
        if (isUniqueViolation(e)) throw emailTaken();
        throw e;
      }
    },

    async remove(actor: AuthUser | null, id: string, origin: AuditOrigin): Promise<void> {
      const me = authorize(actor, 'users.manage');
      if (me.id === id) throw new AppError('CANNOT_DELETE_SELF', 'You cannot delete your own account');
      const current = await load(id);
      if (current.isAdmin && (await repo.countAdmins(id)) === 0) {
        throw new AppError('LAST_ADMIN', 'At least one administrator must remain');
      }
      if (!(await repo.delete(id))) throw notFound('User');
      onUserChanged?.(id);
      await log.deleted(me, current, origin);
    },

    /**
     * Password change (own, or anyone's for an admin); ends the user's other sessions. An admin's reset of another
     * user's password is an admin action (audit log); one's own change is not.
     */
    async resetPassword(
      actor: AuthUser | null,
      id: string,
      body: { password: string; password2: string },
      origin: AuditOrigin,
    ) {
      const me = authorize(actor, 'user.password', { userId: id });
      await load(id);
      const errors = validatePasswordChange(body);
      if (Object.keys(errors).length > 0) throw validation({ ...errors }, 'The password could not be changed');
      const row = await repo.setPassword(id, await hashPassword(body.password));
      if (!row) throw notFound('User');
      onUserChanged?.(id);
      if (me.id !== id) await log.passwordReset(me, row, origin);
      return row;
    },

    async setPreference(actor: AuthUser | null, id: string, key: TogglePreference, value: boolean): Promise<User> {
      authorize(actor, 'user.preferences', { userId: id });
      const row = await repo.setPreference(id, key, value);
      if (!row) throw notFound('User');
      return toUserDto(row);
    },

    /** The sales list's grouping, sort and page size (validated by the route's schema), for the user or by an admin. */
    async setSalesListPreferences(actor: AuthUser | null, id: string, value: SalesListPreferences): Promise<User> {
      authorize(actor, 'user.preferences', { userId: id });
      const row = await repo.setSalesListPreferences(id, value);
      if (!row) throw notFound('User');
      return toUserDto(row);
    },
  };
}
export type UsersService = ReturnType<typeof usersService>;
