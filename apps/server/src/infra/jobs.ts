import { createRequire } from 'node:module';
import type { ExecuteSql } from '@quotewright/db';
import PgBoss from 'pg-boss';

// pg-boss's own statements (its package has no exports map): see settleCommands below.
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as Record<string, (schema: string) => string>;

export type JobHandler<T> = (data: T) => Promise<void>;
export type JobListener = (queue: string, seconds: number, failed: boolean) => void;

export interface SendOptions {
  /** pg-boss retries when the handler throws (default 0: the handlers record their own failures). */
  retryLimit?: number;
  /** seconds before a retry */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** a job still active after this long is failed (and retried when it has retries left) */
  expireInSeconds?: number;
  /** the job's id (a new UUID by default): a caller that records it can ask pg-boss about the job later */
  id?: string;
}

/** pg-boss's states of a job: waiting (created, retry), active, or ended. */
export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface Jobs {
  start(): Promise<void>;
  /**
   * Registers a worker; call before start() or after, both work. `concurrency`: jobs of this queue this process
   * runs at once (one worker each).
   */
  work<T extends object>(queue: string, handler: JobHandler<T>, opts?: { concurrency?: number }): Promise<void>;
  send<T extends object>(queue: string, data: T, opts?: SendOptions): Promise<string | null>;
  /** The job's state as pg-boss holds it; null when it has no such job (never sent, or archived). */
  state(queue: string, id: string): Promise<JobState | null>;
  /** Cancels a job not ended yet (its worker's complete or fail then changes nothing); false when it had ended. */
  cancel(queue: string, id: string): Promise<boolean>;
  /** Jobs of each queue this process knows, all processes' (metrics): waiting (created, retry) and running. */
  sizes(): Promise<{ queue: string; waiting: number; active: number }[]>;
  /** Hears each job this process ran (metrics): its queue, the seconds its handler took, whether it threw. */
  observe(listener: JobListener): void;
  stop(): Promise<void>;
}

interface Log {
  error(obj: object, msg?: string): void;
}

/**
 * How often an idle worker asks the database for a job. Jobs sent by this process wake its workers at once, and a
 * job that failed with retries left wakes them when its retry is due, so polling only finds work sent by another
 * process while this one's workers were busy, or a wake-up lost to a restart. Every poll is a statement (on the
 * embedded database, run on the event loop between requests): 3 workers polling every 0.5 s cost an idle server
 * ~3 % of a core and delayed some requests by a poll's few milliseconds.
 */
export const POLLING_INTERVAL_SECONDS = 5;

/**
 * Background jobs on pg-boss over the application's own database (PostgreSQL or PGlite through the executeSql
 * adapter), so any process can claim any job exactly once (SKIP LOCKED).
 */
export function createJobs(
  executeSql: ExecuteSql,
  log: Log,
  opts: { pollingIntervalSeconds?: number; isConnectionLost?: (err: unknown) => boolean } = {},
): Jobs {
  const isConnectionLost = opts.isConnectionLost ?? (() => false);
  // pg-boss 10 marks a job completed or failed after its handler without awaiting it: with the database's connection
  // lost at that moment, the rejection would be unhandled. Those two statements answer "no job changed" instead; the
  // job stays active and expires and is retried as after a process killed mid-job.
  const settleCommands = new Set<string>([plans.completeJobs!('pgboss'), plans.failJobsById!('pgboss')]);
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values: unknown[]) =>
        executeSql(text, values).catch((err: unknown) => {
          if (!settleCommands.has(text) || !isConnectionLost(err)) throw err;
          log.error({ err }, 'a job could not be marked done (the database connection was lost): it will expire');
          return { rows: [{ count: '0' }] };
        }),
    },
    schedule: false,
    supervise: true,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  let started: Promise<void> | undefined;
  let stopping = false;
  const queues = new Set<string>();
  /** This process's workers of each queue (pg-boss ids), woken when there is work for them. */
  const workers = new Map<string, string[]>();
  const retryTimers = new Set<NodeJS.Timeout>();
  const listeners = new Set<JobListener>();
  const ran = (queue: string, started: number, failed: boolean) => {
    for (const l of listeners) l(queue, (performance.now() - started) / 1000, failed);
  };
  const wake = (queue: string) => {
    if (stopping) return;
    // A worker waiting for its next poll fetches now; a busy one fetches again as soon as its job ends.
    for (const id of workers.get(queue) ?? []) boss.notifyWorker(id);
  };
  const ensureQueue = async (name: string) => {
    if (queues.has(name)) return;
    await boss.createQueue(name);
    queues.add(name);
  };
  return {
    async start() {
      started ??= boss.start().then(() => undefined);
      await started;
    },
    async work<T extends object>(queue: string, handler: JobHandler<T>, workOpts: { concurrency?: number } = {}) {
      await this.start();
      await ensureQueue(queue);
      for (let i = 0; i < Math.max(1, workOpts.concurrency ?? 1); i++) {
        const id = await boss.work<T>(
          queue,
          {
            pollingIntervalSeconds: opts.pollingIntervalSeconds ?? POLLING_INTERVAL_SECONDS,
            batchSize: 1,
            includeMetadata: true,
          },
          async (jobs) => {
            for (const job of jobs) {
              const started = performance.now();
              try {
                await handler(job.data);
                ran(queue, started, false);
              } catch (err) {
                ran(queue, started, true);
                // pg-boss makes the job available again after its retry delay: be there when it is.
                if (job.retryCount < job.retryLimit) {
                  const timer = setTimeout(
                    () => {
                      retryTimers.delete(timer);
                      wake(queue);
                    },
                    Math.max(0, job.retryDelay) * 1000 + 250,
                  );
                  timer.unref();
                  retryTimers.add(timer);
                }
                throw err;
              }
            }
          },
        );
        workers.set(queue, [...(workers.get(queue) ?? []), id]);
      }
    },
    async send<T extends object>(queue: string, data: T, sendOpts: SendOptions = {}) {
      await this.start();
      await ensureQueue(queue);
      // By default the handlers record their own failures; pg-boss retries would only repeat an ERP error.
      const id = await boss.send(queue, data, { retryLimit: 0, ...sendOpts });
      wake(queue);
      return id;
    },
    async state(queue: string, id: string) {
      await this.start();
      const job = await boss.getJobById(queue, id);
      return (job?.state as JobState | undefined) ?? null;
    },
    async cancel(queue: string, id: string) {
      await this.start();
      // pg-boss 10 answers { affected } (its types say void)
      const result = (await boss.cancel(queue, id)) as unknown as { affected?: number } | undefined;
      return (result?.affected ?? 0) > 0;
    },
    async sizes() {
      const names = [...queues];
      if (!started || names.length === 0) return [];
      // One statement for every queue (pg-boss's getQueueSize is one per queue and state).
      const { rows } = await executeSql(
        `SELECT name, count(*) FILTER (WHERE state < 'active') AS waiting, count(*) FILTER (WHERE state = 'active') AS active
         FROM pgboss.job WHERE name = ANY($1::text[]) AND state < 'completed' GROUP BY name`,
        [names],
      );
      const found = new Map(rows.map((r) => [String(r.name), r]));
      return names.map((queue) => ({
        queue,
        waiting: Number(found.get(queue)?.waiting ?? 0),
        active: Number(found.get(queue)?.active ?? 0),
      }));
    },
    observe(listener) {
      listeners.add(listener);
    },
    async stop() {
      stopping = true;
      for (const timer of retryTimers) clearTimeout(timer);
      retryTimers.clear();
      if (!started) return;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
