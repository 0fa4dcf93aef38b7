import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
// biome-ignore lint/suspicious/noExplicitAny: both drivers share the pg-core query builder; their HKTs differ.
export type Db = PgDatabase<PgQueryResultHKT & any, Schema>;

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/** Minimal SQL runner shared by both engines (used by pg-boss and health checks). */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface Database {
  engine: 'pglite' | 'postgres';
  db: Db;
  executeSql: ExecuteSql;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: a tarball of the data directory (test snapshots). */
  dump?(): Promise<Blob>;
}

export interface CreateDbOptions {
  /** postgres://… — when set, PostgreSQL is used; otherwise embedded PGlite. */
  url?: string | undefined;
  /** PGlite data directory; omitted = in memory. */
  dataDir?: string | undefined;
  /** PGlite: start from a data-directory tarball (see `dump`). */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
}

export async function createDb(opts: CreateDbOptions = {}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // Fail fast with the driver's message when the server is unreachable or the database is missing.
    const probe = await pool.connect();
    probe.release();
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      engine: 'postgres',
      db,
      executeSql: async (text, values) => {
        const r = await pool.query(text, values as unknown[]);
        return { rows: r.rows };
      },
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if (opts.dataDir) {
    dataDir = resolve(opts.dataDir);
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({
    extensions: { pg_trgm },
    ...(dataDir ? { dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    engine: 'pglite',
    db,
    executeSql: async (text, values) => {
      // pg-boss sends its schema as one multi-statement script without parameters.
      if ((!values || values.length === 0) && text.includes(';')) {
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      }
      const r = await client.query<Record<string, unknown>>(text, values as unknown[]);
      return { rows: r.rows };
    },
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

/** A PostgreSQL array literal, passed as ONE parameter (drizzle would spread a JS array into many). */
export function pgArray(values: readonly (number | string)[]): string {
  return `{${values.map((v) => (typeof v === 'number' ? String(v) : `"${v.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}
