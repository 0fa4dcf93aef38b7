// Persistence of publish/sync runs (sale_sync_runs) and of what a run brings back onto the sale: the ERP order,
// its line ids on our sections and lines, the state, the sync flags. The only database user of the sale sync.
import {
  and,
  asc,
  count,
  type Db,
  desc,
  eq,
  inArray,
  lt,
  or,
  type ProductRow,
  pgArray,
  products,
  type SaleRow,
  type SaleSyncRunRow,
  saleLines,
  saleSections,
  saleSyncRuns,
  sales,
  sql,
} from '@quotewright/db';
import type { FullSale } from './sales.repository';

const ACTIVE = ['queued', 'running'] as const;
const isActive = inArray(saleSyncRuns.status, [...ACTIVE]);

const isUniqueViolation = (e: unknown, constraint?: string): boolean => {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = err?.code ?? err?.cause?.code;
  const name = err?.constraint ?? err?.cause?.constraint;
  return code === '23505' && (!constraint || name === undefined || name === constraint);
};

export interface NewRun {
  saleId: string;
  action: 'publish' | 'sync';
  createNew: boolean;
  origin: string | null;
  startedById: string;
  startedByName: string;
  message: string;
}

export type RunOutcome =
  | {
      status: 'succeeded';
      message: string;
      odooId: number;
      odooName: string;
      linesCreated: number;
      linesUpdated: number;
      linesDeleted: number;
      sectionsCreated: number;
      sectionsUpdated: number;
      sectionsDeleted: number;
      ourTotal: string;
      erpTotal: string;
    }
  | { status: 'failed' | 'unknown'; message: string; odooId?: number | null; odooName?: string | null };

export interface SyncResult {
  odooId: number;
  odooName: string;
  /** the order's creation time as the ERP reports it (with id and name: which order this is) */
  odooCreatedAt: string | null;
  state: SaleRow['state'];
  contentHash: string;
  /** Every section and line id of the snapshot sent, with its ERP line (a missing one is not in the ERP). */
  lineIds: { localId: string; odooLineId: number }[];
  /** The sale's sync message (a totals discrepancy), or null. */
  message: string | null;
}

export class OrderLinkedElsewhere extends Error {}

export function saleSyncRepository(db: Db) {
  return {
    async saleRow(id: string): Promise<SaleRow | undefined> {
      const [row] = await db.select().from(sales).where(eq(sales.id, id));
      return row;
    },

    /** The sale with its sections and lines in order, read in one snapshot. */
    async snapshot(id: string): Promise<FullSale | undefined> {
      return db.transaction(
        async (tx) => {
          const [sale] = await tx.select().from(sales).where(eq(sales.id, id));
          if (!sale) return undefined;
          const sectionRows = await tx
            .select()
            .from(saleSections)
            .where(eq(saleSections.saleId, id))
            .orderBy(asc(saleSections.position));
          const lineRows = await tx
            .select()
            .from(saleLines)
            .where(eq(saleLines.saleId, id))
            .orderBy(asc(saleLines.sectionId), asc(saleLines.position));
          const bySection = new Map(sectionRows.map((s) => [s.id, [] as typeof lineRows]));
          for (const l of lineRows) bySection.get(l.sectionId)?.push(l);
          return { sale, sections: sectionRows.map((s) => ({ ...s, lines: bySection.get(s.id) ?? [] })) };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },

    async productsByIds(
      ids: readonly number[],
    ): Promise<Pick<ProductRow, 'id' | 'active' | 'model' | 'name' | 'manufacturer'>[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          id: products.id,
          active: products.active,
          model: products.model,
          name: products.name,
          manufacturer: products.manufacturer,
        })
        .from(products)
        .where(sql`${products.id} = any(${pgArray([...ids])}::int[])`);
    },

    // ─── Runs ──────────────────────────────────────────────────────────────────────────────────────────────────

    /** A new queued run, or null when the sale already has one queued or running (single flight). */
    async createRun(run: NewRun): Promise<SaleSyncRunRow | null> {
      try {
        const [row] = await db.insert(saleSyncRuns).values(run).returning();
        return row!;
      } catch (e) {
        if (isUniqueViolation(e, 'sale_sync_runs_one_active')) return null;
        throw e;
      }
    },
    async findById(id: string): Promise<SaleSyncRunRow | undefined> {
      const [row] = await db.select().from(saleSyncRuns).where(eq(saleSyncRuns.id, id));
      return row;
    },
    async findActive(saleId: string): Promise<SaleSyncRunRow | undefined> {
      const [row] = await db
        .select()
        .from(saleSyncRuns)
        .where(and(eq(saleSyncRuns.saleId, saleId), isActive));
      return row;
    },
    async latest(saleId: string): Promise<SaleSyncRunRow | undefined> {
      const [row] = await db
        .select()
        .from(saleSyncRuns)
        .where(eq(saleSyncRuns.saleId, saleId))
        .orderBy(desc(saleSyncRuns.createdAt))
        .limit(1);
      return row;
    },
    /**
     * The origin of a new 'Sync to new Sale' order: the one of the last such run when it did not succeed (its order
     * may exist: a retry must find it, not make a third), else `<quote>-<n>` with n = such runs so far + 2.
     */
    async newOrderOrigin(saleId: string, quoteNumber: string): Promise<string> {
      const [last] = await db
        .select({ origin: saleSyncRuns.origin, status: saleSyncRuns.status })
        .from(saleSyncRuns)
        .where(and(eq(saleSyncRuns.saleId, saleId), eq(saleSyncRuns.createNew, true)))
        .orderBy(desc(saleSyncRuns.createdAt))
        .limit(1);
      if (last?.origin && last.status !== 'succeeded') return last.origin;
      const [n] = await db
        .select({ n: count() })
        .from(saleSyncRuns)
        .where(and(eq(saleSyncRuns.saleId, saleId), eq(saleSyncRuns.createNew, true)));
      return `${quoteNumber}-${Number(n?.n ?? 0) + 2}`;
    },

    /**
     * Claims a run for one job: a queued run, or a running one whose heartbeat stopped before `staleBefore` (its
     * process died). The attempt number returned is the job's lease.
     */
    async claim(id: string, staleBefore: Date): Promise<SaleSyncRunRow | undefined> {
      const [row] = await db
        .update(saleSyncRuns)
        .set({
          status: 'running',
          attempt: sql`${saleSyncRuns.attempt} + 1`,
          startedAt: sql`coalesce(${saleSyncRuns.startedAt}, now())`,
          heartbeatAt: sql`now()`,
        })
        .where(
          and(
            eq(saleSyncRuns.id, id),
            or(
              eq(saleSyncRuns.status, 'queued'),
              and(eq(saleSyncRuns.status, 'running'), lt(saleSyncRuns.heartbeatAt, staleBefore)),
            ),
          ),
        )
        .returning();
      return row;
    },
    /** Progress of the job holding `attempt`; undefined when it no longer holds the run. */
    async progress(
      id: string,
      attempt: number,
      p: { progress: number; message: string; odooId?: number; odooName?: string; origin?: string },
    ): Promise<SaleSyncRunRow | undefined> {
      const [row] = await db
        .update(saleSyncRuns)
        .set({ ...p, progress: sql`greatest(${saleSyncRuns.progress}, ${p.progress})`, heartbeatAt: sql`now()` })
        .where(and(eq(saleSyncRuns.id, id), eq(saleSyncRuns.attempt, attempt), isActive))
        .returning();
      return row;
    },
    /** Back to the queue for a retry (the ERP did not answer); the progress stays where it was. */
    async requeue(id: string, attempt: number, message: string): Promise<SaleSyncRunRow | undefined> {
      const [row] = await db
        .update(saleSyncRuns)
        .set({ status: 'queued', message, heartbeatAt: sql`now()` })
        .where(and(eq(saleSyncRuns.id, id), eq(saleSyncRuns.attempt, attempt), isActive))
        .returning();
      return row;
    },
    async finish(id: string, attempt: number | null, outcome: RunOutcome): Promise<SaleSyncRunRow | undefined> {
      const [row] = await db
        .update(saleSyncRuns)
        .set({
          ...outcome,
          ...(outcome.status === 'succeeded' ? { progress: 100 } : {}),
          finishedAt: sql`now()`,
          heartbeatAt: sql`now()`,
        })
        .where(and(eq(saleSyncRuns.id, id), isActive, ...(attempt === null ? [] : [eq(saleSyncRuns.attempt, attempt)])))
        .returning();
      return row;
    },
    /** Active runs whose heartbeat stopped before `before`, queued again (their job is sent again by the caller). */
    async requeueStale(before: Date, message: string, saleId?: string): Promise<SaleSyncRunRow[]> {
      return db
        .update(saleSyncRuns)
        .set({ status: 'queued', message, heartbeatAt: sql`now()` })
        .where(
          and(isActive, lt(saleSyncRuns.heartbeatAt, before), ...(saleId ? [eq(saleSyncRuns.saleId, saleId)] : [])),
        )
        .returning();
    },

    // ─── The sale ──────────────────────────────────────────────────────────────────────────────────────────────

    /**
     * What a publish/sync brings back, in one transaction on the locked sale: the ERP order, its line ids on our
     * sections and lines (only rows whose id changes are written), the state the ERP holds, the content hash of the
     * order (the sales fetch then leaves it alone), the sync flags. Synced only when nobody edited the sale since
     * `sentVersion` (the snapshot the run sent). Answers the new version, or undefined when the sale is gone.
     * Throws OrderLinkedElsewhere when another sale holds this ERP order.
     */
    async applyResult(saleId: string, sentVersion: number, r: SyncResult): Promise<number | undefined> {
      try {
        return await db.transaction(async (tx) => {
          const [locked] = await tx
            .select({ version: sales.version })
            .from(sales)
            .where(eq(sales.id, saleId))
            .for('no key update');
          if (!locked) return undefined;
          const ids = r.lineIds.map((l) => l.localId);
          const odooIds = r.lineIds.map((l) => l.odooLineId);
          if (ids.length > 0) {
            for (const table of [sql`sale_sections`, sql`sale_lines`]) {
              await tx.execute(sql`
                update ${table} as t set odoo_line_id = v.odoo
                from unnest(${pgArray(ids)}::uuid[], ${pgArray(odooIds)}::int[]) as v(id, odoo)
                where t.id = v.id and t.sale_id = ${saleId} and t.odoo_line_id is distinct from v.odoo`);
            }
          }
          const synced = locked.version === sentVersion;
          const [row] = await tx
            .update(sales)
            .set({
              odooId: r.odooId,
              odooName: r.odooName,
              odooCreatedAt: r.odooCreatedAt,
              state: r.state,
              odooSynced: synced,
              odooSyncedOn: sql`now()`,
              odooSyncError: false,
              odooSyncMessage: r.message,
              odooContentHash: r.contentHash,
              version: sql`${sales.version} + 1`,
            })
            .where(eq(sales.id, saleId))
            .returning({ version: sales.version });
          return row!.version;
        });
      } catch (e) {
        if (isUniqueViolation(e, 'sales_odoo_id_key')) throw new OrderLinkedElsewhere();
        throw e;
      }
    },
    /**
     * The last publish/sync failed (or its outcome is unknown): flag and message on the sale, and the state the ERP
     * holds when the failure said it (an order confirmed there); the new version.
     */
    async markError(saleId: string, message: string, state?: SaleRow['state']): Promise<number | undefined> {
      const [row] = await db
        .update(sales)
        .set({
          odooSyncError: true,
          odooSyncMessage: message,
          ...(state ? { state } : {}),
          version: sql`${sales.version} + 1`,
        })
        .where(eq(sales.id, saleId))
        .returning({ version: sales.version });
      return row?.version;
    },
    /**
     * The origin under which this installation published the ERP order `odooId` for the sale (its last succeeded
     * publish of that order), for orders published before their creation time was kept: the proof they are the sale's.
     */
    async publishedOrigin(saleId: string, odooId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ origin: saleSyncRuns.origin })
        .from(saleSyncRuns)
        .where(
          and(
            eq(saleSyncRuns.saleId, saleId),
            eq(saleSyncRuns.odooId, odooId),
            eq(saleSyncRuns.action, 'publish'),
            eq(saleSyncRuns.status, 'succeeded'),
          ),
        )
        .orderBy(desc(saleSyncRuns.createdAt))
        .limit(1);
      return row?.origin ?? undefined;
    },
    /** The sale that holds an ERP order (another than `saleId`), for the message when two would. */
    async saleWithOrder(odooId: number): Promise<Pick<SaleRow, 'id' | 'quoteNumber'> | undefined> {
      const [row] = await db
        .select({ id: sales.id, quoteNumber: sales.quoteNumber })
        .from(sales)
        .where(eq(sales.odooId, odooId));
      return row;
    },
  };
}
export type SaleSyncRepository = ReturnType<typeof saleSyncRepository>;
