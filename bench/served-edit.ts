// Edits as a person makes them, measured where they feel them: the server runs as `npm start` runs it (its own
// process: production logging, plugins, workers, the built-in ERP simulator), and this client talks to it over HTTP
// from another process, with a pause between calls like a person's clicks (BENCH_PAUSE_MS, default 150). A sale of
// BENCH_LINES (default 1,000) lines in 10 sections is built through the API from the ERP's catalog; then line edits,
// added lines and reads of the sale, each timed from request to the last byte (p50 / p95 in ms).
// Prints JSON; not a test. Needs the web app built (WEB_DIST, default apps/web/dist) like `npm start`.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { quantiles } from './kit/bench-kit';

const LINES = Number(process.env.BENCH_LINES ?? 1000);
const PAUSE = Number(process.env.BENCH_PAUSE_MS ?? 150);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const ADMIN = { email: 'bench@quotewright.test', password: 'bench-password-1' };

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'qw-bench-served-')),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (i > 600) throw new Error('the server did not start');
      await pause(200);
    }
    const call = async (method: string, path: string, token: string | null, body?: unknown) => {
      const t0 = performance.now();
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          'accept-encoding': 'br, gzip',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      const ms = performance.now() - t0;
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
      return { ms, json: text ? JSON.parse(text) : null };
    };
    const token = (await call('POST', '/api/users/login', null, ADMIN)).json.token as string;
    // The catalog comes from the ERP, as in use.
    const run = (await call('POST', '/api/odoo/sync/products', token)).json as { id: string };
    for (;;) {
      const r = (await call('GET', `/api/odoo/runs/${run.id}`, token)).json as { state: string };
      if (r.state !== 'loading') break;
      await pause(200);
    }
    const catalog = (await call('GET', '/api/products?pageSize=50&page=1', token)).json.items as { id: number }[];
    // Mutations answer a delta: the sale is read again after building it.
    const saleId = (await call('POST', '/api/sales', token, { name: 'Served bench' })).json._id as string;
    for (let s = 0; s < 10; s++)
      await call('POST', `/api/sales/sections/create/${saleId}`, token, { name: `Section ${s + 1}` });
    let sale = (await call('GET', `/api/sales/${saleId}`, token)).json;
    for (const [s, section] of (sale.sections as { _id: string }[]).entries()) {
      const n = Math.round(LINES / 10);
      for (let done = 0; done < n; done += 100)
        await call('POST', `/api/sales/lines/create/${sale._id}/${section._id}`, token, {
          lines: Array.from({ length: Math.min(100, n - done) }, (_, i) => ({
            product: catalog[(s + done + i) % catalog.length]!.id,
            quantity: '1',
          })),
        });
    }
    sale = (await call('GET', `/api/sales/${sale._id}`, token)).json;
    const section = sale.sections[3];
    const lines = section.lines as { _id: string }[];
    const edit: number[] = [];
    const add: number[] = [];
    const read: number[] = [];
    for (let i = 0; i < RUNS + 5; i++) {
      await pause(PAUSE);
      const e = await call('POST', `/api/sales/lines/update/${sale._id}/${section._id}`, token, [
        { _id: lines[(i * 7) % lines.length]!._id, quantity: String(2 + (i % 9)) },
      ]);
      await pause(PAUSE);
      const a = await call('POST', `/api/sales/lines/create/${sale._id}/${section._id}`, token, {
        lines: [{ product: catalog[i % catalog.length]!.id, quantity: '1' }],
      });
      await pause(PAUSE);
      const g = await call('GET', `/api/sales/${sale._id}`, token);
      if (i < 5) continue; // warm-up
      edit.push(e.ms);
      add.push(a.ms);
      read.push(g.ms);
    }
    console.log(
      JSON.stringify(
        {
          bench: 'served-edit',
          lines: LINES,
          pauseMs: PAUSE,
          runs: RUNS,
          server: 'separate process, as npm start runs it (PGlite, built-in ERP simulator)',
          lineEditMs: quantiles(edit),
          addLineMs: quantiles(add),
          getSaleMs: quantiles(read),
        },
        null,
        2,
      ),
    );
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
