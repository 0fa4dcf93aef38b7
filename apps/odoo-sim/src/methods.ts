// Public model methods and Python-like argument binding, with the per-version signatures and error texts
// recorded on Odoo 18 (JSON-RPC execute_kw) and 19 (JSON-2 named arguments).
import { contextCompanies } from './company.js';
import { searchCount, searchIds, searchRecs } from './domain.js';
import {
  accessError,
  attributeError,
  indexError,
  OdooError,
  pyClass,
  typeError,
  userError,
  werkzeug,
} from './errors.js';
import { andDomains, formattedReadGroup, readGroup } from './groups.js';
import {
  createRecords,
  displayName,
  getRaw,
  readableFields,
  readRecords,
  toOutput,
  unlinkRecords,
  writeRecords,
} from './orm.js';
import type { Env, Store } from './store.js';
import type { Context, Version } from './types.js';

export type Transport = 'jsonrpc' | 'json2';

interface Sig {
  params: string[];
  required?: string[];
  record?: boolean;
  /** search_read forwards unknown kwargs to read → BaseModel._read_format() */
  varkwTo?: string;
  versions?: Version[];
  run: (env: Env, model: string, p: Record<string, unknown>, ids: number[]) => unknown;
}

const WRITE_VALUES_18 = new Set([
  'sale.order',
  'sale.order.line',
  'account.move',
  'account.move.line',
  'product.template',
  'product.product',
  'res.partner',
  'res.users',
  'stock.quant',
]);

function nameSearchDomain(model: string, name: string, operator: string): unknown[] {
  if (!name) return [];
  switch (model) {
    case 'product.product':
    case 'product.template':
      return ['|', '|', ['default_code', operator, name], ['name', operator, name], ['barcode', '=', name]];
    case 'res.partner':
      return ['|', '|', ['complete_name', operator, name], ['email', operator, name], ['ref', operator, name]];
    case 'account.account':
      return ['|', ['code', '=like', `${name}%`], ['name', operator, name]];
    case 'account.analytic.account':
      return ['|', ['code', operator, name], ['name', operator, name]];
    default:
      return [['display_name', operator, name]];
  }
}

function nameSearch(env: Env, model: string, p: Record<string, unknown>, domainKey: string) {
  const m = env.store.model(model);
  const operator = (p.operator as string) ?? 'ilike';
  const name = (p.name as string) ?? '';
  let nd = nameSearchDomain(model, name, operator);
  if (nd.length === 1 && Array.isArray(nd[0]) && nd[0][0] === 'display_name') {
    // display_name is not stored: match on the record name field or the computed display name.
    const f = m.fields.complete_name ? 'complete_name' : m.recName;
    nd = [[f, operator, name]];
  }
  const full = andDomains([nd, (p[domainKey] as unknown[]) ?? []]);
  const recs = searchRecs(env, model, full, { limit: (p.limit as number) ?? 100 });
  return recs.map((r) => [r.id, displayName(env, model, r)]);
}

function fieldsGet(env: Env, model: string, p: Record<string, unknown>) {
  const m = env.store.model(model);
  const denied = new Set(Object.keys(m.fields).filter((f) => !readableFields(env, model).includes(f)));
  const only = Array.isArray(p.allfields) && p.allfields.length ? new Set(p.allfields as string[]) : undefined;
  const attrs = Array.isArray(p.attributes) && p.attributes.length ? (p.attributes as string[]) : undefined;
  const out: Record<string, Record<string, unknown>> = {};
  for (const [name, f] of Object.entries(m.fields)) {
    if (denied.has(name) || (only && !only.has(name))) continue;
    if ('exportable' in f.attrs || 'selectable' in f.attrs) {
      // 18's reified group fields (in_group_N, sel_groups_…) come with their own attribute set.
      out[name] = { ...f.attrs };
      continue;
    }
    const full: Record<string, unknown> = {
      type: f.type,
      string: f.string,
      required: f.required,
      readonly: f.readonly,
      store: f.store,
      ...(f.relation ? { relation: f.relation } : {}),
      ...(f.selection ? { selection: f.selection } : {}),
      ...f.attrs,
    };
    if (attrs) {
      const o: Record<string, unknown> = {};
      for (const a of [...attrs].sort()) if (a in full) o[a] = full[a];
      out[name] = o;
    } else out[name] = full;
  }
  return out;
}

function webRead(
  env: Env,
  model: string,
  ids: number[],
  spec: Record<string, { fields?: Record<string, unknown> }>,
): unknown[] {
  const m = env.store.model(model);
  const names = Object.keys(spec);
  const rows = readRecords(env, model, ids, names);
  return rows.map((row) => {
    const rec = env.store.get(model, row.id as number)!;
    for (const name of names) {
      const f = m.fields[name];
      const sub = spec[name]?.fields as Record<string, { fields?: Record<string, unknown> }> | undefined;
      if (!f || !sub || !f.relation) continue;
      if (f.type === 'many2one') {
        const id = getRaw(env, model, rec, name);
        row[name] = typeof id === 'number' ? (webRead(env, f.relation, [id], sub)[0] ?? false) : false;
      } else {
        row[name] = webRead(env, f.relation, (toOutput(env, f, getRaw(env, model, rec, name)) as number[]) ?? [], sub);
      }
    }
    return row;
  });
}

function createResult(env: Env, model: string, valsList: unknown, transport: Transport) {
  if (Array.isArray(valsList)) return createRecords(env, model, valsList as Record<string, unknown>[]);
  const ids = createRecords(env, model, [valsList as Record<string, unknown>]);
  return transport === 'json2' ? ids : ids[0];
}

function methodTable(version: Version, model: string, transport: Transport): Record<string, Sig> {
  return {
    ...crudMethods(version, model, transport),
    ...nameMethods(version),
    ...groupMethods(version),
    ...webMethods(),
    ...accessMethods(),
  };
}

function crudMethods(version: Version, model: string, transport: Transport): Record<string, Sig> {
  const writeParam = version === 18 && WRITE_VALUES_18.has(model) ? 'values' : 'vals';
  return {
    search: {
      params: ['domain', 'offset', 'limit', 'order'],
      required: ['domain'],
      run: (env, mo, p) => searchIds(env, mo, p.domain, p as never),
    },
    search_read: {
      params: ['domain', 'fields', 'offset', 'limit', 'order'],
      varkwTo: 'BaseModel._read_format()',
      run: (env, mo, p) =>
        readRecords(env, mo, searchIds(env, mo, p.domain ?? [], p as never), (p.fields as string[]) ?? undefined),
    },
    search_count: {
      params: ['domain', 'limit'],
      required: ['domain'],
      run: (env, mo, p) => searchCount(env, mo, p.domain, (p.limit as number) || undefined),
    },
    read: {
      params: ['fields', 'load'],
      record: true,
      run: (env, mo, p, ids) => readRecords(env, mo, ids, (p.fields as string[]) ?? undefined),
    },
    create: {
      params: version === 19 ? ['vals_list'] : ['vals_list'],
      required: ['vals_list'],
      run: (env, mo, p) => createResult(env, mo, p.vals_list, transport),
    },
    write: {
      params: [writeParam],
      required: [writeParam],
      record: true,
      run: (env, mo, p, ids) => writeRecords(env, mo, ids, p[writeParam] as Record<string, unknown>),
    },
    unlink: { params: [], record: true, run: (env, mo, _p, ids) => unlinkRecords(env, mo, ids) },
  };
}

function nameMethods(version: Version): Record<string, Sig> {
  return {
    name_search: {
      params: ['name', version === 19 ? 'domain' : 'args', 'operator', 'limit'],
      run: (env, mo, p) => nameSearch(env, mo, p, version === 19 ? 'domain' : 'args'),
    },
    name_create: {
      params: ['name'],
      required: ['name'],
      run: (env, mo, p) => {
        const m = env.store.model(mo);
        const [id] = createRecords(env, mo, [{ [m.recName]: p.name }]);
        return [id, displayName(env, mo, env.store.get(mo, id!)!)];
      },
    },
    fields_get: { params: ['allfields', 'attributes'], run: (env, mo, p) => fieldsGet(env, mo, p) },
    default_get: { params: ['fields_list'], required: ['fields_list'], run: () => ({}) },
  };
}

function groupMethods(version: Version): Record<string, Sig> {
  return {
    read_group: {
      params: ['domain', 'fields', 'groupby', 'offset', 'limit', 'orderby', 'lazy'],
      required: ['domain', 'fields', 'groupby'],
      run: (env, mo, p) => readGroup(env, mo, p as never),
    },
    formatted_read_group: {
      params: ['domain', 'groupby', 'aggregates', 'having', 'offset', 'limit', 'order'],
      required: ['domain'],
      versions: [19],
      run: (env, mo, p) => formattedReadGroup(env, mo, p as never),
    },
    web_read_group: version === 19 ? WEB_READ_GROUP_19 : WEB_READ_GROUP_18,
  };
}

const WEB_READ_GROUP_19: Sig = {
  params: [
    'domain',
    'groupby',
    'aggregates',
    'limit',
    'offset',
    'order',
    'auto_unfold',
    'opening_info',
    'unfold_read_specification',
    'unfold_read_default_limit',
    'groupby_read_specification',
  ],
  required: ['domain', 'groupby'],
  run: (env, mo, p) => {
    const aggs = [...((p.aggregates as string[]) ?? [])];
    if (!aggs.includes('__count')) aggs.push('__count');
    const all = formattedReadGroup(env, mo, {
      ...p,
      aggregates: aggs,
      limit: undefined,
      offset: undefined,
    } as never);
    const off = (p.offset as number) || 0;
    const lim = (p.limit as number) || undefined;
    return { groups: all.slice(off, lim ? off + lim : undefined), length: all.length };
  },
};

const WEB_READ_GROUP_18: Sig = {
  params: [
    'domain',
    'fields',
    'groupby',
    'limit',
    'offset',
    'orderby',
    'lazy',
    'expand',
    'expand_limit',
    'expand_orderby',
  ],
  required: ['domain', 'fields', 'groupby'],
  run: (env, mo, p) => {
    const all = readGroup(env, mo, { ...p, limit: undefined, offset: undefined } as never);
    const off = (p.offset as number) || 0;
    const lim = (p.limit as number) || undefined;
    return { groups: all.slice(off, lim ? off + lim : undefined), length: all.length };
  },
};

function webMethods(): Record<string, Sig> {
  return {
    web_read: {
      params: ['specification'],
      required: ['specification'],
      record: true,
      run: (env, mo, p, ids) => webRead(env, mo, ids, (p.specification as never) ?? {}),
    },
    web_search_read: {
      params: ['domain', 'specification', 'offset', 'limit', 'order', 'count_limit'],
      required: ['domain', 'specification'],
      run: (env, mo, p) => {
        const ids = searchIds(env, mo, p.domain, p as never);
        return {
          length: searchCount(env, mo, p.domain),
          records: webRead(env, mo, ids, (p.specification as never) ?? {}),
        };
      },
    },
  };
}

function accessMethods(): Record<string, Sig> {
  return {
    check_access_rights: {
      params: ['operation', 'raise_exception'],
      required: ['operation'],
      run: (env, mo, p) => {
        try {
          env.store.access.checkModel(env.uid, mo, p.operation as never);
          return true;
        } catch (e) {
          if (p.raise_exception === false) return false;
          throw e;
        }
      },
    },
    has_access: {
      params: ['operation'],
      required: ['operation'],
      versions: [19],
      run: (env, mo, p) => {
        try {
          env.store.access.checkModel(env.uid, mo, p.operation as never);
          return true;
        } catch {
          return false;
        }
      },
    },
  };
}

export interface CallOptions {
  store: Store;
  uid: number;
  transport: Transport;
}

/**
 * Calls `model.method` like Odoo's call_kw. For JSON-RPC, `args` holds the positional arguments (ids first for
 * record methods); for JSON-2 `args` is empty and `kwargs` is the request body (with `ids`).
 */
export function callKw(
  opts: CallOptions,
  model: string,
  method: string,
  args: unknown[],
  kwargs: Record<string, unknown>,
): unknown {
  const { store, transport } = opts;
  const version = store.version;
  const json2 = transport === 'json2';
  if (!store.has(model)) {
    if (json2) throw werkzeug('NotFound', `the model '${model}' does not exist`);
    throw userError(`Object ${model} doesn't exist`);
  }
  if (method.startsWith('_'))
    throw accessError(`Private methods (such as '${model}.${method}') cannot be called remotely.`);
  const kw: Record<string, unknown> = { ...(kwargs ?? {}) };
  const context = (kw.context as Context) ?? {};
  delete kw.context;
  let now: string | undefined;
  const env: Env = {
    store,
    version,
    uid: opts.uid,
    context: { ...context },
    now: () => {
      now ??= store.clockNow();
      return now;
    },
  };
  const table = methodTable(version, model, transport);
  let sig = table[method];
  if (sig?.versions && !sig.versions.includes(version)) sig = undefined;
  const business = store.model(model).methods[method];
  if (!sig && business) sig = { params: [], record: true, run: (e, _m, p, ids) => business(e, ids, p) };
  if (!sig) {
    const msg = `The method '${model}.${method}' does not exist`;
    throw json2 ? werkzeug('NotFound', msg) : attributeError(msg);
  }

  let ids: number[] = [];
  let positional = [...(args ?? [])];
  if (json2) {
    if ('ids' in kw) {
      if (!sig.record) throw werkzeug('UnprocessableEntity', `cannot call ${model}.${method} with ids`);
      ids = ((kw.ids as number[]) ?? []).slice();
      delete kw.ids;
    }
  } else if (sig.record) {
    if (!positional.length) throw indexError('tuple index out of range');
    const first = positional.shift();
    ids = Array.isArray(first) ? (first as number[]) : typeof first === 'number' ? [first] : [];
  } else if (version === 18 && method === 'create' && !positional.length) {
    // 18's call_kw reads args[0] for create: vals_list as a keyword fails after the insert (rolled back).
    throw indexError('tuple index out of range');
  }

  const cls = pyClass(model);
  const p: Record<string, unknown> = {};
  if (positional.length > sig.params.length)
    throw typeError(
      `${cls}.${method}() takes from 1 to ${sig.params.length + 1} positional arguments but ${positional.length + 1} were given`,
    );
  sig.params.forEach((name, i) => {
    if (i < positional.length) p[name] = positional[i];
  });
  positional = [];
  const extra: string[] = [];
  for (const [k, v] of Object.entries(kw)) {
    if (!sig.params.includes(k)) {
      if (sig.varkwTo && k === 'load') continue;
      extra.push(k);
      continue;
    }
    if (k in p) throw typeError(`${cls}.${method}() got multiple values for argument '${k}'`);
    p[k] = v;
  }
  if (extra.length) {
    const k = extra[0]!;
    if (sig.varkwTo) throw typeError(`${sig.varkwTo.replace('()', '')}() got an unexpected keyword argument '${k}'`);
    if (json2) throw werkzeug('UnprocessableEntity', `got an unexpected keyword argument '${k}'`);
    throw typeError(`${cls}.${method}() got an unexpected keyword argument '${k}'`);
  }
  for (const r of sig.required ?? [])
    if (!(r in p)) {
      if (json2) throw werkzeug('UnprocessableEntity', `missing a required argument: '${r}'`);
      throw typeError(`${cls}.${method}() missing 1 required positional argument: '${r}'`);
    }
  // env.company / env.companies: a company outside the user's allowed companies is refused (Odoo checks it on
  // first use, which any read of a multi-company model or a company-dependent field makes).
  contextCompanies(env);
  // One RPC is one transaction: an error undoes every change the call made (Odoo's cursor rollback).
  const run = sig.run;
  return store.transaction(() => run(env, model, p, ids));
}

export { OdooError };
