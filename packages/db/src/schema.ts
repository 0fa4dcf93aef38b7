import type { Modules, Preferences } from '@quotewright/domain';
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    /** argon2id hash; null for accounts that only sign in through SSO. */
    passwordHash: text('password_hash'),
    isAdmin: boolean('is_admin').notNull().default(false),
    modules: jsonb('modules').$type<Modules>().notNull(),
    preferences: jsonb('preferences').$type<Preferences>().notNull(),
    /** Bumped on password change: tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    azureId: text('azure_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_azure_id_key').on(t.azureId)],
);

/** Small key/value store for server-owned settings (e.g. the generated JWT secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** One-time codes that end an SSO sign-in; the SPA exchanges one for a token (DESIGN §9). */
export const loginCodes = pgTable('login_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
});

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
