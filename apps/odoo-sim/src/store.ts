import { AccessControl } from './access.js';
import type { Context, FieldType, Rec, Version } from './types.js';

// The model definitions the store holds and the Env that model code runs in refer to the Store and it to them: they
// are declared here, with it (in types.ts they made an import cycle).

export interface Env {
  store: Store;
  version: Version;
  uid: number;
  context: Context;
  /** Current UTC datetime with microseconds, e.g. '2026-11-21 17:16:32.123456'. */
  now(): string;
}

export interface FieldDef {
  name: string;
  type: FieldType;
  string: string;
  relation?: string;
  /** one2many: the many2one field on the comodel pointing back. */
  inverse?: string;
  required: boolean;
  readonly: boolean;
  store: boolean;
  selection?: [string, string][];
  /** Computed on read (and in domains): returns the raw value. */
  compute?: (rec: Rec, env: Env) => unknown;
  /** One value per company (Odoo's company_dependent): read and written for the env's current company. */
  companyDependent?: boolean;
  /** related field path, e.g. ['product_tmpl_id', 'name']: read follows it, write goes through it. */
  related?: string[];
  default?: (env: Env, vals: Record<string, unknown>) => unknown;
  /** Extra fields_get attributes recorded from a real server. */
  attrs: Record<string, unknown>;
}

export interface ModelHooks {
  /** Fill defaults / onchange-like values before the generic create. May throw. */
  prepareCreate?(env: Env, vals: Record<string, unknown>): void;
  afterCreate?(env: Env, rec: Rec, vals: Record<string, unknown>): void;
  /** Validate and adjust values before the generic write. */
  prepareWrite?(env: Env, recs: Rec[], vals: Record<string, unknown>): void;
  afterWrite?(env: Env, recs: Rec[], vals: Record<string, unknown>): void;
  beforeUnlink?(env: Env, recs: Rec[]): void;
  afterUnlink?(env: Env, recs: Rec[]): void;
}

export type RecordMethod = (env: Env, ids: number[], kwargs: Record<string, unknown>) => unknown;

export interface ModelDef {
  name: string;
  description: string;
  fields: Record<string, FieldDef>;
  order: string;
  recName: string;
  parentField?: string;
  /** Fields create/write must set (ValidationError otherwise). */
  mandatory: string[];
  /** one2many fields whose children are deleted with the parent. */
  cascade: string[];
  displayName?: (rec: Rec, env: Env) => string;
  hooks: ModelHooks;
  /** Public record methods (action_confirm…), called with ids. */
  methods: Record<string, RecordMethod>;
}

/** What changed in a store, as current values: records (null when deleted), next ids and named sequences. */
export interface StoreChanges {
  records: [model: string, id: number, rec: Rec | null][];
  nextIds: Record<string, number>;
  sequences: Record<string, number>;
}

/**
 * In-memory tables of raw records, one per model, with incremental indexes on many2one fields (built on first use)
 * so that one2many reads and `field = id` searches do not scan whole tables.
 */
export class Store {
  readonly version: Version;
  readonly models: Map<string, ModelDef>;
  private readonly tables = new Map<string, Map<number, Rec>>();
  private readonly nextIds = new Map<string, number>();
  private readonly indexes = new Map<string, Map<unknown, Set<number>>>();
  private readonly indexedFields = new Map<string, Set<string>>();
  /** Named counters (sale order numbers, invoice numbers…). */
  sequences: Record<string, number> = {};
  /** Bumped on every change; used by caches. */
  revision = 0;
  /** Records, next ids and sequences changed since the last takeChanges(), when tracking (see trackChanges()). */
  private changes: { records: Map<string, Set<number>>; nextIds: Set<string>; sequences: Set<string> } | undefined;
  readonly access: AccessControl<Env>;
  /** Undo log of the open transaction (see transaction()); undefined outside one. */
  private undo: (() => void)[] | undefined;

  constructor(version: Version, models: Map<string, ModelDef>) {
    this.version = version;
    this.models = models;
    this.access = new AccessControl<Env>(version);
    for (const name of models.keys()) this.tables.set(name, new Map());
  }

  private lastNow = 0;
  /** Upper bound for timestamps (the seed keeps its documents before its anchor date). */
  maxNow: number | undefined;
  /** Frozen clock for tests (ms since epoch), or undefined for real time. */
  fixedNow: number | undefined;
  /** Source of the sub-millisecond part of timestamps (the seed swaps in its PRNG for reproducible data). */
  microSource: () => number = Math.random;

  /** Monotonic UTC timestamp with microseconds: 'YYYY-MM-DD HH:MM:SS.ffffff' (never a whole second, like Postgres). */
  clockNow(): string {
    const base = this.fixedNow ?? Date.now();
    let us =
      (this.maxNow !== undefined ? Math.min(base, this.maxNow) : base) * 1000 + Math.floor(this.microSource() * 1000);
    if (us <= this.lastNow) us = this.lastNow + 1;
    if (us % 1_000_000 === 0) us += 1;
    this.lastNow = us;
    const d = new Date(Math.floor(us / 1000));
    const micro = String(us % 1_000_000).padStart(6, '0');
    return `${d.toISOString().slice(0, 19).replace('T', ' ')}.${micro}`;
  }

  /** Forget the monotonic floor (after seeding historical data). */
  resetClock() {
    this.lastNow = 0;
  }

  has(model: string): boolean {
    return this.models.has(model);
  }

  model(name: string): ModelDef {
    const m = this.models.get(name);
    if (!m) throw new Error(`unknown model ${name}`);
    return m;
  }

  table(model: string): Map<number, Rec> {
    let t = this.tables.get(model);
    if (!t) {
      t = new Map();
      this.tables.set(model, t);
    }
    return t;
  }

  get(model: string, id: number): Rec | undefined {
    return this.tables.get(model)?.get(id);
  }

  all(model: string): Rec[] {
    return [...this.table(model).values()];
  }

  count(model: string): number {
    return this.table(model).size;
  }

  nextSeq(name: string): number {
    this.sequences[name] = (this.sequences[name] ?? 0) + 1;
    this.changes?.sequences.add(name);
    return this.sequences[name];
  }

  peekNextId(model: string): number {
    return this.nextIds.get(model) ?? 1;
  }

  /** Low-level insert of raw values (no defaults, no checks). */
  insert(model: string, vals: Record<string, unknown>): Rec {
    const t = this.table(model);
    let id = typeof vals.id === 'number' ? vals.id : (this.nextIds.get(model) ?? 1);
    while (t.has(id)) id++;
    const rec: Rec = { ...vals, id };
    t.set(id, rec);
    this.undo?.push(() => this.delete(model, id));
    this.nextIds.set(model, Math.max(this.nextIds.get(model) ?? 1, id + 1));
    this.changes?.nextIds.add(model);
    const idx = this.indexedFields.get(model);
    if (idx) for (const f of idx) this.indexAdd(model, f, rec[f], id);
    this.touch(model, id);
    return rec;
  }

  /** Low-level update of raw values. */
  update(model: string, id: number, vals: Record<string, unknown>): void {
    const rec = this.get(model, id);
    if (!rec) return;
    const idx = this.indexedFields.get(model);
    if (this.undo) {
      const prev: Record<string, unknown> = {};
      const absent: string[] = [];
      for (const k of Object.keys(vals)) {
        if (k === 'id') continue;
        if (k in rec) prev[k] = rec[k];
        else absent.push(k);
      }
      this.undo.push(() => {
        this.update(model, id, { ...prev, ...Object.fromEntries(absent.map((k) => [k, undefined])) });
        for (const k of absent) delete rec[k];
      });
    }
    for (const [k, v] of Object.entries(vals)) {
      if (k === 'id') continue;
      if (idx?.has(k) && rec[k] !== v) {
        this.indexRemove(model, k, rec[k], id);
        this.indexAdd(model, k, v, id);
      }
      rec[k] = v;
    }
    this.touch(model, id);
  }

  delete(model: string, id: number): void {
    const rec = this.get(model, id);
    if (!rec) return;
    const idx = this.indexedFields.get(model);
    if (idx) for (const f of idx) this.indexRemove(model, f, rec[f], id);
    this.table(model).delete(id);
    this.undo?.push(() => {
      this.table(model).set(id, rec);
      if (idx) for (const f of idx) this.indexAdd(model, f, rec[f], id);
      this.touch(model, id);
    });
    this.touch(model, id);
  }

  /**
   * Runs `fn` as one database transaction, as Odoo does for every RPC: when it throws, every insert, update and
   * delete it made is undone (ids and named sequences stay consumed, like PostgreSQL sequences). Nested calls join
   * the outer transaction.
   */
  transaction<T>(fn: () => T): T {
    if (this.undo) return fn();
    const log: (() => void)[] = [];
    this.undo = log;
    try {
      return fn();
    } catch (e) {
      this.undo = undefined;
      for (let i = log.length - 1; i >= 0; i--) log[i]!();
      throw e;
    } finally {
      this.undo = undefined;
    }
  }

  /** Ids of `model` records whose many2one `field` equals `value` (indexed). */
  idsWhere(model: string, field: string, value: unknown): number[] {
    const key = `${model}.${field}`;
    let index = this.indexes.get(key);
    if (!index) {
      index = new Map();
      this.indexes.set(key, index);
      let set = this.indexedFields.get(model);
      if (!set) {
        set = new Set();
        this.indexedFields.set(model, set);
      }
      set.add(field);
      for (const rec of this.table(model).values()) this.indexAdd(model, field, rec[field], rec.id);
    }
    const s = index.get(value === undefined ? false : value);
    return s ? [...s] : [];
  }

  private indexAdd(model: string, field: string, value: unknown, id: number) {
    const index = this.indexes.get(`${model}.${field}`)!;
    const key = value === undefined ? false : value;
    let s = index.get(key);
    if (!s) {
      s = new Set();
      index.set(key, s);
    }
    s.add(id);
  }

  private indexRemove(model: string, field: string, value: unknown, id: number) {
    this.indexes
      .get(`${model}.${field}`)
      ?.get(value === undefined ? false : value)
      ?.delete(id);
  }

  private touch(model: string, id: number) {
    this.revision++;
    const c = this.changes;
    if (!c) return;
    let ids = c.records.get(model);
    if (!ids) {
      ids = new Set();
      c.records.set(model, ids);
    }
    ids.add(id);
  }

  /** From now on, remember which records, next ids and sequences change (for a journal of committed writes). */
  trackChanges() {
    this.changes ??= { records: new Map(), nextIds: new Set(), sequences: new Set() };
  }

  /**
   * The changes since the last call, as their current values (a record deleted is null), and forgets them; undefined
   * when nothing changed. Taken between calls, never inside a transaction: each RPC runs synchronously to its end.
   */
  takeChanges(): StoreChanges | undefined {
    const c = this.changes;
    if (!c || (c.records.size === 0 && c.nextIds.size === 0 && c.sequences.size === 0)) return undefined;
    const records: [string, number, Rec | null][] = [];
    for (const [model, ids] of c.records) {
      const t = this.tables.get(model);
      for (const id of ids) records.push([model, id, t?.get(id) ?? null]);
    }
    const nextIds: Record<string, number> = {};
    for (const m of c.nextIds) nextIds[m] = this.nextIds.get(m) ?? 1;
    const sequences: Record<string, number> = {};
    for (const n of c.sequences) sequences[n] = this.sequences[n] ?? 0;
    this.changes = { records: new Map(), nextIds: new Set(), sequences: new Set() };
    return { records, nextIds, sequences };
  }

  /** Replays changes taken by takeChanges() (right after load(), before any search built an index). */
  applyChanges(ch: StoreChanges) {
    for (const [model, id, rec] of ch.records) {
      if (rec) this.table(model).set(id, rec);
      else this.table(model).delete(id);
    }
    for (const [m, n] of Object.entries(ch.nextIds)) this.nextIds.set(m, Math.max(this.nextIds.get(m) ?? 1, n));
    Object.assign(this.sequences, ch.sequences);
    this.indexes.clear();
    this.indexedFields.clear();
    this.revision++;
  }

  toJSON(): {
    version: Version;
    tables: Record<string, Rec[]>;
    nextIds: Record<string, number>;
    sequences: Record<string, number>;
  } {
    const tables: Record<string, Rec[]> = {};
    for (const [m, t] of this.tables) tables[m] = [...t.values()];
    return { version: this.version, tables, nextIds: Object.fromEntries(this.nextIds), sequences: this.sequences };
  }

  load(data: { tables: Record<string, Rec[]>; nextIds: Record<string, number>; sequences: Record<string, number> }) {
    this.tables.clear();
    this.indexes.clear();
    this.indexedFields.clear();
    for (const name of this.models.keys()) this.tables.set(name, new Map());
    for (const [m, rows] of Object.entries(data.tables)) {
      const t = this.table(m);
      for (const r of rows) t.set(r.id, r);
    }
    this.nextIds.clear();
    for (const [m, n] of Object.entries(data.nextIds)) this.nextIds.set(m, n);
    this.sequences = { ...data.sequences };
    this.revision++;
  }
}
