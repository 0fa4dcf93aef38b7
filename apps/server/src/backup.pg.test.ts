// Backups on PostgreSQL (README "Backups and upgrades", decision 0034): `npm run backup` (pg_dump while the app runs)
// and `npm run restore` (pg_restore into an empty database; a non-empty one refused unless --force) round-trip a
// populated database — users, sales with sections and lines, templates, activity, ERP sync state.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDb } from '@quotewright/db';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { census, expectPopulated, output, populate } from '../test/backup-kit';
import { adminUrl, withDatabase } from '../test/global-setup';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp } from '../test/helpers';
import { buildApp } from './app';
import { runBackupCli } from './backup-cli';
import { testConfig } from './config';

const dir = mkdtempSync(join(tmpdir(), 'qw-backup-'));
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of closers.reverse()) await c();
});

describe('PostgreSQL: pg_dump while the app runs, pg_restore into an empty database', () => {
  const template = inject('pgTemplate');
  const admin = () => new pg.Client({ connectionString: adminUrl(process.env.DATABASE_URL!) });
  const emptyDatabase = async () => {
    const name = `${template}_frestore${Math.random().toString(36).slice(2, 8)}`;
    const c = admin();
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    return withDatabase(process.env.DATABASE_URL!, name);
  };

  it(
    'round-trips users, sales, lines, templates, activity and sync state; refuses a non-empty target',
    { timeout: 90_000 },
    async () => {
      const t = await createTestApp();
      closers.push(() => t.close());
      await populate(t);
      const { rows } = await t.database.executeSql('select current_database() as name');
      const sourceUrl = withDatabase(process.env.DATABASE_URL!, String(rows[0]!.name));
      const before = await census(t.database);
      expectPopulated(before);

      const file = join(dir, 'pg.backup');
      const b = output();
      expect(await runBackupCli(['backup', file], { DATABASE_URL: sourceUrl }, b.out), b.lines.join('\n')).toBe(0);
      expect(readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP');

      const target = await emptyDatabase();
      const r = output();
      expect(await runBackupCli(['restore', file], { DATABASE_URL: target }, r.out), r.lines.join('\n')).toBe(0);
      const restored = await createDb({ url: target, poolSize: 1 });
      closers.push(() => restored.close());
      expect(await census(restored)).toEqual(before);

      // Restoring again over it: refused, nothing touched; with --force it is replaced by the backup.
      await restored.executeSql(`update sales set name = 'Changed after restore' where name = 'Backed up B'`);
      const again = output();
      expect(await runBackupCli(['restore', file], { DATABASE_URL: target }, again.out)).toBe(1);
      expect(again.lines.join('\n')).toMatch(/restore refused: the database is not empty \(\d+ tables\)/);
      expect((await census(restored)).sales.map((s) => s.name)).toContain('Changed after restore');
      const forced = output();
      expect(await runBackupCli(['restore', file, '--force'], { DATABASE_URL: target }, forced.out)).toBe(0);
      expect(await census(restored)).toEqual(before);

      // The restored database serves: the app starts on it (its migrations are already applied) and lists the sales.
      const app = await buildApp({
        config: testConfig({ ADMIN_EMAIL, ADMIN_PASSWORD, JWT_SECRET: 'x'.repeat(40) }),
        database: restored,
        logger: false,
        workers: false,
      });
      closers.push(() => app.close());
      await restored.migrate();
      expect((await census(restored)).counts).toEqual(before.counts);
    },
  );
});

describe('the command line', () => {
  it('npm run restore as its own process: a file that is no backup is refused, exit code 1', async () => {
    const notBackup = join(dir, 'not-a-backup.txt');
    writeFileSync(notBackup, 'hello');
    const { code, text } = await new Promise<{ code: number | null; text: string }>((done) => {
      const child = spawn('npx', ['tsx', 'src/backup-main.ts', 'restore', notBackup], {
        cwd: resolve(import.meta.dirname, '..'),
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: join(dir, 'cli') },
      });
      let all = '';
      child.stdout.on('data', (d: Buffer) => {
        all += d;
      });
      child.stderr.on('data', (d: Buffer) => {
        all += d;
      });
      child.on('close', (c) => done({ code: c, text: all }));
    });
    expect(code).toBe(1);
    expect(text).toContain(`restore refused: ${notBackup} is not an embedded-database backup`);
  });
});
