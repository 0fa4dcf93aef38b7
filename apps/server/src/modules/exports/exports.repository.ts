import type { CoverLetterBody } from '@quotewright/contracts';
import { type Db, eq, type SaleDocumentRow, saleDocuments, sales, sql, users } from '@quotewright/db';
import { defaultPreferences, type Preferences } from '@quotewright/domain';

/** What the exports read besides the sale (the sale itself comes from the sales repository). */
export function exportsRepository(db: Db) {
  return {
    /** The user's display preferences (discrete mode hides cost, margin and markup in the Excel export). */
    async preferencesOf(userId: string): Promise<Preferences> {
      const [row] = await db.select({ preferences: users.preferences }).from(users).where(eq(users.id, userId));
      return { ...defaultPreferences(), ...(row?.preferences ?? {}) };
    },

    /** The sale's cover letter, if one was saved. */
    async coverLetter(saleId: string): Promise<SaleDocumentRow | undefined> {
      const [row] = await db.select().from(saleDocuments).where(eq(saleDocuments.saleId, saleId));
      return row;
    },

    /** Saves the sale's cover letter; undefined when the sale does not exist (nothing is written). */
    async saveCoverLetter(
      saleId: string,
      body: CoverLetterBody,
      by: { name: string },
    ): Promise<SaleDocumentRow | undefined> {
      return db.transaction(async (tx) => {
        // The sale stays while its letter is written (a deletion waits, then takes the letter with it).
        const [sale] = await tx.select({ id: sales.id }).from(sales).where(eq(sales.id, saleId)).for('key share');
        if (!sale) return undefined;
        const [row] = await tx
          .insert(saleDocuments)
          .values({ saleId, body, updatedByName: by.name })
          .onConflictDoUpdate({
            target: saleDocuments.saleId,
            set: { body, updatedAt: sql`now()`, updatedByName: by.name },
          })
          .returning();
        return row;
      });
    },
  };
}
export type ExportsRepository = ReturnType<typeof exportsRepository>;
