import { type Db, eq, users } from '@quotewright/db';
import { defaultPreferences, type Preferences } from '@quotewright/domain';

/** What the reports read from the database: only the user's display preferences (discrete mode). */
export function reportsRepository(db: Db) {
  return {
    async preferencesOf(userId: string): Promise<Preferences> {
      const [row] = await db.select({ preferences: users.preferences }).from(users).where(eq(users.id, userId));
      return { ...defaultPreferences(), ...(row?.preferences ?? {}) };
    },
  };
}
export type ReportsRepository = ReturnType<typeof reportsRepository>;
