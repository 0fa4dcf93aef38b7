import { randomUUID } from 'node:crypto';
import { defaultModules, defaultPreferences } from '@quotewright/domain';
import type { Db } from './client';
import { type NewUserRow, type UserRow, users } from './schema';

let seq = 0;

/** Test factory: a user row with sensible defaults; any column can be overridden. */
export function buildUser(overrides: Partial<NewUserRow> = {}): NewUserRow {
  seq += 1;
  return {
    name: `User ${seq}`,
    email: `user${seq}-${randomUUID().slice(0, 8)}@example.com`,
    passwordHash: null,
    isAdmin: false,
    modules: defaultModules(),
    preferences: defaultPreferences(),
    ...overrides,
  };
}

export async function insertUser(db: Db, overrides: Partial<NewUserRow> = {}): Promise<UserRow> {
  const [row] = await db.insert(users).values(buildUser(overrides)).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}
