// The sale activity feed's queries. Entries are written by the sales repository's transaction (see
// sales.repository.ts `recordActivity`), so a rolled-back change records nothing; they are read here, newest first.
import { count, type Db, desc, eq, type SaleActivityRow, saleActivity, sql } from '@quotewright/db';

export interface NewActivity {
  saleId: string;
  version: number;
  user: { id: string; name: string };
  kind: string;
  detail: object;
}

/** The queries bound to a connection or to a transaction. */
export function activityQueries(db: Db) {
  return {
    /**
     * One entry. Its time is the moment of the write (clock_timestamp), not the transaction's start: mutations of
     * one sale queue up on the sale's lock, so this orders the feed as the changes were made.
     */
    async recordActivity(a: NewActivity): Promise<void> {
      await db.insert(saleActivity).values({
        saleId: a.saleId,
        version: a.version,
        userId: a.user.id,
        userName: a.user.name,
        kind: a.kind,
        detail: a.detail as Record<string, unknown>,
        createdAt: sql`clock_timestamp()`,
      });
    },
  };
}

export function activityRepository(db: Db) {
  return {
    /** A page of a sale's entries, newest first, and how many there are. */
    async page(saleId: string, offset: number, limit: number): Promise<{ items: SaleActivityRow[]; total: number }> {
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(saleActivity)
          .where(eq(saleActivity.saleId, saleId))
          .orderBy(desc(saleActivity.createdAt), desc(saleActivity.version))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(saleActivity).where(eq(saleActivity.saleId, saleId)),
      ]);
      return { items, total: Number(total?.n ?? 0) };
    },
  };
}
export type ActivityRepository = ReturnType<typeof activityRepository>;
