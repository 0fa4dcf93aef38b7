// read_group (18 and deprecated 19), formatted_read_group and web_read_group (19).
import { searchRecs } from './domain.js';
import { valueError } from './errors.js';
import { getRaw, invalidField, m2oPair, sortIds } from './orm.js';
import type { Env, FieldDef } from './store.js';
import type { Rec } from './types.js';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

interface GroupSpec {
  spec: string;
  field: FieldDef;
  gran?: string;
}

function parseGroupby(env: Env, model: string, spec: string): GroupSpec {
  const [fname, gran] = spec.split(':');
  const f = env.store.model(model).fields[fname!];
  if (!f) throw invalidField(env, model, fname!);
  const isDate = f.type === 'date' || f.type === 'datetime';
  return { spec, field: f, gran: isDate ? (gran ?? 'month') : undefined };
}

function isoWeek(d: Date): [number, number] {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const day = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - day);
  const yearStart = new Date(Date.UTC(t.getUTCFullYear(), 0, 1));
  return [Math.ceil(((t.getTime() - yearStart.getTime()) / 86400000 + 1) / 7), t.getUTCFullYear()];
}

/** Start, end (exclusive) and label of the date bucket holding `v`. */
function dateBucket(v: string, gran: string): { start: string; end: string; label: string } {
  const d = new Date(`${v.slice(0, 10)}T00:00:00Z`);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const iso = (x: Date) => x.toISOString().slice(0, 10);
  switch (gran) {
    case 'day':
      return {
        start: iso(d),
        end: iso(new Date(d.getTime() + 86400e3)),
        label: `${String(d.getUTCDate()).padStart(2, '0')} ${MONTHS[m]!.slice(0, 3)} ${y}`,
      };
    case 'week': {
      const dow = (d.getUTCDay() + 6) % 7;
      const s = new Date(d.getTime() - dow * 86400e3);
      const [w, wy] = isoWeek(d);
      return { start: iso(s), end: iso(new Date(s.getTime() + 7 * 86400e3)), label: `W${w} ${wy}` };
    }
    case 'quarter': {
      const q = Math.floor(m / 3);
      return {
        start: iso(new Date(Date.UTC(y, q * 3, 1))),
        end: iso(new Date(Date.UTC(y, q * 3 + 3, 1))),
        label: `Q${q + 1} ${y}`,
      };
    }
    case 'year':
      return { start: `${y}-01-01`, end: `${y + 1}-01-01`, label: String(y) };
    default:
      return {
        start: iso(new Date(Date.UTC(y, m, 1))),
        end: iso(new Date(Date.UTC(y, m + 1, 1))),
        label: `${MONTHS[m]} ${y}`,
      };
  }
}

interface Bucket {
  key: unknown[];
  recs: Rec[];
}

/** A stored plain field is read straight from the record (most group-bys); the others through getRaw. */
const isPlain = (f: FieldDef) =>
  !f.compute && !f.related && !f.companyDependent && f.type !== 'one2many' && f.type !== 'many2many' && f.name !== 'id';

function keyOf(env: Env, model: string, rec: Rec, g: GroupSpec): unknown {
  const raw =
    isPlain(g.field) && rec[g.field.name] !== undefined ? rec[g.field.name] : getRaw(env, model, rec, g.field.name);
  if (g.gran) return typeof raw === 'string' && raw ? dateBucket(raw, g.gran).start : false;
  if (g.field.type === 'many2many' || g.field.type === 'one2many')
    return Array.isArray(raw) && raw.length ? raw[0] : false;
  if (raw === undefined || raw === null || raw === '') return false;
  return raw;
}

function bucketize(env: Env, model: string, recs: Rec[], groups: GroupSpec[]): Bucket[] {
  const map = new Map<string, Bucket>();
  for (const r of recs) {
    const key = groups.map((g) => keyOf(env, model, r, g));
    // group values are ids, false, numbers, strings or dates: typed text keys them without JSON
    let k = '';
    for (const v of key)
      k += `${typeof v}\u0001${v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v)}\u0002`;
    let b = map.get(k);
    if (!b) {
      b = { key, recs: [] };
      map.set(k, b);
    }
    b.recs.push(r);
  }
  return [...map.values()];
}

function sortBuckets(env: Env, buckets: Bucket[], groups: GroupSpec[], order?: string | false) {
  const ranks = groups.map((g, i) => {
    if (g.field.type === 'many2one' && g.field.relation) {
      const ids = [...new Set(buckets.map((b) => b.key[i]).filter((x): x is number => typeof x === 'number'))];
      const sorted = sortIds(env, g.field.relation, ids);
      return new Map<unknown, number>(sorted.map((id, n) => [id, n]));
    }
    return undefined;
  });
  const desc = new Map<string, boolean>();
  if (order)
    for (const part of order.split(',')) {
      const [f, d] = part.trim().split(/\s+/);
      if (f) desc.set(f, (d ?? '').toLowerCase() === 'desc');
    }
  buckets.sort((a, b) => {
    for (let i = 0; i < groups.length; i++) {
      const x = a.key[i];
      const y = b.key[i];
      if (x === y) continue;
      const d = desc.get(groups[i]!.spec) ?? desc.get(groups[i]!.field.name) ?? false;
      if (x === false) return 1;
      if (y === false) return -1;
      const rank = ranks[i];
      const c = rank ? (rank.get(x)! < rank.get(y)! ? -1 : 1) : (x as number) < (y as number) ? -1 : 1;
      return d ? -c : c;
    }
    return 0;
  });
}

function groupValue(env: Env, g: GroupSpec, key: unknown, version19Format: boolean): unknown {
  if (key === false) return false;
  if (g.gran) {
    const b = dateBucket(String(key), g.gran);
    return version19Format ? [b.start, b.label] : b.label;
  }
  if (g.field.relation && typeof key === 'number') return m2oPair(env, g.field.relation, key);
  return key;
}

function groupLeaves(g: GroupSpec, key: unknown): unknown[] {
  if (g.gran && key !== false) {
    const b = dateBucket(String(key), g.gran);
    return ['&', [g.field.name, '>=', b.start], [g.field.name, '<', b.end]];
  }
  return [[g.field.name, '=', key]];
}

/** Prefix-normalises a domain (explicit '&' for implicit conjunctions). */
export function normalizeDomain(domain: unknown[]): unknown[] {
  if (!domain.length) return [];
  const out: unknown[] = [];
  let expected = 1;
  for (const item of domain) {
    if (expected === 0) {
      out.unshift('&');
      expected = 1;
    }
    if (item === '&' || item === '|') expected += 1;
    else if (item !== '!') expected -= 1;
    out.push(item);
  }
  return out;
}

export function andDomains(domains: unknown[][]): unknown[] {
  const parts = domains.map(normalizeDomain).filter((d) => d.length);
  if (!parts.length) return [];
  const out: unknown[] = [];
  for (let i = 1; i < parts.length; i++) out.push('&');
  for (const p of parts) out.push(...p);
  return out;
}

function aggregate(env: Env, model: string, recs: Rec[], field: string, fn: string): unknown {
  const vals = recs.map((r) => getRaw(env, model, r, field));
  const type = env.store.model(model).fields[field]?.type;
  if ((type === 'date' || type === 'datetime') && (fn === 'min' || fn === 'max')) {
    // Odoo answers the date itself ('YYYY-MM-DD' / 'YYYY-MM-DD HH:MM:SS'), false for a group without one.
    const dates = vals.filter((v): v is string => typeof v === 'string' && v !== '').sort();
    if (!dates.length) return false;
    return fn === 'min' ? dates[0] : dates[dates.length - 1];
  }
  const nums = vals.map((v) => (typeof v === 'number' ? v : 0));
  const round = (x: number) => Math.round(x * 1e6) / 1e6;
  switch (fn) {
    case 'sum':
      return round(nums.reduce((a, b) => a + b, 0));
    case 'avg':
      return nums.length ? round(nums.reduce((a, b) => a + b, 0) / nums.length) : 0;
    case 'min':
      return nums.length ? nums.reduce((a, b) => (b < a ? b : a)) : false;
    case 'max':
      return nums.length ? nums.reduce((a, b) => (b > a ? b : a)) : false;
    case 'count':
      return vals.filter((v) => v !== false && v !== undefined).length;
    case 'count_distinct':
      return new Set(vals.filter((v) => v !== false && v !== undefined)).size;
    case 'bool_and':
      return vals.every(Boolean);
    case 'bool_or':
      return vals.some(Boolean);
    case 'array_agg':
      return vals;
    default:
      throw valueError(`Invalid aggregation function ${JSON.stringify(fn)}.`);
  }
}

const NUMERIC = new Set(['integer', 'float', 'monetary']);

export function readGroup(
  env: Env,
  model: string,
  p: {
    domain: unknown;
    fields: unknown;
    groupby: unknown;
    offset?: unknown;
    limit?: unknown;
    orderby?: unknown;
    lazy?: unknown;
  },
): Record<string, unknown>[] {
  const m = env.store.model(model);
  const domain = (Array.isArray(p.domain) ? p.domain : []) as unknown[];
  let groupbyList = (Array.isArray(p.groupby) ? p.groupby : p.groupby ? [p.groupby] : []) as string[];
  const lazy = p.lazy !== false;
  const rest = lazy ? groupbyList.slice(1) : [];
  if (lazy) groupbyList = groupbyList.slice(0, 1);
  const groups = groupbyList.map((g) => parseGroupby(env, model, g));
  const aggs: { name: string; field: string; fn: string }[] = [];
  for (const spec of (Array.isArray(p.fields) ? p.fields : []) as string[]) {
    const mm = /^(\w+)(?::(\w+)(?:\((\w+)\))?)?$/.exec(spec);
    if (!mm) continue;
    const [, name, fn, inner] = mm;
    const field = inner ?? name!;
    if (!m.fields[field] && field !== 'id') throw invalidField(env, model, field);
    if (groupbyList.some((g) => g.split(':')[0] === field)) continue;
    const fd = m.fields[field];
    if (fn) aggs.push({ name: name!, field, fn });
    else if (fd && NUMERIC.has(fd.type) && field !== 'id' && field !== 'sequence')
      aggs.push({ name: name!, field, fn: 'sum' });
  }
  const recs = searchRecs(env, model, domain, { unordered: true });
  const buckets = bucketize(env, model, recs, groups);
  sortBuckets(env, buckets, groups, (p.orderby as string) || undefined);
  const offset = (p.offset as number) || 0;
  const limit = (p.limit as number) || undefined;
  const page = buckets.slice(offset, limit ? offset + limit : undefined);
  return page.map((b) => {
    const row: Record<string, unknown> = {};
    groups.forEach((g, i) => {
      row[g.spec] = groupValue(env, g, b.key[i], false);
    });
    if (lazy && groups.length) row[`${groups[0]!.field.name}_count`] = b.recs.length;
    else row.__count = b.recs.length;
    for (const a of aggs) row[a.name] = aggregate(env, model, b.recs, a.field, a.fn);
    const leaves = groups.map((g, i) => normalizeDomain(groupLeaves(g, b.key[i])));
    row.__domain = andDomains([domain, ...leaves]);
    if (lazy && rest.length) row.__context = { group_by: rest };
    return row;
  });
}

export function formattedReadGroup(
  env: Env,
  model: string,
  p: {
    domain: unknown;
    groupby: unknown;
    aggregates: unknown;
    having?: unknown;
    offset?: unknown;
    limit?: unknown;
    order?: unknown;
  },
): Record<string, unknown>[] {
  const m = env.store.model(model);
  const groups = ((Array.isArray(p.groupby) ? p.groupby : []) as string[]).map((g) => parseGroupby(env, model, g));
  const aggs: { key: string; field?: string; fn?: string }[] = [];
  for (const spec of (Array.isArray(p.aggregates) ? p.aggregates : []) as string[]) {
    if (spec === '__count') {
      aggs.push({ key: spec });
      continue;
    }
    const [field, fn] = spec.split(':');
    if (!fn) throw valueError(`Aggregate method is mandatory for '${field}'`);
    if (!m.fields[field!] && field !== 'id') throw invalidField(env, model, field!);
    aggs.push({ key: spec, field: field!, fn });
  }
  const recs = searchRecs(env, model, p.domain ?? [], { unordered: true });
  const buckets = groups.length ? bucketize(env, model, recs, groups) : [{ key: [], recs }];
  sortBuckets(env, buckets, groups, (p.order as string) || undefined);
  const offset = (p.offset as number) || 0;
  const limit = (p.limit as number) || undefined;
  return buckets.slice(offset, limit ? offset + limit : undefined).map((b) => {
    const row: Record<string, unknown> = {};
    groups.forEach((g, i) => {
      row[g.spec] = groupValue(env, g, b.key[i], true);
    });
    const leaves = groups.map((g, i) => groupLeaves(g, b.key[i]));
    row.__extra_domain = leaves.length === 1 ? leaves[0] : andDomains(leaves);
    for (const a of aggs)
      row[a.key] = a.key === '__count' ? b.recs.length : aggregate(env, model, b.recs, a.field!, a.fn!);
    return row;
  });
}
