// Persistence of the publish/sync: its runs (the `runs` table, queue erp-sale-sync, one per sale at a time, kept by
// the run tracker: infra/runs.ts, docs/decisions/0025-one-run-tracker.md), the history a publish reads from them,
// and what a run brings back onto the sale: the ERP order, its line ids on our sections and lines, the state, the
// sync flags. The only database user of the sale sync.
import {
  and,
  asc,
  count,
  type Db,
  desc,
  eq,
  type ProductRow,
  pgArray,
  products,
  runs,
  type SaleRow,
  saleLines,
  saleSections,
  sales,
  sql,
} from '@quotewright/db';
import { runsRepository } from '../../infra/runs.repository';
import type { FullSale } from './sales.repository';

/** The pg-boss queue of the publish/sync jobs, and the queue its runs are kept under. */
export const SYNC_QUEUE = 'erp-sale-sync';

type Counts = { created: number; updated: number; deleted: number };

/** What a publish/sync run keeps besides its state, progress and message (the run's detail). */
export interface SaleSyncDetail {
  action: 'publish' | 'sync';
  createNew: boolean;
  /**
   * publish: the ERP order's origin, the idempotency key: the quote number (or `Q00001-2` for a second order)
   * followed by this installation's key for the sale, `Q00001 [qw1-…]` (docs/decisions/0017).
   */
  origin?: string | null;
  odooId?: number | null;
  odooName?: string | null;
  lines?: Counts;
  /** Section lines changed, counted apart from the lines (none on runs recorded before they were). */
  sections?: Counts;
  /** The sale's untaxed total as sent, and the ERP's amount_untaxed read back. */
  ourTotal?: string;
  erpTotal?: string;
}

/** The publish/sync runs of a sale. */
const runsOf = (saleId: string) => and(eq(runs.queue, SYNC_QUEUE), eq(runs.key, saleId));
const detailText = (field: keyof SaleSyncDetail) => sql<string | null>`${runs.detail}->>${field}`;

const isUniqueViolation = (e: unknown, constraint?: string): boolean => {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = err?.code ?? err?.cause?.code;
  const name = err?.constraint ?? err?.cause?.constraint;
  return code === '23505' && (!constraint || name === undefined || name === constraint);
};

export interface SyncResult {
  odooId: number;
  odooName: string;
  /** the order's creation time as the ERP reports it (with id and name: which order this is) */
  odooCreatedAt: string | null;
  state: SaleRow['state'];
  contentHash: string;
  /** Every section and line id of the snapshot sent, with its ERP line (a missing one is not in the ERP). */
  lineIds: { localId: string; odooLineId: number }[];
  /** Odoo 18: sale.order.option ids of the lines of optional sections (absent: none) */
  optionIds?: { localId: string; odooLineId: number }[];
  /** The sale's sync message (a totals discrepancy), or null. */
  message: string | null;
  /** The ERP's own figures of the order as read back (decision 0031): kept on the sale for customer documents. */
  figures?: {
    untaxed: string;
    tax: string;
    total: string;
    paymentTerm: string | null;
    validityDate: string | null;
  };
}

export class OrderLinkedElsewhere extends Error {}

export function saleSyncRepository(db: Db) {
  return { runs: runsRepository(db), ...saleReads(db), ...runHistory(db), ...saleWrites(db) };
}
export type SaleSyncRepository = ReturnType<typeof saleSyncRepository>;

function saleReads(db: Db) {
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

function runHistory(db: Db) {
  const createNew = sql`${runs.detail}->>'createNew' = 'true'`;
  return {
    /**
     * The origin of a new 'Sync to new Sale' order: the one of the last such run when it did not succeed (its order
     * may exist: a retry must find it, not make a third), else `<quote>-<n>` with n = such runs so far + 2.
     */
    async newOrderOrigin(saleId: string, quoteNumber: string): Promise<string> {
      const [last] = await db
        .select({ origin: detailText('origin'), status: runs.status })
        .from(runs)
        .where(and(runsOf(saleId), createNew))
        .orderBy(desc(runs.createdAt))
        .limit(1);
      if (last?.origin && last.status !== 'succeeded') return last.origin;
      const [n] = await db
        .select({ n: count() })
        .from(runs)
        .where(and(runsOf(saleId), createNew));
      return `${quoteNumber}-${Number(n?.n ?? 0) + 2}`;
    },
    /**
     * The origin under which this installation published the ERP order `odooId` for the sale (its last succeeded
     * publish of that order), for orders published before their creation time was kept: the proof they are the sale's.
     */
    async publishedOrigin(saleId: string, odooId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ origin: detailText('origin') })
        .from(runs)
        .where(
          and(
            runsOf(saleId),
            sql`${detailText('odooId')} = ${String(odooId)}`,
            sql`${detailText('action')} = 'publish'`,
            eq(runs.status, 'succeeded'),
          ),
        )
        .orderBy(desc(runs.createdAt))
        .limit(1);
      return row?.origin ?? undefined;
    },
  };
}

function saleWrites(db: Db) {
  return {
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
            // A line that is an order line now is no option (a section switched from optional: decision 0032).
            await tx.execute(sql`
              update sale_lines set odoo_option_id = null
              where sale_id = ${saleId} and id = any(${pgArray(ids)}::uuid[]) and odoo_option_id is not null`);
          }
          const optionIds = r.optionIds ?? [];
          if (optionIds.length > 0) {
            const lids = optionIds.map((l) => l.localId);
            await tx.execute(sql`
              update sale_lines as t set odoo_option_id = v.odoo, odoo_line_id = null
              from unnest(${pgArray(lids)}::uuid[], ${pgArray(optionIds.map((l) => l.odooLineId))}::int[]) as v(id, odoo)
              where t.id = v.id and t.sale_id = ${saleId}
                and (t.odoo_option_id is distinct from v.odoo or t.odoo_line_id is not null)`);
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
              ...(r.figures
                ? {
                    erpAmountUntaxed: r.figures.untaxed,
                    erpAmountTax: r.figures.tax,
                    erpAmountTotal: r.figures.total,
                    erpPaymentTerm: r.figures.paymentTerm,
                    erpValidityDate: r.figures.validityDate,
                  }
                : {}),
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
  };
}
