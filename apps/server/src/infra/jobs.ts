import type { ExecuteSql } from '@quotewright/db';
import PgBoss from 'pg-boss';

export type JobHandler<T> = (data: T) => Promise<void>;

export interface SendOptions {
  /** pg-boss retries when the handler throws (default 0: the handlers record their own failures). */
  retryLimit?: number;
  /** seconds before a retry */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** a job still active after this long is failed (and retried when it has retries left) */
  expireInSeconds?: number;
}

export interface Jobs {
  start(): Promise<void>;
  /**
   * Registers a worker; call before start() or after, both work. `concurrency`: jobs of this queue this process
   * runs at once (one worker each).
   */
  work<T extends object>(queue: string, handler: JobHandler<T>, opts?: { concurrency?: number }): Promise<void>;
  send<T extends object>(queue: string, data: T, opts?: SendOptions): Promise<string | null>;
  stop(): Promise<void>;
}

interface Log {
  error(obj: object, msg?: string): void;
}

/**
 * Background jobs on pg-boss over the application's own database (PostgreSQL or PGlite through the executeSql
 * adapter), so any process can claim any job exactly once (SKIP LOCKED).
 */
export function createJobs(executeSql: ExecuteSql, log: Log, opts: { pollingIntervalSeconds?: number } = {}): Jobs {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => executeSql(text, values) },
    schedule: false,
    supervise: true,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  let started: Promise<void> | undefined;
  const queues = new Set<string>();
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
        await boss.work<T>(
          queue,
          { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 0.5, batchSize: 1 },
          async (jobs) => {
            for (const job of jobs) await handler(job.data);
          },
        );
      }
    },
    async send<T extends object>(queue: string, data: T, sendOpts: SendOptions = {}) {
      await this.start();
      await ensureQueue(queue);
      // By default the handlers record their own failures; pg-boss retries would only repeat an ERP error.
      return boss.send(queue, data, { retryLimit: 0, ...sendOpts });
    },
    async stop() {
      if (!started) return;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
