// Odoo domains: Polish-notation parsing (implicit &), validation with Odoo's messages, compilation to a
// predicate over raw records (dotted paths, any/not any, child_of/parent_of, like/ilike/=like/=ilike …), and search
// by domain with order/limit/offset, active_test and the record rules. Search lives here, not in orm.ts: compiling
// `any` searches the comodel, and searching compiles; the ORM below (values, order, rules) imports nothing of this.
import { pyTuple, valueError } from './errors.js';
import { displayName, getRaw, recordRule, sortRecs } from './orm.js';
import type { Env, FieldDef } from './store.js';
import type { Rec } from './types.js';

export type Leaf = [string, string, unknown];
export type DomainNode =
  | { k: 'and'; c: DomainNode[] }
  | { k: 'or'; c: DomainNode[] }
  | { k: 'not'; c: DomainNode }
  | { k: 'leaf'; leaf: Leaf }
  | { k: 'const'; v: boolean };

export const OPERATORS = new Set([
  '=',
  '!=',
  '<>',
  '<',
  '<=',
  '>',
  '>=',
  '=?',
  'in',
  'not in',
  'like',
  'not like',
  'ilike',
  'not ilike',
  '=like',
  '=ilike',
  'not =like',
  'not =ilike',
  'child_of',
  'parent_of',
  'any',
  'not any',
]);

function invalidLeaf(env: Env, leaf: unknown): never {
  const shown = Array.isArray(leaf) ? pyTuple(leaf) : String(leaf);
  throw valueError(env.version === 19 ? `Invalid leaf ${shown}` : `Invalid leaf ${shown}`);
}

/** Parses a domain list into a tree. Throws Odoo's ValueError on malformed leaves. */
export function parseDomain(env: Env, domain: unknown): DomainNode {
  if (domain === undefined || domain === null || domain === false) return { k: 'and', c: [] };
  if (!Array.isArray(domain)) throw valueError(`Invalid domain: ${JSON.stringify(domain)}`);
  const stack: DomainNode[] = [];
  for (let i = domain.length - 1; i >= 0; i--) {
    const item = domain[i];
    if (item === '&' || item === '|') {
      const a = stack.pop();
      const b = stack.pop();
      if (!a || !b) throw valueError(`Domain ${JSON.stringify(domain)} is syntactically not correct.`);
      stack.push({ k: item === '&' ? 'and' : 'or', c: [a, b] });
    } else if (item === '!') {
      const a = stack.pop();
      if (!a) throw valueError(`Domain ${JSON.stringify(domain)} is syntactically not correct.`);
      stack.push({ k: 'not', c: a });
    } else if (Array.isArray(item) && item.length === 3) {
      const [l, op, v] = item;
      if ((l === 1 || l === 0) && op === '=' && v === 1) {
        stack.push({ k: 'const', v: l === 1 });
        continue;
      }
      if (typeof l !== 'string' || typeof op !== 'string' || !OPERATORS.has(op.toLowerCase())) invalidLeaf(env, item);
      stack.push({ k: 'leaf', leaf: [l, op.toLowerCase(), v] });
    } else if (item === true || item === false) {
      stack.push({ k: 'const', v: item });
    } else {
      invalidLeaf(env, item);
    }
  }
  stack.reverse();
  return stack.length === 1 ? stack[0]! : { k: 'and', c: stack };
}

/** True when some leaf of the domain is on `field` (used for active_test). */
export function mentionsField(node: DomainNode, field: string): boolean {
  switch (node.k) {
    case 'and':
    case 'or':
      return node.c.some((n) => mentionsField(n, field));
    case 'not':
      return mentionsField(node.c, field);
    case 'leaf':
      return node.leaf[0].split('.')[0] === field;
    default:
      return false;
  }
}

export type Pred = (rec: Rec) => boolean;

export function compileDomain(env: Env, model: string, node: DomainNode): Pred {
  switch (node.k) {
    case 'const':
      return node.v ? () => true : () => false;
    case 'and': {
      const ps = node.c.map((n) => compileDomain(env, model, n));
      if (ps.length === 0) return () => true;
      if (ps.length === 1) return ps[0]!;
      return (r) => {
        for (const p of ps) if (!p(r)) return false;
        return true;
      };
    }
    case 'or': {
      const ps = node.c.map((n) => compileDomain(env, model, n));
      return (r) => {
        for (const p of ps) if (p(r)) return true;
        return false;
      };
    }
    case 'not': {
      const p = compileDomain(env, model, node.c);
      return (r) => !p(r);
    }
    case 'leaf':
      return compileLeaf(env, model, node.leaf[0].split('.'), node.leaf[1], node.leaf[2], node.leaf);
  }
}

const ID_FIELD: FieldDef = {
  name: 'id',
  type: 'integer',
  string: 'ID',
  required: false,
  readonly: true,
  store: true,
  attrs: {},
};

function fieldOf(env: Env, model: string, name: string, leaf: Leaf): FieldDef {
  if (name === 'id') return ID_FIELD;
  const f = env.store.model(model).fields[name];
  if (!f) {
    const word = env.version === 19 ? 'condition' : 'leaf';
    throw valueError(`Invalid field ${model}.${name} in ${word} ${pyTuple(leaf)}`);
  }
  return f;
}

const isEmpty = (v: unknown) =>
  v === false || v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function likeMatcher(pattern: string, anchored: boolean, ci: boolean): (s: string) => boolean {
  const p = ci ? pattern.toLowerCase() : pattern;
  if (!anchored && !/[%_]/.test(p)) return ci ? (s) => s.toLowerCase().includes(p) : (s) => s.includes(p);
  let re = '';
  for (const ch of p) {
    if (ch === '%') re += '.*';
    else if (ch === '_') re += '.';
    else re += ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  const rx = new RegExp(anchored ? `^${re}$` : re, ci ? 'is' : 's');
  return (s) => rx.test(s);
}

function descendants(env: Env, model: string, roots: number[]): Set<number> {
  const parentField = env.store.model(model).parentField ?? 'parent_id';
  const out = new Set<number>();
  const queue = [...roots];
  while (queue.length) {
    const id = queue.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    for (const c of env.store.idsWhere(model, parentField, id)) queue.push(c);
  }
  return out;
}

function ancestors(env: Env, model: string, roots: number[]): Set<number> {
  const parentField = env.store.model(model).parentField ?? 'parent_id';
  const out = new Set<number>();
  for (let id of roots) {
    while (id && !out.has(id)) {
      out.add(id);
      const r = env.store.get(model, id);
      id = (r?.[parentField] as number) || 0;
    }
  }
  return out;
}

function idsFromValue(env: Env, model: string, value: unknown): number[] {
  const vals = Array.isArray(value) ? value : [value];
  const out: number[] = [];
  for (const v of vals) {
    if (typeof v === 'number') out.push(v);
    else if (typeof v === 'string') {
      for (const r of env.store.table(model).values())
        if (displayName(env, model, r).toLowerCase().includes(v.toLowerCase())) out.push(r.id);
    }
  }
  return out;
}

/** Computed, not stored and without a search method in Odoo: a domain on them fails (recorded on 19). */
const NOT_SEARCHABLE = new Set(['sale.order.line.parent_id', 'sale.order.template.line.parent_id']);

function compileLeaf(env: Env, model: string, path: string[], op: string, value: unknown, leaf: Leaf): Pred {
  const field = fieldOf(env, model, path[0]!, leaf);
  if (NOT_SEARCHABLE.has(`${model}.${field.name}`))
    throw valueError(`Cannot convert ${model}.${field.name} to SQL because it is not stored`);
  const rel = field.relation;
  const isX2m = field.type === 'one2many' || field.type === 'many2many';
  const get = (r: Rec) => (field === ID_FIELD ? r.id : getRaw(env, model, r, field.name));

  if (path.length > 1) {
    if (!rel) throw valueError(`Invalid field ${model}.${path.join('.')} in leaf ${pyTuple(leaf)}`);
    const sub = compileLeaf(env, rel, path.slice(1), op, value, leaf);
    const negative = op.startsWith('not') || op === '!=';
    return (r) => {
      const raw = get(r);
      const ids = isX2m ? ((raw as number[]) ?? []) : raw ? [raw as number] : [];
      if (ids.length === 0) return negative;
      for (const id of ids) {
        const t = env.store.get(rel, id);
        if (t && sub(t)) return true;
      }
      return false;
    };
  }

  if (op === 'any' || op === 'not any') {
    if (!rel) throw valueError(`Invalid leaf ${pyTuple(leaf)}`);
    const set = new Set(searchIds(env, rel, value, { activeTest: false }));
    const any = (r: Rec) => {
      const raw = get(r);
      if (isX2m) return ((raw as number[]) ?? []).some((id) => set.has(id));
      return typeof raw === 'number' && set.has(raw);
    };
    return op === 'any' ? any : (r) => !any(r);
  }

  if (op === 'child_of' || op === 'parent_of') {
    const target = field === ID_FIELD ? model : rel;
    if (!target) throw valueError(`Invalid leaf ${pyTuple(leaf)}`);
    const roots = idsFromValue(env, target, value);
    const set = op === 'child_of' ? descendants(env, target, roots) : ancestors(env, target, roots);
    return (r) => {
      const raw = get(r);
      if (Array.isArray(raw)) return raw.some((id) => set.has(id));
      return typeof raw === 'number' && set.has(raw);
    };
  }

  // many2one / x2many compared to names: match on the comodel's display name.
  if (
    rel &&
    (op.includes('like') || typeof value === 'string' || (Array.isArray(value) && typeof value[0] === 'string'))
  ) {
    const negative = op.startsWith('not') || op === '!=';
    const positiveOp = negative ? (op === '!=' ? '=' : op.replace(/^not /, '')) : op;
    const namePred = scalarPred(env, 'char', positiveOp, value);
    const cache = new Map<number, boolean>();
    const matchId = (id: number) => {
      let m = cache.get(id);
      if (m === undefined) {
        const t = env.store.get(rel, id);
        m = t ? namePred(displayName(env, rel, t)) : false;
        cache.set(id, m);
      }
      return m;
    };
    const pos = (r: Rec) => {
      const raw = get(r);
      const ids = Array.isArray(raw) ? raw : typeof raw === 'number' ? [raw] : [];
      return ids.some(matchId);
    };
    return negative ? (r) => !pos(r) : pos;
  }

  if (isX2m) {
    const want = value;
    const has = (raw: number[], v: unknown) => (v === false ? raw.length === 0 : raw.includes(v as number));
    return (r) => {
      const raw = ((get(r) as number[]) ?? []) as number[];
      switch (op) {
        case '=':
          return has(raw, want);
        case '!=':
        case '<>':
          return !has(raw, want);
        case 'in':
          return (want as unknown[]).some((v) => has(raw, v));
        case 'not in':
          return !(want as unknown[]).some((v) => has(raw, v));
        default:
          return false;
      }
    };
  }

  if (field.type === 'json' && field.name === 'analytic_distribution' && (op === 'in' || op === 'not in')) {
    // Odoo's analytic mixin (_search_analytic_distribution): 'in' [account ids] matches a distribution one of
    // whose keys ("12" or "12,34" for several plans) names one of the accounts.
    const want = new Set((Array.isArray(value) ? value : [value]).map(Number));
    const names = (r: Rec) => {
      const d = get(r);
      if (!d || typeof d !== 'object') return false;
      return Object.keys(d).some((k) => k.split(',').some((id) => want.has(Number(id))));
    };
    return op === 'in' ? names : (r) => !names(r);
  }
  let p = scalarPred(env, field.type, op, value);
  if (field.type === 'datetime' && env.version === 19) {
    // 19 compares datetimes over whole seconds.
    const inner = p;
    p = (v) => inner(typeof v === 'string' ? v.slice(0, 19) : v);
  }
  return (r) => p(get(r));
}

function scalarPred(env: Env, type: string, op: string, value: unknown): (v: unknown) => boolean {
  void env;
  const eq = (a: unknown, b: unknown) => {
    if (b === false || b === null) return isEmpty(a) || (type === 'boolean' && !a);
    if (type === 'boolean') return Boolean(a) === Boolean(b);
    if (typeof a === 'number' && typeof b === 'number') return a === b;
    return a === b;
  };
  const cmp = (a: unknown, b: unknown): number | undefined => {
    if (isEmpty(a) && typeof a !== 'number') return undefined;
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    if (a === undefined || a === false || b === false || b === null) return undefined;
    const sa = String(a);
    const sb = String(b);
    return sa < sb ? -1 : sa > sb ? 1 : 0;
  };
  switch (op) {
    case '=':
      return (v) => eq(v, value);
    case '=?':
      return value === false || value === null || value === undefined ? () => true : (v) => eq(v, value);
    case '!=':
    case '<>':
      return (v) => !eq(v, value);
    case 'in': {
      const list = Array.isArray(value) ? value : [value];
      const set = new Set(list.filter((x) => x !== false && x !== null));
      const withEmpty = list.some((x) => x === false || x === null);
      return (v) => (withEmpty && eq(v, false)) || set.has(v as never) || (type === 'boolean' && set.has(Boolean(v)));
    }
    case 'not in': {
      const p = scalarPred(env, type, 'in', value);
      return (v) => !p(v);
    }
    case '<':
      return (v) => (cmp(v, value) ?? 0) < 0 && cmp(v, value) !== undefined;
    case '<=':
      return (v) => cmp(v, value) !== undefined && cmp(v, value)! <= 0;
    case '>':
      return (v) => cmp(v, value) !== undefined && cmp(v, value)! > 0;
    case '>=':
      return (v) => cmp(v, value) !== undefined && cmp(v, value)! >= 0;
    case 'like':
    case 'ilike':
    case '=like':
    case '=ilike': {
      if (value === false || value === null) return (v) => isEmpty(v);
      const m = likeMatcher(String(value), op.startsWith('='), op.includes('ilike'));
      return (v) => typeof v === 'string' && m(v);
    }
    case 'not like':
    case 'not ilike':
    case 'not =like':
    case 'not =ilike': {
      const p = scalarPred(env, type, op.slice(4), value);
      return (v) => !p(v);
    }
    default:
      return () => false;
  }
}

// ---------------------------------------------------------------------------------------------------- search

export interface SearchOpts {
  offset?: number;
  limit?: number | false | null;
  order?: string | false | null;
  activeTest?: boolean;
  /** Any order will do (grouping): the matches are not sorted. */
  unordered?: boolean;
}

function candidates(env: Env, model: string, node: DomainNode): Rec[] | undefined {
  const leaves = node.k === 'leaf' ? [node] : node.k === 'and' ? node.c : [];
  const m = env.store.model(model);
  for (const l of leaves) {
    if (l.k !== 'leaf') continue;
    const [f, op, v] = l.leaf;
    if (f === 'id' && (op === '=' || op === 'in')) {
      const ids = Array.isArray(v) ? v : [v];
      return ids.map((id) => env.store.get(model, id as number)).filter((r): r is Rec => !!r);
    }
    const fd = m.fields[f];
    if (fd?.type === 'many2one' && !fd.compute && !fd.related && (op === '=' || op === 'in')) {
      const vals = Array.isArray(v) ? v : [v];
      if (vals.every((x) => typeof x === 'number')) {
        const out: Rec[] = [];
        for (const x of vals)
          for (const id of env.store.idsWhere(model, f, x)) {
            const r = env.store.get(model, id);
            if (r) out.push(r);
          }
        return out;
      }
    }
  }
  return undefined;
}

/**
 * The pool in ascending id order with the lower id bound of a top-level `id > x` / `id >= x` leaf, when the search
 * is ordered by id alone (so the first matches are the page); undefined otherwise.
 */
function idRangeScan(
  node: DomainNode,
  pool: Iterable<Rec>,
  order: string | undefined,
): { pool: Rec[]; after: number } | undefined {
  if (!order || !/^\s*id(\s+asc)?\s*$/i.test(order)) return undefined;
  const leaves = node.k === 'leaf' ? [node] : node.k === 'and' ? node.c : [];
  let after = Number.NEGATIVE_INFINITY;
  for (const l of leaves) {
    if (l.k !== 'leaf') continue;
    const [f, op, v] = l.leaf;
    if (f !== 'id' || typeof v !== 'number') continue;
    if (op === '>') after = Math.max(after, v);
    else if (op === '>=') after = Math.max(after, v - 1);
  }
  const list = Array.isArray(pool) ? (pool as Rec[]) : [...pool];
  for (let i = 1; i < list.length; i++)
    if (list[i]!.id < list[i - 1]!.id) return { pool: list.slice().sort((a, b) => a.id - b.id), after };
  return { pool: list, after };
}

export function searchRecs(env: Env, model: string, domain: unknown, opts: SearchOpts = {}): Rec[] {
  const m = env.store.model(model);
  let node = parseDomain(env, domain);
  const activeTest = opts.activeTest ?? env.context.active_test !== false;
  if (activeTest && m.fields.active && !mentionsField(node, 'active'))
    node = { k: 'and', c: [{ k: 'leaf', leaf: ['active', '=', true] }, node] };
  const pred = compileDomain(env, model, node);
  // With allowed_company_ids leaving a company out, that company's records are not found.
  const rule = recordRule(env, model);
  const pool = candidates(env, model, node) ?? env.store.table(model).values();
  const offset = opts.offset || 0;
  const limit = opts.limit || undefined;
  const ranged = limit !== undefined ? idRangeScan(node, pool, opts.order || undefined) : undefined;
  const out: Rec[] = [];
  if (ranged) {
    // Paging by id (id > last, order id, limit), as a database walks its primary key: records below the bound are
    // skipped without evaluating the domain, and the walk stops once the page is full.
    for (const r of ranged.pool) {
      if (r.id <= ranged.after) continue;
      if (pred(r) && (!rule || rule(env, r))) out.push(r);
      if (out.length >= offset + limit!) break;
    }
    return out.slice(offset, offset + limit!);
  }
  for (const r of pool) if (pred(r) && (!rule || rule(env, r))) out.push(r);
  if (opts.unordered && limit === undefined && !offset) return out;
  const sorted = sortRecs(env, model, out, opts.order || undefined, limit !== undefined ? offset + limit : undefined);
  return limit !== undefined ? sorted.slice(offset, offset + limit) : offset ? sorted.slice(offset) : sorted;
}

export function searchIds(env: Env, model: string, domain: unknown, opts: SearchOpts = {}): number[] {
  return searchRecs(env, model, domain, opts).map((r) => r.id);
}

export function searchCount(env: Env, model: string, domain: unknown, limit?: number): number {
  const n = searchRecs(env, model, domain, { order: 'id' }).length;
  return limit ? Math.min(limit, n) : n;
}
