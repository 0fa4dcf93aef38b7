// A sale's cover letter (decision 0015) in `sale_documents`: read by the exports and the revisions, saved from its
// editor (exports), put back by a restore inside the sale's own mutation (revisions). One place for its queries.
import type { CoverLetterBody } from '@quotewright/contracts';
import { type Db, eq, type SaleDocumentRow, saleDocuments, sales, sql } from '@quotewright/db';

function upsert(db: Db, saleId: string, body: CoverLetterBody, by: { name: string }) {
  return db
    .insert(saleDocuments)
    .values({ saleId, body, updatedByName: by.name })
    .onConflictDoUpdate({ target: saleDocuments.saleId, set: { body, updatedAt: sql`now()`, updatedByName: by.name } })
    .returning();
}

export function coverLetterQueries(db: Db) {
  return {
    /** The sale's cover letter, if one was saved. */
    async coverLetter(saleId: string): Promise<SaleDocumentRow | undefined> {
      const [row] = await db.select().from(saleDocuments).where(eq(saleDocuments.saleId, saleId));
      return row;
    },

    /**
     * Puts the letter as given, `null` meaning none saved; for a caller that already holds the sale (a mutation's
     * transaction, the sale locked).
     */
    async putCoverLetter(saleId: string, body: CoverLetterBody | null, by: { name: string }): Promise<void> {
      if (body === null) await db.delete(saleDocuments).where(eq(saleDocuments.saleId, saleId));
      else await upsert(db, saleId, body, by);
    },
  };
}

/** Saves the sale's cover letter on its own; undefined when the sale does not exist (nothing is written). */
export function saveCoverLetter(
  db: Db,
  saleId: string,
  body: CoverLetterBody,
  by: { name: string },
): Promise<SaleDocumentRow | undefined> {
  return db.transaction(async (tx) => {
    // The sale stays while its letter is written (a deletion waits, then takes the letter with it).
    const [sale] = await tx.select({ id: sales.id }).from(sales).where(eq(sales.id, saleId)).for('key share');
    if (!sale) return undefined;
    const [row] = await upsert(tx, saleId, body, by);
    return row;
  });
}
