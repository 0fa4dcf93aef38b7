// Quote engine benchmark (docs/architecture.md#performance-targets): a 1,000-line sale (BENCH_LINES); p50/p95 of
// updating one line, adding one line, reordering one line and opening (GET) the sale — unchanged (served from the
// serialized cache) and right after an edit (serialized again) — through app.inject and over HTTP on loopback (listen
// on port 0 + fetch, which asks for compression like a browser). Server time is Fastify's own measure
// (reply.elapsedTime, from request to response sent); round trip is what the caller waited; bytes is the answer's
// body size on the wire.
// Targets (decision 0012, over HTTP): line edit p50 ≤ 5 ms and p95 ≤ 10 ms, add a line p50 ≤ 6 ms, GET p50 ≤ 8 ms,
// the answer to a one-line edit ≤ 4 KB.
// BENCH_LINES (default 1,000) lines in BENCH_SECTIONS (default 10) sections: BENCH_SECTIONS=1 measures one big section.
// Prints JSON; not a test. PGlite always; PostgreSQL too when DATABASE_URL is set (a fresh database, dropped after).
import { performance } from 'node:perf_hooks';
import { type Database, products, saleLines, saleSections, sales } from '@quotewright/db';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { type Engine, engines, openDatabase, quantiles } from './kit/bench-kit';

/** SQL statements sent to PostgreSQL (BEGIN/COMMIT included): the PostgreSQL run reports them per operation. */
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

const ADMIN = { email: 'bench@quotewright.test', password: 'bench-password-1' };
const SECTIONS = Number(process.env.BENCH_SECTIONS ?? 10);
const LINES_PER_SECTION = Math.max(1, Math.round(Number(process.env.BENCH_LINES ?? 1000) / SECTIONS));
const WARMUP = 5;
const RUNS = Number(process.env.BENCH_RUNS ?? 60);

/** The 2,000-line sale, written straight to the database (building it is not what is measured). */
async function seed(database: Database): Promise<{ saleId: string; sectionIds: string[] }> {
  const { db } = database;
  await db.insert(products).values(
    Array.from({ length: 50 }, (_, i) => ({
      id: i + 1,
      model: `P-${i + 1}`,
      name: `Product ${i + 1}`,
      description: `Product number ${i + 1} with a description of a realistic length for a quote line`,
      manufacturer: 'Bench Co',
      uom: 'Units',
      price: String(10 + i),
      cost: String(6 + i / 2),
      contentHash: String(i),
    })),
  );
  const [sale] = await db
    .insert(sales)
    .values({ name: 'Bench sale', quoteNumber: 'QBENCH' })
    .returning({ id: sales.id });
  const saleId = sale!.id;
  const sectionIds: string[] = [];
  for (let s = 0; s < SECTIONS; s++) {
    const [section] = await db
      .insert(saleSections)
      .values({ saleId, position: s, name: `Section ${s + 1}` })
      .returning({ id: saleSections.id });
    sectionIds.push(section!.id);
    await db.insert(saleLines).values(
      Array.from({ length: LINES_PER_SECTION }, (_, i) => {
        const p = ((s * LINES_PER_SECTION + i) % 50) + 1;
        return i % 25 === 0
          ? { saleId, sectionId: section!.id, position: i, kind: 'note' as const, description: `Note ${i}` }
          : {
              saleId,
              sectionId: section!.id,
              position: i,
              productId: p,
              productName: `P-${p}`,
              manufacturer: 'Bench Co',
              description: `Product number ${p} with a description of a realistic length for a quote line`,
              quantity: String((i % 7) + 1),
              price: String(10 + p),
              cost: String(6 + p / 2),
              uom: 'Units',
            };
      }),
    );
  }
  return { saleId, sectionIds };
}

type Call = (
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
) => Promise<{ status: number; bytes: number; json: () => unknown }>;

async function measure(call: Call, serverTime: () => number, saleId: string, sectionIds: string[]) {
  const section = sectionIds[Math.min(4, sectionIds.length - 1)]!;
  const sale = (await call('GET', `/api/sales/${saleId}`)).json() as {
    sections: { _id: string; lines: { _id: string; kind: string }[] }[];
  };
  const lineIds = sale.sections
    .find((s) => s._id === section)!
    .lines.filter((l) => l.kind === 'product')
    .map((l) => l._id);
  let i = 0;
  const ops: Record<string, () => [string, string, unknown?]> = {
    'update one line': () => [
      'POST',
      `/api/sales/lines/update/${saleId}/${section}`,
      // A new quantity every time: each edit really changes the sale (a repeated value would answer "unchanged").
      [{ _id: lineIds[(i * 7) % lineIds.length]!, quantity: String(1000 + i) }],
    ],
    'add one line': () => [
      'POST',
      `/api/sales/lines/create/${saleId}/${sectionIds[Math.min(7, sectionIds.length - 1)]!}`,
      { lines: [{ product: (i % 50) + 1, quantity: 1 }], sequence: -1 },
    ],
    'reorder one line': () => [
      'POST',
      `/api/sales/lines/reorder/${saleId}/${section}`,
      { index: (i * 13) % LINES_PER_SECTION, line_insertion_point: (i * 31) % LINES_PER_SECTION },
    ],
    'GET the sale (unchanged)': () => ['GET', `/api/sales/${saleId}`],
    'GET the sale (after an edit)': () => ['GET', `/api/sales/${saleId}`],
  };
  /** Work done before an operation and not measured: the sale changes before each "after an edit" GET. */
  const before: Record<string, () => Promise<unknown>> = {
    'GET the sale (after an edit)': () => {
      const [method, url, body] = ops['update one line']!();
      return call(method as 'POST', url, body);
    },
  };
  const out: Record<
    string,
    {
      server: ReturnType<typeof quantiles>;
      roundTrip: ReturnType<typeof quantiles>;
      bytes: number;
      /** PostgreSQL only: statements per call (the login check included). */
      statements?: number;
    }
  > = {};
  for (const [name, make] of Object.entries(ops)) {
    const server: number[] = [];
    const roundTrip: number[] = [];
    const bytes: number[] = [];
    let sent = 0;
    for (let n = 0; n < WARMUP + RUNS; n++) {
      i++;
      await before[name]?.();
      const [method, url, body] = make();
      const s0 = statements;
      const t0 = performance.now();
      const res = await call(method as 'GET' | 'POST', url, body);
      const rt = performance.now() - t0;
      if (res.status >= 300) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.json())}`);
      if (n >= WARMUP) {
        roundTrip.push(rt);
        server.push(serverTime());
        bytes.push(res.bytes);
        sent += statements - s0;
      }
    }
    out[name] = {
      server: quantiles(server),
      roundTrip: quantiles(roundTrip),
      bytes: Math.max(...bytes),
      ...(sent > 0 ? { statements: Number((sent / RUNS).toFixed(1)) } : {}),
    };
  }
  return out;
}

async function run(engine: Engine) {
  const { database, drop } = await openDatabase(engine, 'quote');
  const app = await buildApp({
    config: testConfig({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, JWT_SECRET: 'b'.repeat(40) }),
    database,
    logger: false,
    workers: false,
  });
  let last = 0;
  app.addHook('onResponse', async (_req, reply) => {
    last = reply.elapsedTime;
  });
  try {
    const t0 = performance.now();
    const { saleId, sectionIds } = await seed(database);
    const seedMs = Math.round(performance.now() - t0);
    const { token } = (await app.inject({ method: 'POST', url: '/api/users/login', payload: ADMIN })).json();
    const headers = { authorization: `Bearer ${token}` };

    const inject: Call = async (method, url, body) => {
      const res = await app.inject({
        method,
        url,
        headers,
        ...(body !== undefined ? { payload: body as object } : {}),
      });
      return { status: res.statusCode, bytes: res.rawPayload.length, json: () => res.json() };
    };
    const viaInject = await measure(inject, () => last, saleId, sectionIds);

    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const socket: Call = async (method, url, body) => {
      const res = await fetch(`${address}${url}`, {
        method,
        headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      const wire = Number(res.headers.get('content-length') ?? Buffer.byteLength(text));
      return { status: res.status, bytes: wire, json: () => JSON.parse(text) };
    };
    const viaSocket = await measure(socket, () => last, saleId, sectionIds);
    const lines = (
      (await inject('GET', `/api/sales/${saleId}`)).json() as { sections: { lines: unknown[] }[] }
    ).sections.reduce((n, s) => n + s.lines.length, 0);
    return { engine, lines, seedMs, inject: viaInject, socket: viaSocket };
  } finally {
    await app.close();
    await database.close();
    await drop();
  }
}

const results = [];
for (const engine of engines()) results.push(await run(engine));
const targets = {
  lineEditP50Ms: 5,
  lineEditP95Ms: 10,
  addLineP50Ms: 6,
  getP50Ms: 8,
  lineEditAnswerBytes: 4096,
};
const check = (ok: boolean) => (ok ? 'ok' : 'MISSED');
/** Judged on the round trip over HTTP (what a browser waits for), as the issue states the targets. */
const verdict = results.map((r) => {
  const http = r.socket;
  const edit = http['update one line']!;
  return {
    engine: r.engine,
    lines: r.lines,
    'line edit p50': check(edit.roundTrip.p50 <= targets.lineEditP50Ms),
    'line edit p95': check(edit.roundTrip.p95 <= targets.lineEditP95Ms),
    'line edit answer size': check(edit.bytes <= targets.lineEditAnswerBytes),
    'add a line p50': check(http['add one line']!.roundTrip.p50 <= targets.addLineP50Ms),
    'GET p50 (unchanged)': check(http['GET the sale (unchanged)']!.roundTrip.p50 <= targets.getP50Ms),
    'GET p50 (after an edit)': check(http['GET the sale (after an edit)']!.roundTrip.p50 <= targets.getP50Ms),
  };
});
console.log(JSON.stringify({ benchmark: 'quote-engine', targets, results, verdict }, null, 2));
