// Multi-company context, as Odoo's Environment (odoo/api.py, 18 and 19): the context key `allowed_company_ids`
// lists the activated companies and its FIRST id is the current company; every id must be one of the user's
// allowed companies (res.users.company_ids), else AccessError "Access to unauthorized or invalid companies.".
// Without the key the current company is the user's default company (company_id) and the activated companies are
// all of the user's allowed companies.
//
// Company-dependent fields (product standard_price, account.account code — computed from the company-dependent
// code_store in 18/19) keep one value per company: the raw value is a map { "<company id>": value } (the jsonb
// column of Odoo 18+); a plain raw value (records inserted straight into the store) counts for every company.
import { accessError } from './errors.js';
import type { Env, FieldDef } from './store.js';

function userCompanies(env: Env): { main: number | false; allowed: number[] } {
  const u = env.store.get('res.users', env.uid);
  const main = typeof u?.company_id === 'number' ? u.company_id : false;
  const allowed = Array.isArray(u?.company_ids) ? (u.company_ids as number[]) : [];
  return { main, allowed: main !== false && !allowed.includes(main) ? [main, ...allowed] : allowed };
}

/** The context's allowed_company_ids, checked against the user's companies; undefined when absent or empty. */
export function contextCompanies(env: Env): number[] | undefined {
  const raw = env.context.allowed_company_ids;
  if (raw === undefined || raw === null || raw === false) return undefined;
  const list = Array.isArray(raw) ? raw : [raw];
  if (list.length === 0) return undefined;
  const mine = new Set(userCompanies(env).allowed);
  if (!list.every((id) => typeof id === 'number' && mine.has(id)))
    throw accessError('Access to unauthorized or invalid companies.');
  return list as number[];
}

/** env.company: the first of allowed_company_ids, else the user's default company. */
export function currentCompany(env: Env): number | false {
  return contextCompanies(env)?.[0] ?? userCompanies(env).main;
}

/** env.companies: allowed_company_ids, else every company the user is allowed in. */
export function activeCompanies(env: Env): number[] {
  return contextCompanies(env) ?? userCompanies(env).allowed;
}

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value of a company-dependent field for `company` (the field's empty value when that company has none). */
export function companyValue(raw: unknown, company: number | false, empty: unknown): unknown {
  if (!isMap(raw)) return raw === undefined ? empty : raw;
  if (company === false) return empty;
  const v = raw[String(company)];
  return v === undefined ? empty : v;
}

/** The raw map after setting `value` for `company` (a plain value first becomes that value for every company). */
export function withCompanyValue(env: Env, raw: unknown, company: number | false, value: unknown): unknown {
  if (company === false) return value;
  let map: Record<string, unknown>;
  if (isMap(raw)) map = { ...raw };
  else {
    map = {};
    if (raw !== undefined) for (const c of env.store.all('res.company')) map[String(c.id)] = raw;
  }
  map[String(company)] = value;
  return map;
}

/**
 * The record rule of multi-company models (company_id = False or in the activated companies). Only built when
 * the activated companies leave some company out: otherwise it lets everything through. Users have their own rule
 * (internal users stay visible), not this one.
 */
export function companyRule(
  env: Env,
  model: string,
  fields: Record<string, FieldDef>,
): ((companyId: unknown) => boolean) | undefined {
  if (model === 'res.users') return undefined;
  const f = fields.company_id;
  if (!f || f.type !== 'many2one' || f.relation !== 'res.company') return undefined;
  const active = new Set(activeCompanies(env));
  if (env.store.all('res.company').every((c) => active.has(c.id))) return undefined;
  return (companyId) => typeof companyId !== 'number' || active.has(companyId);
}
