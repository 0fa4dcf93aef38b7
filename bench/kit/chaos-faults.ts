// The chaos run's faults (bench/chaos.ts), on a seeded schedule, each followed by the measure of its recovery: from
// the fault (or, for one that lasts a while, from its end) until requests of the kind it hit succeed again through
// the balancer — edits (the database), deltas reaching every process (Redis), publish/sync (the ERP), every person's
// socket back in its sale's room, the process restarted and ready again.
import type { Haproxy } from '../../apps/server/test/haproxy';
import { type App, type AppEnv, killApp, type SimProcess, startApp, terminateApp, waitReady } from './chaos-apps';
import type { Journal, Rng } from './chaos-http';
import { type OwnPostgres, type OwnRedis, pause } from './chaos-infra';
import type { Person } from './chaos-person';
import type { Probe, Waited } from './chaos-probe';

export const FAULT_KINDS = [
  'db-connections',
  'pg-restart',
  'redis-restart',
  'app-kill',
  'app-rolling',
  'erp-500',
  'erp-timeout',
  'erp-drop-after-commit',
  'socket-drops',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
/** Always in a run, however short. */
export const REQUIRED_FAULTS: FaultKind[] = ['db-connections', 'app-kill', 'erp-500'];

export type RecoveryMetric = 'edits' | 'realtime' | 'sockets' | 'appReady' | 'erp';

export interface FaultResult {
  kind: FaultKind;
  /** Seconds since the load started. */
  at: number;
  target?: string;
  /** How long the fault itself lasted (ms): a restart, an outage kept on purpose. */
  faultMs: number;
  recoveryMs: Partial<Record<RecoveryMetric, number | null>>;
  probeFailures: number;
  /** The people's requests answered `failed` between the fault and its recovery. */
  failedRequests: number;
  note?: string;
  /** The fault could not be brought back (a process that did not start again…): a wedge. */
  error?: string;
}

export interface World {
  pg: OwnPostgres;
  redis: OwnRedis;
  sim: SimProcess;
  apps: App[];
  appEnv: AppEnv;
  dir: string;
  haproxy: Haproxy;
  people: Person[];
  probe: Probe;
  journal: Journal;
  rng: Rng;
  /** Seconds-scale of the run: 1 for 10 minutes and more, less for shorter runs (shorter outages). */
  scale: number;
  /** Sales published by the probe during ERP faults (checked at the end like the people's). */
  probeSales: string[];
  log(line: string): void;
}

const RECOVERY_TIMEOUT = 120_000;

/** The faults to run, in order: the required ones (every kind in a long run) shuffled, then random picks. */
export function faultQueue(
  rng: Rng,
  minutes: number,
  only?: FaultKind[],
): { required: FaultKind[]; extra: () => FaultKind } {
  if (only?.length) return { required: [...only], extra: () => rng.pick(only) };
  const required = minutes >= 6 ? [...FAULT_KINDS] : [...REQUIRED_FAULTS];
  if (minutes < 6 && minutes >= 2) {
    const more = FAULT_KINDS.filter((k) => !required.includes(k));
    required.push(rng.pick(more));
  }
  for (let i = required.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [required[i], required[j]] = [required[j]!, required[i]!];
  }
  return { required, extra: () => rng.pick(FAULT_KINDS) };
}

/**
 * Every person back in its sale's room; the time is from `from` to the last rejoin of a person whose socket went
 * down since `from` (0 when none did). Call it once the disconnections the fault causes have happened.
 */
async function socketsOk(w: World, from: number, timeoutMs: number): Promise<Waited & { affected: number }> {
  while (Date.now() - from < timeoutMs) {
    if (w.people.every((p) => p.joined)) {
      const outages = w.people.flatMap((p) => p.outages.filter((o) => o.from >= from));
      const ms = outages.length ? Math.max(...outages.map((o) => o.to ?? Date.now())) - from : 0;
      return { ms, failures: 0, affected: outages.length };
    }
    await pause(100);
  }
  return { ms: undefined, failures: w.people.filter((p) => !p.joined).length, affected: -1 };
}

const msOf = (w: Waited) => w.ms ?? null;

async function restartApp(
  w: World,
  app: App,
  how: 'kill' | 'term',
): Promise<{ readyMs: number; exitCode: number | null }> {
  const t0 = Date.now();
  let exitCode: number | null = null;
  if (how === 'kill') await killApp(app);
  else exitCode = await terminateApp(app);
  startApp(app, w.appEnv, w.dir);
  await waitReady(app);
  await w.haproxy.waitFor([app.name], 'UP', 60_000);
  return { readyMs: Date.now() - t0, exitCode };
}

async function appFault(w: World, how: 'kill' | 'term', t0: number): Promise<Omit<FaultResult, 'at' | 'kind'>> {
  const app = w.rng.pick(w.apps);
  const [edits, done] = await Promise.all([w.probe.editsOk(t0, RECOVERY_TIMEOUT), restartApp(w, app, how)]);
  // The process's sockets were closed by then (killed, or at the end of its drain).
  const sockets = await socketsOk(w, t0, RECOVERY_TIMEOUT);
  return {
    target: app.name,
    faultMs: done.readyMs,
    recoveryMs: { edits: msOf(edits), sockets: msOf(sockets), appReady: done.readyMs },
    probeFailures: edits.failures,
    failedRequests: 0,
    note: `${sockets.affected} sockets reconnected${how === 'term' ? `; exit code ${done.exitCode}` : ''}`,
  };
}

async function erpFault(w: World, kind: FaultKind, t0: number): Promise<Omit<FaultResult, 'at' | 'kind'>> {
  const lasting = Math.round(w.rng.int(8_000, 15_000) * w.scale) + 2000;
  const fault =
    kind === 'erp-500'
      ? { httpStatus: 500 }
      : kind === 'erp-timeout'
        ? { delayMs: 7000 }
        : { dropAfterCommit: true, matchRe: 'sale\\.order\\.(create|write)$', times: 3 };
  // A sale of the probe's own is published while the ERP misbehaves (a first publish: the case where a lost answer
  // could make a second order).
  const sale = await w.probe.newSale(`Probe during ${kind} ${w.probeSales.length + 1}`);
  w.probeSales.push(sale._id);
  await w.sim.control('POST', '/faults', fault);
  await w.probe.startSync(sale._id);
  await pause(Math.max(0, lasting - (Date.now() - t0)));
  await w.sim.control('POST', '/faults/reset');
  const cleared = Date.now();
  const erp = await w.probe.erpOk(sale._id, cleared, RECOVERY_TIMEOUT);
  return {
    faultMs: cleared - t0,
    recoveryMs: { erp: msOf(erp) },
    probeFailures: erp.failures,
    failedRequests: 0,
    ...(erp.ms === undefined ? { note: `not synced: ${erp.state}` } : {}),
  };
}

async function redisFault(w: World, t0: number): Promise<Omit<FaultResult, 'at' | 'kind'>> {
  await w.redis.stop();
  await pause(Math.round(w.rng.int(5_000, 10_000) * w.scale) + 1000);
  await w.redis.start();
  const cleared = Date.now();
  const [edits, realtime, sockets] = await Promise.all([
    w.probe.editsOk(cleared, RECOVERY_TIMEOUT),
    w.probe.realtimeOk(cleared, RECOVERY_TIMEOUT),
    socketsOk(w, cleared, RECOVERY_TIMEOUT),
  ]);
  return {
    faultMs: cleared - t0,
    recoveryMs: { edits: msOf(edits), realtime: msOf(realtime), sockets: msOf(sockets) },
    probeFailures: edits.failures + realtime.failures,
    failedRequests: 0,
  };
}

async function databaseFault(w: World, kind: FaultKind, t0: number): Promise<Omit<FaultResult, 'at' | 'kind'>> {
  let note: string | undefined;
  if (kind === 'db-connections') note = `${await w.pg.terminateAppConnections()} connections ended`;
  const restarted = kind === 'pg-restart' ? w.pg.restart() : Promise.resolve();
  const [edits] = await Promise.all([w.probe.editsOk(t0, RECOVERY_TIMEOUT), restarted]);
  const faultMs = Date.now() - t0;
  const sockets = await socketsOk(w, t0, RECOVERY_TIMEOUT);
  return {
    faultMs: kind === 'pg-restart' ? faultMs : 0,
    recoveryMs: { edits: msOf(edits), sockets: msOf(sockets) },
    probeFailures: edits.failures,
    failedRequests: 0,
    ...(note ? { note } : {}),
  };
}

async function socketDrops(w: World, t0: number): Promise<Omit<FaultResult, 'at' | 'kind'>> {
  const joined = w.people.filter((p) => p.joined);
  const victims = new Set<Person>();
  while (victims.size < Math.min(5, joined.length)) victims.add(w.rng.pick(joined));
  let dropped = 0;
  for (const p of victims) if (p.dropSocket()) dropped++;
  for (let i = 0; i < 50 && [...victims].some((p) => p.outages.every((o) => o.from < t0)); i++) await pause(100);
  const sockets = await socketsOk(w, t0, RECOVERY_TIMEOUT);
  return {
    faultMs: 0,
    recoveryMs: { sockets: msOf(sockets) },
    probeFailures: 0,
    failedRequests: 0,
    note: `${dropped} sockets cut`,
  };
}

/** Runs one fault and measures its recovery. */
export async function runFault(w: World, kind: FaultKind, loadStart: number): Promise<FaultResult> {
  const t0 = Date.now();
  w.log(`fault: ${kind}`);
  const r =
    kind === 'app-kill' || kind === 'app-rolling'
      ? await appFault(w, kind === 'app-kill' ? 'kill' : 'term', t0)
      : kind.startsWith('erp-')
        ? await erpFault(w, kind, t0)
        : kind === 'redis-restart'
          ? await redisFault(w, t0)
          : kind === 'socket-drops'
            ? await socketDrops(w, t0)
            : await databaseFault(w, kind, t0);
  const end = Date.now();
  const failedRequests = w.journal.records.filter(
    (x) => x.outcome === 'failed' && x.kind !== 'read' && x.start >= t0 && x.start <= end,
  ).length;
  const result: FaultResult = { kind, at: Math.round((t0 - loadStart) / 1000), ...r, failedRequests };
  w.log(
    `fault: ${kind}${r.target ? ` (${r.target})` : ''} recovered: ${JSON.stringify(r.recoveryMs)}; failed requests ${failedRequests}`,
  );
  return result;
}
