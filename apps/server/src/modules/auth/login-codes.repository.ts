import { and, type Db, eq, gt, loginCodes } from '@quotewright/db';

export function loginCodesRepository(db: Db) {
  return {
    async create(codeHash: string, userId: string, expiresAt: Date): Promise<void> {
      await db.insert(loginCodes).values({ codeHash, userId, expiresAt });
    },
    /** Deletes the code and answers its user when it was still valid: a code can be used once. */
    async consume(codeHash: string, now: Date): Promise<string | null> {
      const rows = await db
        .delete(loginCodes)
        .where(and(eq(loginCodes.codeHash, codeHash), gt(loginCodes.expiresAt, now)))
        .returning({ userId: loginCodes.userId });
      return rows[0]?.userId ?? null;
    },
  };
}
export type LoginCodesRepository = ReturnType<typeof loginCodesRepository>;
