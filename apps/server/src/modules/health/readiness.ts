// Readiness (GET /api/ready, docs/product/api.md#public): may a load balancer send this process traffic? The database
// answers a `select 1`, Redis (with REDIS_URL) a PING, the ERP its version, each within a short timeout and all at
// once. The ERP's answer is kept a few seconds: balancers poll every second or so, and Odoo is not theirs to load.
// An ERP or a Redis that does not answer makes it `degraded` (still 200: editing works without either, decision 0037);
// a database that does not, 503. While the process shuts down (markDraining), the answer is 503 DRAINING without
// asking anything.

export type CheckState = 'ok' | 'not configured' | 'failed' | 'timeout';
export interface ReadinessChecks {
  database: CheckState;
  redis: CheckState;
  erp: CheckState;
}
export type ReadinessResult =
  | { status: 'ready' | 'degraded'; checks: ReadinessChecks }
  | { status: 'not_ready'; checks: ReadinessChecks }
  | { status: 'draining' };

export interface ReadinessDeps {
  database: () => Promise<void>;
  /** Absent without REDIS_URL. */
  redis?: (() => Promise<void>) | undefined;
  /** Absent without an ERP connection (or one that cannot be asked). */
  erp?: ((timeoutMs: number) => Promise<void>) | undefined;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Each check's time limit; default READY_TIMEOUT_MS. */
  timeoutMs?: number;
  /** How long the ERP's answer is kept; default ERP_CHECK_TTL_MS. */
  erpTtlMs?: number;
  now?: () => number;
}

export interface Readiness {
  check(): Promise<ReadinessResult>;
  /** From now on /api/ready answers 503 DRAINING (the process is shutting down: let the balancer move on). */
  markDraining(): void;
  isDraining(): boolean;
}

export const READY_TIMEOUT_MS = 2_000;
export const ERP_CHECK_TTL_MS = 5_000;

/** `probe` within `ms`: ok, failed (the error goes to `failed`), or timeout. */
async function within(ms: number, probe: () => Promise<void>, failed: (err: unknown) => void): Promise<CheckState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckState>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  const answer = probe().then(
    (): CheckState => 'ok',
    (err: unknown): CheckState => {
      failed(err);
      return 'failed';
    },
  );
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function createReadiness(deps: ReadinessDeps): Readiness {
  const timeoutMs = deps.timeoutMs ?? READY_TIMEOUT_MS;
  const ttl = deps.erpTtlMs ?? ERP_CHECK_TTL_MS;
  const now = deps.now ?? Date.now;
  let draining = false;
  let erpKept: { at: number; state: Promise<CheckState> } | undefined;
  /** The last state of each check: a change is logged once (not at every poll). */
  const last: Partial<Record<keyof ReadinessChecks, CheckState>> = {};
  const errors: Partial<Record<keyof ReadinessChecks, unknown>> = {};

  const run = (name: keyof ReadinessChecks, probe: (() => Promise<void>) | undefined) => {
    if (!probe) return Promise.resolve<CheckState>('not configured');
    return within(timeoutMs, probe, (err) => {
      errors[name] = err;
    });
  };

  const erpState = () => {
    const at = now();
    if (!erpKept || at - erpKept.at >= ttl) {
      const erp = deps.erp;
      erpKept = { at, state: run('erp', erp && (() => erp(timeoutMs))) };
    }
    return erpKept.state;
  };

  const report = (checks: ReadinessChecks) => {
    for (const name of Object.keys(checks) as (keyof ReadinessChecks)[]) {
      const state = checks[name];
      if (last[name] === state || (last[name] === undefined && (state === 'ok' || state === 'not configured'))) {
        last[name] = state;
        continue;
      }
      if (state === 'ok') deps.log.info({ check: name }, `readiness: ${name} answers again`);
      else deps.log.warn({ check: name, state, err: errors[name] }, `readiness: ${name} ${state}`);
      last[name] = state;
    }
  };

  return {
    async check() {
      if (draining) return { status: 'draining' };
      const [database, redis, erp] = await Promise.all([
        run('database', deps.database),
        run('redis', deps.redis),
        erpState(),
      ]);
      const checks = { database, redis, erp };
      report(checks);
      const fine = (s: CheckState) => s === 'ok' || s === 'not configured';
      // Without the database this process cannot serve: not ready. Without the ERP it still edits, lists and
      // answers everything but a publish (which queues and retries); without Redis it still does everything, its
      // rooms only reach its own sockets until Redis is back (then they rejoin and read what they missed). Both are
      // degraded, still 200: an outage shared by every process never takes them all out of the balancer at once.
      if (!fine(database)) return { status: 'not_ready', checks };
      return { status: fine(erp) && fine(redis) ? 'ready' : 'degraded', checks };
    },
    markDraining() {
      draining = true;
    },
    isDraining: () => draining,
  };
}
