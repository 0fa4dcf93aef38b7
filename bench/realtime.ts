// Realtime benchmark (docs/architecture.md#performance-targets): EDITORS socket clients on one sale, each also editing
// its own line EDITS_PER_S times a second over HTTP for BENCH_SECONDS (each editor at its own phase of the period, as
// independent people edit). For every edit: the time from sending it to the moment the LAST of the other editors
// received its delta (p50/p95); lost or duplicated deltas per client; and whether every client, applying only the
// deltas it received, ends equal to the sale the server answers (converged).
// Targets: p95 ≤ 50 ms, 0 lost, 0 duplicated, all converged. Prints JSON; not a test. PGlite always; PostgreSQL
// too when DATABASE_URL is set.
import { performance } from 'node:perf_hooks';
import type { SaleDto } from '@quotewright/contracts';
import {
  applySaleDelta,
  type ClientToServerEvents,
  type SaleDelta,
  type ServerToClientEvents,
} from '@quotewright/contracts';
import { type Database, products } from '@quotewright/db';
import { insertUser } from '@quotewright/db/factories';
import { defaultModules } from '@quotewright/domain';
import { io, type Socket } from 'socket.io-client';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { hashPassword } from '../apps/server/src/infra/passwords';
import { type Engine, engines, openDatabase, quantiles } from './kit/bench-kit';

const EDITORS = Number(process.env.BENCH_EDITORS ?? 10);
const EDITS_PER_S = Number(process.env.BENCH_EDITS_PER_S ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const LINES = 100;
const PASSWORD = 'bench-password-1';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

async function run(engine: Engine) {
  const { database, drop } = await openDatabase(engine, 'rt');
  const app = await buildApp({
    config: testConfig({ ADMIN_EMAIL: 'bench@quotewright.test', ADMIN_PASSWORD: PASSWORD, JWT_SECRET: 'b'.repeat(40) }),
    database,
    logger: false,
    workers: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  try {
    return await measure(database, base);
  } finally {
    await app.close();
    await database.close();
    await drop();
  }
}

async function measure(database: Database, base: string) {
  await database.db
    .insert(products)
    .values({ id: 1, model: 'P-1', name: 'P', price: '10', cost: '6', contentHash: 'x' });
  const modules = defaultModules();
  modules.sales = { enabled: true, level: 'editor' };
  const passwordHash = await hashPassword(PASSWORD);
  const call = async <T>(method: string, path: string, token: string, body?: unknown): Promise<T> => {
    const res = await fetch(base + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const tokens: string[] = [];
  for (let i = 0; i < EDITORS; i++) {
    const u = await insertUser(database.db, {
      name: `Editor ${i + 1}`,
      email: `e${i}@bench.test`,
      passwordHash,
      modules,
    });
    const res = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: u.email, password: PASSWORD }),
    });
    tokens.push(((await res.json()) as { token: string }).token);
  }
  let sale = await call<SaleDto>('POST', '/api/sales', tokens[0]!, { name: 'Realtime bench' });
  // Mutations answer only what changed (a delta): the sale is read again.
  await call('POST', `/api/sales/sections/create/${sale._id}`, tokens[0]!, { name: 'S' });
  sale = await call<SaleDto>('GET', `/api/sales/${sale._id}`, tokens[0]!);
  const section = sale.sections[0]!._id;
  for (let at = 0; at < LINES; at += 50) {
    await call('POST', `/api/sales/lines/create/${sale._id}/${section}`, tokens[0]!, {
      lines: Array.from({ length: 50 }, () => ({ product: 1, quantity: '1' })),
      sequence: -1,
    });
  }
  const start = await call<SaleDto>('GET', `/api/sales/${sale._id}`, tokens[0]!);
  const lineIds = start.sections[0]!.lines.map((l) => l._id);

  // Every client keeps its own copy of the sale, patched by the deltas it receives.
  const received = Array.from({ length: EDITORS }, () => new Map<number, number>());
  const duplicated = new Array<number>(EDITORS).fill(0);
  const local: (SaleDto | 'refetch')[] = Array.from({ length: EDITORS }, () => start);
  const clients: Client[] = await Promise.all(
    tokens.map(
      (token, i) =>
        new Promise<Client>((resolve, reject) => {
          const socket: Client = io(base, { path: '/socket.io', transports: ['websocket'], auth: { token } });
          socket.on('sale_changed', (delta: SaleDelta) => {
            if (received[i]!.has(delta.version)) duplicated[i]! += 1;
            received[i]!.set(delta.version, performance.now());
            const current = local[i]!;
            if (current !== 'refetch') local[i] = applySaleDelta(current, delta);
          });
          socket.on('connect_error', reject);
          socket.on('connect', () =>
            socket.emit('identify', { sale: sale._id }, (ack) => (ack.ok ? resolve(socket) : reject(ack.detail))),
          );
        }),
    ),
  );

  // Each editor edits its own line; the answer's version identifies the edit.
  const sent = new Map<number, { at: number; by: number }>();
  const errors: string[] = [];
  let n = 0;
  const deadline = performance.now() + SECONDS * 1000;
  // Independent editors: each starts at its own phase of the period (evenly spread), not all at the same instant
  // (ten edits of one sale sent together would queue on the sale's lock and measure the burst, not the delivery).
  const period = 1000 / EDITS_PER_S;
  await Promise.all(
    tokens.map(async (token, i) => {
      await new Promise((r) => setTimeout(r, (i * period) / EDITORS));
      while (performance.now() < deadline) {
        const next = performance.now() + period;
        const at = performance.now();
        try {
          const res = await call<{ version: number }>('POST', `/api/sales/lines/update/${sale._id}/${section}`, token, [
            { _id: lineIds[i % lineIds.length], quantity: String((++n % 97) + 1) },
          ]);
          sent.set(res.version, { at, by: i });
        } catch (e) {
          errors.push(String(e));
        }
        await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
      }
    }),
  );
  await new Promise((r) => setTimeout(r, 1000));

  const latencies: number[] = [];
  const lost = new Array<number>(EDITORS).fill(0);
  for (const [version, { at, by }] of sent) {
    let last = 0;
    for (let i = 0; i < EDITORS; i++) {
      const t = received[i]!.get(version);
      if (t === undefined) lost[i]! += 1;
      else if (i !== by) last = Math.max(last, t - at);
    }
    latencies.push(last);
  }
  const final = await call<SaleDto>('GET', `/api/sales/${sale._id}`, tokens[0]!);
  const converged = local.filter((s) => s !== 'refetch' && JSON.stringify(s) === JSON.stringify(final)).length;
  for (const c of clients) c.close();
  return {
    editors: EDITORS,
    seconds: SECONDS,
    edits: sent.size,
    errors: errors.length,
    deliveryMs: quantiles(latencies.length ? latencies : [0]),
    lost: lost.reduce((a, b) => a + b, 0),
    duplicated: duplicated.reduce((a, b) => a + b, 0),
    converged: `${converged}/${EDITORS}`,
    finalVersion: final.version,
  };
}

const results: Record<string, unknown> = {};
for (const engine of engines()) results[engine] = await run(engine);
console.log(JSON.stringify({ benchmark: 'realtime', target: { p95Ms: 50, lost: 0, duplicated: 0 }, results }, null, 2));
