// A rolling restart behind HAProxy (README "Running several processes", issue #25): two server processes (tsx
// src/main.ts) on one PostgreSQL database and one Redis, HAProxy in front (apps/server/test/haproxy.ts: the README's
// configuration), three people editing their own lines through the balancer with their sockets joined to the sale.
// Each process in turn gets SIGTERM, exits, is started again and is waited for (ready, then UP in the balancer).
// Every request must be answered 2xx — none lost to the restarts — every acknowledged edit must be in the sale at the
// end, and every person's socket must have reconnected (through the balancer, to the other process) with its copy of
// the sale equal to the server's.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  applySaleDelta,
  type ClientToServerEvents,
  type IdentifyAck,
  type SaleDelta,
  type SaleDto,
  type ServerToClientEvents,
} from '@quotewright/contracts';
import { type Database, products } from '@quotewright/db';
import { toDecimal } from '@quotewright/domain';
import { createClient } from 'redis';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDatabase } from '../test/global-setup';
import { type Haproxy, haproxyMissing, startHaproxy } from '../test/haproxy';
import { freshDatabase } from '../test/helpers';
import { call as callOk, freePort, send } from '../test/processes';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const ADMIN = { email: 'admin@rolling.test', password: 'admin-password-1' };
const serverDir = join(import.meta.dirname, '..');

interface Proc {
  name: string;
  port: number;
  child?: ChildProcess;
  exited?: Promise<number | null>;
}

let database: Database;
let dir: string;
let env: Record<string, string>;
let haproxy: Haproxy;
const procs: Proc[] = [];
const output: string[] = [];

function start(p: Proc) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env, PORT: String(p.port), HOST: '127.0.0.1', DATA_DIR: join(dir, p.name) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (b: Buffer) => output.push(`[${p.name}] ${b}`));
  child.stderr?.on('data', (b: Buffer) => output.push(`[${p.name}] ${b}`));
  p.child = child;
  p.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Ready: /api/ready answers 200 (asked every 100 ms); the process exiting first fails with its output. */
async function ready(p: Proc) {
  const until = Date.now() + 120_000;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${p.port}/api/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    if (p.child?.exitCode !== null) throw new Error(`${p.name} exited ${p.child?.exitCode}:\n${output.join('')}`);
    if (Date.now() > until) throw new Error(`${p.name} not ready:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const call = <T>(method: string, path: string, token: string | null, body?: unknown) =>
  send<T>(haproxy.url, method, path, token, body);
const ok = <T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> =>
  callOk<T>(haproxy.url, method, path, token, body);

/** A person: a socket through the balancer joined to the sale, a copy of it kept by deltas, edits of one section. */
class Person {
  sale: SaleDto | undefined;
  socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  connects = 0;
  joined: Promise<void>;
  private join!: () => void;
  readonly failures: string[] = [];
  /** The last acknowledged value of each line's quantity. */
  readonly acked = new Map<string, string>();
  edits = 0;
  private reading: Promise<void> | undefined;

  constructor(
    readonly token: string,
    readonly saleId: string,
    readonly section: string,
  ) {
    this.joined = new Promise((r) => {
      this.join = r;
    });
    this.socket = io(haproxy.url, { path: '/socket.io', transports: ['websocket'], auth: { token }, forceNew: true });
    this.socket.on('connect', () => {
      this.connects++;
      this.socket.emit('identify', { sale: saleId }, (ack: IdentifyAck) => {
        if (!ack.ok) return;
        if (!this.sale || (ack.version ?? 0) > this.sale.version || this.connects > 1) void this.read();
        this.join();
      });
    });
    this.socket.on('disconnect', () => {
      this.joined = new Promise((r) => {
        this.join = r;
      });
    });
    this.socket.on('sale_changed', (d) => this.apply(d));
  }

  apply(d: SaleDelta) {
    if (!this.sale || d.saleId !== this.saleId || d.version <= this.sale.version) return;
    const next = applySaleDelta(this.sale, d);
    if (next === 'refetch') void this.read();
    else this.changed(next);
  }

  private waiting: { version: number; done: () => void }[] = [];
  private changed(sale: SaleDto) {
    this.sale = sale;
    for (const w of this.waiting.filter((x) => x.version <= sale.version)) w.done();
    this.waiting = this.waiting.filter((x) => x.version > sale.version);
  }

  /** Resolves once the copy is at `version` (a delta or a read brought it), or fails after 10 s. */
  reached(version: number): Promise<void> {
    if (this.sale && this.sale.version >= version) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the copy stayed at version ${this.sale?.version}, the sale is at ${version}`)),
        10_000,
      );
      this.waiting.push({
        version,
        done: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  /** GET the sale; asked again while a read is under way (a reconnection), it reads once more after it. */
  read(): Promise<void> {
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.reading = (async () => {
      do {
        this.again = false;
        const r = await call<SaleDto>('GET', `/api/sales/${this.saleId}`, this.token);
        if (r.status !== 200) this.failures.push(`GET sale: ${r.status} ${r.text}`);
        else if (!this.sale || r.json.version >= this.sale.version) this.changed(r.json);
      } while (this.again);
      this.reading = undefined;
    })();
    return this.reading;
  }
  private again = false;

  /** One edit of a line of the person's own section, based on the value the copy shows. */
  async edit() {
    const lines = this.sale?.sections.find((s) => s._id === this.section)?.lines ?? [];
    const line = lines[this.edits % lines.length]!;
    const quantity = String(1 + (++this.edits % 97));
    const path = `/api/sales/lines/update/${this.saleId}/${this.section}`;
    const r = await call<SaleDelta>('POST', path, this.token, [
      { _id: line._id, quantity, base: { quantity: this.acked.get(line._id) ?? line.quantity } },
    ]).catch((e: Error) => ({ status: 0, json: undefined, text: e.message }));
    if (r.status !== 200) {
      this.failures.push(`POST ${path}: ${r.status} ${r.text}`);
      return;
    }
    this.acked.set(line._id, quantity);
    this.apply(r.json!);
  }
}

beforeAll(async () => {
  const missing = haproxyMissing();
  if (missing) throw new Error(`this test needs HAProxy: ${missing}`);
  const redis = createClient({ url: REDIS_URL, socket: { reconnectStrategy: false } });
  redis.on('error', () => undefined);
  await redis.connect().catch((err: Error) => {
    throw new Error(`this test needs Redis at ${REDIS_URL} (${err.message})`);
  });
  await redis.quit();
  database = await freshDatabase();
  const { rows } = await database.executeSql('SELECT current_database() AS name');
  dir = mkdtempSync(join(tmpdir(), 'qw-rolling-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Quotewright</title>');
  env = {
    DATABASE_URL: withDatabase(process.env.DATABASE_URL!, String(rows[0]!.name)),
    REDIS_URL,
    // Its own channels on the shared Redis: the live events of other test files' processes stay out.
    REDIS_PREFIX: `qw-rolling-${process.pid}-${Date.now()}`,
    JWT_SECRET: 'rolling-restart-secret-'.padEnd(48, 'x'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    WEB_DIST: dir,
    ODOO_URL: '',
    TRUST_PROXY: 'true',
    DRAIN_DELAY: '2s',
  };
  for (const name of ['one', 'two']) {
    mkdirSync(join(dir, name));
    procs.push({ name, port: await freePort() });
  }
  // One after the other: the first creates the administrator, the second finds it.
  for (const p of procs) {
    start(p);
    await ready(p);
  }
  haproxy = await startHaproxy(dir, {
    port: await freePort(),
    statsPort: await freePort(),
    servers: procs.map((p) => ({ name: p.name, port: p.port })),
  });
  await haproxy.waitFor(['one', 'two'], 'UP');
}, 300_000);

afterAll(async () => {
  await haproxy?.stop();
  await Promise.all(
    procs.map(async (p) => {
      if (!p.child || p.child.exitCode !== null) return;
      const timer = setTimeout(() => p.child?.kill('SIGKILL'), 10_000);
      p.child.kill('SIGINT');
      await p.exited;
      clearTimeout(timer);
    }),
  );
  await database?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a rolling restart behind HAProxy', () => {
  it('SIGTERM one process after the other: no failed request, no lost edit, every socket back and in step', async () => {
    const admin = (await ok<{ token: string }>('POST', '/api/users/login', null, ADMIN)).token;
    const ids = [9_100_001, 9_100_002, 9_100_003];
    await database.db.insert(products).values(
      ids.map((id) => ({
        id,
        model: `R${id}`,
        name: `Rolling ${id}`,
        description: `Rolling ${id}`,
        price: '10.00',
        cost: '5.0000',
        contentHash: 'rolling',
      })),
    );
    const created = await ok<SaleDto>('POST', '/api/sales', admin, { name: 'Rolling restart' });
    for (const n of [1, 2, 3])
      await ok('POST', `/api/sales/sections/create/${created._id}`, admin, { name: `Person ${n}` });
    const sale = await ok<SaleDto>('GET', `/api/sales/${created._id}`, admin);
    for (const s of sale.sections)
      await ok('POST', `/api/sales/lines/create/${sale._id}/${s._id}`, admin, {
        lines: [...ids, ...ids].map((product) => ({ product, quantity: '1' })),
      });
    const people: Person[] = [];
    for (const [i, s] of sale.sections.entries()) {
      const email = `person-${i}@rolling.test`;
      await ok('POST', '/api/users', admin, {
        name: `Person ${i + 1}`,
        email,
        password: 'rolling-password-1',
        modules: { sales: { enabled: true, level: 'editor' } },
      });
      const { token } = await ok<{ token: string }>('POST', '/api/users/login', null, {
        email,
        password: 'rolling-password-1',
      });
      people.push(new Person(token, sale._id, s._id));
    }
    await Promise.all(people.map((p) => p.joined));
    await Promise.all(people.map((p) => p.read()));

    // The people edit without a pause of their own (each waits for its answer) while the processes restart, and
    // go on for 20 edits each once both have restarted.
    const target: { edits?: number[] } = {};
    const editing = people.map(async (p, i) => {
      while (target.edits === undefined || p.edits < target.edits[i]!) await p.edit();
    });
    for (const p of procs) {
      p.child!.kill('SIGTERM');
      expect(await p.exited, `${p.name} exit code`).toBe(0);
      start(p);
      await ready(p);
      await haproxy.waitFor([p.name], 'UP');
    }
    target.edits = people.map((p) => p.edits + 20);
    await Promise.all(editing);

    expect(people.flatMap((p) => p.failures)).toEqual([]);
    const final = await ok<SaleDto>('GET', `/api/sales/${sale._id}`, admin);
    for (const p of people) {
      // Every socket was closed by a drain at least once, and came back through the balancer.
      expect(p.connects).toBeGreaterThanOrEqual(2);
      await p.joined;
      // Every change reaches the copy (deltas, or the read after a gap or a reconnection): no read forced here.
      await p.reached(final.version);
      expect(p.sale).toEqual(final);
      const lines = final.sections.find((s) => s._id === p.section)!.lines;
      for (const [id, quantity] of p.acked)
        expect(toDecimal(lines.find((l) => l._id === id)!.quantity).eq(toDecimal(quantity)), id).toBe(true);
    }
    expect(await haproxy.states()).toEqual({ one: 'UP', two: 'UP' });
  }, 300_000);
});
