// Backups of the embedded database (README "Backups and upgrades", decision 0034): `npm run backup` asks the server
// running on the data directory (its lock's secret, loopback only) or, with none running, opens the directory;
// `npm run restore` refuses a used directory (and one a server runs on, even forced) and moves a forced one aside.
// PGlite project only (the directories are this file's own: nothing of the PostgreSQL project's database is used).
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDb, lockDataDir } from '@quotewright/db';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { census, expectPopulated, output, populate } from '../test/backup-kit';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApp } from '../test/helpers';
import { buildApp } from './app';
import { runBackupCli } from './backup-cli';
import { testConfig } from './config';

const dir = mkdtempSync(join(tmpdir(), 'qw-backup-'));
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of closers.reverse()) await c();
});

describe('embedded database: dumped by the running server, or from the directory', () => {
  const snapshot = () => new Blob([readFileSync(inject('pgliteSnapshot'))]);

  it(
    'the running server takes the backup; the restore refuses a used directory and a running server',
    { timeout: 90_000 },
    async () => {
      const dataDir = join(dir, 'live');
      const lock = lockDataDir(dataDir, 'server');
      const database = await createDb({ dataDir, loadDataDir: snapshot() });
      const config = testConfig({ ADMIN_EMAIL, ADMIN_PASSWORD, JWT_SECRET: 'x'.repeat(40), DATA_DIR: dataDir });
      const app = await buildApp({ config, database, logger: false, workers: false, opsSecret: lock.secret });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as { port: number }).port;
      lock.update({ url: `http://127.0.0.1:${port}` });
      const t: TestApp = { app, database, config, close: async () => {} };
      closers.push(async () => {
        await app.close();
        await database.close();
        lock.release();
      });
      await populate(t);
      const before = await census(database);
      expectPopulated(before);

      // The ops route: 404 without the secret (as for an unknown route), the dump with it.
      expect((await fetch(`http://127.0.0.1:${port}/api/ops/backup`)).status).toBe(404);
      const wrong = await fetch(`http://127.0.0.1:${port}/api/ops/backup`, {
        headers: { authorization: `Bearer ${'0'.repeat(64)}` },
      });
      expect(wrong.status).toBe(404);

      const file = join(dir, 'live.tar.gz');
      const b = output();
      expect(await runBackupCli(['backup', file], { DATA_DIR: dataDir }, b.out), b.lines.join('\n')).toBe(0);
      expect(b.lines.join('\n')).toContain('taken by the running server');
      expect([...readFileSync(file).subarray(0, 2)]).toEqual([0x1f, 0x8b]);

      // A restore into the directory the server runs on: refused, even forced.
      const busy = output();
      expect(await runBackupCli(['restore', file, '--force'], { DATA_DIR: dataDir }, busy.out)).toBe(1);
      expect(busy.lines.join('\n')).toMatch(/restore refused: .* is in use \(server, pid \d+\)/);

      // Restored into another directory: the same database.
      const target = join(dir, 'restored-live');
      const r = output();
      expect(await runBackupCli(['restore', file], { DATA_DIR: target }, r.out), r.lines.join('\n')).toBe(0);
      const restored = await createDb({ dataDir: target });
      expect(await census(restored)).toEqual(before);
      await restored.close();
    },
  );

  it(
    'without a server the directory is opened; a used directory is refused, forced it is moved aside',
    { timeout: 90_000 },
    async () => {
      const dataDir = join(dir, 'idle');
      const database = await createDb({ dataDir, loadDataDir: snapshot() });
      const config = testConfig({ ADMIN_EMAIL, ADMIN_PASSWORD, JWT_SECRET: 'x'.repeat(40) });
      const app = await buildApp({ config, database, logger: false, workers: false });
      await app.ready();
      await populate({ app, database, config, close: async () => {} });
      const before = await census(database);
      await app.close();
      await database.close();

      const file = join(dir, 'idle.tar.gz');
      const b = output();
      expect(await runBackupCli(['backup', file], { DATA_DIR: dataDir }, b.out), b.lines.join('\n')).toBe(0);
      expect(readdirSync(dataDir)).not.toContain('quotewright.lock');

      const target = join(dir, 'restored-idle');
      const first = output();
      expect(await runBackupCli(['restore', file], { DATA_DIR: target }, first.out)).toBe(0);
      const again = output();
      expect(await runBackupCli(['restore', file], { DATA_DIR: target }, again.out)).toBe(1);
      expect(again.lines.join('\n')).toContain('is not empty: restore into an empty directory, or pass --force');
      const forced = output();
      expect(await runBackupCli(['restore', file, '--force'], { DATA_DIR: target }, forced.out)).toBe(0);
      const aside = forced.lines.find((l) => l.startsWith('The database that was there is kept in '));
      expect(aside).toBeDefined();
      expect(readdirSync(resolve(aside!.replace('The database that was there is kept in ', '')))).toContain(
        'PG_VERSION',
      );
      const restored = await createDb({ dataDir: target });
      expect(await census(restored)).toEqual(before);
      await restored.close();
    },
  );
});

describe('the command line', () => {
  it('bad usage exits 2 with the usage line', async () => {
    for (const argv of [['backup'], ['restore'], ['backup', 'a', 'b'], ['backup', 'x', '--force'], ['copy', 'x']]) {
      const o = output();
      expect(await runBackupCli(argv, {}, o.out)).toBe(2);
      expect(o.lines).toEqual(['ERROR usage: npm run backup -- FILE | npm run restore -- FILE [--force]']);
    }
  });
});
