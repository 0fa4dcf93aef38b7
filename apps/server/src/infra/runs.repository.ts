// Persistence of the runs of long jobs (the `runs` table): what the API answers about a run, from its request to its
// outcome. The run tracker (runs.ts) is its only user; the modules read their own kind's history through it or with
// their own queries on the same table (docs/decisions/0025-one-run-tracker.md).
import { and, type Db, desc, eq, inArray, lt, or, type RunRow, runs, sql } from '@quotewright/db';

const ACTIVE = ['queued', 'running'] as const;
const isActive = inArray(runs.status, [...ACTIVE]);

const isUniqueViolation = (e: unknown, constraint: string): boolean => {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = err?.code ?? err?.cause?.code;
  const name = err?.constraint ?? err?.cause?.constraint;
  return code === '23505' && (name === undefined || name === constraint);
};

export interface NewRunRow {
  queue: string;
  key: string;
  jobId: string;
  message: string | null;
  detail: object;
  startedById: string | null;
  startedByName: string | null;
}

/** What a job writes as it goes: progress only moves forward; `detail` is merged into the run's. */
export interface RunProgress {
  progress: number;
  message: string;
  detail?: object;
}

/** A run's end: its status, and what it did (merged into its detail); a succeeded run is at 100 %. */
export interface RunEnd {
  status: 'succeeded' | 'failed' | 'unknown';
  message?: string;
  detail?: object;
}

const merged = (detail: object | undefined) =>
  detail === undefined ? {} : { detail: sql`${runs.detail} || ${JSON.stringify(detail)}::jsonb` };
/** The writes of the job holding `attempt` (null: of whoever holds the run) while the run is active. */
const held = (id: string, attempt: number | null) =>
  and(eq(runs.id, id), isActive, ...(attempt === null ? [] : [eq(runs.attempt, attempt)]));

export function runsRepository(db: Db) {
  return {
    /** A new queued run, or null when its key already has one queued or running (single flight). */
    async create(run: NewRunRow): Promise<RunRow | null> {
      try {
        const [row] = await db.insert(runs).values(run).returning();
        return row!;
      } catch (e) {
        if (isUniqueViolation(e, 'runs_one_active')) return null;
        throw e;
      }
    },
    async findById(queue: string, id: string): Promise<RunRow | undefined> {
      const [row] = await db
        .select()
        .from(runs)
        .where(and(eq(runs.queue, queue), eq(runs.id, id)));
      return row;
    },
    async findActive(queue: string, key: string): Promise<RunRow | undefined> {
      const [row] = await db
        .select()
        .from(runs)
        .where(and(eq(runs.queue, queue), eq(runs.key, key), isActive));
      return row;
    },
    async latest(queue: string, key: string): Promise<RunRow | undefined> {
      const [row] = await db
        .select()
        .from(runs)
        .where(and(eq(runs.queue, queue), eq(runs.key, key)))
        .orderBy(desc(runs.createdAt))
        .limit(1);
      return row;
    },
    /** Active runs whose heartbeat stopped before `before` (of one key, or all of the queue). */
    async stale(queue: string, before: Date, key?: string): Promise<RunRow[]> {
      return db
        .select()
        .from(runs)
        .where(and(eq(runs.queue, queue), isActive, lt(runs.heartbeatAt, before), ...(key ? [eq(runs.key, key)] : [])));
    },

    /**
     * Claims a run for one job: a queued run, or a running one whose heartbeat stopped before `staleBefore` (its
     * process died). The attempt number returned is the job's lease.
     */
    async claim(id: string, staleBefore: Date): Promise<RunRow | undefined> {
      const [row] = await db
        .update(runs)
        .set({
          status: 'running',
          attempt: sql`${runs.attempt} + 1`,
          startedAt: sql`coalesce(${runs.startedAt}, now())`,
          heartbeatAt: sql`now()`,
        })
        .where(
          and(
            eq(runs.id, id),
            or(eq(runs.status, 'queued'), and(eq(runs.status, 'running'), lt(runs.heartbeatAt, staleBefore))),
          ),
        )
        .returning();
      return row;
    },
    /** The heartbeat of the job holding `attempt`: false when it no longer holds the run. */
    async heartbeat(id: string, attempt: number): Promise<boolean> {
      const rows = await db
        .update(runs)
        .set({ heartbeatAt: sql`now()` })
        .where(held(id, attempt))
        .returning({ id: runs.id });
      return rows.length > 0;
    },
    /** Progress of the job holding `attempt`; undefined when it no longer holds the run. */
    async progress(id: string, attempt: number, p: RunProgress): Promise<RunRow | undefined> {
      const [row] = await db
        .update(runs)
        .set({
          progress: sql`greatest(${runs.progress}, ${p.progress})`,
          message: p.message,
          ...merged(p.detail),
          heartbeatAt: sql`now()`,
        })
        .where(held(id, attempt))
        .returning();
      return row;
    },
    /** Back to the queue (a retry, or a takeover naming its new job); the progress stays where it was. */
    async requeue(
      id: string,
      attempt: number | null,
      message: string,
      opts: { jobId?: string; heartbeatBefore?: Date } = {},
    ): Promise<RunRow | undefined> {
      const [row] = await db
        .update(runs)
        .set({ status: 'queued', message, heartbeatAt: sql`now()`, ...(opts.jobId ? { jobId: opts.jobId } : {}) })
        .where(and(held(id, attempt), ...(opts.heartbeatBefore ? [lt(runs.heartbeatAt, opts.heartbeatBefore)] : [])))
        .returning();
      return row;
    },
    /** The run's end, written by the job holding `attempt` (null: by whoever, e.g. the stale sweep). */
    async finish(
      id: string,
      attempt: number | null,
      end: RunEnd,
      opts: { heartbeatBefore?: Date } = {},
    ): Promise<RunRow | undefined> {
      const [row] = await db
        .update(runs)
        .set({
          status: end.status,
          ...(end.message === undefined ? {} : { message: end.message }),
          ...merged(end.detail),
          ...(end.status === 'succeeded' ? { progress: 100 } : {}),
          finishedAt: sql`now()`,
          heartbeatAt: sql`now()`,
        })
        .where(and(held(id, attempt), ...(opts.heartbeatBefore ? [lt(runs.heartbeatAt, opts.heartbeatBefore)] : [])))
        .returning();
      return row;
    },
  };
}
export type RunsRepository = ReturnType<typeof runsRepository>;
