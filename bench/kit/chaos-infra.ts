// The chaos run's own services (bench/chaos.ts): a PostgreSQL cluster (initdb into a temporary folder, on a free port)
// and a redis-server of its own, so that restarting them or killing their connections touches nothing else on the
// machine; free ports; child processes logged to files; and one list of clean-ups run on every way out (the end,
// a failure, Ctrl-C).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, chownSync, closeSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

// ─── Clean-ups ─────────────────────────────────────────────────────────────────────────────────────────────────

const cleanups: { what: string; run: () => Promise<void> | void }[] = [];
let cleaning: Promise<void> | undefined;

/** Registers a clean-up; they run newest first, once, on the way out. */
export function onCleanup(what: string, run: () => Promise<void> | void): void {
  cleanups.push({ what, run });
}

export function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const c of cleanups.reverse()) {
      try {
        await Promise.race([c.run(), pause(20_000)]);
      } catch (e) {
        console.error(`chaos: clean-up of ${c.what} failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  })();
  return cleaning;
}

/** Ctrl-C, SIGTERM, an exception nobody caught: everything started is stopped and removed before the exit. */
export function cleanUpOnExit(): void {
  const bye = (code: number) => () => {
    console.error(`chaos: stopping (${code === 130 ? 'interrupted' : 'failed'}), cleaning up…`);
    void cleanUp().finally(() => process.exit(code));
  };
  process.once('SIGINT', bye(130));
  process.once('SIGTERM', bye(143));
  process.once('uncaughtException', (e) => {
    console.error(e);
    bye(1)();
  });
}

/** A temporary folder removed at the end. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onCleanup(dir, () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// ─── Child processes ───────────────────────────────────────────────────────────────────────────────────────────

export interface Child {
  process: ChildProcess;
  exited: Promise<number | null>;
}

/** A child process whose output goes (appended) to `logFile`; stopped by the clean-up if it still runs. */
export function spawnLogged(cmd: string, args: string[], env: NodeJS.ProcessEnv, logFile: string, cwd?: string): Child {
  const fd = openSync(logFile, 'a');
  const child = spawn(cmd, args, { env, cwd, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  onCleanup(`${cmd} ${child.pid}`, async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await exited;
  });
  return { process: child, exited };
}

export function note(logFile: string, line: string): void {
  appendFileSync(logFile, `${new Date().toISOString()} ${line}\n`);
}

// ─── PostgreSQL ────────────────────────────────────────────────────────────────────────────────────────────────

const PG_BIN = process.env.CHAOS_PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface OwnPostgres {
  url: string;
  port: number;
  /** Ends the connections of the apps (every client backend on the app's database but ours). */
  terminateAppConnections(): Promise<number>;
  /** pg_ctl restart -m fast. */
  restart(): Promise<void>;
  query<T extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
}

/**
 * A PostgreSQL cluster of its own: initdb into a temporary folder (as the postgres user when this runs as root:
 * initdb refuses root), trust authentication on 127.0.0.1 only, a free port; stopped and removed at the end.
 * Durability settings are off: the run restarts it cleanly (fast shutdown), it never crashes it.
 */
export async function ownPostgres(): Promise<OwnPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'qw-chaos-pg-'));
  const data = join(dir, 'data');
  const logFile = join(dir, 'postgres.log');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    if (!uid) throw new Error('running as root, the own PostgreSQL needs the postgres user (initdb refuses root)');
    chownSync(dir, uid, gid);
  }
  const run = (bin: string, args: string[]) => {
    const [cmd, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, bin), ...args]]
      : [join(PG_BIN, bin), args];
    const res = spawnSync(cmd, argv as string[], { encoding: 'utf8', cwd: dir });
    if (res.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed: ${res.stderr}${res.stdout}`);
  };
  onCleanup(`PostgreSQL in ${dir}`, () => {
    spawnSync(asRoot ? 'runuser' : join(PG_BIN, 'pg_ctl'), [
      ...(asRoot ? ['-u', 'postgres', '--', join(PG_BIN, 'pg_ctl')] : []),
      '-D',
      data,
      '-m',
      'immediate',
      '-w',
      'stop',
    ]);
    rmSync(dir, { recursive: true, force: true });
  });
  const port = await freePort();
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const opts = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  const ctl = (...args: string[]) => run('pg_ctl', ['-D', data, '-l', logFile, '-o', opts, '-w', '-t', '120', ...args]);
  ctl('start');
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const url = `postgres://postgres@127.0.0.1:${port}/quotewright`;
  const once = async <T extends pg.QueryResultRow>(conn: string, sql: string, params?: unknown[]) => {
    const c = new pg.Client({ connectionString: conn, connectionTimeoutMillis: 5000 });
    c.on('error', () => undefined);
    await c.connect();
    try {
      return (await c.query<T>(sql, params)).rows;
    } finally {
      await c.end().catch(() => undefined);
    }
  };
  await once(admin, 'CREATE DATABASE quotewright');
  return {
    url,
    port,
    terminateAppConnections: async () => {
      const rows = await once<{ n: string }>(
        admin,
        `SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity
          WHERE datname = 'quotewright' AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
      );
      return Number(rows[0]?.n ?? 0);
    },
    restart: async () => ctl('-m', 'fast', 'restart'),
    query: (sql, params) => once(url, sql, params),
  };
}

// ─── Redis ─────────────────────────────────────────────────────────────────────────────────────────────────────

export interface OwnRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

function redisPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    let seen = '';
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(1000, () => done(false));
    s.on('error', () => done(false));
    s.on('connect', () => s.write('PING\r\n'));
    s.on('data', (b) => {
      seen += b;
      if (seen.includes('\r\n')) done(seen.startsWith('+PONG'));
    });
  });
}

/** A redis-server of its own on a free port, nothing kept on disk; `stop()` and `start()` again on the same port. */
export async function ownRedis(dir: string): Promise<OwnRedis> {
  const port = await freePort();
  const logFile = join(dir, 'redis.log');
  mkdirSync(dir, { recursive: true });
  let child: Child | undefined;
  const start = async () => {
    child = spawnLogged(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
      process.env,
      logFile,
    );
    for (let i = 0; !(await redisPing(port)); i++) {
      if (child.process.exitCode !== null) throw new Error(`redis-server exited; see ${logFile}`);
      if (i > 200) throw new Error(`redis-server did not answer; see ${logFile}`);
      await pause(50);
    }
  };
  const stop = async () => {
    const c = child;
    if (!c || c.process.exitCode !== null || c.process.signalCode !== null) return;
    c.process.kill('SIGTERM');
    await c.exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}
