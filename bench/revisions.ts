// Revisions at scale (docs/decisions/0029-revisions.md), in-process through app.inject (the time of a call is the
// server's own: no network): on a sale of BENCH_REVISION_LINES (default 2,000) lines in 20 sections,
// - save: BENCH_REVISIONS (default 50) revisions saved, each right after a line edit (so the sale's JSON of that
//   version is not compressed yet, as when a person saves after editing). Target: p50 and p95 ≤ 200 ms.
// - compare: two of those revisions 25 apart (GET compare: two documents read, gunzipped, parsed and diffed, the
//   answer serialized), BENCH_DIFF_RUNS (default 30) pairs; and the diff function alone on the first and the last.
//   Target: p50 and p95 ≤ 150 ms.
// - line edit: BENCH_EDIT_RUNS (default 100) one-line edits, each alternating between that sale (now with its
//   revisions) and a sale of the same size without any. Target: the p50 with revisions within 10 % of the other.
// Runs on PGlite, and on PostgreSQL too when DATABASE_URL is set. Prints JSON; not a test.
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { diffSaleRevisions, type RevisionDocument, type SaleDto } from '@quotewright/contracts';
import { eq, products, saleRevisions } from '@quotewright/db';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { type Engine, engines, openDatabase, quantiles } from './kit/bench-kit';

const LINES = Number(process.env.BENCH_REVISION_LINES ?? 2000);
const SECTIONS = 20;
const REVISIONS = Number(process.env.BENCH_REVISIONS ?? 50);
const DIFF_RUNS = Number(process.env.BENCH_DIFF_RUNS ?? 30);
const EDIT_RUNS = Number(process.env.BENCH_EDIT_RUNS ?? 100);
const WARMUP = 5;
const ADMIN = { email: 'bench@quotewright.test', password: 'bench-password-1' };
const TARGETS = { saveMs: 200, compareMs: 150, editRatio: 1.1 };
const gunzip = promisify(zlib.gunzip);

type App = Awaited<ReturnType<typeof buildApp>>;

async function timed(
  app: App,
  headers: Record<string, string>,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
) {
  const t0 = performance.now();
  const res = await app.inject({
    method,
    url,
    headers,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  const ms = performance.now() - t0;
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return { ms, body: res.body };
}

/** A sale of LINES product lines in SECTIONS sections, built through the API; its sections' first line ids. */
async function bigSale(app: App, headers: Record<string, string>, name: string) {
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    JSON.parse((await timed(app, headers, method, url, payload)).body);
  const sale = (await call('POST', '/api/sales', { name })) as SaleDto;
  const per = Math.ceil(LINES / SECTIONS);
  for (let s = 0; s < SECTIONS; s++) {
    const d = await call('POST', `/api/sales/sections/create/${sale._id}`, { name: `Section ${s + 1}` });
    const section = d.changes.sections.order.at(-1) as string;
    await call('POST', `/api/sales/lines/create/${sale._id}/${section}`, {
      lines: Array.from({ length: per }, (_, i) => ({
        product: 1 + ((s * per + i) % 50),
        quantity: String(1 + (i % 5)),
      })),
      sequence: -1,
    });
  }
  const full = (await call('GET', `/api/sales/${sale._id}`)) as SaleDto;
  return { id: full._id, sections: full.sections.map((s) => ({ id: s._id, lines: s.lines.map((l) => l._id) })) };
}

async function run(engine: Engine) {
  const { database, drop } = await openDatabase(engine, 'revisions');
  const app = await buildApp({
    config: testConfig({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, JWT_SECRET: 'b'.repeat(40) }),
    database,
    logger: false,
  });
  try {
    const { token } = (await app.inject({ method: 'POST', url: '/api/users/login', payload: ADMIN })).json();
    const headers = { authorization: `Bearer ${token}` };
    await database.db.insert(products).values(
      Array.from({ length: 50 }, (_, i) => ({
        id: i + 1,
        model: `M-${i + 1}`,
        name: `Product ${i + 1}`,
        description: `Product ${i + 1}, a thing of some length to make the lines realistic`,
        manufacturer: 'Maker',
        price: `${100 + i}.50`,
        cost: `${60 + i}.2500`,
        contentHash: 'bench',
      })),
    );
    const plain = await bigSale(app, headers, 'Without revisions');
    const withRevisions = await bigSale(app, headers, 'With revisions');
    let q = 10;
    const edit = (sale: typeof plain, k: number) => {
      const section = sale.sections[k % SECTIONS]!;
      return timed(app, headers, 'POST', `/api/sales/lines/update/${sale.id}/${section.id}`, [
        { _id: section.lines[(k * 7) % section.lines.length], quantity: String(++q) },
      ]);
    };

    // Save: each right after an edit of the sale.
    const save: number[] = [];
    const ids: string[] = [];
    for (let i = 0; i < REVISIONS; i++) {
      await edit(withRevisions, i);
      const r = await timed(app, headers, 'POST', `/api/sales/revisions/save/${withRevisions.id}`, {
        comment: `R${i}`,
      });
      save.push(r.ms);
      ids.push(JSON.parse(r.body)._id);
    }
    const sizes = await database.db
      .select({ n: saleRevisions.lineCount, content: saleRevisions.content })
      .from(saleRevisions);
    const stored = sizes.reduce((n, r) => n + r.content.length, 0) / sizes.length;

    // Compare two revisions 25 apart (a new pair each time: nothing held from the call before), through the route,
    // and the diff function alone on the first and the last.
    const compare: number[] = [];
    const half = Math.floor(REVISIONS / 2);
    let changed = 0;
    for (let i = 0; i < WARMUP + DIFF_RUNS; i++) {
      const from = ids[i % half]!;
      const to = ids[(i % half) + half]!;
      const r = await timed(
        app,
        headers,
        'GET',
        `/api/sales/revisions/compare/${withRevisions.id}?from=${from}&to=${to}`,
      );
      if (i >= WARMUP) compare.push(r.ms);
      changed = JSON.parse(r.body).diff.counts.lines_changed;
    }
    const [first, last] = await Promise.all(
      [ids[0]!, ids.at(-1)!].map(async (id) => {
        const [row] = await database.db
          .select({ content: saleRevisions.content })
          .from(saleRevisions)
          .where(eq(saleRevisions.id, id));
        return JSON.parse((await gunzip(row!.content)).toString()) as RevisionDocument;
      }),
    );
    const diffOnly: number[] = [];
    for (let i = 0; i < WARMUP + DIFF_RUNS; i++) {
      const t0 = performance.now();
      diffSaleRevisions(first!.sale, last!.sale);
      if (i >= WARMUP) diffOnly.push(performance.now() - t0);
    }

    // Line edits, alternating between the two sales.
    const editPlain: number[] = [];
    const editWith: number[] = [];
    for (let i = 0; i < WARMUP + EDIT_RUNS; i++) {
      // Each sale goes first every other round (the second call of a round follows the first at once).
      const a = i % 2 ? await edit(plain, 1000 + i) : undefined;
      const b = await edit(withRevisions, 1000 + i);
      const c = a ?? (await edit(plain, 1000 + i));
      if (i >= WARMUP) {
        editPlain.push(c.ms);
        editWith.push(b.ms);
      }
    }
    const saveQ = quantiles(save);
    const compareQ = quantiles(compare);
    const plainQ = quantiles(editPlain);
    const withQ = quantiles(editWith);
    const ratio = Number((withQ.p50 / plainQ.p50).toFixed(3));
    return {
      engine,
      lines: LINES,
      revisions: REVISIONS,
      storedBytesPerRevision: Math.round(stored),
      saveMs: { ...saveQ, target: TARGETS.saveMs, met: saveQ.p95 <= TARGETS.saveMs },
      compareMs: {
        ...compareQ,
        linesChanged: changed,
        target: TARGETS.compareMs,
        met: compareQ.p95 <= TARGETS.compareMs,
      },
      diffFunctionMs: quantiles(diffOnly),
      lineEditMs: {
        withoutRevisions: plainQ,
        withRevisions: withQ,
        p50Ratio: ratio,
        target: `p50 with ${REVISIONS} revisions ≤ ${TARGETS.editRatio} × without`,
        met: ratio <= TARGETS.editRatio,
      },
    };
  } finally {
    await app.close();
    await database.close();
    await drop();
  }
}

const results = [];
for (const engine of engines()) results.push(await run(engine));
console.log(JSON.stringify({ bench: 'revisions', results }, null, 2));
