import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, parse as pgliteParse, types as pgliteTypes, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
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
  /**
   * Runs a statement of a hot path prepared: parsed (and, once PostgreSQL settles on a generic plan, planned) once per
   * connection under a name, then only bound and executed. Rows as `db.execute` reads them (timestamps, dates and
   * intervals as text). Never inside a transaction: it takes a connection of its own (PostgreSQL) or waits for an
   * open transaction to end (PGlite).
   */
  prepared: ExecuteSql;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * True when `error` means the database could not be reached or dropped the connection (a restart, a failover,
   * pg_terminate_backend): the request may be retried later; nothing it did was acknowledged.
   */
  isUnavailable(error: unknown): boolean;
  /** PostgreSQL only: the pool's connections (open, idle), the queries waiting for one, and its size (metrics). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  /**
   * PGlite only: a tarball of the data directory (test snapshots; gzipped: backups). Taken between two statements and
   * after a checkpoint, while no transaction is open: a consistent image, as after a clean stop.
   */
  dump?(compression?: 'none' | 'gzip'): Promise<Blob>;
}

export interface CreateDbOptions {
  /** postgres://… — when set, PostgreSQL is used; otherwise embedded PGlite. */
  url?: string | undefined;
  /** PGlite data directory; omitted = in memory. */
  dataDir?: string | undefined;
  /** PGlite: start from a data-directory tarball (see `dump`). */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
  /** Where connection errors of idle or checked-out clients are reported (they must never be left unhandled). */
  onConnectionError?: (error: Error) => void;
}

/** Types read as text, as drizzle reads them (its mappings parse them). */
const TEXT_TYPES = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
]);
const asText = (value: string) => value;

/**
 * The name of each statement text prepared so far (`qw_1`, `qw_2`…), or undefined past `limit` texts (then it runs
 * unnamed): a connection keeps every statement it prepared.
 */
function statementNames(limit = 200): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < limit) {
      name = `qw_${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
}

const concatBytes = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/**
 * PGlite's prepared statements: `query()` parses, describes, binds, describes and executes in six calls into the
 * database (and parses and plans every time); this parses and describes a text once under a name, then sends bind,
 * describe, execute and sync in one call. It takes the same locks as `query()`.
 */
function pglitePrepared(client: PGlite): ExecuteSql {
  const { serialize } = protocol;
  const nameOf = statementNames();
  const statements = new Map<string, number[]>(); // name → its parameters' types
  const parsers = Object.fromEntries(
    [pgliteTypes.TIMESTAMPTZ, pgliteTypes.TIMESTAMP, pgliteTypes.DATE, pgliteTypes.INTERVAL].map((t) => [t, asText]),
  );
  const locks = client as unknown as {
    _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
    _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
    serializers: Record<number, (value: unknown) => string>;
  };
  return async (text, values = []) => {
    const name = nameOf(text);
    if (name === undefined) {
      const r = await client.query<Record<string, unknown>>(text, values, { parsers });
      return { rows: r.rows };
    }
    return locks._runExclusiveTransaction(() =>
      locks._runExclusiveQuery(async () => {
        let params = statements.get(name);
        if (!params) {
          const described = await client.execProtocol(
            concatBytes([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
          );
          params = pgliteParse.parseDescribeStatementResults(described.messages);
          statements.set(name, params);
        }
        const bound = values.map((v, i) =>
          v === null || v === undefined ? null : (locks.serializers[params[i]!] ?? String)(v),
        );
        const { messages } = await client.execProtocol(
          concatBytes([
            serialize.bind({ statement: name, values: bound }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
        await client.syncToFs();
        const [result] = pgliteParse.parseResults(messages, parsers, { rowMode: 'object' });
        return { rows: (result?.rows ?? []) as Record<string, unknown>[] };
      }),
    );
  };
}

/** SQLSTATEs of a lost or refused connection: class 08 (connection exception) and 57P0x (operator intervention). */
const UNAVAILABLE_STATES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03']);
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|not queryable|Client was closed|timeout exceeded when trying to connect|terminating connection|not currently accepting connections|the database system is (starting up|shutting down|in recovery)/i;

/**
 * drizzle-orm's node-postgres transaction() checks a client out and sends BEGIN *before* its try/finally, so when
 * BEGIN fails (the connection was just terminated) the client is never released: each such failure leaks one pool
 * slot until the pool is exhausted and every request waits. This releases the client, flagged broken, when the
 * first query of a checkout is a BEGIN that fails; on success drizzle releases it as usual.
 */
function releaseWhenBeginFails(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (cb?: unknown) => Promise<pg.PoolClient> | undefined;
  (pool as { connect: unknown }).connect = (callback?: unknown) => {
    // pool.query() checks out with a callback and releases by itself: leave it alone.
    if (callback) return connect(callback);
    return connect()!.then((client) => {
      const query = client.query;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        (client as { query: unknown }).query = query;
        const result = (query as (...a: unknown[]) => unknown).apply(client, args);
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: unknown } | undefined)?.text;
        if (typeof text === 'string' && /^\s*begin\b/i.test(text) && result instanceof Promise) {
          return result.catch((err: unknown) => {
            client.release(err instanceof Error ? err : true);
            throw err;
          });
        }
        return result;
      };
      return client;
    });
  };
}

/** Walks an error and its causes (drizzle wraps driver errors) looking for a lost connection. */
export function isConnectionLost(error: unknown): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.has(code) || UNAVAILABLE_CODES.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}

export async function createDb(opts: CreateDbOptions = {}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10, connectionTimeoutMillis: 10_000 });
    // Without these listeners a connection ended by the server (restart, failover, pg_terminate_backend) emits an
    // unhandled 'error' and the process exits. With them, the broken client is dropped, the request using it fails
    // (and is answered 503), and the next checkout opens a fresh connection: the server recovers by itself.
    const report = (err: Error) => opts.onConnectionError?.(err);
    pool.on('error', report);
    pool.on('connect', (client) => client.on('error', report));
    releaseWhenBeginFails(pool);
    // Fail fast with the driver's message when the server is unreachable or the database is missing.
    const probe = await pool.connect();
    probe.release();
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const nameOf = statementNames();
    const textTypes = {
      getTypeParser: ((id: number, format?: 'text' | 'binary') =>
        TEXT_TYPES.has(id) ? asText : pg.types.getTypeParser(id, format)) as typeof pg.types.getTypeParser,
    };
    return {
      engine: 'postgres',
      db,
      executeSql: async (text, values) => {
        const r = await pool.query(text, values as unknown[]);
        return { rows: r.rows };
      },
      prepared: async (text, values) => {
        const name = nameOf(text);
        const r = await pool.query({ ...(name ? { name } : {}), text, values: values as unknown[], types: textTypes });
        return { rows: r.rows };
      },
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      close: () => pool.end(),
      isUnavailable: isConnectionLost,
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max ?? 10,
      }),
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
    prepared: pglitePrepared(client),
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: () => client.close(),
    // The embedded database lives in this process: it cannot be "away".
    isUnavailable: () => false,
    // A checkpoint first (less to replay when the image is opened), then the image under the transaction lock: no
    // transaction is open while it is taken (`exec` takes that lock itself, so it cannot run inside it).
    dump: async (compression = 'none') => {
      await client.exec('CHECKPOINT');
      return (
        client as unknown as { _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> }
      )._runExclusiveTransaction(() => client.dumpDataDir(compression));
    },
  };
}

/** A PostgreSQL array literal, passed as ONE parameter (drizzle would spread a JS array into many). */
export function pgArray(values: readonly (number | string)[]): string {
  return `{${values.map((v) => (typeof v === 'number' ? String(v) : `"${v.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}

const dialect = new PgDialect();

/** A query built with `sql` as its text and parameters (as db.execute would send it). */
export function toQuery(query: SQL): { text: string; params: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, params };
}
