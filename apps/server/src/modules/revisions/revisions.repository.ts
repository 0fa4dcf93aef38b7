// A sale's revisions (docs/decisions/0029-revisions.md): rows of sale_revisions, each with its document as gzip
// bytes. The only code of the module that uses the database. A revision's number is the sale's highest plus one,
// given by the insert itself; two inserts racing for the same number meet the unique index and the loser tries again.
import { and, type Db, desc, eq, type SaleRevisionRow, saleActivity, saleRevisions, sales, sql } from '@quotewright/db';
import { coverLetterQueries } from '../sales/cover-letter.repository';

/** A revision without its content (what the list shows). */
export type RevisionMeta = Omit<SaleRevisionRow, 'content'>;

export interface NewRevision {
  saleId: string;
  createdById: string | null;
  createdByName: string;
  comment: string | null;
  source: SaleRevisionRow['source'];
  sentToErp: boolean;
  saleVersion: number;
  totalPrice: string;
  marginPercent: string;
  lineCount: number;
  content: Buffer;
}

/** The activity entry recorded with a revision (its kind and detail). */
export interface RevisionActivity {
  kind: string;
  detail: (number: number) => Record<string, unknown>;
}

const META = {
  id: saleRevisions.id,
  saleId: saleRevisions.saleId,
  number: saleRevisions.number,
  createdAt: saleRevisions.createdAt,
  createdById: saleRevisions.createdById,
  createdByName: saleRevisions.createdByName,
  comment: saleRevisions.comment,
  source: saleRevisions.source,
  sentToErp: saleRevisions.sentToErp,
  saleVersion: saleRevisions.saleVersion,
  totalPrice: saleRevisions.totalPrice,
  marginPercent: saleRevisions.marginPercent,
  lineCount: saleRevisions.lineCount,
};

/**
 * The content read as base64 text: PGlite decodes a bytea answer byte by byte (~14 ms for 75 KB), base64 text in a
 * few milliseconds; node-postgres is as fast either way.
 */
const CONTENT = { ...META, content64: sql<string>`encode(${saleRevisions.content}, 'base64')` };
const withContent = ({ content64, ...row }: RevisionMeta & { content64: string }): SaleRevisionRow => ({
  ...row,
  content: Buffer.from(content64, 'base64'),
});

const isNumberTaken = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } };
  return (err?.code ?? err?.cause?.code) === '23505';
};

/** Attempts of an insert whose number another insert took meanwhile. */
const INSERT_ATTEMPTS = 8;

export function revisionsRepository(db: Db) {
  return {
    /** The sale's row as the revisions need it (quote number, state, version); undefined when there is none. */
    async sale(saleId: string) {
      const [row] = await db
        .select({ id: sales.id, quoteNumber: sales.quoteNumber, state: sales.state, version: sales.version })
        .from(sales)
        .where(eq(sales.id, saleId));
      return row;
    },

    ...coverLetterQueries(db),

    /**
     * Inserts a revision numbered after the sale's others, and (when `activity` is given) its activity entry, in one
     * transaction; undefined when the sale no longer exists.
     */
    async insert(r: NewRevision, activity?: RevisionActivity): Promise<RevisionMeta | undefined> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await db.transaction(async (tx) => {
            // The sale stays while its revision is written (a deletion waits, then takes the revision with it).
            const [sale] = await tx.select({ id: sales.id }).from(sales).where(eq(sales.id, r.saleId)).for('key share');
            if (!sale) return undefined;
            const [row] = await tx
              .insert(saleRevisions)
              .values({
                ...r,
                // Sent as base64 text (see CONTENT): PGlite encodes a bytea parameter byte by byte too.
                content: sql`decode(${r.content.toString('base64')}, 'base64')`,
                number: sql`(select coalesce(max(${saleRevisions.number}), 0) + 1 from ${saleRevisions} where ${saleRevisions.saleId} = ${r.saleId})`,
              })
              .returning(META);
            if (activity && row) {
              await tx.insert(saleActivity).values({
                saleId: r.saleId,
                version: r.saleVersion,
                userId: r.createdById,
                userName: r.createdByName,
                kind: activity.kind,
                detail: activity.detail(row.number),
                createdAt: sql`clock_timestamp()`,
              });
            }
            return row;
          });
        } catch (e) {
          if (!isNumberTaken(e) || attempt >= INSERT_ATTEMPTS) throw e;
        }
      }
    },

    /** The sale's revisions, newest first. */
    async list(saleId: string): Promise<RevisionMeta[]> {
      return db
        .select(META)
        .from(saleRevisions)
        .where(eq(saleRevisions.saleId, saleId))
        .orderBy(desc(saleRevisions.number));
    },

    /** One revision of the sale, with its content. */
    async find(saleId: string, id: string): Promise<SaleRevisionRow | undefined> {
      const [row] = await db
        .select(CONTENT)
        .from(saleRevisions)
        .where(and(eq(saleRevisions.saleId, saleId), eq(saleRevisions.id, id)));
      return row && withContent(row);
    },

    /** Every revision of the sale with its content, oldest first (the JSON export). */
    async allWithContent(saleId: string): Promise<SaleRevisionRow[]> {
      const rows = await db
        .select(CONTENT)
        .from(saleRevisions)
        .where(eq(saleRevisions.saleId, saleId))
        .orderBy(saleRevisions.number);
      return rows.map(withContent);
    },

    /** Removes a revision (a restore's own revision when the restore did not happen). */
    async remove(id: string): Promise<void> {
      await db.delete(saleRevisions).where(eq(saleRevisions.id, id));
    },
  };
}
export type RevisionsRepository = ReturnType<typeof revisionsRepository>;
