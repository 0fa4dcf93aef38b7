// `npm run backup -- FILE` and `npm run restore -- FILE [--force]` (README "Backups and upgrades", decision 0034).
// The same environment as the server (DATABASE_URL, else DATA_DIR) says which database: PostgreSQL is dumped with
// pg_dump (a consistent snapshot while the app runs) and restored with pg_restore; the embedded database is dumped
// by the server that runs on it (asked over loopback with its lock's secret), or opened here when none runs.
import { renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  DataDirBusy,
  dataDirOwner,
  lockDataDir,
  pgBackup,
  pgliteBackupDir,
  pgliteRestoreDir,
  pgRestore,
  RestoreRefused,
} from '@quotewright/db';
import { ConfigError, loadConfig } from './config';

export interface CliOutput {
  info(line: string): void;
  error(line: string): void;
}

const USAGE = 'usage: npm run backup -- FILE | npm run restore -- FILE [--force]';

/** Writes through a temporary file: a backup cut short never leaves a partial FILE behind. */
async function atomically(file: string, write: (tmp: string) => Promise<void>): Promise<void> {
  const tmp = `${file}.partial-${process.pid}`;
  try {
    await write(tmp);
    renameSync(tmp, file);
  } finally {
    rmSync(tmp, { force: true });
  }
}

async function fromServer(url: string, secret: string, file: string): Promise<void> {
  const res = await fetch(`${url}/api/ops/backup`, { headers: { authorization: `Bearer ${secret}` } });
  if (!res.ok) throw new Error(`the running server at ${url} refused the backup (${res.status})`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()), { mode: 0o600 });
}

async function backup(env: NodeJS.ProcessEnv, file: string, out: CliOutput): Promise<void> {
  const config = loadConfig(env);
  if (config.DATABASE_URL) {
    const url = config.DATABASE_URL;
    await atomically(file, (tmp) => pgBackup(url, tmp));
    out.info(`PostgreSQL backup written to ${file} (${statSync(file).size} bytes)`);
    return;
  }
  const owner = dataDirOwner(config.DATA_DIR);
  if (owner?.by === 'server' && owner.url && owner.secret) {
    const { url, secret } = owner;
    await atomically(file, (tmp) => fromServer(url, secret, tmp));
    out.info(`Backup of the embedded database taken by the running server (${url}) written to ${file}`);
    return;
  }
  const lock = lockDataDir(config.DATA_DIR, 'backup');
  try {
    await atomically(file, (tmp) => pgliteBackupDir(config.DATA_DIR, tmp));
  } finally {
    lock.release();
  }
  out.info(`Backup of the embedded database in ${resolve(config.DATA_DIR)} written to ${file}`);
}

async function restore(env: NodeJS.ProcessEnv, file: string, force: boolean, out: CliOutput): Promise<void> {
  const config = loadConfig(env);
  if (config.DATABASE_URL) {
    await pgRestore(config.DATABASE_URL, file, { force });
    out.info(`${file} restored into PostgreSQL. Start the server: it applies any newer migrations first.`);
    return;
  }
  const lock = lockDataDir(config.DATA_DIR, 'restore');
  try {
    const { movedAside } = await pgliteRestoreDir(config.DATA_DIR, file, { force });
    if (movedAside) out.info(`The database that was there is kept in ${movedAside}`);
  } finally {
    lock.release();
  }
  out.info(
    `${file} restored into ${resolve(config.DATA_DIR)}. Start the server: it applies any newer migrations first.`,
  );
}

/** Runs one command; the exit code: 0 done, 2 bad usage, 1 refused or failed (the reason printed). */
export async function runBackupCli(argv: string[], env: NodeJS.ProcessEnv, out: CliOutput): Promise<number> {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const files = rest.filter((a) => a !== '--force');
  if ((command !== 'backup' && command !== 'restore') || files.length !== 1 || (force && command === 'backup')) {
    out.error(USAGE);
    return 2;
  }
  const file = resolve(files[0]!);
  try {
    if (command === 'backup') await backup(env, file, out);
    else await restore(env, file, force, out);
    return 0;
  } catch (e) {
    const known = e instanceof RestoreRefused || e instanceof DataDirBusy || e instanceof ConfigError;
    out.error(`${command} ${known ? 'refused' : 'failed'}: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}
