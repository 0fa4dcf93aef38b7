// `npm run chaos` (issue #25 "Chaos run"): two server processes behind HAProxy on a PostgreSQL and a Redis of the
// run's own, the Odoo simulator in its own process, 20 simulated people editing 5 large sales through the balancer
// with live sockets — while faults hit on a seeded schedule: the apps' database connections killed, PostgreSQL
// restarted, Redis stopped and started, an app SIGKILLed and restarted, an app restarted by SIGTERM (a rolling
// restart), the ERP answering 500s, timing out, dropping answers after committing, sockets cut. Each fault's recovery
// is measured; at the end (load stopped, faults cleared, everything settled) nothing acknowledged may be lost or
// duplicated, every person's copy must equal the server's, totals, positions, the activity feed and the ERP orders
// must be right, and no process wedged (kit/chaos-check.ts). Prints JSON and a summary; exit code 0 only then.
//   CHAOS_MINUTES  how long the load and faults run (default 10; fractional allowed)
//   CHAOS_SEED     the seed of every choice (default random; printed first, so a run can be replayed)
//   CHAOS_KEEP=1   keep the temporary folder (logs of every process) instead of removing it
//   CHAOS_FAULTS   only these fault kinds (comma-separated, e.g. app-rolling,redis-restart), to look at one closely
// Loopback only; everything started here is stopped and removed at the end, on failure and on Ctrl-C.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SaleDto } from '@quotewright/contracts';
import { type Haproxy, haproxyMissing, startHaproxy } from '../apps/server/test/haproxy';
import { type App, buildOnce, newApp, type SimOrder, startApp, startSim, waitReady } from './kit/chaos-apps';
import { FAULT_KINDS, type FaultKind, type FaultResult, faultQueue, runFault, type World } from './kit/chaos-faults';
import { Journal, Rng } from './kit/chaos-http';
import { cleanUp, cleanUpOnExit, freePort, onCleanup, ownPostgres, ownRedis, pause, tempDir } from './kit/chaos-infra';
import { Person } from './kit/chaos-person';
import { Probe } from './kit/chaos-probe';
import { verdictOf } from './kit/chaos-report';
import { type Account, account, adminToken, buildSale, erpFetch, smallSale } from './kit/chaos-setup';

const MINUTES = Number(process.env.CHAOS_MINUTES ?? 10);
const SEED = process.env.CHAOS_SEED ? Number(process.env.CHAOS_SEED) : randomBytes(4).readUInt32BE(0);
const PEOPLE = 20;
const SALES = 5;
const PUBLISHERS = 3;
/** Lines per sale: 500–2,000; a short run keeps them smaller (CI). */
const LINES: [number, number] = MINUTES < 5 ? [500, 700] : [500, 2000];
/** Load without faults at the end, so that what a fault left behind shows up before the checks. */
const TAIL_MS = 15_000;

const t00 = Date.now();
const log = (line: string) => console.error(`chaos [${((Date.now() - t00) / 1000).toFixed(0).padStart(4)} s] ${line}`);

function ensureHaproxy() {
  if (!haproxyMissing()) return;
  log('haproxy is missing: installing it (apt-get install -y haproxy)');
  const res = spawnSync('apt-get', ['install', '-y', '-qq', 'haproxy'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const missing = haproxyMissing();
  if (res.status !== 0 || missing) throw new Error(`could not install haproxy: ${missing ?? `exit ${res.status}`}`);
}

async function startServices(dir: string) {
  const pg = await ownPostgres();
  const redis = await ownRedis(dir);
  const sim = await startSim(dir);
  log(`own PostgreSQL on ${pg.port}, Redis at ${redis.url}, Odoo simulator at ${sim.url}`);
  const appEnv = { databaseUrl: pg.url, redisUrl: redis.url, sim, jwtSecret: randomBytes(24).toString('hex') };
  const apps: App[] = [await newApp('app1', dir), await newApp('app2', dir)];
  // One after the other: the first migrates the database and creates the administrator.
  for (const app of apps) {
    startApp(app, appEnv, dir);
    await waitReady(app);
  }
  const haproxy: Haproxy = await startHaproxy(dir, {
    port: await freePort(),
    statsPort: await freePort(),
    servers: apps.map((a) => ({ name: a.name, port: a.port })),
  });
  onCleanup('haproxy', () => haproxy.stop());
  await haproxy.waitFor(
    apps.map((a) => a.name),
    'UP',
  );
  log(`apps on ${apps.map((a) => a.port).join(' and ')}, HAProxy at ${haproxy.url}`);
  return { pg, redis, sim, appEnv, apps, haproxy };
}

async function main() {
  cleanUpOnExit();
  console.error(`chaos: seed ${SEED} (replay: CHAOS_SEED=${SEED} CHAOS_MINUTES=${MINUTES} npm run chaos)`);
  const rng = new Rng(SEED);
  ensureHaproxy();
  buildOnce(log);
  const dir = process.env.CHAOS_KEEP === '1' ? mkdtempSync(join(tmpdir(), 'qw-chaos-')) : tempDir('qw-chaos-');
  if (process.env.CHAOS_KEEP === '1') log(`keeping ${dir}`);
  const s = await startServices(dir);
  const base = s.haproxy.url;

  // The catalog and the contacts come from the ERP, as an admin brings them in; an order of someone else's, with
  // a key that looks like ours, sits beside the demo orders. All of them are fingerprinted: none may change.
  const admin = await adminToken(base);
  await erpFetch(base, admin, 'products');
  await erpFetch(base, admin, 'contacts');
  const { products, customer } = await s.sim.control<{ products: number[]; customer: { id: number; name: string } }>(
    'GET',
    '/catalog',
  );
  await s.sim.control('POST', '/foreign', { origin: 'Q00002 [qw1-00000000000000000000]' });
  const foreignIds = (await s.sim.control<SimOrder[]>('GET', '/orders')).map((o) => o.id);
  const fingerprints = await s.sim.control<Record<string, string>>('POST', '/fingerprints', { ids: foreignIds });

  const tag = SEED.toString(36);
  const accounts: Account[] = [];
  for (let i = 0; i < PEOPLE; i++)
    accounts.push(await account(base, admin, `Person ${i + 1} ${tag}`, i < PUBLISHERS ? 'full_rights' : 'editor'));
  const probeAccount = await account(base, admin, `Probe ${tag}`, 'full_rights');
  const sales: SaleDto[] = [];
  for (let i = 0; i < SALES; i++)
    sales.push(
      await buildSale(base, accounts[i]!.token, `Chaos ${tag} ${i + 1}`, customer, products, rng.int(...LINES), rng),
    );
  log(`sales of ${sales.map((x) => x.sections.reduce((n, sec) => n + sec.lines.length, 0)).join(', ')} lines`);
  const journal = new Journal();
  const people = accounts.map(
    (a, i) =>
      new Person({
        name: a.name,
        token: a.token,
        userId: a.id,
        saleId: sales[i % SALES]!._id,
        base,
        journal,
        rng: new Rng(SEED + i + 1),
        publisher: i < PUBLISHERS,
        tag,
        products,
      }),
  );
  onCleanup('sockets', () => {
    for (const p of people) p.close();
  });
  await Promise.all(people.map((p) => p.start()));
  for (let i = 0; !people.every((p) => p.joined); i++) {
    if (i > 600) throw new Error('the people did not all join their sales');
    await pause(100);
  }
  const probeSale = await smallSale(base, probeAccount.token, 'Probe', customer, products);
  const probe = new Probe(base, probeAccount.token, probeSale, s.apps, customer, products);
  onCleanup('probe', () => probe.close());

  const w: World = {
    ...s,
    dir,
    people,
    probe,
    journal,
    rng,
    scale: Math.min(1, MINUTES / 6),
    probeSales: [],
    log,
  };
  const loadStart = Date.now();
  const stopAt = loadStart + MINUTES * 60_000;
  log(`load: ${PEOPLE} people on ${SALES} sales for ${MINUTES} min`);
  let stopping = false;
  const loops = people.map(async (p) => {
    while (!stopping) await p.step();
  });
  const faults: FaultResult[] = [];
  const only = process.env.CHAOS_FAULTS?.split(',').filter((k): k is FaultKind => FAULT_KINDS.includes(k as FaultKind));
  const queue = faultQueue(rng, MINUTES, only);
  for (let i = 0; ; i++) {
    const required = i < queue.required.length;
    const gap = Math.round(Math.max(5_000, rng.int(15_000, 40_000) * w.scale));
    if (!required && Date.now() + gap + 30_000 > stopAt) break;
    await pause(gap);
    const kind = required ? queue.required[i]! : queue.extra();
    faults.push(
      await runFault(w, kind, loadStart).catch((e: Error): FaultResult => {
        log(`fault ${kind}: ${e.message}`);
        const at = Math.round((Date.now() - loadStart) / 1000);
        return { kind, at, faultMs: 0, recoveryMs: {}, probeFailures: 0, failedRequests: 0, error: e.message };
      }),
    );
  }
  await pause(Math.max(TAIL_MS, stopAt - Date.now()));
  stopping = true;
  await Promise.all(loops);
  const loadMs = Date.now() - loadStart;
  log(`load stopped after ${(loadMs / 1000).toFixed(0)} s; settling and checking`);

  const report = await verdictOf({
    w,
    sales,
    accounts,
    fingerprints,
    loadStart,
    loadMs,
    faults,
    seed: SEED,
    minutes: MINUTES,
  });
  console.log(JSON.stringify(report.json, null, 2));
  console.error(report.summary);
  return report.ok ? 0 : 1;
}

main()
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  })
  .catch(async (e) => {
    console.error(e);
    await cleanUp();
    process.exit(1);
  });
