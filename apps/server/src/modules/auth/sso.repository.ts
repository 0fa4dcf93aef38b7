import { and, type Db, eq, gt, isNull, lt, ssoStates, type UserRow, users } from '@quotewright/db';

export interface SsoState {
  codeVerifier: string;
  nonce: string;
}

/** SSO sign-ins in flight (keyed by sha256 of the state) and the SSO link of users (users.azure_id). */
export function ssoRepository(db: Db) {
  return {
    /** Stores a sign-in in flight; expired ones are swept on the way. */
    async saveState(stateHash: string, value: SsoState, expiresAt: Date, now: Date): Promise<void> {
      await db.delete(ssoStates).where(lt(ssoStates.expiresAt, now));
      await db.insert(ssoStates).values({ stateHash, ...value, expiresAt });
    },
    /** Deletes the state and answers it when it was still valid: a state can be used once. */
    async consumeState(stateHash: string, now: Date): Promise<SsoState | null> {
      const rows = await db
        .delete(ssoStates)
        .where(and(eq(ssoStates.stateHash, stateHash), gt(ssoStates.expiresAt, now)))
        .returning({ codeVerifier: ssoStates.codeVerifier, nonce: ssoStates.nonce });
      return rows[0] ?? null;
    },
    async findUserByAzureId(azureId: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.azureId, azureId));
      return row;
    },
    /** Links a user to an SSO identity, only while the user has none (two sign-ins at once cannot both link). */
    async linkAzureId(userId: string, azureId: string): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ azureId, updatedAt: new Date() })
        .where(and(eq(users.id, userId), isNull(users.azureId)))
        .returning();
      return row;
    },
  };
}
export type SsoRepository = ReturnType<typeof ssoRepository>;
