// Public API: startOdooSim() starts an Odoo external-API simulator over an in-memory store with seeded demo data.
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { GROUP_PRESETS, type GroupPreset } from './access.js';
import { setCredentials } from './auth.js';
import { searchIds } from './domain.js';
import { type FaultConfig, Faults } from './faults.js';
import { callKw } from './methods.js';
import { createRecords, getRaw, readRecords, unlinkRecords, writeRecords } from './orm.js';
import { DurableState } from './persistence.js';
import { buildRegistry } from './registry.js';
import { ADMIN_UID, DEMO_API_KEY, DEMO_LOGIN, DEMO_PASSWORD, DEMO_UID, seed } from './seed.js';
import { type Env, Store } from './store.js';
import { type CallLogEntry, createServer, listen } from './transport/server.js';
import type { Rec, Version } from './types.js';

export type { GroupPreset } from './access.js';
export { OdooError } from './errors.js';
export type { FaultConfig } from './faults.js';
export { ADMIN_UID, DEMO_API_KEY, DEMO_LOGIN, DEMO_PASSWORD, DEMO_UID } from './seed.js';
export { Store } from './store.js';
export type { Rec, Version } from './types.js';

export interface OdooSimOptions {
  /** 0 = random free port. Default 0. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Major version to behave as. Default 19 (JSON-2 and JSON-RPC); 18 answers /json/2 with the login redirect. */
  version?: Version;
  size?: 'demo' | 'bench';
  seed?: number;
  /** Default 'demo'. */
  db?: string;
  /** Admin login, default 'admin'. */
  login?: string;
  /** Admin password, default 'admin'. */
  password?: string;
  /** Admin API key; random when omitted. */
  apiKey?: string;
  /**
   * Keep the store here and load it at start: a snapshot plus `<stateFile>.journal`, a journal of committed writes
   * on disk before they are answered (so an acknowledged write survives a kill -9). Several processes may not share
   * it: a second one finds it taken (`<stateFile>.lock`) and keeps nothing (`stateFile` of the answer is undefined).
   */
  stateFile?: string;
  /** Fold the journal into the snapshot past this many bytes (default: the snapshot's size, at least 8 MB). */
  compactAtBytes?: number;
  /**
   * The demo company's (company 1) currency: 'USD' (default, "$" before the amount) or 'EUR' ("€" after), for tests
   * of a company in another currency. Only for a fresh seed (a loaded state keeps its own).
   */
  currency?: 'USD' | 'EUR';
}

/** Test helpers over the store, acting as a given user (admin by default). */
export interface SimData {
  env(uid?: number, context?: Record<string, unknown>): Env;
  search(model: string, domain?: unknown[], opts?: { limit?: number; order?: string; activeTest?: boolean }): number[];
  read(model: string, ids: number[], fields?: string[]): Record<string, unknown>[];
  create(model: string, vals: Record<string, unknown>): number;
  write(model: string, ids: number[], vals: Record<string, unknown>): void;
  unlink(model: string, ids: number[]): void;
  get(model: string, id: number): Rec | undefined;
  value(model: string, id: number, field: string): unknown;
  /** Calls a public method like execute_kw would (as admin unless uid given). */
  call(model: string, method: string, args?: unknown[], kwargs?: Record<string, unknown>, uid?: number): unknown;
}

export interface SimAccess {
  /** Integration user lacks a group (see GROUP_PRESETS: accounting_readonly, analytic, stock). */
  removeGroup(preset: GroupPreset, uid?: number): void;
  /** ACL-level denial of a model. */
  denyModel(model: string, ops?: ('read' | 'write' | 'create' | 'unlink')[], group?: string, uid?: number): void;
  /** Field-level denial (read of these fields raises AccessError). */
  restrictFields(model: string, fields: string[], group: string, uid?: number): void;
  /** Back to the seeded rights. */
  reset(): void;
}

export interface OdooSim {
  url: string;
  db: string;
  login: string;
  apiKey: string;
  password: string;
  version: Version;
  uid: number;
  /** The restricted demo user (login demo/demo, API key DEMO_API_KEY). */
  demoUser: { uid: number; login: string; password: string; apiKey: string };
  store: Store;
  data: SimData;
  access: SimAccess;
  faults: { set(cfg: FaultConfig): void; reset(): void };
  /** Last calls (bounded), newest last. */
  calls: CallLogEntry[];
  /** Where the state is kept, or undefined when it is not (no stateFile, or another process holds it). */
  stateFile: string | undefined;
  /** Why the state given as stateFile is not kept (another process holds it), else undefined. */
  stateNote: string | undefined;
  /** Everything now in memory (data.* changes included) to disk, as a new snapshot (no-op without stateFile). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Builds a seeded store without starting a server. */
export function createSimStore(
  opts: Pick<OdooSimOptions, 'version' | 'size' | 'seed' | 'login' | 'password' | 'apiKey' | 'currency'> = {},
) {
  const version = opts.version ?? 19;
  const store = new Store(version, buildRegistry(version));
  const result = seed(store, opts);
  installBuiltinAccess(store);
  return { store, seedResult: result };
}

function installBuiltinAccess(store: Store) {
  const acl = store.access;
  const modelLabel = (m: string) => (store.has(m) ? store.model(m).description : m);
  acl.bindLabels((uid) => {
    const u = store.get('res.users', uid);
    const p = u && store.get('res.partner', u.partner_id as number);
    return String(p?.name ?? `User ${uid}`);
  }, modelLabel);
  acl.addBuiltin(() => {
    acl.denyModel(DEMO_UID, 'ir.config_parameter', ['read', 'write', 'create', 'unlink'], 'Administration/Settings');
    acl.denyModel(
      DEMO_UID,
      'res.company',
      ['write', 'create', 'unlink'],
      store.version === 19 ? 'Access Rights' : 'Administration/Access Rights',
    );
    acl.addRule(DEMO_UID, 'sale.order', (_env, rec) => rec.user_id === DEMO_UID || !rec.user_id);
    acl.addRule(DEMO_UID, 'sale.order.line', (_env, rec) => {
      const o = store.get('sale.order', rec.order_id as number);
      return !o || o.user_id === DEMO_UID || !o.user_id;
    });
  });
}

export async function startOdooSim(opts: OdooSimOptions = {}): Promise<OdooSim> {
  const version = opts.version ?? 19;
  const db = opts.db ?? 'demo';
  const login = opts.login ?? 'admin';
  const password = opts.password ?? 'admin';
  const apiKey = opts.apiKey ?? randomBytes(20).toString('hex');
  const store = new Store(version, buildRegistry(version));
  const durable = opts.stateFile
    ? DurableState.acquire(store, opts.stateFile, { compactAtBytes: opts.compactAtBytes })
    : undefined;
  let loaded = false;
  if (durable) {
    const { data, lines } = durable.load(version);
    if (data) {
      store.load(data);
      for (const line of lines) store.applyChanges(line);
      loaded = true;
    }
  }
  if (!loaded)
    seed(store, {
      size: opts.size,
      seed: opts.seed,
      login,
      password,
      apiKey,
      ...(opts.currency ? { currency: opts.currency } : {}),
    });
  const admin = store.get('res.users', ADMIN_UID);
  if (admin) {
    store.update('res.users', ADMIN_UID, { login });
    setCredentials(store, ADMIN_UID, { password, apiKeys: [apiKey] });
  }
  installBuiltinAccess(store);
  // A fresh seed is written as the snapshot; a loaded state goes on with its journal.
  durable?.open(!loaded);

  const faults = new Faults();
  const calls: CallLogEntry[] = [];
  const server: Server = createServer({
    store,
    db,
    faults,
    // Every answer waits until the writes it follows are on disk.
    ...(durable ? { commit: () => durable.commit() } : {}),
    onCall: (e) => {
      calls.push(e);
      if (calls.length > 500) calls.splice(0, calls.length - 500);
    },
  });
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const host = opts.host ?? '127.0.0.1';
  const addr = await listen(server, opts.port ?? 0, host);
  const urlHost = host.includes(':') ? `[${host}]` : host;

  const env = (uid = ADMIN_UID, context: Record<string, unknown> = {}): Env => {
    let now: string | undefined;
    return {
      store,
      version,
      uid,
      context,
      now: () => {
        if (now === undefined) now = store.clockNow();
        return now;
      },
    };
  };
  const data: SimData = {
    env,
    search: (model, domain = [], o = {}) => searchIds(env(), model, domain, o),
    read: (model, ids, fields) => readRecords(env(), model, ids, fields),
    create: (model, vals) => createRecords(env(), model, [vals])[0]!,
    write: (model, ids, vals) => void writeRecords(env(), model, ids, vals),
    unlink: (model, ids) => void unlinkRecords(env(), model, ids),
    get: (model, id) => store.get(model, id),
    value: (model, id, field) => {
      const r = store.get(model, id);
      return r ? getRaw(env(), model, r, field) : undefined;
    },
    call: (model, method, args = [], kwargs = {}, uid = ADMIN_UID) =>
      callKw({ store, uid, transport: 'jsonrpc' }, model, method, args, kwargs),
  };
  const access: SimAccess = {
    removeGroup: (preset, uid = ADMIN_UID) => store.access.removeGroup(uid, preset),
    denyModel: (model, ops, group, uid = ADMIN_UID) => store.access.denyModel(uid, model, ops, group),
    restrictFields: (model, fields, group, uid = ADMIN_UID) => store.access.restrictFields(uid, model, fields, group),
    reset: () => store.access.reset(),
  };
  void GROUP_PRESETS;

  return {
    url: `http://${urlHost}:${addr.port}`,
    db,
    login,
    apiKey,
    password,
    version,
    uid: ADMIN_UID,
    demoUser: { uid: DEMO_UID, login: DEMO_LOGIN, password: DEMO_PASSWORD, apiKey: DEMO_API_KEY },
    store,
    data,
    access,
    faults: { set: (c) => faults.set(c), reset: () => faults.reset() },
    calls,
    stateFile: durable?.file,
    stateNote:
      opts.stateFile && !durable
        ? `${opts.stateFile} is kept by another process: this simulator keeps nothing`
        : undefined,
    flush: async () => {
      await durable?.compact();
    },
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
      // Calls already run are in memory: written before the files are let go.
      await durable?.close();
    },
  };
}
