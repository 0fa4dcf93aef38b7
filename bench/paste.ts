// Fast line entry on 50,000 products fetched from the ERP simulator through the real connector and job.
// - Paste matching (docs/product/rules.md#paste-from-a-spreadsheet): BENCH_PASTE_RUNS (default 20) pastes of
//   BENCH_PASTE_ROWS (default 500) rows matched by POST /api/products/match, with a pause between them like a
//   person's (150 ms). The rows mix what a bill of materials holds: exact models (60 %, some in another case), models
//   with a typo (20 %), only a product's name (10 %) and rows the catalog does not have (10 %). Target: p95 ≤ 1 s of
//   server time for 500 rows. Through app.inject: the matcher's one statement is nearly all of that time.
// - Quick-add suggestions (docs/product/rules.md#quick-add): BENCH_SUGGEST_TEXTS (default 200) texts — models, and
//   one in five a name's first two words — typed letter by letter into GET /api/products/suggest from another
//   process over HTTP (kit/typing-client.ts), BENCH_TYPING_PAUSE_MS (default 60 ms) between an answer and the next
//   letter. Target: p95 ≤ 50 ms per call, measured by that process.
// Prints JSON; not a test. Runs on PGlite, and on PostgreSQL too when DATABASE_URL is set.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { type Engine, quantiles } from './kit/bench-kit';
import { type BenchApp, onEachEngine } from './kit/erp-app';

const ROWS = Number(process.env.BENCH_PASTE_ROWS ?? 500);
const RUNS = Number(process.env.BENCH_PASTE_RUNS ?? 20);
const TARGET_P95_MS = 1000;
const TEXTS = Number(process.env.BENCH_SUGGEST_TEXTS ?? 200);
const PAUSE_MS = Number(process.env.BENCH_TYPING_PAUSE_MS ?? 60);
const SUGGEST_TARGET_P95_MS = 50;

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

/** What the person types: models, and one in five the first two words of a name (without its "[model] "). */
function typedTexts(catalog: { model: string; name: string }[], seed: number): { text: string; kind: string }[] {
  const rnd = random(seed);
  return Array.from({ length: TEXTS }, (_, i) => {
    const p = catalog[Math.floor(rnd() * catalog.length)]!;
    if (i % 5 !== 4) return { text: p.model, kind: 'model' };
    return {
      text: p.name
        .replace(/^\[[^\]]*\]\s*/, '')
        .split(' ')
        .slice(0, 2)
        .join(' '),
      kind: 'name',
    };
  });
}

/** The quick-add figures: the texts typed by kit/typing-client.ts, in its own process, against the listening app. */
async function typing(app: BenchApp, headers: { authorization: string }, total: number) {
  // Products from all over the catalog (pages spread over its model order), not only its first models.
  const spread: { model: string; name: string }[] = [];
  const pageSize = 50;
  for (let k = 0; k < 50; k++) {
    const page = Math.floor((k * total) / 50 / pageSize);
    const res = (
      await app.inject({ method: 'GET', url: `/api/products?pageSize=${pageSize}&page=${page}`, headers })
    ).json();
    for (const p of res.items) if (p.model) spread.push({ model: p.model, name: p.display_name });
  }
  const texts = typedTexts(spread, 7);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./kit/typing-client.ts', import.meta.url))],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: process.env,
    },
  );
  const answer = once(createInterface({ input: child.stdout! }), 'line');
  child.stdin!.end(
    `${JSON.stringify({ url, token: headers.authorization.slice('Bearer '.length), texts: texts.map((t) => t.text), pauseMs: PAUSE_MS })}\n`,
  );
  // the client's figures, or null when it ended without them (its error is on stderr)
  const line = await Promise.race([answer.then(([l]) => l as string), once(child, 'exit').then(() => null)]);
  if (line === null) throw new Error('the typing client ended without its figures');
  const typed = JSON.parse(line) as { ms: number[]; found: number[] }[];
  const all = typed.flatMap((t) => t.ms);
  const ofKind = (kind: string) => typed.filter((_, i) => texts[i]!.kind === kind).flatMap((t) => t.ms);
  const q = quantiles(all);
  return {
    texts: texts.length,
    calls: all.length,
    pauseMs: PAUSE_MS,
    callMs: q,
    modelsMs: quantiles(ofKind('model')),
    namesMs: quantiles(ofKind('name')),
    // the first letters (1–2) and the rest: what a person sees while typing
    firstTwoLettersMs: quantiles(typed.flatMap((t) => t.ms.slice(0, 2))),
    fromThirdLetterMs: quantiles(typed.flatMap((t) => t.ms.slice(2))),
    callsAnsweringNothing: typed.flatMap((t) => t.found).filter((n) => n === 0).length,
    target: `p95 ≤ ${SUGGEST_TARGET_P95_MS} ms: ${q.p95 <= SUGGEST_TARGET_P95_MS ? 'met' : 'MISSED'}`,
  };
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
    match: {
      rowsPerPaste: ROWS,
      pastes: RUNS,
      matchMs: q,
      target: `p95 ≤ ${TARGET_P95_MS} ms: ${q.p95 <= TARGET_P95_MS ? 'met' : 'MISSED'}`,
      statuses,
    },
    suggest: await typing(app, headers, total),
  };
}

await onEachEngine('paste', run);
