// The API as people get it: the server is started with `npm start` itself — the build, then the server in its own
// process in production mode with its logging (to a file, as a service's log), plugins, background workers and the
// built-in ERP simulator — and this process drives it over a keep-alive HTTP connection with a pause before each call
// like a person's clicks (BENCH_PAUSE_MS, default 150). A sale of BENCH_LINES (default 1,000) lines in 10 sections is
// built through the API from the ERP's catalog; then BENCH_RUNS (default 60) rounds of a line edit, an added line
// and reads of the sale (right after a change, unchanged, and revalidated with its ETag), each timed from request to
// last byte; p50 / p95 in ms against the targets (a missed target is reported, not failed). Next to them: the
// server's own time (its log), its CPU time and its wait for a CPU per call, and the same round trip to a server that
// does nothing (the machine's floor at that moment: other work shares its CPUs) and to a minimal server on the same
// engine that does the edit's one write and nothing else (kit/minimal-edit-server.cjs: what any server would pay here).
// On both databases: the embedded PGlite (a fresh DATA_DIR), and PostgreSQL on a fresh database created and dropped
// here (on the server of DATABASE_URL, else postgres://postgres@127.0.0.1:5432; skipped, and said, when there is
// none). BENCH_ENGINES=pglite or =postgres runs one. BENCH_PROFILE_DIR=<dir> writes a CPU profile of the server's
// process over the measured calls there (kit/profile-server.cjs). Prints JSON; not a test.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import pg from 'pg';
import { type Engine, quantiles, throwawayPostgres } from './kit/bench-kit';

const LINES = Number(process.env.BENCH_LINES ?? 1000);
const PAUSE = Number(process.env.BENCH_PAUSE_MS ?? 150);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const WARMUP = 5;
const ADMIN = { email: 'bench@quotewright.test', password: 'bench-password-1' };
const POSTGRES = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const TARGETS = { lineEdit: { p50: 3, p95: 8 }, addLine: { p50: 3, p95: 8 }, getSale: { p50: 5 } };

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The server's own process among `npm start`'s (npm → sh → maybe a launcher → node): the innermost process of our
 * process group whose command line runs the server's main.
 */
function serverPid(group: number): number | undefined {
  const found = new Map<number, number>(); // pid → parent
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== group) continue;
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (/apps\/server\/(dist|src)\/main\.[jt]s/.test(cmd)) found.set(Number(entry), Number(fields[1]));
    } catch {
      // gone meanwhile
    }
  }
  const parents = new Set(found.values());
  return [...found.keys()].find((pid) => !parents.has(pid));
}

const signal = (pid: number, sig: NodeJS.Signals) => {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
};

/**
 * A process's time on a CPU so far and its time spent runnable but waiting for one (ms, all its threads; Linux
 * schedstat, in nanoseconds), or undefined elsewhere.
 */
function schedMs(pid: number | undefined): { cpu: number; wait: number } | undefined {
  if (pid === undefined) return undefined;
  try {
    let cpu = 0;
    let wait = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      try {
        const [run, queued] = readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ');
        cpu += Number(run) / 1e6;
        wait += Number(queued) / 1e6;
      } catch {
        // a thread that just ended
      }
    }
    return { cpu, wait };
  } catch {
    return undefined;
  }
}

/**
 * responseTime of each request to the sale that arrived from `since` on (pino's JSON lines: one per request, or
 * Fastify's pair of lines joined by reqId), in the order they completed.
 */
function serverTimes(log: string, since: number, saleId: string): number[] {
  const urls = new Map<string, string>();
  const out: number[] = [];
  for (const line of log.split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry: { time?: number; reqId?: string; req?: { url?: string }; responseTime?: number };
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (!entry.reqId) continue;
    if (entry.req?.url) urls.set(entry.reqId, entry.req.url);
    // Requests that arrived from `since` on (a line is written when its request ends).
    const { responseTime, time = 0 } = entry;
    if (responseTime !== undefined && time - responseTime >= since && urls.get(entry.reqId)?.includes(saleId))
      out.push(responseTime);
  }
  return out;
}

async function postgresReachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: POSTGRES, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/**
 * The machine's floor: a server that does nothing (a bare node:http server answering 11 bytes, in its own process),
 * called in every round like the others, after the same pause. On a quiet machine it answers in ~0.2 ms; the time
 * it takes beyond that is the machine's at that moment (other work on the CPUs, processes woken after a pause), and
 * is in every figure of the round too.
 */
async function startFloor(): Promise<{ call(): Promise<number>; stop(): void }> {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const s = require('node:http').createServer((q, r) => { r.setHeader('content-type', 'application/json'); r.end('{"ok":true}'); });
       s.listen(0, '127.0.0.1', () => console.log(s.address().port));`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
    child.once('exit', () => reject(new Error('the floor server did not start')));
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    async call() {
      const t0 = performance.now();
      await new Promise<void>((resolve, reject) =>
        http
          .get({ host: '127.0.0.1', port, path: '/', agent }, (r) => {
            r.resume();
            r.on('end', resolve);
          })
          .on('error', reject),
      );
      return performance.now() - t0;
    },
    stop() {
      agent.destroy();
      child.kill();
    },
  };
}

/**
 * A reference for the edit: the same round trip to kit/minimal-edit-server.cjs (node:http and one writing statement
 * on the same engine — the same PostgreSQL server, or an embedded PGlite of its own —, nothing else), after the same
 * pause. What the app's own edit costs beyond it is the app's; below it is the machine's and the database's.
 */
async function startMinimalEdit(
  target: { url: string } | { dataDir: string },
): Promise<{ call(i: number): Promise<number>; stop(): Promise<void> }> {
  const sale = crypto.randomUUID();
  const child = spawn(process.execPath, [join(import.meta.dirname, 'kit/minimal-edit-server.cjs')], {
    env: {
      ...process.env,
      ...('url' in target ? { MINIMAL_DATABASE_URL: target.url } : { MINIMAL_PGLITE_DIR: target.dataDir }),
      MINIMAL_SALE: sale,
      MINIMAL_LINES: String(LINES),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const { port, lines } = await new Promise<{ port: number; lines: string[] }>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(JSON.parse(out));
    });
    child.once('exit', () => reject(new Error('the minimal edit server did not start')));
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    async call(i) {
      const body = JSON.stringify({
        sale,
        line: lines[(i * 7) % lines.length],
        total: String(1000 + i),
        qty: String(2 + (i % 9)),
      });
      const t0 = performance.now();
      await new Promise<void>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/',
            agent,
            headers: { 'content-type': 'application/json' },
          },
          (r) => {
            if (r.statusCode !== 200) reject(new Error(`the minimal edit server answered ${r.statusCode}`));
            r.resume();
            r.on('end', resolve);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
      return performance.now() - t0;
    },
    async stop() {
      agent.destroy();
      const exited = new Promise((r) => child.once('exit', r));
      child.kill();
      await exited;
      if ('dataDir' in target) rmSync(target.dataDir, { recursive: true, force: true });
    },
  };
}

async function run(engine: Engine, floor: { call(): Promise<number> }) {
  const pgDb = engine === 'postgres' ? await throwawayPostgres('server', POSTGRES) : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'qw-bench-server-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const logFile = join(dataDir, 'server.log');
  const log = openSync(logFile, 'a');
  // `npm start` exactly as a person runs it; its own process group, so that the whole tree is stopped after.
  const server: ChildProcess = spawn('npm', ['start', '--silent'], {
    env: {
      ...process.env,
      DATABASE_URL: pgDb?.url ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DRAIN_DELAY: '0',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      NODE_OPTIONS: [
        process.env.NODE_OPTIONS,
        PROFILE_DIR && `--require ${join(import.meta.dirname, 'kit/profile-server.cjs')}`,
      ]
        .filter(Boolean)
        .join(' '),
    },
    stdio: ['ignore', log, log],
    detached: true,
  });
  const group = server.pid!;
  let pid: number | undefined;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  let minimal: Awaited<ReturnType<typeof startMinimalEdit>> | undefined;
  try {
    for (let i = 0; ; i++) {
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (server.exitCode !== null)
        throw new Error(`npm start exited with ${server.exitCode}: ${readFileSync(logFile, 'utf8').slice(-2000)}`);
      if (i > 1500) throw new Error('the server did not start');
      await pause(200);
    }
    pid = serverPid(group);
    // A keep-alive connection, as a browser holds one; the time is from sending the request to its last byte
    // (decoding the compressed body, which a browser does off its page's thread, is not counted).
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const call = async (method: string, path: string, token: string | null, body?: unknown, etag?: string) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const c0 = schedMs(pid);
      const me0 = schedMs(process.pid);
      const t0 = performance.now();
      const res = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; raw: Buffer }>(
        (resolve, reject) => {
          const req = http.request(
            `${base}${path}`,
            {
              method,
              agent,
              headers: {
                ...(token ? { authorization: `Bearer ${token}` } : {}),
                ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
                ...(etag ? { 'if-none-match': etag } : {}),
                'accept-encoding': 'br, gzip',
              },
            },
            (r) => {
              const chunks: Buffer[] = [];
              r.on('data', (c: Buffer) => chunks.push(c));
              r.on('end', () => resolve({ status: r.statusCode ?? 0, headers: r.headers, raw: Buffer.concat(chunks) }));
              r.on('error', reject);
            },
          );
          req.on('error', reject);
          req.end(payload);
        },
      );
      const ms = performance.now() - t0;
      const me1 = schedMs(process.pid);
      const c1 = schedMs(pid);
      const cpu = c0 && c1 ? c1.cpu - c0.cpu : 0;
      const wait = c0 && c1 ? c1.wait - c0.wait : 0;
      const clientWait = me0 && me1 ? me1.wait - me0.wait : 0;
      const encoding = res.headers['content-encoding'];
      const text = (
        encoding === 'br'
          ? zlib.brotliDecompressSync(res.raw)
          : encoding === 'gzip'
            ? zlib.gunzipSync(res.raw)
            : res.raw
      ).toString('utf8');
      if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
      const tag = res.headers.etag;
      return { ms, cpu, wait, clientWait, status: res.status, etag: tag, json: text ? JSON.parse(text) : null };
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
    minimal = await startMinimalEdit(
      pgDb ? { url: pgDb.url } : { dataDir: mkdtempSync(join(tmpdir(), 'qw-bench-min-')) },
    );
    const section = sale.sections[3];
    const lines = section.lines as { _id: string }[];
    /** What a person does, in order, each followed by a pause. */
    const kinds = ['edit', 'add', 'getAfterChange', 'getUnchanged', 'revalidate'] as const;
    type Kind = (typeof kinds)[number];
    const client = Object.fromEntries(kinds.map((k) => [k, [] as number[]])) as Record<Kind, number[]>;
    const cpu = Object.fromEntries(kinds.map((k) => [k, [] as number[]])) as Record<Kind, number[]>;
    const floorTimes: number[] = [];
    const minimalEditTimes: number[] = [];
    const wait = Object.fromEntries(kinds.map((k) => [k, [] as number[]])) as Record<Kind, number[]>;
    const clientWait = Object.fromEntries(kinds.map((k) => [k, [] as number[]])) as Record<Kind, number[]>;
    let sched0: { cpu: number; wait: number } | undefined;
    let measuredFrom = 0;
    let t0 = 0;
    for (let i = 0; i < RUNS + WARMUP; i++) {
      if (i === WARMUP) {
        sched0 = schedMs(pid);
        if (PROFILE_DIR && pid !== undefined) signal(pid, 'SIGUSR2');
        measuredFrom = Date.now();
        t0 = performance.now();
      }
      await pause(PAUSE);
      const e = await call('POST', `/api/sales/lines/update/${sale._id}/${section._id}`, token, [
        { _id: lines[(i * 7) % lines.length]!._id, quantity: String(2 + (i % 9)) },
      ]);
      await pause(PAUSE);
      const a = await call('POST', `/api/sales/lines/create/${sale._id}/${section._id}`, token, {
        lines: [{ product: catalog[i % catalog.length]!.id, quantity: '1' }],
      });
      await pause(PAUSE);
      // Opened right after someone changed it (serialized and compressed again) …
      const g = await call('GET', `/api/sales/${sale._id}`, token);
      await pause(PAUSE);
      // … opened again unchanged (from the serialized copy) …
      const again = await call('GET', `/api/sales/${sale._id}`, token);
      await pause(PAUSE);
      // … and revalidated by a browser holding it (304, no body).
      const r = await call('GET', `/api/sales/${sale._id}`, token, undefined, g.etag);
      if (r.status !== 304) throw new Error(`revalidating an unchanged sale answered ${r.status}, not 304`);
      await pause(PAUSE);
      const nothing = await floor.call();
      let least: number | undefined;
      if (minimal) {
        await pause(PAUSE);
        least = await minimal.call(i);
      }
      if (i < WARMUP) continue;
      if (least !== undefined) minimalEditTimes.push(least);
      client.edit.push(e.ms);
      client.add.push(a.ms);
      client.getAfterChange.push(g.ms);
      client.getUnchanged.push(again.ms);
      client.revalidate.push(r.ms);
      floorTimes.push(nothing);
      for (const [k, c] of [
        ['edit', e],
        ['add', a],
        ['getAfterChange', g],
        ['getUnchanged', again],
        ['revalidate', r],
      ] as const) {
        cpu[k].push(c.cpu);
        wait[k].push(c.wait);
        clientWait[k].push(c.clientWait);
      }
    }
    const wall = performance.now() - t0;
    const sched1 = schedMs(pid);
    agent.destroy();
    // The server's own time for the same calls (its log's responseTime: from the request's arrival to the answer
    // handed to the socket), in the order they were made.
    // The log line of a request is written just after its answer: the last one may still be on its way.
    let ownTimes = serverTimes(readFileSync(logFile, 'utf8'), measuredFrom, sale._id);
    for (let i = 0; i < 50 && ownTimes.length < RUNS * kinds.length; i++) {
      await pause(100);
      ownTimes = serverTimes(readFileSync(logFile, 'utf8'), measuredFrom, sale._id);
    }
    const serverMs =
      ownTimes.length === RUNS * kinds.length
        ? Object.fromEntries(kinds.map((k, at) => [k, quantiles(ownTimes.filter((_, n) => n % kinds.length === at))]))
        : undefined;
    const edit = quantiles(client.edit);
    const add = quantiles(client.add);
    const get = quantiles(client.getAfterChange);
    const verdict = (measured: number, target: number) =>
      `${measured} ms (target ≤ ${target} ms: ${measured <= target ? 'met' : 'MISSED'})`;
    return {
      engine,
      lines: sale.sections.reduce((n: number, s: { lines: unknown[] }) => n + s.lines.length, 0),
      targets: {
        'line edit p50': verdict(edit.p50, TARGETS.lineEdit.p50),
        'line edit p95': verdict(edit.p95, TARGETS.lineEdit.p95),
        'add line p50': verdict(add.p50, TARGETS.addLine.p50),
        'add line p95': verdict(add.p95, TARGETS.addLine.p95),
        'GET 1,000-line sale p50': verdict(get.p50, TARGETS.getSale.p50),
      },
      // Round trips as this client saw them (ms).
      lineEditMs: edit,
      addLineMs: add,
      getSaleAfterChangeMs: get,
      getSaleUnchangedMs: quantiles(client.getUnchanged),
      revalidate304Ms: quantiles(client.revalidate),
      // The same round trip to a server that does nothing (see startFloor): the machine's share of the times above.
      floorMs: quantiles(floorTimes),
      // The same edit's round trip to a server that does only that (see startMinimalEdit).
      ...(minimalEditTimes.length ? { minimalEditServerMs: quantiles(minimalEditTimes) } : {}),
      ...(serverMs ? { serverOwnMs: serverMs } : {}),
      // The server's process (all its threads; Linux) during each call: its time on a CPU, and its time ready to run
      // but waiting for a CPU taken by other work on the machine (the noise in the times above). And its CPU share
      // over the whole measured stretch, pauses (background work) included.
      ...(sched0 && sched1
        ? {
            serverCpuMs: Object.fromEntries(kinds.map((k) => [k, quantiles(cpu[k])])),
            serverWaitingForCpuMs: Object.fromEntries(kinds.map((k) => [k, quantiles(wait[k])])),
            clientWaitingForCpuMs: Object.fromEntries(kinds.map((k) => [k, quantiles(clientWait[k])])),
            serverCpuShareWhileMeasuring: Number(((sched1.cpu - sched0.cpu) / wall).toFixed(3)),
          }
        : {}),
      logBytes: statSync(logFile).size,
    };
  } finally {
    await minimal?.stop();
    // The server alone is asked to stop (it closes its database, and writes its profile); npm follows.
    if (pid !== undefined) {
      signal(pid, 'SIGTERM');
      for (let i = 0; i < 150 && existsSync(`/proc/${pid}`); i++) await pause(100);
    }
    if (server.exitCode === null) {
      signal(-group, 'SIGTERM');
      await Promise.race([exited, pause(10_000)]);
    }
    signal(-group, 'SIGKILL');
    closeSync(log);
    // The server has closed its pool: the database can go.
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const wanted = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim());
  const results: unknown[] = [];
  for (const engine of ['pglite', 'postgres'] as const) {
    if (!wanted.includes(engine)) continue;
    if (engine === 'postgres') {
      const why = await postgresReachable();
      if (why) {
        results.push({ engine, skipped: `no PostgreSQL at ${POSTGRES.replace(/\/\/[^@]*@/, '//…@')}: ${why}` });
        continue;
      }
    }
    const floor = await startFloor();
    try {
      results.push(await run(engine, floor));
    } finally {
      floor.stop();
    }
  }
  console.log(
    JSON.stringify(
      {
        bench: 'server',
        server: 'npm start in its own process (production logging to a file, plugins, workers, built-in ERP)',
        lines: LINES,
        pauseMs: PAUSE,
        runs: RUNS,
        results,
      },
      null,
      2,
    ),
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
