// Generic ORM over the store: raw/related/computed values, Odoo output formatting, order, record rules, read,
// create/write/unlink with x2many commands 0–6, required/selection/many2one checks. Search by domain: domain.ts.
import { companyRule, companyValue, currentCompany, withCompanyValue } from './company.js';
import { missingError, pyRepr, validationError, valueError } from './errors.js';
import type { Env, FieldDef, ModelDef } from './store.js';
import type { Rec } from './types.js';

/** 19 words a create's unknown field "in" (recorded: `Invalid field 'quantity' in 'sale.order.line'`), a read's "on". */
export function invalidField(env: Env, model: string, f: string, op: 'read' | 'create' = 'read') {
  if (env.version === 19) return valueError(`Invalid field '${f}' ${op === 'create' ? 'in' : 'on'} '${model}'`);
  return valueError(`Invalid field '${f}' on model '${model}'`);
}

export function emptyRaw(f: FieldDef): unknown {
  switch (f.type) {
    case 'one2many':
    case 'many2many':
    case 'properties':
      return [];
    case 'integer':
    case 'float':
    case 'monetary':
      return 0;
    default:
      return false;
  }
}

export function getRaw(env: Env, model: string, rec: Rec, fname: string): unknown {
  if (fname === 'id') return rec.id;
  const f = env.store.model(model).fields[fname];
  if (!f) return rec[fname];
  if (f.compute) return f.compute(rec, env);
  if (f.companyDependent) return companyValue(rec[fname], currentCompany(env), emptyRaw(f));
  if (f.related) {
    let cur: Rec | undefined = rec;
    let curModel = model;
    for (let i = 0; i < f.related.length - 1; i++) {
      const hop = f.related[i]!;
      const hf = env.store.model(curModel).fields[hop];
      const id = getRaw(env, curModel, cur, hop);
      if (!id || !hf?.relation) return emptyRaw(f);
      cur = env.store.get(hf.relation, id as number);
      curModel = hf.relation;
      if (!cur) return emptyRaw(f);
    }
    return getRaw(env, curModel, cur, f.related[f.related.length - 1]!);
  }
  if (f.type === 'one2many' && f.inverse && f.relation) return env.store.idsWhere(f.relation, f.inverse, rec.id);
  const v = rec[fname];
  return v === undefined ? emptyRaw(f) : v;
}

export function displayName(env: Env, model: string, rec: Rec): string {
  const m = env.store.model(model);
  if (m.displayName) return m.displayName(rec, env);
  const v = getRaw(env, model, rec, m.recName);
  return typeof v === 'string' ? v : v === false || v === undefined ? `${model},${rec.id}` : String(v);
}

export function m2oPair(env: Env, model: string, id: unknown): [number, string] | false {
  if (typeof id !== 'number') return false;
  const t = env.store.get(model, id);
  return t ? [id, displayName(env, model, t)] : false;
}

export function toOutput(env: Env, f: FieldDef, raw: unknown): unknown {
  switch (f.type) {
    case 'many2one':
      return f.relation ? m2oPair(env, f.relation, raw) : false;
    case 'one2many':
    case 'many2many': {
      const ids = Array.isArray(raw) ? (raw as number[]) : [];
      return f.relation && ids.length > 1 ? sortIds(env, f.relation, ids) : [...ids];
    }
    case 'integer':
    case 'float':
    case 'monetary':
      return typeof raw === 'number' ? raw : 0;
    case 'boolean':
      return Boolean(raw);
    case 'datetime':
      return typeof raw === 'string' && raw ? raw.slice(0, 19) : false;
    case 'properties':
      return Array.isArray(raw) ? raw : [];
    default:
      return raw === undefined || raw === null ? false : raw;
  }
}

// ---------------------------------------------------------------------------------------------------- ordering

type SortKey = { get: (r: Rec) => unknown; desc: boolean };

export function parseOrder(env: Env, model: string, order: string | undefined | false): SortKey[] {
  const m = env.store.model(model);
  const spec = order || m.order;
  const keys: SortKey[] = [];
  for (const part of spec.split(',')) {
    const [fname, dir] = part.trim().split(/\s+/);
    if (!fname) continue;
    const desc = (dir ?? '').toLowerCase() === 'desc';
    if (fname === 'id') {
      keys.push({ get: (r) => r.id, desc });
      continue;
    }
    const f = m.fields[fname];
    if (!f)
      throw valueError(
        `Invalid "order" specified (${spec}). A valid "order" specification is a comma-separated list of valid field names (optionally followed by asc/desc for the direction)`,
      );
    if (f.type === 'many2one' && f.relation) {
      const rel = f.relation;
      const cache = new Map<number, string>();
      keys.push({
        desc,
        get: (r) => {
          const id = getRaw(env, model, r, fname);
          if (typeof id !== 'number') return undefined;
          let s = cache.get(id);
          if (s === undefined) {
            const t = env.store.get(rel, id);
            s = t ? displayName(env, rel, t).toLowerCase() : '';
            cache.set(id, s);
          }
          return s;
        },
      });
    } else if (f.type === 'boolean') {
      keys.push({ desc, get: (r) => (getRaw(env, model, r, fname) ? 1 : 0) });
    } else {
      keys.push({
        desc,
        get: (r) => {
          const v = getRaw(env, model, r, fname);
          if (v === false || v === undefined || v === null) return undefined;
          return typeof v === 'string' ? v.toLowerCase() : v;
        },
      });
    }
  }
  return keys;
}

function compareBy(keys: SortKey[]) {
  return (a: { r: Rec; k: unknown[] }, b: { r: Rec; k: unknown[] }) => {
    for (let i = 0; i < keys.length; i++) {
      const x = a.k[i];
      const y = b.k[i];
      if (x === y) continue;
      const desc = keys[i]!.desc;
      // Postgres: NULLS LAST for ASC, NULLS FIRST for DESC.
      if (x === undefined) return desc ? -1 : 1;
      if (y === undefined) return desc ? 1 : -1;
      const c = (x as number) < (y as number) ? -1 : 1;
      return desc ? -c : c;
    }
    return a.r.id - b.r.id;
  };
}

export function sortRecs(env: Env, model: string, recs: Rec[], order?: string | false, limit?: number): Rec[] {
  const keys = parseOrder(env, model, order);
  const cmp = compareBy(keys);
  const n = recs.length;
  if (limit !== undefined && limit < n / 8) {
    // Partial selection: keep the best `limit` in a sorted buffer.
    const buf: { r: Rec; k: unknown[] }[] = [];
    for (const r of recs) {
      const item = { r, k: keys.map((k) => k.get(r)) };
      if (buf.length === limit && cmp(item, buf[buf.length - 1]!) >= 0) continue;
      let lo = 0;
      let hi = buf.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cmp(buf[mid]!, item) <= 0) lo = mid + 1;
        else hi = mid;
      }
      buf.splice(lo, 0, item);
      if (buf.length > limit) buf.pop();
    }
    return buf.map((x) => x.r);
  }
  return recs
    .map((r) => ({ r, k: keys.map((k) => k.get(r)) }))
    .sort(cmp)
    .map((x) => x.r);
}

export function sortIds(env: Env, model: string, ids: number[]): number[] {
  const recs = ids.map((id) => env.store.get(model, id)).filter((r): r is Rec => !!r);
  return sortRecs(env, model, recs).map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------------- record rules

/**
 * The record rules that apply to `model` for the user, as one predicate (undefined: every record passes): the
 * user's own rules and the multi-company rule (company_id empty or among the activated companies). Searches skip
 * the records it refuses; read, write and unlink of such a record raise AccessError, as Odoo does.
 */
export function recordRule(env: Env, model: string): ((e: Env, r: Rec) => boolean) | undefined {
  const userRule = env.store.access.rule(env.uid, model);
  const companyOk = companyRule(env, model, env.store.model(model).fields);
  if (!companyOk) return userRule;
  return userRule
    ? (e, r) => companyOk(getRaw(e, model, r, 'company_id')) && userRule(e, r)
    : (e, r) => companyOk(getRaw(e, model, r, 'company_id'));
}

// ---------------------------------------------------------------------------------------------------- read

export function checkFieldNames(env: Env, model: string, fields: string[]) {
  const m = env.store.model(model);
  for (const f of fields) if (f !== 'id' && !m.fields[f]) throw invalidField(env, model, f);
}

export function readableFields(env: Env, model: string): string[] {
  const denied = env.store.access.deniedFields(env.uid, model);
  return Object.keys(env.store.model(model).fields).filter((f) => !denied.has(f));
}

export function readRecords(
  env: Env,
  model: string,
  ids: number[],
  fields?: string[] | false | null,
): Record<string, unknown>[] {
  const m = env.store.model(model);
  env.store.access.checkModel(env.uid, model, 'read');
  const names = Array.isArray(fields) && fields.length ? fields.filter((f) => f !== 'id') : readableFields(env, model);
  checkFieldNames(env, model, names);
  env.store.access.checkFields(env.uid, model, names, 'read');
  const rule = recordRule(env, model);
  const seen = new Set<number>();
  const out: Record<string, unknown>[] = [];
  for (const id of ids) {
    if (seen.has(id)) continue;
    seen.add(id);
    const rec = env.store.get(model, id);
    if (!rec) continue;
    if (rule && !rule(env, rec)) env.store.access.ruleError(env.uid, model, 'read');
    const row: Record<string, unknown> = { id };
    for (const f of names) {
      if (f === 'display_name') {
        row[f] = displayName(env, model, rec);
        continue;
      }
      const fd = m.fields[f]!;
      row[f] = toOutput(env, fd, getRaw(env, model, rec, f));
    }
    out.push(row);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------- write

function requiredError(env: Env, m: ModelDef, f: FieldDef) {
  if (env.version === 19)
    return validationError(
      `The operation cannot be completed: Missing required value for the field '${f.string}' (${f.name}).\nModel: '${m.description}' (${m.name})\n- create/update: a mandatory field is not set\n- delete: another model requires the record being deleted, you can archive it instead\n`,
    );
  return validationError(
    `The operation cannot be completed:\n- Create/update: a mandatory field is not set.\n- Delete: another model requires the record being deleted. If possible, archive it instead.\n\nModel: ${m.description} (${m.name})\nField: ${f.string} (${f.name})\n`,
  );
}

function convertScalar(env: Env, model: string, f: FieldDef, value: unknown): unknown {
  if (value === null || value === undefined) return false;
  switch (f.type) {
    case 'many2one': {
      let id = value;
      if (Array.isArray(id)) id = id[0];
      if (id === false || id === 0) return false;
      if (typeof id !== 'number') throw valueError(`Wrong value for ${model}.${f.name}: ${pyRepr(value)}`);
      if (f.relation && !env.store.get(f.relation, id)) throw missingError(f.relation, [id], env.uid);
      return id;
    }
    case 'selection': {
      if (value === false) return false;
      if (f.selection && !f.selection.some(([k]) => k === value))
        throw valueError(`Wrong value for ${model}.${f.name}: ${pyRepr(value)}`);
      return value;
    }
    case 'integer':
      return typeof value === 'number' ? Math.trunc(value) : value === false ? 0 : Number(value) || 0;
    case 'float':
    case 'monetary':
      return typeof value === 'number' ? value : value === false ? 0 : Number(value) || 0;
    case 'boolean':
      return Boolean(value);
    default:
      return value;
  }
}

/** Normalises x2many write values to a command list. */
function toCommands(value: unknown): unknown[][] {
  if (value === false || value === null || value === undefined) return [[5, 0, 0]];
  if (!Array.isArray(value)) return [];
  if (value.every((v) => typeof v === 'number')) return [[6, 0, value]];
  return value.filter(Array.isArray) as unknown[][];
}

function applyM2m(env: Env, f: FieldDef, current: number[], value: unknown): number[] {
  let ids = [...current];
  for (const cmd of toCommands(value)) {
    const [c, id, v] = cmd as [number, number, unknown];
    switch (c) {
      case 0: {
        const [nid] = createRecords(env, f.relation!, [v as Record<string, unknown>]);
        ids.push(nid!);
        break;
      }
      case 1:
        writeRecords(env, f.relation!, [id], v as Record<string, unknown>);
        break;
      case 2:
        unlinkRecords(env, f.relation!, [id]);
        ids = ids.filter((x) => x !== id);
        break;
      case 3:
        ids = ids.filter((x) => x !== id);
        break;
      case 4:
        if (!env.store.get(f.relation!, id)) throw missingError(f.relation!, [id], env.uid);
        if (!ids.includes(id)) ids.push(id);
        break;
      case 5:
        ids = [];
        break;
      case 6:
        ids = [...new Set((v as number[]) ?? [])];
        break;
    }
  }
  return ids;
}

function applyO2m(env: Env, f: FieldDef, parentId: number, value: unknown) {
  const rel = f.relation!;
  const inv = f.inverse!;
  for (const cmd of toCommands(value)) {
    const [c, id, v] = cmd as [number, number, unknown];
    switch (c) {
      case 0:
        createRecords(env, rel, [{ ...(v as Record<string, unknown>), [inv]: parentId }]);
        break;
      case 1:
        writeRecords(env, rel, [id], v as Record<string, unknown>);
        break;
      case 2:
        unlinkRecords(env, rel, [id]);
        break;
      case 3:
        writeRecords(env, rel, [id], { [inv]: false });
        break;
      case 4:
        writeRecords(env, rel, [id], { [inv]: parentId });
        break;
      case 5:
      case 6: {
        const keep = c === 6 ? new Set((v as number[]) ?? []) : new Set<number>();
        for (const child of env.store.idsWhere(rel, inv, parentId))
          if (!keep.has(child)) unlinkRecords(env, rel, [child]);
        for (const k of keep) writeRecords(env, rel, [k], { [inv]: parentId });
        break;
      }
    }
  }
}

/**
 * Writes `vals` into a raw object (scalars only); returns the x2many values to apply after insert/update.
 * A company-dependent value is set for the env's current company, over the record's other companies' values.
 */
function splitValues(
  env: Env,
  model: string,
  vals: Record<string, unknown>,
  target: Rec | Record<string, unknown>,
  current?: Rec,
) {
  const m = env.store.model(model);
  const later: [FieldDef, unknown][] = [];
  const relatedWrites: [FieldDef, unknown][] = [];
  for (const [k, v] of Object.entries(vals)) {
    if (k === 'id') continue;
    const f = m.fields[k];
    if (!f) throw invalidField(env, model, k);
    if (f.related) {
      relatedWrites.push([f, v]);
      continue;
    }
    if (f.type === 'one2many') {
      if (f.inverse) later.push([f, v]);
      continue;
    }
    if (f.type === 'many2many') {
      later.push([f, v]);
      continue;
    }
    if (f.compute) continue;
    target[k] = f.companyDependent
      ? withCompanyValue(env, current?.[k], currentCompany(env), convertScalar(env, model, f, v))
      : convertScalar(env, model, f, v);
  }
  return { later, relatedWrites };
}

function applyLater(
  env: Env,
  model: string,
  rec: Rec,
  later: [FieldDef, unknown][],
  relatedWrites: [FieldDef, unknown][],
) {
  for (const [f, v] of later) {
    if (f.type === 'one2many') applyO2m(env, f, rec.id, v);
    else env.store.update(model, rec.id, { [f.name]: applyM2m(env, f, (rec[f.name] as number[]) ?? [], v) });
  }
  for (const [f, v] of relatedWrites) {
    const path = f.related!;
    let cur: Rec | undefined = rec;
    let curModel = model;
    for (let i = 0; i < path.length - 1 && cur; i++) {
      const hf: FieldDef | undefined = env.store.model(curModel).fields[path[i]!];
      const id = getRaw(env, curModel, cur, path[i]!);
      if (!hf?.relation || typeof id !== 'number') {
        cur = undefined;
        break;
      }
      curModel = hf.relation;
      cur = env.store.get(curModel, id);
    }
    if (cur) writeRecords(env, curModel, [cur.id], { [path[path.length - 1]!]: v });
  }
}

export function createRecords(env: Env, model: string, valsList: Record<string, unknown>[]): number[] {
  const m = env.store.model(model);
  env.store.access.checkModel(env.uid, model, 'create');
  const ids: number[] = [];
  for (const input of valsList) {
    const vals: Record<string, unknown> = { ...(input ?? {}) };
    for (const k of Object.keys(vals)) if (k !== 'id' && !m.fields[k]) throw invalidField(env, model, k, 'create');
    m.hooks.prepareCreate?.(env, vals);
    for (const f of Object.values(m.fields))
      if (f.default && !(f.name in vals)) {
        const d = f.default(env, vals);
        if (d !== undefined) vals[f.name] = d;
      }
    for (const req of m.mandatory) {
      const v = vals[req];
      if (v === undefined || v === false || v === null || v === '') throw requiredError(env, m, m.fields[req]!);
    }
    const now = env.now();
    const raw: Record<string, unknown> = {};
    const { later, relatedWrites } = splitValues(env, model, vals, raw);
    if (m.fields.create_date) raw.create_date = now;
    if (m.fields.write_date) raw.write_date = now;
    if (m.fields.create_uid) raw.create_uid = env.uid;
    if (m.fields.write_uid) raw.write_uid = env.uid;
    if (m.fields.active && raw.active === undefined) raw.active = true;
    const rec = env.store.insert(model, raw);
    applyLater(env, model, rec, later, relatedWrites);
    m.hooks.afterCreate?.(env, rec, vals);
    ids.push(rec.id);
  }
  return ids;
}

export function existingRecs(env: Env, model: string, ids: number[]): Rec[] {
  const missing: number[] = [];
  const recs: Rec[] = [];
  for (const id of ids) {
    const r = env.store.get(model, id);
    if (r) recs.push(r);
    else missing.push(id);
  }
  if (missing.length) throw missingError(model, missing, env.uid);
  return recs;
}

export function writeRecords(env: Env, model: string, ids: number[], input: Record<string, unknown>): true {
  const m = env.store.model(model);
  env.store.access.checkModel(env.uid, model, 'write');
  const recs = existingRecs(env, model, ids);
  const rule = recordRule(env, model);
  if (rule && recs.some((r) => !rule(env, r))) env.store.access.ruleError(env.uid, model, 'write');
  const vals: Record<string, unknown> = { ...(input ?? {}) };
  for (const k of Object.keys(vals)) if (k !== 'id' && !m.fields[k]) throw invalidField(env, model, k);
  m.hooks.prepareWrite?.(env, recs, vals);
  for (const req of m.mandatory)
    if (req in vals && (vals[req] === false || vals[req] === null || vals[req] === ''))
      throw requiredError(env, m, m.fields[req]!);
  const now = env.now();
  for (const rec of recs) {
    const raw: Record<string, unknown> = {};
    const { later, relatedWrites } = splitValues(env, model, vals, raw, rec);
    if (m.fields.write_date) raw.write_date = now;
    if (m.fields.write_uid) raw.write_uid = env.uid;
    env.store.update(model, rec.id, raw);
    applyLater(env, model, rec, later, relatedWrites);
  }
  m.hooks.afterWrite?.(env, recs, vals);
  return true;
}

export function unlinkRecords(env: Env, model: string, ids: number[]): true {
  const m = env.store.model(model);
  env.store.access.checkModel(env.uid, model, 'unlink');
  const recs = ids.map((id) => env.store.get(model, id)).filter((r): r is Rec => !!r);
  const rule = recordRule(env, model);
  if (rule && recs.some((r) => !rule(env, r))) env.store.access.ruleError(env.uid, model, 'unlink');
  m.hooks.beforeUnlink?.(env, recs);
  for (const rec of recs) {
    for (const fname of m.cascade) {
      const f = m.fields[fname];
      if (f?.relation && f.inverse)
        for (const child of env.store.idsWhere(f.relation, f.inverse, rec.id)) env.store.delete(f.relation, child);
    }
    env.store.delete(model, rec.id);
  }
  m.hooks.afterUnlink?.(env, recs);
  return true;
}
