import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createDb, type Database, type NewUserRow } from '@quotewright/db';
import { insertUser } from '@quotewright/db/factories';
import { type AccessLevel, defaultModules, type Module, type Modules } from '@quotewright/domain';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../src/app';
import { type Config, testConfig } from '../src/config';
import { hashPassword } from '../src/infra/passwords';
import { createErpConnector, type ErpConnectorOptions } from '../src/modules/erp/connector';
import type { ErpConnector } from '../src/modules/erp/erp.types';
import { adminUrl, withDatabase } from './global-setup';

export const ADMIN_EMAIL = 'admin@quotewright.test';
export const ADMIN_PASSWORD = 'admin-password-1';
export const PASSWORD = 'password-123';

/** A fresh, migrated database for one test file, on the engine of the current vitest project. */
export async function freshDatabase(): Promise<Database> {
  const template = inject('pgTemplate');
  if (template) {
    const url = process.env.DATABASE_URL!;
    const name = `${template}_f${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    // Files cloning at the same moment do not get in each other's way (each takes a share lock on the template);
    // nothing else may connect to the template (global-setup.ts), so no retry is needed.
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    return createDb({ url: withDatabase(url, name), poolSize: 5 });
  }
  const snapshot = inject('pgliteSnapshot');
  return createDb({ loadDataDir: new Blob([readFileSync(snapshot)]) });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  opts: Pick<BuildAppOptions, 'now' | 'erp' | 'erpDemo' | 'workers' | 'events' | 'saleSync' | 'onSaleSerialized'> = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  const config = testConfig({ ADMIN_EMAIL, ADMIN_PASSWORD, JWT_SECRET: 'x'.repeat(40), ...env });
  const app = await buildApp({ config, database, logger: process.env.TEST_LOGS === '1', ...opts });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

let passwordHash: Promise<string> | undefined;
/** One argon2 hash of PASSWORD per process: factories reuse it. */
export const testPasswordHash = () => {
  passwordHash ??= hashPassword(PASSWORD);
  return passwordHash;
};

export function modulesWith(
  level: AccessLevel | 'disabled',
  which: Module[] = ['sales', 'accounting', 'inventory'],
): Modules {
  const m = defaultModules();
  for (const k of which) m[k] = level === 'disabled' ? { enabled: false, level: 'viewer' } : { enabled: true, level };
  return m;
}

export async function createUser(t: TestApp, overrides: Partial<NewUserRow> = {}) {
  return insertUser(t.database.db, { passwordHash: await testPasswordHash(), ...overrides });
}

export async function login(t: TestApp, email: string, password = PASSWORD): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
  return res.json().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Polls until `check` answers a value (not undefined) or the time is up. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 30_000,
  everyMs = 100,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A connector to an Odoo simulator (JSON-2 unless said otherwise), as the app would make it; tests add options. */
export function simConnector(
  sim: { url: string; db: string; login: string; apiKey: string },
  over: Partial<ErpConnectorOptions> = {},
): ErpConnector {
  return createErpConnector({
    url: sim.url,
    db: sim.db,
    login: sim.login,
    apiKey: sim.apiKey,
    protocol: 'json2',
    timeoutMs: 5000,
    ...over,
  });
}
