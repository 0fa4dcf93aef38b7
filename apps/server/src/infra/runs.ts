// One tracker for the runs of long background jobs: the ERP fetches and the publish/sync of a sale
// (docs/decisions/0025-one-run-tracker.md). pg-boss carries the job: its queue, the claim by exactly one worker, the
// retries after their delay, the expiry of a job active too long, and the job's state, which tells a run waiting
// for a worker from one whose worker went silent. The `runs` table carries what the API answers and pg-boss cannot:
// one run per key from request to outcome (retry waits included), progress and message, what the run did, the
// heartbeat, and the history after pg-boss has archived the job.
//
// - Single flight: a partial unique index on (queue, key) over queued/running runs; a second request answers the
//   run under way.
// - Lease: a job claims its run (attempt + 1) and every write names that attempt, so a job that lost its run
//   (taken over after being thought dead) changes nothing.
// - Heartbeat: every progress write, and a timer while the job runs. A run whose heartbeat is older than
//   `staleAfterMs` (or, on the embedded database, older than this process) lost its process: its job, if pg-boss
//   still holds it as active, is cancelled, and the run is taken over under a new job or failed (`onStale`).
// - Progress: reported in memory at once (the caller announces it) and written in order; a failed write is kept
//   and thrown by settle(), never an unhandled rejection.
import { randomUUID } from 'node:crypto';
import type { RunRow } from '@quotewright/db';
import type { Jobs, SendOptions } from './jobs';
import type { RunEnd, RunsRepository } from './runs.repository';

/** A run with the detail its kind keeps (its request and what it did). */
export type Run<D> = Omit<RunRow, 'detail'> & { detail: D };

/** The job lost its run (taken over, or ended, after being thought dead): it stops without writing. */
export class LeaseLost extends Error {}

interface Log {
  warn(obj: object, msg?: string): void;
}

export interface RunTrackerOptions {
  /** The pg-boss queue of the runs' jobs; the runs of one queue are one kind. */
  queue: string;
  /** Names the runs in the log. */
  label: string;
  store: RunsRepository;
  jobs: Jobs;
  log: Log;
  /** A run whose heartbeat is older than this lost its process. */
  staleAfterMs: number;
  /** What becomes of such a run: queued again under a new job (with this message), or ended so. */
  onStale: { resume: string } | { end: RunEnd };
  /** pg-boss options of every job sent for a run (retries, expiry). */
  send?: SendOptions;
}

export interface NewRun<D> {
  detail: D;
  message: string | null;
  startedBy: { id: string; name: string | null } | null;
}

/** What a job does with the run it claimed. */
export interface RunContext<D> {
  /** The run as claimed (its attempt is the job's lease). */
  readonly run: Run<D>;
  /** Progress (never going back) and message, with detail to merge: answered at once, written in order. */
  report(progress: number, message: string, detail?: Partial<D>): Run<D>;
  /** Waits for the progress written so far: throws LeaseLost when the run was lost, or the write's error. */
  settle(): Promise<void>;
  /** Ends the run; undefined when the job no longer holds it. */
  finish(end: RunEnd & { detail?: Partial<D> }): Promise<Run<D> | undefined>;
  /** Back to the queue for the job's retry (pg-boss runs it again after its delay). */
  requeue(message: string): Promise<Run<D> | undefined>;
}

const waiting = new Set(['created', 'retry']);

/** The context of one job holding its run: the lease, the heartbeat, progress in order, the run's end. */
function runContext<D>(
  store: RunsRepository,
  claimed: RunRow,
  heartbeatEveryMs: number,
): RunContext<D> & { stop(): void } {
  const run = claimed as Run<D>;
  const asMaybe = (row: RunRow | undefined) => row as Run<D> | undefined;
  const lease = run.attempt;
  let current = run;
  let writes: Promise<void> = Promise.resolve();
  let lost = false;
  let writeFailed: { error: unknown } | undefined;
  // The heartbeat while the job runs, between its progress writes (a long ERP call writes none).
  const beat = setInterval(() => {
    if (lost) return;
    store.heartbeat(run.id, lease).then(
      (held) => {
        if (!held) lost = true;
      },
      () => {
        // the database is away: the job's own writes meet it too
      },
    );
  }, heartbeatEveryMs);
  beat.unref();
  return {
    run,
    report(progress, message, detail) {
      const p = Math.max(current.progress, Math.round(progress));
      current = { ...current, progress: p, message, detail: { ...current.detail, ...detail } };
      writes = writes.then(async () => {
        if (lost || writeFailed) return;
        try {
          const row = await store.progress(run.id, lease, { progress: p, message, detail });
          if (!row) lost = true;
        } catch (error) {
          writeFailed = { error };
        }
      });
      return current;
    },
    async settle() {
      await writes;
      if (lost) throw new LeaseLost();
      if (writeFailed) throw writeFailed.error;
    },
    async finish(end) {
      await writes;
      return asMaybe(await store.finish(run.id, lease, end));
    },
    async requeue(message) {
      await writes;
      return asMaybe(await store.requeue(run.id, lease, message));
    },
    stop: () => clearInterval(beat),
  };
}

export function runTracker<D extends object>(opts: RunTrackerOptions) {
  const { queue, store, jobs, log } = opts;
  const as = (row: RunRow) => row as Run<D>;
  const asMaybe = (row: RunRow | undefined) => row as Run<D> | undefined;
  const staleBefore = () => new Date(Date.now() - opts.staleAfterMs);
  /** This process's start: on the embedded database, a run silent since before it lost its process. */
  const since = new Date();

  const send = (runId: string, jobId: string) => jobs.send(queue, { runId }, { ...opts.send, id: jobId });

  /**
   * A stale run (heartbeat before `before`). Its job still waiting for a worker (queued, or its retry delay) will
   * run it: a run left `running` is queued again for it. Otherwise (the job active with a silent worker, ended, or
   * gone) the run is taken over under a new job, or ended; the old job, if pg-boss holds it as active, is cancelled
   * (its worker's complete or fail then changes nothing).
   */
  async function settleStale(run: RunRow, before: Date): Promise<Run<D> | undefined> {
    const state = run.jobId ? await jobs.state(queue, run.jobId) : null;
    if (state !== null && waiting.has(state)) {
      if (run.status !== 'running' || 'end' in opts.onStale) return undefined;
      return asMaybe(await store.requeue(run.id, null, opts.onStale.resume, { heartbeatBefore: before }));
    }
    const cancelOld = async () => {
      if (state === 'active') await jobs.cancel(queue, run.jobId!);
    };
    if ('end' in opts.onStale) {
      const ended = await store.finish(run.id, null, opts.onStale.end, { heartbeatBefore: before });
      if (ended) await cancelOld();
      return asMaybe(ended);
    }
    const jobId = randomUUID();
    const taken = await store.requeue(run.id, null, opts.onStale.resume, { jobId, heartbeatBefore: before });
    if (!taken) return undefined;
    await cancelOld();
    await send(run.id, jobId);
    log.warn({ runId: run.id, key: run.key }, `${opts.label} resumed after its process stopped`);
    return as(taken);
  }

  /**
   * Settles the stale runs (of one key, or all): see settleStale. `orphaned`: every run silent since before this
   * process started lost its process (the embedded database serves one process: at start, none can be running).
   */
  async function recover(filter: { key?: string; orphaned?: boolean } = {}): Promise<Run<D>[]> {
    const before = filter.orphaned ? since : staleBefore();
    const out: Run<D>[] = [];
    for (const run of await store.stale(queue, before, filter.key)) {
      const settled = await settleStale(run, before);
      if (settled) out.push(settled);
    }
    return out;
  }

  return {
    queue,
    recover,
    get: async (id: string) => asMaybe(await store.findById(queue, id)),
    latest: async (key: string) => asMaybe(await store.latest(queue, key)),

    /** The run under way for `key` (a stale one settled first: resumed, or ended and so none). */
    async active(key: string): Promise<Run<D> | undefined> {
      const found = await store.findActive(queue, key);
      if (!found) return undefined;
      const [settled] = await recover({ key });
      if (!settled) return as(found);
      return settled.status === 'queued' || settled.status === 'running' ? settled : undefined;
    },

    /**
     * A new run for `key` and its job; when the key already has one under way, that one (`started: false`; none
     * when it ended meanwhile). A job that cannot be queued ends its run with `queueFailed`.
     */
    async create(
      key: string,
      init: NewRun<D>,
      queueFailed: RunEnd,
    ): Promise<{ started: true; run: Run<D> } | { started: false; run: Run<D> | undefined }> {
      const jobId = randomUUID();
      const row = await store.create({
        queue,
        key,
        jobId,
        message: init.message,
        detail: init.detail,
        startedById: init.startedBy?.id ?? null,
        startedByName: init.startedBy?.name ?? null,
      });
      if (!row) return { started: false, run: asMaybe(await store.findActive(queue, key)) };
      try {
        await send(row.id, jobId);
      } catch (e) {
        await store.finish(row.id, null, queueFailed);
        throw e;
      }
      return { started: true, run: as(row) };
    },

    /**
     * The job of a run: claims it (a queued run, or a running one whose heartbeat went stale) and hands it to
     * `work`, heartbeating meanwhile. A run another job holds is left alone; LeaseLost ends the job quietly.
     */
    async execute(runId: string, work: (ctx: RunContext<D>) => Promise<void>): Promise<void> {
      const claimed = await store.claim(runId, staleBefore());
      if (!claimed) return;
      const ctx = runContext<D>(store, claimed, Math.max(1000, Math.floor(opts.staleAfterMs / 4)));
      try {
        await work(ctx);
      } catch (err) {
        if (!(err instanceof LeaseLost)) throw err;
      } finally {
        ctx.stop();
      }
    },
  };
}
