// Paste matching (docs/product/rules.md#paste-from-a-spreadsheet): 50,000 products fetched from the ERP simulator
// through the real connector and job, then BENCH_PASTE_RUNS (default 20) pastes of BENCH_PASTE_ROWS (default 500)
// rows matched by POST /api/products/match, with a pause between them like a person's (150 ms). The rows mix what a
// bill of materials holds: exact models (60 %, some in another case), models with a typo (20 %), only a product's name
// (10 %) and rows the catalog does not have (10 %). Target: p95 ≤ 1 s of server time for 500 rows. The server runs
// in this process (app.inject): the matcher's one statement is nearly all of that time. Prints JSON; not a test.
// Runs on PGlite, and on PostgreSQL too when DATABASE_URL is set.
import { performance } from 'node:perf_hooks';
import { type Engine, quantiles } from './kit/bench-kit';
import { type BenchApp, onEachEngine } from './kit/erp-app';

const ROWS = Number(process.env.BENCH_PASTE_ROWS ?? 500);
const RUNS = Number(process.env.BENCH_PASTE_RUNS ?? 20);
const TARGET_P95_MS = 1000;

/** A deterministic pseudo-random sequence (the same pastes on every run and engine). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function pasteRows(catalog: { model: string; name: string }[], seed: number) {
  const rnd = random(seed);
  const pick = () => catalog[Math.floor(rnd() * catalog.length)]!;
  return Array.from({ length: ROWS }, () => {
    const p = pick();
    const r = rnd();
    if (r < 0.6) return { model: rnd() < 0.5 ? p.model : p.model.toLowerCase(), description: p.name };
    if (r < 0.8) {
      const at = Math.floor(rnd() * p.model.length);
      return { model: `${p.model.slice(0, at)}X${p.model.slice(at + 1)}`, description: '' };
    }
    if (r < 0.9) return { model: '', description: p.name };
    return { model: `NOPE-${Math.floor(rnd() * 1e6)}`, description: 'Something the catalog does not sell' };
  });
}

async function run(engine: Engine, app: BenchApp, headers: { authorization: string }) {
  const { id } = (await app.inject({ method: 'POST', url: '/api/odoo/sync/products', headers })).json();
  for (;;) {
    const r = (await app.inject({ method: 'GET', url: `/api/odoo/runs/${id}`, headers })).json();
    if (r.state !== 'loading') break;
    await new Promise((res) => setTimeout(res, 200));
  }
  const catalog: { model: string; name: string }[] = [];
  for (let page = 0; catalog.length < 5000; page++) {
    const res = (await app.inject({ method: 'GET', url: `/api/products?pageSize=1000&page=${page}`, headers })).json();
    if (res.items.length === 0) break;
    for (const p of res.items) if (p.model) catalog.push({ model: p.model, name: p.display_name });
  }
  const total = (await app.inject({ method: 'GET', url: '/api/products?pageSize=1', headers })).json().total;
  const samples: number[] = [];
  const statuses: Record<string, number> = {};
  for (let i = -2; i < RUNS; i++) {
    const payload = { rows: pasteRows(catalog, 1000 + i) };
    await new Promise((res) => setTimeout(res, 150));
    const t0 = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/products/match', headers, payload });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`match: ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (i < 0) continue; // warm-up
    samples.push(ms);
    for (const row of res.json().rows) statuses[row.status] = (statuses[row.status] ?? 0) + 1;
  }
  const q = quantiles(samples);
  return {
    engine,
    products: total,
    rowsPerPaste: ROWS,
    pastes: RUNS,
    matchMs: q,
    target: `p95 ≤ ${TARGET_P95_MS} ms: ${q.p95 <= TARGET_P95_MS ? 'met' : 'MISSED'}`,
    statuses,
  };
}

await onEachEngine('paste', run);
