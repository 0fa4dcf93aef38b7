// Public API: startOdooSim() starts an Odoo external-API simulator over an in-memory store with seeded demo data.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Server } from 'node:http';
import { GROUP_PRESETS, type GroupPreset } from './access.js';
import { setCredentials } from './auth.js';
import { type FaultConfig, Faults } from './faults.js';
import { callKw } from './methods.js';
import { createRecords, getRaw, readRecords, searchIds, unlinkRecords, writeRecords } from './orm.js';
import { buildRegistry } from './registry.js';
import { ADMIN_UID, DEMO_API_KEY, DEMO_LOGIN, DEMO_PASSWORD, DEMO_UID, seed } from './seed.js';
import { Store } from './store.js';
import { type CallLogEntry, createServer, listen } from './transport/server.js';
import type { Env, Rec, Version } from './types.js';

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
  /** Persist the store as JSON here after changes (debounced) and load it at start. */
  stateFile?: string;
  /** Debounce for stateFile writes, ms (default 300). */
  persistDelayMs?: number;
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
  /** Write the state file now (no-op without stateFile). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Builds a seeded store without starting a server. */
export function createSimStore(
  opts: Pick<OdooSimOptions, 'version' | 'size' | 'seed' | 'login' | 'password' | 'apiKey'> = {},
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
  let loaded = false;
  if (opts.stateFile && fs.existsSync(opts.stateFile)) {
    try {
      const data = JSON.parse(fs.readFileSync(opts.stateFile, 'utf8'));
      if (data.version === version) {
        store.load(data);
        loaded = true;
      }
    } catch {
      // unreadable state: start from the seed
    }
  }
  if (!loaded) seed(store, { size: opts.size, seed: opts.seed, login, password, apiKey });
  const admin = store.get('res.users', ADMIN_UID);
  if (admin) {
    store.update('res.users', ADMIN_UID, { login });
    setCredentials(store, ADMIN_UID, { password, apiKeys: [apiKey] });
  }
  installBuiltinAccess(store);

  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  const persist = async () => {
    if (!opts.stateFile) return;
    const file = opts.stateFile;
    const json = JSON.stringify(store.toJSON());
    writing = writing.then(async () => {
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.promises.writeFile(tmp, json);
      await fs.promises.rename(tmp, file);
    });
    await writing;
  };
  if (opts.stateFile) {
    store.onChange = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        void persist();
      }, opts.persistDelayMs ?? 300);
    };
    if (!loaded) await persist();
  }

  const faults = new Faults();
  const calls: CallLogEntry[] = [];
  const server: Server = createServer({
    store,
    db,
    faults,
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
    flush: async () => {
      if (timer) {
        clearTimeout(timer);
        timer = undefined;
      }
      await persist();
    },
    close: async () => {
      if (timer) {
        clearTimeout(timer);
        timer = undefined;
        await persist();
      }
      await writing;
      store.onChange = undefined;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
  };
}
