import { and, type Db, eq, gt, loginKnownClients, lt, or, sql, users } from '@quotewright/db';

export type KnownClientKind = 'device' | 'address';

/** Devices and addresses users signed in from with a password, by keyed hash (docs/decisions/0018). */
export function knownClientsRepository(db: Db) {
  return {
    /** Whether the account with this e-mail signed in from this client after `since`. */
    async isKnown(email: string, kind: KnownClientKind, fingerprint: string, since: Date): Promise<boolean> {
      const rows = await db
        .select({ one: sql<number>`1` })
        .from(loginKnownClients)
        .innerJoin(users, eq(users.id, loginKnownClients.userId))
        .where(
          and(
            eq(users.email, email),
            eq(loginKnownClients.kind, kind),
            eq(loginKnownClients.fingerprint, fingerprint),
            gt(loginKnownClients.lastSeenAt, since),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Records a sign-in from these clients at `at`; the user's entries last seen before their kind's cut-off are
     * dropped on the way.
     */
    async remember(
      userId: string,
      clients: { kind: KnownClientKind; fingerprint: string }[],
      at: Date,
      forgetBefore: Record<KnownClientKind, Date>,
    ): Promise<void> {
      await db
        .delete(loginKnownClients)
        .where(
          and(
            eq(loginKnownClients.userId, userId),
            or(
              and(eq(loginKnownClients.kind, 'device'), lt(loginKnownClients.lastSeenAt, forgetBefore.device)),
              and(eq(loginKnownClients.kind, 'address'), lt(loginKnownClients.lastSeenAt, forgetBefore.address)),
            ),
          ),
        );
      if (clients.length === 0) return;
      await db
        .insert(loginKnownClients)
        .values(clients.map((c) => ({ userId, ...c, lastSeenAt: at })))
        .onConflictDoUpdate({
          target: [loginKnownClients.userId, loginKnownClients.kind, loginKnownClients.fingerprint],
          set: { lastSeenAt: at },
        });
    },
  };
}
export type KnownClientsRepository = ReturnType<typeof knownClientsRepository>;
