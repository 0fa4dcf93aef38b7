import { and, asc, count, type Db, eq, type NewUserRow, ne, sql, type UserRow, users } from '@quotewright/db';
import type { SalesListPreferences } from '@quotewright/domain';

export type UserPatch = Partial<
  Pick<NewUserRow, 'name' | 'email' | 'isAdmin' | 'modules' | 'preferences' | 'passwordHash' | 'azureId'>
>;

export function usersRepository(db: Db) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
      return row;
    },
    async list(): Promise<UserRow[]> {
      return db.select().from(users).orderBy(asc(users.createdAt), asc(users.email));
    },
    async insert(values: NewUserRow): Promise<UserRow> {
      const [row] = await db
        .insert(users)
        .values({ ...values, email: values.email.toLowerCase() })
        .returning();
      return row!;
    },
    async update(id: string, patch: UserPatch): Promise<UserRow | undefined> {
      const values = { ...patch, ...(patch.email ? { email: patch.email.toLowerCase() } : {}), updatedAt: new Date() };
      const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
      return row;
    },
    /** Sets a new password hash and ends every session issued before (token version + 1). */
    async setPassword(id: string, passwordHash: string): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
    async setPreference(id: string, key: 'darkMode' | 'wideScreen' | 'discreteMode', value: boolean) {
      // jsonb_set keeps concurrent toggles of different preferences from overwriting each other.
      const [row] = await db
        .update(users)
        .set({
          preferences: sql`jsonb_set(${users.preferences}, ${`{${key}}`}::text[], ${value ? 'true' : 'false'}::jsonb)`,
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
    /** Replaces the sales list's settings only (jsonb_set: the display toggles, changed meanwhile, are kept). */
    async setSalesListPreferences(id: string, value: SalesListPreferences) {
      const [row] = await db
        .update(users)
        .set({
          preferences: sql`jsonb_set(${users.preferences}, '{salesList}', ${JSON.stringify(value)}::jsonb)`,
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
    async delete(id: string): Promise<boolean> {
      const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length > 0;
    },
    async countAdmins(exceptId?: string): Promise<number> {
      const where = exceptId ? and(eq(users.isAdmin, true), ne(users.id, exceptId)) : eq(users.isAdmin, true);
      const [row] = await db.select({ n: count() }).from(users).where(where);
      return Number(row?.n ?? 0);
    },
    async countAll(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users);
      return Number(row?.n ?? 0);
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
