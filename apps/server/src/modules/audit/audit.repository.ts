// The admin audit log's table (docs/decisions/0033-audit-log.md): entries are inserted, never changed or deleted (the
// database refuses both: migration 0025). Newest first, paged by the cursor (at, id) or by offset.
import {
  type AuditLogRow,
  and,
  auditLog,
  count,
  type Db,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  type NewAuditLogRow,
  type SQL,
  sql,
  users,
} from '@quotewright/db';

export interface AuditFilter {
  actions?: readonly string[] | undefined;
  actorId?: string | undefined;
  /** Text in the target's label (case-insensitive). */
  target?: string | undefined;
  /** Inclusive. */
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
}

/** An entry's place in the list (newest first): the next page holds the entries after it. */
export interface AuditCursor {
  at: Date;
  id: string;
}

export interface AuditPaging {
  /** Entries older than this one (keyset paging); else `offset`. */
  after?: AuditCursor | undefined;
  offset: number;
  limit: number;
}

export interface AuditActorRow {
  id: string;
  name: string;
  deleted: boolean;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function conditions(f: AuditFilter): SQL[] {
  const where: SQL[] = [];
  if (f.actions?.length) where.push(inArray(auditLog.action, [...f.actions]));
  if (f.actorId) where.push(eq(auditLog.actorId, f.actorId));
  if (f.target) where.push(ilike(auditLog.targetLabel, `%${escapeLike(f.target)}%`));
  if (f.from) where.push(gte(auditLog.at, f.from));
  if (f.to) where.push(lt(auditLog.at, f.to));
  return where;
}

export function auditRepository(db: Db) {
  return {
    async insert(entry: NewAuditLogRow): Promise<AuditLogRow> {
      const [row] = await db.insert(auditLog).values(entry).returning();
      return row!;
    },

    /** One page of the entries matching `filter`, newest first, and how many match in all. */
    async page(filter: AuditFilter, paging: AuditPaging): Promise<{ rows: AuditLogRow[]; total: number }> {
      const where = conditions(filter);
      const { after } = paging;
      // A row comparison in the index's order (at desc, id desc): the index serves it.
      const page = after
        ? [
            ...where,
            sql`(${auditLog.at}, ${auditLog.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`,
          ]
        : where;
      const [rows, [n]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(and(...page))
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(paging.limit)
          .offset(after ? 0 : paging.offset),
        db
          .select({ n: count() })
          .from(auditLog)
          .where(and(...where)),
      ]);
      return { rows, total: Number(n?.n ?? 0) };
    },

    /**
     * Everyone the log names as an actor: the user's current name, or (a deleted user) the name of their latest entry.
     */
    async actors(): Promise<AuditActorRow[]> {
      const latest = db
        .selectDistinctOn([auditLog.actorId], { id: auditLog.actorId, name: auditLog.actorName })
        .from(auditLog)
        .where(sql`${auditLog.actorId} is not null`)
        .orderBy(auditLog.actorId, desc(auditLog.at))
        .as('latest');
      const rows = await db
        .select({
          id: sql<string>`${latest.id}`,
          name: sql<string>`coalesce(${users.name}, ${latest.name})`,
          deleted: sql<boolean>`${users.id} is null`,
        })
        .from(latest)
        .leftJoin(users, eq(users.id, latest.id));
      return rows.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    },
  };
}
export type AuditRepository = ReturnType<typeof auditRepository>;
