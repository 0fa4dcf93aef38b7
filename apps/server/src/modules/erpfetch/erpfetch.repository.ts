import { and, type Db, desc, type ErpFetchRunRow, eq, erpFetchRuns, inArray, lt, sql } from '@quotewright/db';

export type FetchKind = 'products' | 'sales' | 'contacts';

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

export function erpFetchRepository(db: Db) {
  const active = inArray(erpFetchRuns.status, ['queued', 'running']);
  return {
    /** A new queued run, or null when one of this kind is already queued/running (single flight). */
    async createQueued(kind: FetchKind, startedById: string | null): Promise<ErpFetchRunRow | null> {
      try {
        const [row] = await db.insert(erpFetchRuns).values({ kind, startedById }).returning();
        return row!;
      } catch (e) {
        if (isUniqueViolation(e)) return null;
        throw e;
      }
    },
    async findActive(kind: FetchKind): Promise<ErpFetchRunRow | undefined> {
      const [row] = await db
        .select()
        .from(erpFetchRuns)
        .where(and(eq(erpFetchRuns.kind, kind), active));
      return row;
    },
    async latest(kind: FetchKind): Promise<ErpFetchRunRow | undefined> {
      const [row] = await db
        .select()
        .from(erpFetchRuns)
        .where(eq(erpFetchRuns.kind, kind))
        .orderBy(desc(erpFetchRuns.createdAt))
        .limit(1);
      return row;
    },
    async findById(id: string): Promise<ErpFetchRunRow | undefined> {
      const [row] = await db.select().from(erpFetchRuns).where(eq(erpFetchRuns.id, id));
      return row;
    },
    async markRunning(id: string): Promise<void> {
      await db
        .update(erpFetchRuns)
        .set({ status: 'running', startedAt: new Date(), updatedAt: new Date() })
        .where(eq(erpFetchRuns.id, id));
    },
    async progress(id: string, p: { processed: number; total: number | null; written: number; message: string }) {
      const progress = p.total ? Math.min(99, Math.floor((p.processed / p.total) * 100)) : 0;
      await db
        .update(erpFetchRuns)
        .set({ ...p, progress, updatedAt: new Date() })
        .where(eq(erpFetchRuns.id, id));
    },
    async finish(
      id: string,
      outcome:
        | { status: 'succeeded'; processed: number; written: number; deactivated: number; message: string }
        | { status: 'failed'; error: string },
    ) {
      await db
        .update(erpFetchRuns)
        .set({
          ...outcome,
          ...(outcome.status === 'succeeded' ? { progress: 100 } : {}),
          finishedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(erpFetchRuns.id, id));
    },
    /** Runs whose heartbeat stopped before `before` (their process died) are marked failed. */
    async failStale(before: Date): Promise<number> {
      const rows = await db
        .update(erpFetchRuns)
        .set({ status: 'failed', error: 'Interrupted: the server stopped during this fetch', finishedAt: sql`now()` })
        .where(and(active, lt(erpFetchRuns.updatedAt, before)))
        .returning({ id: erpFetchRuns.id });
      return rows.length;
    },
  };
}
export type ErpFetchRepository = ReturnType<typeof erpFetchRepository>;
