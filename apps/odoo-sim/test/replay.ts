// Replays recorded Odoo exchanges against the simulator and compares response shapes.
import fs from 'node:fs';
import path from 'node:path';
import type { OdooSim } from '../src/index.js';

export const SAMPLES_DIR = path.join(import.meta.dirname, 'odoo-samples');

export interface Sample {
  file: string; // relative, e.g. 'more/v19/locked_read_state.json'
  version: 18 | 19;
  data: {
    request?: Record<string, unknown>;
    status: number;
    headers?: Record<string, string>;
    response?: unknown;
    body?: string;
    location?: string;
    contentType?: string;
    bodyStart?: string;
  };
}

export function loadSamples(dir: string): Sample[] {
  const abs = path.join(SAMPLES_DIR, dir);
  const version = dir.includes('v19') ? 19 : 18;
  return fs
    .readdirSync(abs)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({
      file: path.posix.join(dir === '.' ? '' : dir, f),
      version,
      data: JSON.parse(fs.readFileSync(path.join(abs, f), 'utf8')),
    }));
}

export function allSampleFiles(): string[] {
  const out: string[] = [];
  for (const d of ['.', 'v19', 'more', 'more/v19'])
    for (const f of fs.readdirSync(path.join(SAMPLES_DIR, d)).filter((x) => x.endsWith('.json')))
      out.push(path.posix.join(d === '.' ? '' : d, f));
  return out;
}

// ------------------------------------------------------------------------------------------------ id mapping

/**
 * Recorded ids of records the capture CREATED are mapped to the ids the simulator returns for the same create
 * (and to the lines of created orders, learned from order reads). Every other id is used as is: the seed holds
 * records at the ids the samples use (customers, products, users 2/6, orders 7 and 42, analytic accounts…).
 */
export class IdMap {
  private readonly maps = new Map<string, Map<number, number>>();
  readonly created = new Map<string, number[]>(); // model → sim ids created in this flow
  readonly strings = new Map<string, string>(); // recorded datetime → simulator datetime

  constructor(private readonly sim: OdooSim) {}

  set(model: string, rec: number, act: number) {
    let m = this.maps.get(model);
    if (!m) {
      m = new Map();
      this.maps.set(model, m);
    }
    if (!m.has(rec)) m.set(rec, act);
  }

  has(model: string, rec: number) {
    return this.maps.get(model)?.has(rec) ?? false;
  }

  id(model: string | undefined, v: unknown): unknown {
    if (!model || typeof v !== 'number') return v;
    const m = this.maps.get(model)?.get(v);
    if (m !== undefined) return m;
    // Lines of an order created by the capture that no read revealed: use the lines of the last created order.
    if (model === 'sale.order.line' && !this.sim.store.get(model, v)) {
      const orders = this.created.get('sale.order') ?? [];
      const last = orders[orders.length - 1];
      if (last !== undefined) {
        const lines = this.sim.store.idsWhere('sale.order.line', 'order_id', last).sort((a, b) => a - b);
        if (lines.length) {
          this.set(model, v, lines[0]!);
          return lines[0];
        }
      }
    }
    return v;
  }

  field(model: string, name: string) {
    return this.sim.store.has(model) ? this.sim.store.model(model).fields[name] : undefined;
  }

  vals(model: string, vals: unknown): unknown {
    if (!vals || typeof vals !== 'object' || Array.isArray(vals)) return vals;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(vals as Record<string, unknown>)) {
      const f = this.field(model, k);
      if (k === 'analytic_distribution' && v && typeof v === 'object') {
        out[k] = Object.fromEntries(
          Object.entries(v).map(([acc, pct]) => [String(this.id('account.analytic.account', Number(acc))), pct]),
        );
      } else if (f?.type === 'many2one') out[k] = this.id(f.relation, v);
      else if ((f?.type === 'one2many' || f?.type === 'many2many') && Array.isArray(v)) {
        const rel = f.relation!;
        out[k] = v.map((cmd) => {
          if (typeof cmd === 'number') return this.id(rel, cmd);
          if (!Array.isArray(cmd)) return cmd;
          const [c, id, x] = cmd as [number, number, unknown];
          if (c === 0) return [0, 0, this.vals(rel, x)];
          if (c === 1) return [1, this.id(rel, id), this.vals(rel, x)];
          if (c === 6) return [6, 0, ((x as number[]) ?? []).map((i) => this.id(rel, i))];
          return [c, this.id(rel, id), x];
        });
      } else out[k] = typeof v === 'string' ? (this.strings.get(v) ?? v) : v;
    }
    return out;
  }

  domain(model: string, domain: unknown): unknown {
    if (!Array.isArray(domain)) return domain;
    return domain.map((leaf) => {
      if (!Array.isArray(leaf) || leaf.length !== 3 || typeof leaf[0] !== 'string') return leaf;
      const [p, op, v] = leaf as [string, string, unknown];
      let cur = model;
      let target: string | undefined;
      const parts = p.split('.');
      parts.forEach((name, i) => {
        if (name === 'id') {
          target = cur;
          return;
        }
        const f = this.field(cur, name);
        if (!f) return;
        if (i === parts.length - 1) target = f.relation;
        else if (f.relation) cur = f.relation;
      });
      if (op === 'any' || op === 'not any') return [p, op, this.domain(target ?? model, v)];
      const mapV = (x: unknown) => (typeof x === 'string' ? (this.strings.get(x) ?? x) : this.id(target, x));
      return [p, op, Array.isArray(v) ? v.map(mapV) : mapV(v)];
    });
  }

  /** Learns ids from a create result and from x2many/record ids of created records in read results. */
  learn(model: string, method: string, recorded: unknown, actual: unknown) {
    if (method === 'create') {
      const r = Array.isArray(recorded) ? recorded : [recorded];
      const a = Array.isArray(actual) ? actual : [actual];
      r.forEach((id, i) => {
        if (typeof id === 'number' && typeof a[i] === 'number') {
          this.set(model, id, a[i] as number);
          const list = this.created.get(model) ?? [];
          list.push(a[i] as number);
          this.created.set(model, list);
        }
      });
      return;
    }
    if (!Array.isArray(recorded) || !Array.isArray(actual)) return;
    recorded.forEach((row, i) => {
      const act = actual[i];
      if (!row || typeof row !== 'object' || !act || typeof act !== 'object') return;
      const rid = (row as Record<string, unknown>).id;
      const aid = (act as Record<string, unknown>).id;
      if (typeof rid !== 'number' || typeof aid !== 'number' || this.maps.get(model)?.get(rid) !== aid) return;
      for (const [k, v] of Object.entries(row as Record<string, unknown>)) {
        const av = (act as Record<string, unknown>)[k];
        const f = this.field(model, k);
        if ((f?.type === 'one2many' || f?.type === 'many2many') && Array.isArray(v) && Array.isArray(av))
          v.forEach((x, j) => {
            if (typeof x === 'number' && typeof av[j] === 'number') this.set(f.relation!, x, av[j] as number);
          });
        if ((k === 'write_date' || k === 'create_date') && typeof v === 'string' && typeof av === 'string')
          this.strings.set(v, av);
      }
    });
  }
}

// ------------------------------------------------------------------------------------------------ requests

export interface Exchange {
  status: number;
  contentType: string;
  location: string | null;
  text: string;
  json: unknown;
}

export async function send(sim: OdooSim, url: string, init: RequestInit): Promise<Exchange> {
  const res = await fetch(`${sim.url}${url}`, { ...init, redirect: 'manual' });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    location: res.headers.get('location'),
    text,
    json,
  };
}

/** model, method of a recorded request. */
export function describe(sample: Sample): { model?: string; method?: string } {
  const req = sample.data.request;
  if (!req) return {};
  const params = req.params as { service?: string; args?: unknown[] } | undefined;
  if (params?.service === 'object' && Array.isArray(params.args))
    return { model: params.args[3] as string, method: params.args[4] as string };
  if (typeof req.path === 'string') {
    const m = /^\/json\/2\/([^/]+)\/([^/]+)/.exec(req.path);
    if (m) return { model: m[1], method: m[2] };
  }
  return {};
}

export function rewriteRequest(sample: Sample, ids: IdMap): Sample['data']['request'] {
  const req = structuredClone(sample.data.request)!;
  const { model, method } = describe(sample);
  if (!model || !method) return req;
  const isRecordMethod = (m: string) =>
    ['read', 'write', 'unlink', 'web_read'].includes(m) ||
    m.startsWith('action_') ||
    m.startsWith('button_') ||
    m.startsWith('_');
  const params = req.params as { args: unknown[] } | undefined;
  if (params) {
    const margs = (params.args[5] as unknown[]) ?? [];
    const kw = (params.args[6] as Record<string, unknown>) ?? {};
    if (isRecordMethod(method) && Array.isArray(margs[0]))
      margs[0] = (margs[0] as unknown[]).map((x) => ids.id(model, x));
    if (method === 'write' && margs[1]) margs[1] = ids.vals(model, margs[1]);
    if (method === 'create' && margs[0])
      margs[0] = Array.isArray(margs[0])
        ? (margs[0] as unknown[]).map((v) => ids.vals(model, v))
        : ids.vals(model, margs[0]);
    if (!isRecordMethod(method) && Array.isArray(margs[0]) && method !== 'create' && method !== 'fields_get')
      margs[0] = ids.domain(model, margs[0]);
    for (const key of ['domain', 'args']) if (kw[key]) kw[key] = ids.domain(model, kw[key]);
    if (kw.vals) kw.vals = ids.vals(model, kw.vals);
    if (Array.isArray(kw.vals_list)) kw.vals_list = (kw.vals_list as unknown[]).map((v) => ids.vals(model, v));
  } else {
    const body = (req.body as Record<string, unknown>) ?? {};
    if (Array.isArray(body.ids)) body.ids = (body.ids as unknown[]).map((x) => ids.id(model, x));
    if (body.vals) body.vals = ids.vals(model, body.vals);
    if (Array.isArray(body.vals_list)) body.vals_list = (body.vals_list as unknown[]).map((v) => ids.vals(model, v));
    for (const key of ['domain', 'args']) if (body[key]) body[key] = ids.domain(model, body[key]);
    req.body = body;
  }
  return req;
}

export async function replay(sim: OdooSim, req: Record<string, unknown>): Promise<Exchange> {
  if (typeof req.path === 'string') {
    const headers = { ...((req.headers as Record<string, string>) ?? {}) };
    return send(sim, req.path, {
      method: (req.method as string) ?? 'POST',
      headers,
      body: req.body === undefined ? '{}' : JSON.stringify(req.body),
    });
  }
  return send(sim, '/jsonrpc', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(req),
  });
}

// ------------------------------------------------------------------------------------------------ shapes

const DATETIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
const DATE = /^\d{4}-\d\d-\d\d$/;
/** Keys whose values are free-form JSON (compared as "object or false"). */
const FREE_KEYS = new Set(['analytic_distribution', 'context', '__context', 'debug']);

export interface ShapeOptions {
  /** top-level arrays may differ in emptiness (data differences documented by the caller) */
  allowEmptyMismatch?: boolean;
  /** result is a fields_get answer: the simulator may expose extra fields */
  fieldsGet?: boolean;
}

export function compareShape(rec: unknown, act: unknown, opts: ShapeOptions = {}): string[] {
  const errors: string[] = [];
  const walk = (r: unknown, a: unknown, path: string, inRecord: boolean) => {
    const key = path.split('.').pop() ?? '';
    if (FREE_KEYS.has(key)) {
      const ok = (x: unknown) => x === false || typeof x === 'string' || (typeof x === 'object' && x !== null);
      if (!ok(a)) errors.push(`${path}: expected object|false, got ${JSON.stringify(a)}`);
      return;
    }
    if (r === false || a === false) {
      if (typeof r === 'boolean' && typeof a === 'boolean') return;
      if (inRecord && r !== true && a !== true) return; // empty value vs a value: data difference
      errors.push(`${path}: ${JSON.stringify(r)} vs ${JSON.stringify(a)?.slice(0, 80)}`);
      return;
    }
    if (r === null || a === null) {
      if (r !== a) errors.push(`${path}: null vs ${JSON.stringify(a)?.slice(0, 80)}`);
      return;
    }
    if (Array.isArray(r)) {
      if (!Array.isArray(a)) {
        errors.push(`${path}: expected array, got ${JSON.stringify(a)?.slice(0, 80)}`);
        return;
      }
      const isPair = (x: unknown[]) => x.length === 2 && typeof x[0] === 'number' && typeof x[1] === 'string';
      if (isPair(r)) {
        if (!isPair(a)) errors.push(`${path}: expected many2one pair, got ${JSON.stringify(a)?.slice(0, 80)}`);
        return;
      }
      if (!r.length || !a.length) {
        if (r.length !== a.length && !inRecord && !opts.allowEmptyMismatch)
          errors.push(`${path}: ${r.length} items recorded vs ${a.length}`);
        return;
      }
      a.forEach((x, i) => {
        walk(r[Math.min(i, r.length - 1)], x, `${path}[${i}]`, inRecord);
      });
      return;
    }
    if (typeof r === 'object') {
      if (typeof a !== 'object' || Array.isArray(a)) {
        errors.push(`${path}: expected object, got ${JSON.stringify(a)?.slice(0, 80)}`);
        return;
      }
      const rk = Object.keys(r as object);
      const ak = Object.keys(a as object);
      const fg = opts.fieldsGet && path === '$';
      const missing = rk.filter((k) => !ak.includes(k));
      const extra = fg ? [] : ak.filter((k) => !rk.includes(k));
      if (missing.length) errors.push(`${path}: missing keys ${missing.join(',')}`);
      if (extra.length) errors.push(`${path}: extra keys ${extra.join(',')}`);
      const isRecord = 'id' in (r as object) || fg || path.endsWith(']');
      for (const k of rk)
        if (k in (a as object))
          walk(
            (r as Record<string, unknown>)[k],
            (a as Record<string, unknown>)[k],
            `${path}.${k}`,
            isRecord || inRecord,
          );
      return;
    }
    if (typeof r !== typeof a) {
      errors.push(`${path}: ${typeof r} vs ${typeof a} (${JSON.stringify(a)?.slice(0, 60)})`);
      return;
    }
    if (typeof r === 'string') {
      if (DATETIME.test(r) && !DATETIME.test(a as string)) errors.push(`${path}: datetime format ${a}`);
      if (DATE.test(r) && !DATE.test(a as string)) errors.push(`${path}: date format ${a}`);
    }
  };
  walk(rec, act, '$', false);
  return errors;
}
