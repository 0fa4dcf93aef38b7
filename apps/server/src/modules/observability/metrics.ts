// The Prometheus metrics of one app (GET /metrics, metrics.routes.ts; README "Operations"). Each app has its own
// registry: tests build many apps in one process, and the global default registry would mix their series (and refuse
// the second registration of a name). Node's process metrics (CPU, memory, event loop, GC) are the process's: they sit
// in one registry per process, made once, and are written before each app's own.
//
// What is counted where: HTTP requests in an onResponse hook (by route pattern, never the raw URL); sale edits on the
// sale event bus (every committed mutation publishes `sale_changed` once); ERP calls per HTTP attempt to Odoo (the
// transport's request hook: one place every call passes); jobs around each handler run (infra/jobs.ts). The gauges
// (sockets, rooms, queue depth, database pool) are read when scraped.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What this process holds open, read at each scrape. */
export interface MetricSources {
  /** Socket.IO connections of this process, and the sales' rooms they are in. */
  sockets?: () => { connections: number; rooms: number };
  /** Jobs per queue: waiting (created, retry) and running. */
  queues?: () => Promise<{ queue: string; waiting: number; active: number }[]>;
}

/** The PostgreSQL pool's figures (none on the embedded database: one connection in this process). */
export type PoolStats = () => { total: number; idle: number; waiting: number; max: number };

/** One HTTP attempt of the ERP connector (its transport's request hook). */
export interface ErpAttempt {
  /** Odoo's model.method (`sale.order.write`), or common.<method> / web.version. */
  operation: string;
  ms: number;
  error?: { kind: string } | undefined;
}

export interface AppMetrics {
  readonly contentType: string;
  /** The exposition text: the process's metrics, then this app's. */
  text(): Promise<string>;
  httpRequest(route: string, method: string, status: number, seconds: number): void;
  saleEdited(): void;
  erpAttempt(e: ErpAttempt): void;
  jobDone(queue: string, seconds: number, failed: boolean): void;
  /** Adds sources of the gauges (made later than the metrics: the realtime gateway, the jobs…). */
  watch(sources: MetricSources): void;
}

const PREFIX = 'quotewright_';
/** Seconds: the API answers in milliseconds (edits ≤ 8 ms at p95), exports and ERP reads can take minutes. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120];
const ERP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 130];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 600, 1800];

let processRegistry: Registry | undefined;
/** Node's default metrics, registered once per process (each registration would start its own monitors). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createMetrics(opts: { pool?: PoolStats | undefined } = {}): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  const sources: MetricSources = {};
  if (opts.pool) poolGauges(registers, opts.pool);

  const http = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'HTTP requests by route pattern, method and status class (2xx, 4xx…)',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const saleEdits = new Counter({
    name: `${PREFIX}sale_edits_total`,
    help: 'Committed changes of a sale made through this process (rate() gives edits per second)',
    registers,
  });
  const erpDuration = new Histogram({
    name: `${PREFIX}erp_request_duration_seconds`,
    help: 'HTTP requests to the ERP by Odoo model.method (each attempt: a retried read counts each try)',
    labelNames: ['method'] as const,
    buckets: ERP_BUCKETS,
    registers,
  });
  const erpErrors = new Counter({
    name: `${PREFIX}erp_request_errors_total`,
    help: 'Failed HTTP requests to the ERP by Odoo model.method and kind (unreachable, timeout, auth, access…)',
    labelNames: ['method', 'kind'] as const,
    registers,
  });
  const jobDuration = new Histogram({
    name: `${PREFIX}job_duration_seconds`,
    help: 'Background jobs run by this process, by queue and outcome (completed, failed)',
    labelNames: ['queue', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers,
  });
  const refresh = gauges(registers, sources);

  return {
    contentType: registry.contentType,
    async text() {
      await refresh();
      const [own, process] = await Promise.all([registry.metrics(), processMetrics().metrics()]);
      return `${process}\n${own}`;
    },
    httpRequest(route, method, status, seconds) {
      http.observe({ route, method, status_class: `${Math.floor(status / 100)}xx` }, seconds);
    },
    saleEdited: () => saleEdits.inc(),
    erpAttempt(e) {
      erpDuration.observe({ method: e.operation }, e.ms / 1000);
      if (e.error) erpErrors.inc({ method: e.operation, kind: e.error.kind });
    },
    jobDone(queue, seconds, failed) {
      jobDuration.observe({ queue, outcome: failed ? 'failed' : 'completed' }, seconds);
    },
    watch(more) {
      Object.assign(sources, more);
    },
  };
}

/**
 * The gauges of what this process holds, read at each scrape (0 until their source is watched). Answers the refresh
 * of those that need a query.
 */
function gauges(registers: Registry[], sources: MetricSources): () => Promise<void> {
  new Gauge({
    name: `${PREFIX}socketio_connections`,
    help: 'Socket.IO connections open on this process',
    registers,
    collect() {
      this.reset();
      if (sources.sockets) this.set(sources.sockets().connections);
    },
  });
  new Gauge({
    name: `${PREFIX}socketio_rooms`,
    help: "Sales' rooms with a connection of this process in them (sales open in an editor)",
    registers,
    collect() {
      this.reset();
      if (sources.sockets) this.set(sources.sockets().rooms);
    },
  });
  const waiting = new Gauge({
    name: `${PREFIX}job_queue_depth`,
    help: 'Jobs waiting in each queue (created or due for a retry), all processes',
    labelNames: ['queue'] as const,
    registers,
  });
  const active = new Gauge({
    name: `${PREFIX}job_queue_active`,
    help: 'Jobs running from each queue, all processes',
    labelNames: ['queue'] as const,
    registers,
  });
  /** The gauges read with a query, before the registry writes them (it reads every metric at once). */
  return async () => {
    waiting.reset();
    active.reset();
    // An unreachable database leaves the series out of this scrape; the scrape itself still answers.
    const sizes = await sources.queues?.().catch(() => []);
    for (const s of sizes ?? []) {
      waiting.set({ queue: s.queue }, s.waiting);
      active.set({ queue: s.queue }, s.active);
    }
  };
}

/** The PostgreSQL pool, read at each scrape. */
function poolGauges(registers: Registry[], stats: PoolStats) {
  const gauge = (name: string, help: string, key: keyof ReturnType<PoolStats>) =>
    new Gauge({
      name: `${PREFIX}db_pool_${name}`,
      help,
      registers,
      collect() {
        this.set(stats()[key]);
      },
    });
  gauge('connections', 'PostgreSQL connections open in the pool', 'total');
  gauge('idle_connections', 'PostgreSQL connections open and idle', 'idle');
  gauge('waiting_requests', 'Queries waiting for a free PostgreSQL connection', 'waiting');
  gauge('max_connections', 'The most PostgreSQL connections the pool opens', 'max');
}
