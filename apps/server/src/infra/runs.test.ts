// The run tracker (infra/runs.ts) on a real database and pg-boss: single flight per key, the lease, progress in
// order, the heartbeat while a job runs, and what becomes of a stale run depending on its job's state in pg-boss.
import { type Database, eq, runs } from '@quotewright/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, freshDatabase } from '../../test/helpers';
import { createJobs, type Jobs } from './jobs';
import { type RunContext, runTracker } from './runs';
import { runsRepository } from './runs.repository';

type Detail = { note?: string; count?: number };

const quiet = { warn: () => {}, error: () => {} };
let database: Database;
let jobs: Jobs;
let queues = 0;
const nextQueue = () => `test-runs-${++queues}`;

beforeAll(async () => {
  database = await freshDatabase();
  jobs = createJobs(database.executeSql, quiet, { pollingIntervalSeconds: 1 });
  await jobs.start();
});
afterAll(async () => {
  await jobs?.stop();
  await database?.close();
});

function tracker(queue: string, opts: { staleAfterMs?: number; fail?: boolean } = {}) {
  return runTracker<Detail>({
    queue,
    label: 'test run',
    store: runsRepository(database.db),
    jobs,
    log: quiet,
    staleAfterMs: opts.staleAfterMs ?? 3_600_000,
    onStale: opts.fail ? { end: { status: 'failed', detail: { note: 'interrupted' } } } : { resume: 'Resuming' },
  });
}
const row = async (id: string) => (await database.db.select().from(runs).where(eq(runs.id, id)))[0]!;
const silence = (id: string, ms = 7_200_000) =>
  database.db
    .update(runs)
    .set({ heartbeatAt: new Date(Date.now() - ms) })
    .where(eq(runs.id, id));
const NEW = { detail: {}, message: 'Waiting', startedBy: null };
const QUEUE_FAILED = { status: 'failed' as const, message: 'Could not queue' };

/** A promise and its resolver: a job waits on it where a real one would wait on the ERP. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { open, opened };
}

describe('the run tracker', () => {
  it('one run per key at a time: a second request answers the run under way; another key starts its own', async () => {
    const t = tracker(nextQueue());
    const first = await t.create('a', { ...NEW, detail: { note: 'first' } }, QUEUE_FAILED);
    const second = await t.create('a', NEW, QUEUE_FAILED);
    const other = await t.create('b', NEW, QUEUE_FAILED);
    expect(first.started).toBe(true);
    expect(second).toEqual({ started: false, run: first.run });
    expect(other.started).toBe(true);
    expect(other.run!.id).not.toBe(first.run!.id);
    expect((await t.active('a'))?.id).toBe(first.run!.id);
    expect((await t.latest('a'))?.detail).toEqual({ note: 'first' });
    // the run's job is pg-boss's: queued under the id the run records
    expect(await jobs.state(t.queue, (await row(first.run!.id)).jobId!)).toBe('created');
  });

  it('a job claims its run under a lease, reports progress that never goes back, and ends it', async () => {
    const queue = nextQueue();
    const t = tracker(queue);
    const step = gate();
    const reported = gate();
    const ended = gate();
    await jobs.work(queue, (job: { runId: string }) =>
      t
        .execute(job.runId, async (ctx) => {
          expect(ctx.report(10, 'ten', { count: 1 })).toMatchObject({ progress: 10, detail: { count: 1 } });
          expect(ctx.report(5, 'still ten').progress).toBe(10);
          await ctx.settle();
          reported.open();
          await step.opened;
          await ctx.finish({ status: 'succeeded', message: 'done', detail: { note: 'ok' } });
        })
        .finally(ended.open),
    );
    const { run } = await t.create('k', NEW, QUEUE_FAILED);
    // the progress written (settled), as the job saw it
    await reported.opened;
    const running = await row(run!.id);
    expect(running).toMatchObject({
      status: 'running',
      attempt: 1,
      progress: 10,
      message: 'still ten',
      detail: { count: 1 },
    });
    expect(running.startedAt).not.toBeNull();
    step.open();
    await ended.opened;
    const done = await row(run!.id);
    expect(done).toMatchObject({
      status: 'succeeded',
      progress: 100,
      message: 'done',
      detail: { count: 1, note: 'ok' },
    });
    expect(done.finishedAt).not.toBeNull();
  });

  it('the heartbeat goes on while the job runs: a long step is not taken for a dead process', async () => {
    const queue = nextQueue();
    // (a heartbeat every second: the limit leaves room for a busy machine to be late with a few of them)
    const t = tracker(queue, { staleAfterMs: 4000 });
    const step = gate();
    const working = gate();
    const ended = gate();
    await jobs.work(queue, (job: { runId: string }) =>
      t
        .execute(job.runId, async (ctx) => {
          working.open();
          await step.opened;
          await ctx.finish({ status: 'succeeded' });
        })
        .finally(ended.open),
    );
    const { run } = await t.create('k', NEW, QUEUE_FAILED);
    // the job works on its run, claimed
    await working.opened;
    const claimed = await row(run!.id);
    expect(claimed).toMatchObject({ status: 'running', attempt: 1 });
    // silent for longer than the stale limit, were it not for the heartbeat (a timer of the tracker's, seen in
    // the row only: polled)
    await eventually(async () => {
      const r = await row(run!.id);
      return r.heartbeatAt.getTime() - claimed.startedAt!.getTime() > 4500 ? r : undefined;
    }, 15_000);
    expect(await t.recover()).toEqual([]);
    expect(await t.active('k')).toMatchObject({ id: run!.id, status: 'running', attempt: 1 });
    step.open();
    await ended.opened;
    expect(await row(run!.id)).toMatchObject({ status: 'succeeded' });
  });

  it('a stale run whose job pg-boss holds as active (its process gone) is taken over under a new job; the old one can change nothing', async () => {
    const queue = nextQueue();
    const t = tracker(queue);
    const stuck = gate();
    const stuckEnded = gate();
    const firstWorking = gate();
    const secondEnded = gate();
    const seen: RunContext<Detail>[] = [];
    await jobs.work(
      queue,
      (job: { runId: string }) =>
        t.execute(job.runId, async (ctx) => {
          seen.push(ctx);
          if (ctx.run.attempt === 1) {
            firstWorking.open();
            // the first job hangs, its heartbeat gone silent (below); it wakes up after the takeover
            await stuck.opened;
            ctx.report(99, 'the first job again');
            expect(await ctx.finish({ status: 'failed', message: 'by the first job' })).toBeUndefined();
            stuckEnded.open();
            return;
          }
          await ctx.finish({ status: 'succeeded', message: `by attempt ${ctx.run.attempt}` });
          secondEnded.open();
        }),
      { concurrency: 2 },
    );
    const { run } = await t.create('k', NEW, QUEUE_FAILED);
    await firstWorking.opened;
    expect(seen).toHaveLength(1);
    const before = await row(run!.id);
    await silence(run!.id);
    expect(await jobs.state(queue, before.jobId!)).toBe('active');

    const [taken] = await t.recover();
    expect(taken).toMatchObject({ id: run!.id, status: 'queued', message: 'Resuming' });
    expect(taken!.jobId).not.toBe(before.jobId);
    expect(await jobs.state(queue, before.jobId!)).toBe('cancelled');
    await secondEnded.opened;
    const done = await row(run!.id);
    expect(done).toMatchObject({ attempt: 2, message: 'by attempt 2', progress: 100 });
    stuck.open();
    await stuckEnded.opened;
    await seen[0]!.settle().catch(() => {});
    expect(await row(run!.id)).toEqual(done);
  });

  it('a stale run whose job still waits for a worker is left to it (a running one is queued again for it)', async () => {
    const queue = nextQueue();
    const t = tracker(queue);
    const { run } = await t.create('k', NEW, QUEUE_FAILED);
    const jobId = (await row(run!.id)).jobId!;
    await silence(run!.id);
    expect(await t.recover()).toEqual([]);
    expect(await row(run!.id)).toMatchObject({ status: 'queued', message: 'Waiting', jobId });
    // claimed, then its process died before pg-boss saw the job start: the waiting job takes it
    await database.db.update(runs).set({ status: 'running', attempt: 1 }).where(eq(runs.id, run!.id));
    await silence(run!.id);
    const [requeued] = await t.recover();
    expect(requeued).toMatchObject({ id: run!.id, status: 'queued', message: 'Resuming', jobId });
    expect(await jobs.state(queue, jobId)).toBe('created');
  });

  it('a stale run whose job is gone is taken over under a new job', async () => {
    const queue = nextQueue();
    const t = tracker(queue);
    const [lost] = await database.db
      .insert(runs)
      .values({
        queue,
        key: 'k',
        status: 'running',
        attempt: 1,
        detail: {},
        heartbeatAt: new Date(Date.now() - 7_200_000),
      })
      .returning();
    const [taken] = await t.recover({ key: 'k' });
    expect(taken).toMatchObject({ id: lost!.id, status: 'queued', message: 'Resuming' });
    expect(await jobs.state(queue, taken!.jobId!)).toBe('created');
    // a second sweep finds nothing left to do
    expect(await t.recover()).toEqual([]);
  });

  it('a kind that does not resume ends a stale run with its message, and a new run of the key can start', async () => {
    const queue = nextQueue();
    const t = tracker(queue, { fail: true });
    const [lost] = await database.db
      .insert(runs)
      .values({
        queue,
        key: 'k',
        status: 'running',
        attempt: 1,
        detail: {},
        heartbeatAt: new Date(Date.now() - 7_200_000),
      })
      .returning();
    expect(await t.active('k')).toBeUndefined();
    expect(await row(lost!.id)).toMatchObject({ status: 'failed', detail: { note: 'interrupted' } });
    expect((await t.create('k', NEW, QUEUE_FAILED)).started).toBe(true);
  });

  it('orphaned (the embedded database at start): a run silent since before this process is taken over at once', async () => {
    const queue = nextQueue();
    const [earlier] = await database.db
      .insert(runs)
      .values({ queue, key: 'k', status: 'running', attempt: 1, detail: {}, heartbeatAt: new Date(Date.now() - 1000) })
      .returning();
    const t = tracker(queue);
    // not stale by the limit...
    expect(await t.recover()).toEqual([]);
    // ...but its process is gone
    const [taken] = await t.recover({ orphaned: true });
    expect(taken).toMatchObject({ id: earlier!.id, status: 'queued' });
  });

  it('a job that cannot be queued ends its run', async () => {
    const queue = nextQueue();
    const failing: Jobs = { ...jobs, send: async () => Promise.reject(new Error('queue down')) };
    const t = runTracker<Detail>({
      queue,
      label: 'test run',
      store: runsRepository(database.db),
      jobs: failing,
      log: quiet,
      staleAfterMs: 3_600_000,
      onStale: { resume: 'Resuming' },
    });
    await expect(t.create('k', NEW, QUEUE_FAILED)).rejects.toThrow('queue down');
    expect(await t.latest('k')).toMatchObject({ status: 'failed', message: 'Could not queue' });
    expect(await t.active('k')).toBeUndefined();
  });
});
