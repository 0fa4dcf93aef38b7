// Durable state of the simulator: a snapshot of the whole store plus an append-only journal of committed writes.
//
//   <stateFile>          {"gen": G, "version": 19, "tables": …}   the whole store as of generation G
//   <stateFile>.journal  {"odooSimJournal": 1, "gen": G}\n, then one line per commit: the records it changed, as
//                        their new values (null when deleted), and the next ids and sequences it moved
//   <stateFile>.lock     {"pid": …, "start": …} of the process that owns these files
//
// A write is answered only once its journal line is on disk (written and fdatasync'ed), so an acknowledged order
// survives a kill -9 and its id is never handed out again. Commits waiting at the same time share one fdatasync.
// When the journal outgrows the snapshot, the snapshot is rewritten (generation G+1, written aside, fsync'ed, renamed
// over the old one) and the journal restarted for G+1; a journal of an older generation than its snapshot is already
// in it and is ignored, so a crash at any point of that sequence loses nothing. See docs/decisions/0017.
import fs from 'node:fs';
import path from 'node:path';
import type { Store, StoreChanges } from './store.js';
import type { Version } from './types.js';

const JOURNAL_FORMAT = 1;
/** The journal is folded into the snapshot once it is larger than the snapshot and at least this large. */
const MIN_COMPACT_BYTES = 8 * 1024 * 1024;

export interface LoadedState {
  /** The snapshot, or undefined when there is none (or it is another Odoo version's, or unreadable). */
  data: (ReturnType<Store['toJSON']> & { gen: number }) | undefined;
  /** The journal's commits to replay over it, oldest first. */
  lines: StoreChanges[];
}

export interface DurableStateOptions {
  /** Fold the journal into the snapshot past this size in bytes (default: the snapshot's size, at least 8 MB). */
  compactAtBytes?: number;
}

interface Waiter {
  seq: number;
  resolve: () => void;
  reject: (e: unknown) => void;
}

/** Identity of a live process: its pid and, on Linux, its start time (a reused pid has another start time). */
function processStart(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime) counted after the command name, which is in parentheses and may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isAlive(pid: number, start: string | undefined): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    // EPERM: alive, owned by another user.
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (start === undefined) return true;
  const now = processStart(pid);
  return now === undefined || now === start;
}

function fsyncDir(dir: string) {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Some file systems refuse to fsync a directory; the rename itself is still atomic.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

export class DurableState {
  readonly file: string;
  readonly journalFile: string;
  readonly lockFile: string;
  private gen = 0;
  private fd: number | undefined;
  private journalBytes = 0;
  private snapshotBytes = 0;
  /** Journal lines taken but not yet written. */
  private pending: string[] = [];
  /** Commits taken so far, and how many of them are on disk. */
  private seq = 0;
  private durableSeq = 0;
  private waiters: Waiter[] = [];
  private running: Promise<void> | undefined;
  /** A write failed: the journal may miss lines, so the next flush rewrites the snapshot instead. */
  private broken = false;
  private compactRequested = false;
  private closed = false;

  private constructor(
    private readonly store: Store,
    file: string,
    private readonly opts: DurableStateOptions,
  ) {
    this.file = path.resolve(file);
    this.journalFile = `${this.file}.journal`;
    this.lockFile = `${this.file}.lock`;
  }

  /**
   * Takes the state files for this process. Undefined when another live process owns them (several app processes on
   * one DATA_DIR): that simulator then keeps nothing, rather than two processes writing the same files.
   */
  static acquire(store: Store, file: string, opts: DurableStateOptions = {}): DurableState | undefined {
    const d = new DurableState(store, file, opts);
    fs.mkdirSync(path.dirname(d.file), { recursive: true });
    return d.lock() ? d : undefined;
  }

  private lock(): boolean {
    const mine = JSON.stringify({ pid: process.pid, start: processStart(process.pid) });
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        fs.writeFileSync(this.lockFile, mine, { flag: 'wx' });
        return true;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      let owner: { pid?: unknown; start?: unknown } = {};
      try {
        owner = JSON.parse(fs.readFileSync(this.lockFile, 'utf8'));
      } catch {
        // unreadable or half-written: treated as stale
      }
      const pid = typeof owner.pid === 'number' ? owner.pid : undefined;
      const start = typeof owner.start === 'string' ? owner.start : undefined;
      if (pid !== undefined && pid !== process.pid && isAlive(pid, start)) return false;
      // The owner died (kill -9, power loss): the lock is stale.
      fs.rmSync(this.lockFile, { force: true });
    }
    return false;
  }

  /** Reads the snapshot and the journal of the same generation (a torn last line, and anything after, cut off). */
  load(version: Version): LoadedState {
    let data: LoadedState['data'];
    try {
      const text = fs.readFileSync(this.file, 'utf8');
      const parsed = JSON.parse(text);
      if (parsed?.version === version && parsed.tables) {
        data = { ...parsed, gen: typeof parsed.gen === 'number' ? parsed.gen : 0 };
        this.snapshotBytes = Buffer.byteLength(text);
      }
    } catch {
      // no snapshot, or an unreadable one: start from the seed
    }
    if (!data) return { data: undefined, lines: [] };
    this.gen = data.gen;
    return { data, lines: this.readJournal() };
  }

  /** Bytes of the journal up to its last valid line (0: no journal for this generation). */
  private validBytes = 0;

  private readJournal(): StoreChanges[] {
    let buf: Buffer;
    try {
      buf = fs.readFileSync(this.journalFile);
    } catch {
      return [];
    }
    const out: StoreChanges[] = [];
    let pos = 0;
    let header = true;
    while (pos < buf.length) {
      const nl = buf.indexOf(10, pos);
      if (nl < 0) break;
      let value: unknown;
      try {
        value = JSON.parse(buf.subarray(pos, nl).toString('utf8'));
      } catch {
        break;
      }
      if (header) {
        const h = value as { odooSimJournal?: unknown; gen?: unknown };
        // Another generation's journal is already folded into the snapshot (or belongs to a snapshot that is gone).
        if (h?.odooSimJournal !== JOURNAL_FORMAT || h.gen !== this.gen) return [];
        header = false;
      } else {
        out.push(value as StoreChanges);
      }
      pos = nl + 1;
    }
    this.validBytes = header ? 0 : pos;
    return out;
  }

  /**
   * Opens the journal for appending. `fresh`: the store was seeded (or loaded from an old file), so a new snapshot
   * is written first. Otherwise the journal is cut after its last valid line.
   */
  open(fresh: boolean) {
    if (fresh) {
      this.gen += 1;
      this.writeSnapshotSync();
      this.restartJournalSync();
    } else {
      const valid = this.validBytes;
      if (valid === 0) this.restartJournalSync();
      else {
        this.fd = fs.openSync(this.journalFile, 'r+');
        fs.ftruncateSync(this.fd, valid);
        fs.fdatasyncSync(this.fd);
        fs.closeSync(this.fd);
        this.fd = fs.openSync(this.journalFile, 'a');
        this.journalBytes = valid;
      }
    }
    this.store.trackChanges();
  }

  private writeSnapshotSync() {
    const json = JSON.stringify({ gen: this.gen, ...this.store.toJSON() });
    const tmp = `${this.file}.tmp`;
    const fd = fs.openSync(tmp, 'w');
    try {
      fs.writeSync(fd, json);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, this.file);
    fsyncDir(path.dirname(this.file));
    this.snapshotBytes = Buffer.byteLength(json);
  }

  private restartJournalSync() {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    const header = `${JSON.stringify({ odooSimJournal: JOURNAL_FORMAT, gen: this.gen })}\n`;
    this.fd = fs.openSync(this.journalFile, 'w');
    fs.writeSync(this.fd, header);
    fs.fdatasyncSync(this.fd);
    fsyncDir(path.dirname(this.file));
    fs.closeSync(this.fd);
    this.fd = fs.openSync(this.journalFile, 'a');
    this.journalBytes = Buffer.byteLength(header);
  }

  /**
   * Takes what changed since the last commit and resolves once it is on disk — and with it every commit before it,
   * so an answer never shows data that a crash could still take back.
   */
  commit(): Promise<void> {
    if (this.closed) return Promise.resolve();
    const ch = this.store.takeChanges();
    if (ch) {
      this.pending.push(`${JSON.stringify(ch)}\n`);
      this.seq++;
    }
    const target = this.seq;
    if (this.durableSeq >= target) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ seq: target, resolve, reject });
      this.kick();
    });
  }

  /** Folds the journal into a new snapshot now (what is in memory, committed or not, goes into it). */
  compact(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.compactRequested = true;
    const p = new Promise<void>((resolve, reject) => this.waiters.push({ seq: this.seq + 1, resolve, reject }));
    this.kick();
    return p;
  }

  private kick() {
    if (this.running) return;
    this.running = this.loop().finally(() => {
      this.running = undefined;
      if (this.pending.length || this.compactRequested) this.kick();
    });
  }

  private async loop() {
    while (this.pending.length || this.compactRequested) {
      let upto = this.seq;
      try {
        const limit = this.opts.compactAtBytes ?? Math.max(MIN_COMPACT_BYTES, this.snapshotBytes);
        if (this.broken || this.compactRequested || this.journalBytes > limit) {
          this.compactRequested = false;
          // The snapshot holds the whole store as it is now: the lines waiting, and changes not yet taken, too.
          this.pending = [];
          const json = JSON.stringify({ gen: this.gen + 1, ...this.store.toJSON() });
          this.store.takeChanges();
          upto = ++this.seq;
          await this.writeSnapshot(json);
        } else {
          const batch = this.pending.splice(0);
          upto = this.seq;
          const data = batch.join('');
          const fd = this.fd!;
          await new Promise<void>((resolve, reject) =>
            fs.write(fd, data, (e) => (e ? reject(e) : fs.fdatasync(fd, (e2) => (e2 ? reject(e2) : resolve())))),
          );
          this.journalBytes += Buffer.byteLength(data);
          if (this.journalBytes > limit) this.compactRequested = true;
        }
        this.durableSeq = Math.max(this.durableSeq, upto);
        this.settle((w) => w.seq <= this.durableSeq);
      } catch (e) {
        // The journal may now miss these lines: the next write rewrites the snapshot instead of appending.
        this.broken = true;
        this.settle((w) => w.seq <= upto, e);
      }
    }
  }

  private settle(which: (w: Waiter) => boolean, error?: unknown) {
    const now = this.waiters.filter(which);
    this.waiters = this.waiters.filter((w) => !which(w));
    for (const w of now) {
      if (error === undefined) w.resolve();
      else w.reject(error);
    }
  }

  /** A new generation: the snapshot written aside and renamed over the old one, then a fresh journal for it. */
  private async writeSnapshot(json: string) {
    const tmp = `${this.file}.tmp`;
    const handle = await fs.promises.open(tmp, 'w');
    try {
      await handle.writeFile(json);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(tmp, this.file);
    fsyncDir(path.dirname(this.file));
    this.gen += 1;
    this.snapshotBytes = Buffer.byteLength(json);
    this.restartJournalSync();
    this.broken = false;
  }

  /** Writes what is left, then lets go of the files. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.commit().catch(() => undefined);
    while (this.running) await this.running;
    this.closed = true;
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
    fs.rmSync(this.lockFile, { force: true });
  }
}
