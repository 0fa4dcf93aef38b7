// Backups and restores of both engines (README "Backups and upgrades", decision 0034).
// - PostgreSQL: pg_dump's custom format (one consistent snapshot, taken while the app runs) and pg_restore.
// - PGlite: a gzip tarball of the data directory (PGlite's own dump). The embedded database belongs to one process:
//   while a server runs on the directory the dump is taken BY that server (ops route, its data-directory lock
//   says how to reach it); otherwise the directory is opened here.
// A restore refuses a database that holds anything unless told (`force`); forced, PostgreSQL's schemas are dropped
// first, and a PGlite directory is moved aside (never deleted).
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { createDb } from './client';
import { LOCK_FILE } from './data-dir-lock';

export type BackupKind = 'postgres' | 'pglite';

/** What a backup file holds, by its first bytes: pg_dump's custom format ("PGDMP") or a gzip tarball (PGlite). */
export function backupKindOf(head: Uint8Array): BackupKind | null {
  if (head.length >= 5 && Buffer.from(head.subarray(0, 5)).toString('latin1') === 'PGDMP') return 'postgres';
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  return null;
}

export function backupKindOfFile(file: string): BackupKind | null {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(8);
    const n = readSync(fd, head, 0, 8, 0);
    return backupKindOf(head.subarray(0, n));
  } finally {
    closeSync(fd);
  }
}

/** Runs a PostgreSQL client tool; rejects with its own error output when it fails. */
function runTool(cmd: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('error', (e) =>
      fail(
        (e as NodeJS.ErrnoException).code === 'ENOENT'
          ? new Error(`${cmd} was not found: install PostgreSQL's client tools (Debian: postgresql-client)`)
          : e,
      ),
    );
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`${cmd} failed (${code}): ${err.trim()}`))));
  });
}

/** pg_dump of the whole database (app tables, migrations' record, job queue) in the custom format. */
export async function pgBackup(url: string, file: string): Promise<void> {
  await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${url}`]);
}

/** The tables of a PostgreSQL database outside the system schemas (0: nothing to lose). */
export async function pgTableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ n: string }>(
      `select count(*)::text as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`,
    );
    return Number(r.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

async function pgDropSchemas(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ nspname: string }>(
      `select nspname from pg_namespace where nspname not in ('pg_catalog', 'information_schema')
          and nspname not like 'pg\\_%'`,
    );
    await client.query('begin');
    for (const { nspname } of r.rows) await client.query(`drop schema ${pg.escapeIdentifier(nspname)} cascade`);
    await client.query('create schema public');
    await client.query('commit');
  } finally {
    await client.end();
  }
}

export class RestoreRefused extends Error {}

/** Restores a pg_dump file into the database at `url`, in one transaction: all of it or nothing. */
export async function pgRestore(url: string, file: string, opts: { force?: boolean } = {}): Promise<void> {
  if (backupKindOfFile(file) !== 'postgres')
    throw new RestoreRefused(`${file} is not a PostgreSQL backup (made by "npm run backup" with DATABASE_URL set)`);
  const tables = await pgTableCount(url);
  if (tables > 0 && !opts.force)
    throw new RestoreRefused(
      `the database is not empty (${tables} tables): restore into an empty database, or pass --force to replace it`,
    );
  if (tables > 0) await pgDropSchemas(url);
  await runTool('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${url}`,
    file,
  ]);
}

/** Whether a PGlite data directory holds a database (PostgreSQL's PG_VERSION file). */
export function pgliteDirHasDatabase(dataDir: string): boolean {
  return existsSync(resolve(dataDir, 'PG_VERSION'));
}

/** A PGlite data directory's dump, opened here (no server may be running on it: see dataDirLock). */
export async function pgliteBackupDir(dataDir: string, file: string): Promise<void> {
  if (!pgliteDirHasDatabase(dataDir)) throw new Error(`${resolve(dataDir)} holds no database`);
  const database = await createDb({ dataDir });
  try {
    const blob = await database.dump!('gzip');
    writeFileSync(file, Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
  } finally {
    await database.close();
  }
}

/**
 * Restores a PGlite dump into `dataDir`. A directory that holds a database is refused unless `force`; forced, it is
 * moved aside to `<dataDir>.before-restore-<time>` (returned), so nothing is deleted.
 */
export async function pgliteRestoreDir(
  dataDir: string,
  file: string,
  opts: { force?: boolean; now?: () => Date } = {},
): Promise<{ movedAside: string | null }> {
  if (backupKindOfFile(file) !== 'pglite')
    throw new RestoreRefused(
      `${file} is not an embedded-database backup (made by "npm run backup" without DATABASE_URL)`,
    );
  const dir = resolve(dataDir);
  let movedAside: string | null = null;
  // The directory's lock (held by the restore) stays where it is; everything else is the database.
  const entries = existsSync(dir) ? readdirSync(dir).filter((f) => f !== LOCK_FILE) : [];
  if (entries.length > 0) {
    if (!opts.force)
      throw new RestoreRefused(`${dir} is not empty: restore into an empty directory, or pass --force to replace it`);
    movedAside = `${dir}.before-restore-${(opts.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-')}`;
    mkdirSync(movedAside);
    for (const f of entries) renameSync(join(dir, f), join(movedAside, f));
  }
  const database = await createDb({
    dataDir: dir,
    loadDataDir: new Blob([readFileSync(file)], { type: 'application/x-gzip' }),
  });
  await database.close();
  return { movedAside };
}
