import { appSettings, type Db, eq, sql } from '@quotewright/db';

export function settingsRepository(db: Db) {
  return {
    async get(key: string): Promise<string | undefined> {
      const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
      return row?.value;
    },
    /** Inserts when absent; answers whether this call created it (exactly one caller wins a race). */
    async insertIfAbsent(key: string, value: string): Promise<boolean> {
      const rows = await db
        .insert(appSettings)
        .values({ key, value })
        .onConflictDoNothing({ target: appSettings.key })
        .returning({ key: appSettings.key });
      return rows.length > 0;
    },
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}
export type SettingsRepository = ReturnType<typeof settingsRepository>;
