// The end of the chaos run (bench/chaos.ts): everything brought back and settled (faults cleared, both apps ready and
// UP in the balancer, every published sale synced once more, no publish run left under way, every person re-joined),
// then the checks of kit/chaos-check.ts, the figures (requests by outcome, recovery per fault kind) and the verdict.
import type { SaleDto } from '@quotewright/contracts';
import { quantiles } from './bench-kit';
import { type SimOrder, waitReady } from './chaos-apps';
import {
  activityChecks,
  databaseChecks,
  erpChecks,
  firstDifference,
  type Problem,
  same,
  type Verdict,
  writesOf,
} from './chaos-check';
import type { FaultResult, RecoveryMetric, World } from './chaos-faults';
import { must, send } from './chaos-http';
import { pause } from './chaos-infra';
import type { Account } from './chaos-setup';

interface Inputs {
  w: World;
  sales: SaleDto[];
  accounts: Account[];
  fingerprints: Record<string, string>;
  loadStart: number;
  loadMs: number;
  faults: FaultResult[];
  seed: number;
  minutes: number;
}

/** What answers at the end: each app's /api/ready, the balancer, the simulator, HAProxy's view of the apps. */
async function wedged(w: World): Promise<string[]> {
  const out: string[] = [];
  for (const app of w.apps) {
    const r = await send(app.url, 'GET', '/api/ready', null, undefined, 5000);
    if (r.status !== 200) out.push(`${app.name} answers /api/ready ${r.status} ${JSON.stringify(r.json)}`);
  }
  const h = await send(w.haproxy.url, 'GET', '/api/health', null, undefined, 5000);
  if (h.status !== 200) out.push(`the balancer answers /api/health ${h.status}`);
  const version = await send(w.sim.url, 'GET', '/web/version', null, undefined, 5000);
  if (version.status !== 200) out.push(`the simulator answers /web/version ${version.status}`);
  const states = await w.haproxy.states().catch(() => ({}) as Record<string, string>);
  for (const app of w.apps) if (states[app.name] !== 'UP') out.push(`HAProxy shows ${app.name} ${states[app.name]}`);
  return out;
}

/** Faults cleared, processes back, every published sale synced once more, no run under way. */
async function settle(w: World, published: string[]): Promise<Record<string, string>> {
  await w.sim.control('POST', '/faults/reset');
  for (const app of w.apps) await waitReady(app).catch((e: Error) => w.log(`settle: ${e.message}`));
  await w.haproxy
    .waitFor(
      w.apps.map((a) => a.name),
      'UP',
      60_000,
    )
    .catch((e: Error) => w.log(`settle: ${e.message}`));
  const finalSync: Record<string, string> = {};
  await Promise.all(
    published.map(async (sale) => {
      const r = await w.probe.erpOk(sale, Date.now(), 240_000);
      finalSync[sale] = r.ms === undefined ? `not synced (${r.state})` : 'synced';
    }),
  );
  for (let i = 0; i < 240; i++) {
    const [row] = await w.pg.query<{ n: string }>(
      "SELECT count(*) AS n FROM runs WHERE status IN ('queued', 'running')",
    );
    if (Number(row?.n) === 0) break;
    await pause(500);
  }
  return finalSync;
}

function recoveryFigures(faults: FaultResult[]) {
  const out: Record<
    string,
    Record<string, { max: number | null; p95: number | null; n: number; notRecovered: number }>
  > = {};
  for (const kind of new Set(faults.map((f) => f.kind))) {
    const of = faults.filter((f) => f.kind === kind);
    const metrics = new Set(of.flatMap((f) => Object.keys(f.recoveryMs))) as Set<RecoveryMetric>;
    out[kind] = {};
    for (const m of metrics) {
      const values = of.map((f) => f.recoveryMs[m]).filter((v) => v !== undefined);
      const ok = values.filter((v): v is number => v !== null);
      const q = ok.length ? quantiles(ok) : undefined;
      out[kind][m] = {
        max: q?.max ?? null,
        p95: q?.p95 ?? null,
        n: values.length,
        notRecovered: values.length - ok.length,
      };
    }
  }
  return out;
}

function requestFigures(w: World) {
  const byKind: Record<string, Record<string, number>> = {};
  const failedCodes: Record<string, number> = {};
  const refusedCodes: Record<string, number> = {};
  for (const r of w.journal.records) {
    byKind[r.kind] ??= { acknowledged: 0, refused: 0, failed: 0 };
    byKind[r.kind]![r.outcome]!++;
    const codes = r.outcome === 'failed' ? failedCodes : r.outcome === 'refused' ? refusedCodes : undefined;
    if (codes)
      codes[`${r.kind} ${r.status} ${r.code ?? ''}`.trim()] =
        (codes[`${r.kind} ${r.status} ${r.code ?? ''}`.trim()] ?? 0) + 1;
  }
  return { byKind, failedCodes, refusedCodes };
}

async function divergence(w: World, finals: Map<string, SaleDto>): Promise<Problem[]> {
  await pause(1000);
  const problems: Problem[] = [];
  await Promise.all(
    w.people.map(async (p) => {
      const back = await p.resync(60_000);
      const server = finals.get(p.o.saleId)!;
      if (!back)
        problems.push({
          sale: p.o.saleId,
          what: `${p.o.name}: socket not back in the room (handshakes refused ${p.refusals}, last ${p.lastRefusal})`,
        });
      else if (!p.sale || !same(p.sale, server))
        problems.push({
          sale: p.o.saleId,
          what: `${p.o.name}: ${p.sale ? firstDifference(p.sale, server) : 'no copy'}`,
        });
    }),
  );
  return problems;
}

export async function verdictOf(i: Inputs) {
  const { w } = i;
  const records = w.journal.records;
  const published = [
    ...new Set([
      ...records.filter((r) => r.kind === 'publish' && r.outcome !== 'refused').map((r) => r.sale),
      ...w.probeSales,
    ]),
  ];
  const finalSync = await settle(w, published);
  const admin = (
    await must<{ token: string }>(w.haproxy.url, 'POST', '/api/users/login', null, {
      email: 'chaos-admin@quotewright.test',
      password: 'chaos-admin-password-1',
    })
  ).token;
  const read = async (id: string) => must<SaleDto>(w.haproxy.url, 'GET', `/api/sales/${id}`, admin);
  const finals = new Map<string, SaleDto>();
  for (const s of i.sales) finals.set(s._id, await read(s._id));
  const divergent = await divergence(w, finals);
  // Read again after the resync: nothing may have changed meanwhile (the load has stopped).
  for (const s of i.sales) finals.set(s._id, await read(s._id));
  const users = new Map(i.accounts.map((a) => [a.name, a.id]));
  const v: Verdict = {
    lost: [],
    duplicated: [],
    divergent,
    totals: [],
    positions: [],
    activity: [],
    erpDuplicateOrders: [],
    erpMissingOrders: [],
    foreignErpWrites: [],
  };
  for (const sale of finals.values()) {
    const wr = writesOf(sale, records);
    v.lost.push(...wr.lost);
    v.duplicated.push(...wr.duplicated);
  }
  for (const id of [...finals.keys(), ...w.probeSales, w.probe.sale._id]) {
    const db = await databaseChecks(w.pg, id);
    v.totals.push(...db.totals);
    v.positions.push(...db.positions);
    v.activity.push(...(await activityChecks(w.pg, id, records, users)));
  }
  const orders = await w.sim.control<SimOrder[]>('GET', '/orders');
  const after = await w.sim.control<Record<string, string>>('POST', '/fingerprints', {
    ids: Object.keys(i.fingerprints).map(Number),
  });
  const [inst] = await w.pg.query<{ value: string }>("SELECT value FROM app_settings WHERE key = 'installation_id'");
  const erp = erpChecks(inst!.value, published, orders, i.fingerprints, after);
  Object.assign(v, {
    erpDuplicateOrders: erp.erpDuplicateOrders,
    erpMissingOrders: erp.erpMissingOrders,
    foreignErpWrites: erp.foreignErpWrites,
  });
  const stuck = await wedged(w);
  const unsynced = Object.entries(finalSync).filter(([, st]) => st !== 'synced');
  for (const [sale, st] of unsynced) stuck.push(`the publish of sale ${sale} did not recover: ${st}`);
  for (const f of i.faults) if (f.error) stuck.push(`${f.kind} at ${f.at} s: ${f.error}`);
  const counts = Object.fromEntries(Object.entries(v).map(([k, list]) => [k, (list as Problem[]).length]));
  const ok =
    v.lost.length === 0 &&
    v.duplicated.length === 0 &&
    v.divergent.length === 0 &&
    v.foreignErpWrites.length === 0 &&
    v.erpDuplicateOrders.length === 0 &&
    stuck.length === 0;
  const requests = requestFigures(w);
  const recovery = recoveryFigures(i.faults);
  const json = {
    bench: 'chaos',
    seed: i.seed,
    minutes: i.minutes,
    loadSeconds: Math.round(i.loadMs / 1000),
    people: w.people.length,
    sales: [...finals.values()].map((s) => ({
      id: s._id,
      lines: s.sections.reduce((n, sec) => n + sec.lines.length, 0),
      version: s.version,
    })),
    editsAcknowledged: records.filter((r) => r.outcome === 'acknowledged' && r.kind !== 'read' && r.kind !== 'publish')
      .length,
    requests,
    counts,
    ok,
    wedged: stuck,
    published: published.length,
    erpOrders: erp.ordersBySale,
    faults: i.faults,
    recovery,
    socketRejoinMs: quantilesOrNull(w.people.flatMap((p) => p.rejoinMs)),
    problems: Object.fromEntries(Object.entries(v).map(([k, list]) => [k, (list as Problem[]).slice(0, 50)])),
    // The writes whose outcome is unknown (seconds since the load started): which fault they met.
    failedWrites: records
      .filter((r) => r.outcome === 'failed' && r.kind !== 'read')
      .slice(0, 200)
      .map((r) => ({
        at: Number(((r.start - i.loadStart) / 1000).toFixed(2)),
        ms: r.end - r.start,
        kind: r.kind,
        status: r.status,
        code: r.code,
        person: r.person,
      })),
  };
  return { ok, json, summary: summaryOf(json, counts, stuck) };
}

const quantilesOrNull = (xs: number[]) => (xs.length ? quantiles(xs) : null);

function summaryOf(
  j: {
    seed: number;
    loadSeconds: number;
    editsAcknowledged: number;
    ok: boolean;
    recovery: ReturnType<typeof recoveryFigures>;
    faults: FaultResult[];
    requests: ReturnType<typeof requestFigures>;
  },
  counts: Record<string, number>,
  stuck: string[],
): string {
  const lines = [
    '',
    `chaos: seed ${j.seed}, ${j.loadSeconds} s of load, ${j.faults.length} faults`,
    `  writes acknowledged ${j.editsAcknowledged}; requests ${JSON.stringify(j.requests.byKind)}`,
    `  lost ${counts.lost}, duplicated ${counts.duplicated}, divergent ${counts.divergent}, foreign ERP writes ${counts.foreignErpWrites}, duplicate ERP orders ${counts.erpDuplicateOrders}, missing ERP orders ${counts.erpMissingOrders}`,
    `  totals wrong ${counts.totals}, positions not dense ${counts.positions}, activity missing ${counts.activity}, wedged ${stuck.length}`,
    '  recovery (ms, max / p95 per fault kind):',
    ...Object.entries(j.recovery).map(
      ([kind, m]) =>
        `    ${kind.padEnd(22)} ${Object.entries(m)
          .map(
            ([k, q]) =>
              `${k} ${q.max ?? '—'} / ${q.p95 ?? '—'}${q.notRecovered ? ` (${q.notRecovered} not recovered)` : ''}`,
          )
          .join(', ')}`,
    ),
    ...stuck.map((s) => `  WEDGED: ${s}`),
    j.ok ? 'chaos: PASSED' : 'chaos: FAILED',
  ];
  return lines.join('\n');
}
