// The admin audit log (issue #25, docs/decisions/0033-audit-log.md). The admin actions record their entries through
// `record` (the users, settings, approval rules, ERP fetch and SSO services), each right after its change succeeded:
// none of them holds a transaction to join (a failed change records nothing); admins read the log through `list`.
import type { AuditAction, AuditActorDto, AuditEntryDto, AuditPageDto, AuditQuery } from '@quotewright/contracts';
import type { AuditLogRow } from '@quotewright/db';
import { validation } from '../../errors';
import { type AuthUser, authorize } from '../../policy';
import { type AuditFields, changedFields, maskSecrets } from './audit.changes';
import type { AuditCursor, AuditRepository } from './audit.repository';

/** Where a request came from: the client's address as Fastify resolves it (with the app's trustProxy setting). */
export interface AuditOrigin {
  ip: string | null;
}

export interface AuditEntryInput {
  actor: { id: string | null; name: string };
  action: AuditAction;
  target: { type: AuditEntryDto['target']['type']; id: string | null; label: string };
  before?: AuditFields | null;
  after?: AuditFields | null;
  origin: AuditOrigin;
}

/** Writes one entry; given to the services whose admin actions are logged. */
export type AuditRecorder = (entry: AuditEntryInput) => Promise<void>;

/** A change of fields (settings, rules): one entry with the fields that differ, none when nothing changed. */
export async function recordChange(
  record: AuditRecorder,
  entry: Omit<AuditEntryInput, 'before' | 'after'> & { before: AuditFields; after: AuditFields },
): Promise<void> {
  const change = changedFields(entry.before, entry.after);
  if (change) await record({ ...entry, ...change });
}

interface Log {
  error(obj: object, msg?: string): void;
}

const cursorOf = (row: Pick<AuditLogRow, 'at' | 'id'>) => `${row.at.toISOString()}_${row.id}`;
function parseCursor(cursor: string): AuditCursor {
  const at = new Date(cursor.slice(0, cursor.lastIndexOf('_')));
  const id = cursor.slice(cursor.lastIndexOf('_') + 1);
  if (Number.isNaN(at.getTime())) throw validation({ cursor: 'Unknown cursor' });
  return { at, id };
}

export function toAuditEntryDto(row: AuditLogRow): AuditEntryDto {
  return {
    _id: row.id,
    at: row.at.toISOString(),
    actor: { id: row.actorId, name: row.actorName },
    action: row.action as AuditAction,
    target: { type: row.targetType as AuditEntryDto['target']['type'], id: row.targetId, label: row.targetLabel },
    before: row.before ?? null,
    after: row.after ?? null,
    address: row.ip,
  };
}

export function auditService(deps: { repo: AuditRepository; log: Log }) {
  const { repo, log } = deps;

  /**
   * Records an entry, secrets masked. Called after the change committed: a failure here cannot undo it, so it is
   * logged with the whole entry (the server log keeps what the table could not) and the change's caller is answered.
   */
  const record: AuditRecorder = async (entry) => {
    const row = {
      actorId: entry.actor.id,
      actorName: entry.actor.name,
      action: entry.action,
      targetType: entry.target.type,
      targetId: entry.target.id,
      targetLabel: entry.target.label,
      before: entry.before ? maskSecrets(entry.before) : null,
      after: entry.after ? maskSecrets(entry.after) : null,
      ip: entry.origin.ip,
    };
    try {
      await repo.insert(row);
    } catch (err) {
      log.error({ err, audit: row }, 'could not write an audit log entry');
    }
  };

  return {
    record,

    /** A page of the log, newest first (admins only). */
    async list(actor: AuthUser | null, q: AuditQuery): Promise<AuditPageDto> {
      authorize(actor, 'audit.read');
      const from = q.from ? new Date(q.from) : undefined;
      const to = q.to ? new Date(q.to) : undefined;
      if (from && to && from >= to) throw validation({ to: 'The end must be after the start' });
      const after = q.cursor ? parseCursor(q.cursor) : undefined;
      // One more than asked: whether an older page exists.
      const { rows, total } = await repo.page(
        { actions: q.action, actorId: q.actor, target: q.target || undefined, from, to },
        { after, offset: q.page * q.pageSize, limit: q.pageSize + 1 },
      );
      const items = rows.slice(0, q.pageSize);
      const last = items.at(-1);
      return {
        items: items.map(toAuditEntryDto),
        total,
        page: q.page,
        pageSize: q.pageSize,
        next_cursor: rows.length > q.pageSize && last ? cursorOf(last) : null,
      };
    },

    /** Everyone the log names as an actor, deleted users included (admins only). */
    async actors(actor: AuthUser | null): Promise<AuditActorDto[]> {
      authorize(actor, 'audit.read');
      return repo.actors();
    },
  };
}
export type AuditService = ReturnType<typeof auditService>;
