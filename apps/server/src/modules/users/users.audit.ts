// The audit log entries of user administration (docs/decisions/0033-audit-log.md): each written right after its change
// succeeded (the users service holds no transaction to join), so a refused or failed change writes none.
import { AUDIT_SECRET_VALUE, type AuditAction } from '@quotewright/contracts';
import type { UserRow } from '@quotewright/db';
import {
  type AuditFields,
  changedFields,
  USER_DETAIL_FIELDS,
  USER_RIGHT_FIELDS,
  userFields,
} from '../audit/audit.changes';
import type { AuditOrigin, AuditRecorder } from '../audit/audit.service';

type Who = { id: string; name: string };
type Audited = Pick<UserRow, 'id' | 'name' | 'email' | 'isAdmin' | 'modules'>;

export function userAudit(record: AuditRecorder) {
  const entry = (
    actor: Who,
    action: AuditAction,
    user: Audited,
    origin: AuditOrigin,
    before: AuditFields | null,
    after: AuditFields | null,
  ) =>
    record({
      actor: { id: actor.id, name: actor.name },
      action,
      target: { type: 'user', id: user.id, label: user.email },
      before,
      after,
      origin,
    });

  return {
    created: (actor: Who, user: Audited, origin: AuditOrigin, extra: AuditFields = {}) =>
      entry(actor, 'user.created', user, origin, null, { ...userFields(user), ...extra }),

    deleted: (actor: Who, user: Audited, origin: AuditOrigin) =>
      entry(actor, 'user.deleted', user, origin, userFields(user), null),

    /** One entry per kind of change (details: name, e-mail; rights: admin flag, modules); none when nothing changed. */
    async changed(actor: Who, before: Audited, after: Audited, origin: AuditOrigin): Promise<void> {
      const b = userFields(before);
      const a = userFields(after);
      const details = changedFields(b, a, USER_DETAIL_FIELDS);
      if (details) await entry(actor, 'user.updated', after, origin, details.before, details.after);
      const rights = changedFields(b, a, USER_RIGHT_FIELDS);
      if (rights) await entry(actor, 'user.rights_changed', after, origin, rights.before, rights.after);
    },

    /** A password set by an admin: the log says it changed, never to what. */
    passwordReset: (actor: Who, user: Audited, origin: AuditOrigin) =>
      entry(actor, 'user.password_reset', user, origin, null, { password: AUDIT_SECRET_VALUE }),

    /** An account linked to a single sign-on identity (by the person signing in). */
    ssoLinked: (actor: Who, user: Audited, origin: AuditOrigin) =>
      entry(actor, 'user.sso_link_changed', user, origin, { sso: 'not linked' }, { sso: 'linked' }),
  };
}
export type UserAudit = ReturnType<typeof userAudit>;
