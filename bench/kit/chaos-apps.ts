// The chaos run's processes (bench/chaos.ts): the server built once and started twice (as `npm start` runs it, each
// on its own port and data directory, both on the run's PostgreSQL and Redis), the Odoo simulator in its own process
// (kit/chaos-sim.ts) with its control endpoint, and HAProxy in front of the two apps (apps/server/test/haproxy.ts).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Child, freePort, note, pause, spawnLogged } from './chaos-infra';

export const ROOT = join(import.meta.dirname, '../..');
export const ADMIN = { email: 'chaos-admin@quotewright.test', password: 'chaos-admin-password-1' };

/** Builds the server (and the web app when it has not been built): what `npm start` does first. */
export function buildOnce(log: (line: string) => void): void {
  const web = existsSync(join(ROOT, 'apps/web/dist/index.html'));
  const args = web ? ['run', 'build', '-w', 'apps/server'] : ['run', 'build'];
  log(`building: npm ${args.join(' ')}`);
  const t0 = Date.now();
  const res = spawnSync('npm', args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`npm ${args.join(' ')} failed:\n${res.stdout}\n${res.stderr}`);
  log(`built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

// ─── The Odoo simulator ────────────────────────────────────────────────────────────────────────────────────────

export interface SimOrder {
  id: number;
  name: string;
  origin: string | null;
  state: string;
  amount_untaxed: number;
  lines: number;
}

export interface SimProcess {
  url: string;
  apiKey: string;
  child: Child;
  control<T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T>;
}

export async function startSim(dir: string): Promise<SimProcess> {
  const port = await freePort();
  const controlPort = await freePort();
  const apiKey = randomBytes(20).toString('hex');
  const logFile = join(dir, 'odoo-sim.log');
  const child = spawnLogged(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'chaos-sim.ts')],
    {
      ...process.env,
      CHAOS_SIM_PORT: String(port),
      CHAOS_SIM_CONTROL_PORT: String(controlPort),
      CHAOS_SIM_API_KEY: apiKey,
    },
    logFile,
    ROOT,
  );
  const control = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`http://127.0.0.1:${controlPort}${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      signal: AbortSignal.timeout(30_000),
    });
    if (!res.ok) throw new Error(`simulator control ${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  for (let i = 0; ; i++) {
    if (child.process.exitCode !== null) throw new Error(`the simulator exited; see ${logFile}`);
    const up = await control('GET', '/orders').then(
      () => true,
      () => false,
    );
    if (up) break;
    if (i > 600) throw new Error(`the simulator did not start; see ${logFile}`);
    await pause(100);
  }
  return { url: `http://127.0.0.1:${port}`, apiKey, child, control };
}

// ─── The two apps ──────────────────────────────────────────────────────────────────────────────────────────────

export interface App {
  name: string;
  port: number;
  url: string;
  logFile: string;
  child: Child | undefined;
  /** How many times it was started. */
  starts: number;
}

export interface AppEnv {
  databaseUrl: string;
  redisUrl: string;
  sim: SimProcess;
  jwtSecret: string;
}

export async function newApp(name: string, dir: string): Promise<App> {
  const port = await freePort();
  mkdirSync(join(dir, name), { recursive: true });
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    logFile: join(dir, `${name}.log`),
    child: undefined,
    starts: 0,
  };
}

export function startApp(app: App, env: AppEnv, dir: string): void {
  note(app.logFile, `chaos: starting ${app.name} on port ${app.port}`);
  app.child = spawnLogged(
    process.execPath,
    ['--enable-source-maps', join(ROOT, 'apps/server/dist/main.js')],
    {
      ...process.env,
      PORT: String(app.port),
      HOST: '127.0.0.1',
      DATABASE_URL: env.databaseUrl,
      REDIS_URL: env.redisUrl,
      JWT_SECRET: env.jwtSecret,
      DATA_DIR: join(dir, app.name),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ODOO_URL: env.sim.url,
      ODOO_DB: 'chaos',
      ODOO_LOGIN: 'admin',
      ODOO_API_KEY: env.sim.apiKey,
      ODOO_PROTOCOL: 'json2',
      ODOO_TIMEOUT: '5s',
      TRUST_PROXY: 'true',
      DRAIN_DELAY: '2s',
      SHUTDOWN_TIMEOUT: '30s',
      // A publish whose process was killed is taken over after this (10 minutes by default): the run's end waits.
      RUN_STALE_AFTER: '30s',
      LOG_LEVEL: 'warn',
    },
    app.logFile,
    ROOT,
  );
  app.starts++;
}

/** Resolves once the app answers /api/ready 200 (polled every 100 ms); fails when it exits first. */
export async function waitReady(app: App, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(`${app.url}/api/ready`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (app.child && app.child.process.exitCode !== null)
      throw new Error(`${app.name} exited with ${app.child.process.exitCode}; see ${app.logFile}`);
    if (Date.now() > until) throw new Error(`${app.name} not ready within ${timeoutMs} ms; see ${app.logFile}`);
    await pause(100);
  }
}

/** SIGKILL: the process ends at once, whatever it was doing. */
export async function killApp(app: App): Promise<void> {
  const c = app.child;
  if (!c) return;
  note(app.logFile, `chaos: SIGKILL ${app.name}`);
  c.process.kill('SIGKILL');
  await c.exited;
}

/** SIGTERM: the drain (apps/server/src/shutdown.ts); resolves with the exit code once it has exited. */
export async function terminateApp(app: App): Promise<number | null> {
  const c = app.child;
  if (!c) return null;
  note(app.logFile, `chaos: SIGTERM ${app.name}`);
  c.process.kill('SIGTERM');
  return c.exited;
}
