import type { CoverLetterBody } from '@quotewright/contracts';
import { type Db, eq, users } from '@quotewright/db';
import { defaultPreferences, type Preferences } from '@quotewright/domain';
import { coverLetterQueries, saveCoverLetter } from '../sales/cover-letter.repository';

/** What the exports read besides the sale (the sale itself comes from the sales repository). */
export function exportsRepository(db: Db) {
  return {
    /** The user's display preferences (discrete mode hides cost, margin and markup in the Excel export). */
    async preferencesOf(userId: string): Promise<Preferences> {
      const [row] = await db.select({ preferences: users.preferences }).from(users).where(eq(users.id, userId));
      return { ...defaultPreferences(), ...(row?.preferences ?? {}) };
    },

    ...coverLetterQueries(db),

    /** Saves the sale's cover letter; undefined when the sale does not exist (nothing is written). */
    saveCoverLetter: (saleId: string, body: CoverLetterBody, by: { name: string }) =>
      saveCoverLetter(db, saleId, body, by),
  };
}
export type ExportsRepository = ReturnType<typeof exportsRepository>;
