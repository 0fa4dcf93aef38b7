// One process per embedded data directory: PGlite has no server of its own, and two processes writing one directory
// would corrupt it. The owner (a server, a backup, a restore) writes `quotewright.lock` (mode 0600) with its pid and,
// for a server, how to reach it for a backup (its address and a one-time secret). A lock whose process is gone is
// stale and taken over.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const LOCK_FILE = 'quotewright.lock';

export interface DataDirLockInfo {
  pid: number;
  by: 'server' | 'backup' | 'restore';
  /** A server's base address (http://127.0.0.1:3000) and the secret its ops routes accept. */
  url?: string;
  secret?: string;
}

const lockPath = (dataDir: string) => resolve(dataDir, LOCK_FILE);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live owner of a data directory, or null (no lock, or its process is gone). */
export function dataDirOwner(dataDir: string): DataDirLockInfo | null {
  let info: DataDirLockInfo;
  try {
    info = JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as DataDirLockInfo;
  } catch {
    return null;
  }
  return typeof info.pid === 'number' && alive(info.pid) ? info : null;
}

export class DataDirBusy extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: DataDirLockInfo,
  ) {
    super(`${resolve(dataDir)} is in use (${owner.by}, pid ${owner.pid})`);
  }
}

export interface DataDirLock {
  readonly secret: string;
  /** Adds what a server tells backups (its address) once it listens. */
  update(extra: Partial<Pick<DataDirLockInfo, 'url'>>): void;
  release(): void;
}

/** Takes the directory for this process, or throws DataDirBusy naming the live owner. */
export function lockDataDir(dataDir: string, by: DataDirLockInfo['by']): DataDirLock {
  mkdirSync(resolve(dataDir), { recursive: true });
  // Held by a live process (this one included: a second holder in one process is as unsafe): refused.
  const owner = dataDirOwner(dataDir);
  if (owner) throw new DataDirBusy(dataDir, owner);
  // A stale lock (its process is gone) is removed; the file is then created exclusively: of two processes starting at
  // the same moment one creates it, the other finds it and gives way.
  rmSync(lockPath(dataDir), { force: true });
  const info: DataDirLockInfo = { pid: process.pid, by, secret: randomBytes(32).toString('hex') };
  try {
    writeFileSync(lockPath(dataDir), JSON.stringify(info), { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    throw new DataDirBusy(dataDir, dataDirOwner(dataDir) ?? { pid: -1, by: 'server' });
  }
  const write = () => writeFileSync(lockPath(dataDir), JSON.stringify(info), { mode: 0o600 });
  let held = true;
  return {
    secret: info.secret!,
    update(extra) {
      Object.assign(info, extra);
      if (held) write();
    },
    release() {
      if (!held) return;
      held = false;
      const now = dataDirOwner(dataDir);
      if (!now || now.pid === process.pid) rmSync(lockPath(dataDir), { force: true });
    },
  };
}
