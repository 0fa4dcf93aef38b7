// Migration 0016 moves the runs of the ERP fetch and of the publish/sync into the one `runs` table
// (docs/decisions/0025-one-run-tracker.md): every run keeps its id, state, progress and what it did.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { createDb, migrationsFolder } from './client';
import { insertUser } from './factories';
import { runs, sql } from './index';

/** The migrations up to (without) `tag`: a database as it was before that migration. */
function migrationsBefore(tag: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'qw-migrations-')), 'migrations');
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

describe('migration 0016: one runs table', () => {
  it('keeps every fetch run and publish/sync run, with what it did', async () => {
    const database = await createDb();
    // biome-ignore lint/suspicious/noExplicitAny: the PGlite drizzle instance behind Db
    await migrate(database.db as any, { migrationsFolder: migrationsBefore('0016_one_run_tracker') });
    const db = database.db;
    const user = await insertUser(db, { email: 'runs@example.com' });
    await db.execute(sql`insert into sales (id, quote_number, name) values
      ('00000000-0000-4000-8000-000000000001', 'Q00001', 'A sale')`);
    await db.execute(sql`insert into erp_fetch_runs
      (id, kind, status, progress, processed, total, written, deactivated, message, error, started_by_id, created_at, started_at, finished_at, updated_at)
      values
      ('00000000-0000-4000-8000-0000000000f1', 'products', 'succeeded', 100, 40, 40, 3, 1, '40 products fetched', null, ${user.id},
       '2026-11-01T10:00:00Z', '2026-11-01T10:00:01Z', '2026-11-01T10:00:09Z', '2026-11-01T10:00:09Z'),
      ('00000000-0000-4000-8000-0000000000f2', 'sales', 'failed', 12, 20, null, 0, 0, 'Fetching sales', 'Cannot reach the ERP', null,
       '2026-11-02T10:00:00Z', null, '2026-11-02T10:00:05Z', '2026-11-02T10:00:05Z')`);
    await db.execute(sql`insert into sale_sync_runs
      (id, sale_id, action, create_new, origin, status, attempt, progress, message, odoo_id, odoo_name,
       lines_created, lines_updated, lines_deleted, sections_created, sections_updated, sections_deleted, our_total, erp_total,
       started_by_id, started_by_name, created_at, started_at, finished_at, heartbeat_at)
      values
      ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', 'publish', false, 'Q00001 [qw1-x]',
       'succeeded', 2, 100, 'Published as S00042', 42, 'S00042', 5, null, 0, null, null, null, '120.5', '120.50',
       ${user.id}, 'Ada', '2026-11-03T10:00:00Z', '2026-11-03T10:00:01Z', '2026-11-03T10:00:07Z', '2026-11-03T10:00:07Z'),
      ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-000000000001', 'sync', false, null,
       'running', 1, 40, 'Sending', null, null, null, null, null, null, null, null, null, null,
       ${user.id}, 'Ada', '2026-11-04T10:00:00Z', '2026-11-04T10:00:01Z', null, '2026-11-04T10:00:03Z')`);

    await database.migrate();
    const rows = await db.select().from(runs).orderBy(asc(runs.createdAt));
    expect(rows).toEqual([
      {
        id: '00000000-0000-4000-8000-0000000000f1',
        queue: 'erp-fetch',
        key: 'products',
        status: 'succeeded',
        attempt: 0,
        progress: 100,
        message: '40 products fetched',
        detail: { processed: 40, total: 40, written: 3, deactivated: 1 },
        jobId: null,
        startedById: user.id,
        startedByName: null,
        createdAt: new Date('2026-11-01T10:00:00Z'),
        startedAt: new Date('2026-11-01T10:00:01Z'),
        finishedAt: new Date('2026-11-01T10:00:09Z'),
        heartbeatAt: new Date('2026-11-01T10:00:09Z'),
      },
      expect.objectContaining({
        id: '00000000-0000-4000-8000-0000000000f2',
        queue: 'erp-fetch',
        key: 'sales',
        status: 'failed',
        progress: 12,
        message: 'Fetching sales',
        detail: { processed: 20, written: 0, deactivated: 0, error: 'Cannot reach the ERP' },
        startedAt: null,
      }),
      expect.objectContaining({
        id: '00000000-0000-4000-8000-0000000000a1',
        queue: 'erp-sale-sync',
        key: '00000000-0000-4000-8000-000000000001',
        status: 'succeeded',
        attempt: 2,
        progress: 100,
        message: 'Published as S00042',
        detail: {
          action: 'publish',
          createNew: false,
          origin: 'Q00001 [qw1-x]',
          odooId: 42,
          odooName: 'S00042',
          lines: { created: 5, updated: 0, deleted: 0 },
          ourTotal: '120.50',
          erpTotal: '120.50',
        },
        startedById: user.id,
        startedByName: 'Ada',
      }),
      expect.objectContaining({
        id: '00000000-0000-4000-8000-0000000000a2',
        status: 'running',
        attempt: 1,
        progress: 40,
        detail: { action: 'sync', createNew: false },
        finishedAt: null,
        heartbeatAt: new Date('2026-11-04T10:00:03Z'),
      }),
    ]);
    // one run per key at a time, as before: per queue
    await expect(
      db.insert(runs).values({ queue: 'erp-sale-sync', key: '00000000-0000-4000-8000-000000000001', detail: {} }),
    ).rejects.toThrow();
    await db.insert(runs).values({ queue: 'erp-fetch', key: '00000000-0000-4000-8000-000000000001', detail: {} });
    await database.close();
  });
});
