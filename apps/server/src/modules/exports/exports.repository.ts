import { type Db, eq, users } from '@quotewright/db';
import { defaultPreferences, type Preferences } from '@quotewright/domain';

/** What the exports read besides the sale (the sale itself comes from the sales repository). */
export function exportsRepository(db: Db) {
  return {
    /** The user's display preferences (discrete mode hides cost, margin and markup in the Excel export). */
    async preferencesOf(userId: string): Promise<Preferences> {
      const [row] = await db.select({ preferences: users.preferences }).from(users).where(eq(users.id, userId));
      return { ...defaultPreferences(), ...(row?.preferences ?? {}) };
    },
  };
}
export type ExportsRepository = ReturnType<typeof exportsRepository>;
