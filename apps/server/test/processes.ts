// Real server processes for the tests that need more than one (tsx src/main.ts, as a developer starts it), and a
// redis-server of a test's own that it can stop and start again: free ports, start-up waited for on the server's own
// "listening" line, everything a process printed kept for a failure's message, and one stop for all of it.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@quotewright/db';
import { createClient } from 'redis';
import { withDatabase } from './global-setup';

const serverDir = join(import.meta.dirname, '..');

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

/**
 * The environment of server processes sharing `database` (PostgreSQL: DATABASE_URL must be set) and the Redis at
 * `redisUrl`: one JWT secret, the first administrator, a stand-in web build, no ERP, info logs (the "listening" line
 * startServer waits for, and each request, kept for a failure's message).
 */
export async function sharedServerEnv(
  database: Database,
  redisUrl: string,
  admin: { email: string; password: string },
): Promise<Record<string, string>> {
  const { rows } = await database.executeSql('SELECT current_database() AS name');
  const dist = mkdtempSync(join(tmpdir(), 'qw-processes-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Quotewright</title>');
  return {
    DATABASE_URL: withDatabase(process.env.DATABASE_URL!, String(rows[0]!.name)),
    REDIS_URL: redisUrl,
    JWT_SECRET: 'processes-test-secret-'.padEnd(48, 'x'),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'info',
    WEB_DIST: dist,
    DATA_DIR: dist,
    ODOO_URL: '',
  };
}

/** The processes a test started, and what they printed (prefixed by their port). */
export interface Processes {
  output: string[];
  /** A server process with `env` on a free port, once it listens and answers /api/health; its URL. */
  startServer(env: Record<string, string>): Promise<string>;
  /** SIGTERM to every process still running (SIGKILL after 10 s), waited for. */
  stopAll(): Promise<void>;
}

export function processes(): Processes {
  const children: ChildProcess[] = [];
  const output: string[] = [];

  async function startServer(env: Record<string, string>): Promise<string> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    child.stdout?.on('data', (b: Buffer) => output.push(`[${port}] ${b}`));
    child.stderr?.on('data', (b: Buffer) => output.push(`[${port}] ${b}`));
    const url = `http://127.0.0.1:${port}`;
    // Started once it says so: Fastify logs "Server listening at <url>" when the port is bound (LOG_LEVEL info).
    await new Promise<void>((resolve, reject) => {
      let seen = '';
      const done = (err?: Error) => {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.off('exit', onExit);
        if (err) reject(err);
        else resolve();
      };
      const onData = (b: Buffer) => {
        seen += b;
        if (seen.includes(`Server listening at ${url}`)) done();
      };
      const onExit = (code: number | null) => done(new Error(`server on ${port} exited ${code}:\n${output.join('')}`));
      const timer = setTimeout(() => done(new Error(`server on ${port} did not start:\n${output.join('')}`)), 90_000);
      child.stdout?.on('data', onData);
      child.once('exit', onExit);
    });
    const health = await fetch(`${url}/api/health`);
    if (!health.ok) throw new Error(`server on ${port} answers /api/health ${health.status}:\n${output.join('')}`);
    return url;
  }

  const stopAll = () =>
    Promise.all(
      children.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.exitCode !== null || p.signalCode !== null) return resolve();
            const timer = setTimeout(() => p.kill('SIGKILL'), 10_000);
            p.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            p.kill('SIGTERM');
          }),
      ),
    ).then(() => undefined);

  return { output, startServer, stopAll };
}

/** A JSON call: its status, its body as text and parsed. */
export async function send<T>(url: string, method: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : undefined) as T, text };
}

/** A JSON call's parsed answer; throws with the status and body unless 2xx. */
export async function call<T>(url: string, method: string, path: string, token: string | null, body?: unknown) {
  const r = await send<T>(url, method, path, token, body);
  if (r.status < 200 || r.status > 299) throw new Error(`${method} ${path}: ${r.status} ${r.text}`);
  return r.json;
}

export const signIn = (url: string, email: string, password: string) =>
  call<{ token: string }>(url, 'POST', '/api/users/login', null, { email, password }).then((r) => r.token);

/** True when a Redis answers PING at `url` (within a second). */
export async function redisAnswers(url: string): Promise<boolean> {
  const client = createClient({ url, socket: { reconnectStrategy: false, connectTimeout: 1000 } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    if (client.isOpen) await client.quit().catch(() => undefined);
  }
}

export interface OwnRedis {
  url: string;
  /** Stops it (SIGTERM, nothing saved) and waits for it to be gone. */
  stop(): Promise<void>;
  /** Starts it again on the same port, once it answers. */
  start(): Promise<void>;
}

/** A redis-server of the test's own on a free port (nothing kept on disk), started and answering. */
export async function ownRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let log = '';
  const start = async () => {
    const c = spawn('redis-server', [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ]);
    child = c;
    c.stdout?.on('data', (b: Buffer) => {
      log += b;
    });
    const failed = new Promise<never>((_, reject) => {
      c.once('error', (err) =>
        reject(new Error(`this test needs redis-server (apt-get install redis-server): ${err}`)),
      );
      c.once('exit', (code) => reject(new Error(`redis-server exited ${code}: ${log}`)));
    });
    let gaveUp = false;
    failed.catch(() => {
      gaveUp = true;
    });
    const answering = (async () => {
      while (!gaveUp && !(await redisAnswers(url))) await new Promise((r) => setTimeout(r, 50));
    })();
    await Promise.race([answering, failed]);
  };
  const stop = async () => {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const gone = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await gone;
  };
  await start();
  return { url, start, stop };
}
