// Shared by the benchmark scripts (this folder is not run by scripts/bench.mjs, only bench/*.ts are).
import { createDb, type Database } from '@quotewright/db';
import pg from 'pg';

export type Engine = 'pglite' | 'postgres';

/** The engines to measure: PGlite always, PostgreSQL too when DATABASE_URL is set. */
export const engines = (): Engine[] => (process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']);

export function quantiles(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => Number(s[Math.min(s.length - 1, Math.floor(q * s.length))]!.toFixed(2));
  return { p50: at(0.5), p95: at(0.95), max: at(1), n: s.length };
}

/**
 * A new, empty PostgreSQL database on the server of `baseUrl` (DATABASE_URL by default), for one benchmark run:
 * its URL, and `drop()` to remove it after.
 */
export async function throwawayPostgres(tag: string, baseUrl = process.env.DATABASE_URL!) {
  const base = new URL(baseUrl);
  const name = `qw_bench_${tag}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: Object.assign(new URL(base), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  return {
    url: Object.assign(new URL(base), { pathname: `/${name}` }).toString(),
    drop: async () => {
      // Pools close their sockets asynchronously: wait for them rather than killing them (FORCE makes a pool that
      // has not noticed yet emit an unhandled error).
      for (let attempt = 0; ; attempt++) {
        try {
          await admin.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 20 ? ' WITH (FORCE)' : ''}`);
          break;
        } catch (e) {
          if (attempt >= 20) throw e;
          await new Promise((r) => setTimeout(r, 250));
        }
      }
      await admin.end();
    },
  };
}

/** A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped by `drop()`. */
export async function openDatabase(
  engine: Engine,
  tag: string,
): Promise<{ database: Database; drop(): Promise<void> }> {
  if (engine === 'pglite') {
    const database = await createDb();
    await database.migrate();
    return { database, drop: async () => {} };
  }
  const { url, drop } = await throwawayPostgres(tag);
  const database = await createDb({ url });
  await database.migrate();
  return { database, drop };
}
