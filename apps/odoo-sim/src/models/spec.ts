// Model specifications: behaviour (computed/related fields, inverses, defaults, hooks, methods) layered over the
// field metadata recorded from real Odoo 18/19 servers (src/meta/fields-*.json).
import type { Env, ModelHooks, RecordMethod } from '../store.js';
import type { FieldType, Rec, Version } from '../types.js';

export interface FieldSpec {
  type?: FieldType;
  string?: string;
  relation?: string;
  inverse?: string;
  compute?: (rec: Rec, env: Env) => unknown;
  /** One value per company (see company.ts): read and written for the env's current company. */
  companyDependent?: boolean;
  related?: string;
  default?: (env: Env, vals: Record<string, unknown>) => unknown;
  selection?: [string, string][];
  required?: boolean;
  readonly?: boolean;
  store?: boolean;
  versions?: Version[];
}

export interface ModelSpec {
  name: string;
  description: string;
  order: string;
  order19?: string;
  recName?: string;
  parentField?: string;
  mandatory?: string[];
  cascade?: string[];
  versions?: Version[];
  fields: Record<string, FieldSpec>;
  displayName?: (rec: Rec, env: Env) => string;
  hooks?: ModelHooks;
  methods?: Record<string, RecordMethod>;
}

export const m2o = (relation: string, string: string, extra: FieldSpec = {}): FieldSpec => ({
  type: 'many2one',
  relation,
  string,
  ...extra,
});
export const o2m = (relation: string, inverse: string, string: string, extra: FieldSpec = {}): FieldSpec => ({
  type: 'one2many',
  relation,
  inverse,
  string,
  ...extra,
});
export const m2m = (relation: string, string: string, extra: FieldSpec = {}): FieldSpec => ({
  type: 'many2many',
  relation,
  string,
  ...extra,
});
export const char = (string: string, extra: FieldSpec = {}): FieldSpec => ({ type: 'char', string, ...extra });
export const text = (string: string, extra: FieldSpec = {}): FieldSpec => ({ type: 'text', string, ...extra });
export const bool = (string: string, extra: FieldSpec = {}): FieldSpec => ({ type: 'boolean', string, ...extra });
export const int = (string: string, extra: FieldSpec = {}): FieldSpec => ({ type: 'integer', string, ...extra });
export const float = (string: string, extra: FieldSpec = {}): FieldSpec => ({ type: 'float', string, ...extra });
export const money = (string: string, extra: FieldSpec = {}): FieldSpec => ({ type: 'monetary', string, ...extra });
export const date = (string: string, extra: FieldSpec = {}): FieldSpec => ({ type: 'date', string, ...extra });
export const datetime = (string: string, extra: FieldSpec = {}): FieldSpec => ({ type: 'datetime', string, ...extra });
export const json = (string: string, extra: FieldSpec = {}): FieldSpec => ({ type: 'json', string, ...extra });
export const sel = (selection: [string, string][], string: string, extra: FieldSpec = {}): FieldSpec => ({
  type: 'selection',
  selection,
  string,
  ...extra,
});
export const related = (path: string, base: FieldSpec): FieldSpec => ({ ...base, related: path, readonly: true });

/**
 * Odoo's float_round(x, precision_rounding=0.01), HALF-UP: the value in cents is nudged by one relative epsilon
 * (2^(log2|v| − 52)) away from zero before rounding half away from zero, so float artefacts at any magnitude
 * (5127.145 × 100 = 512714.49999…) round like the decimal they stand for. Answers the nearest float to the cents.
 */
export function round2(x: number): number {
  if (x === 0 || !Number.isFinite(x)) return x === 0 ? 0 : x;
  let cents = x * 100;
  cents += Math.sign(cents) * 2 ** (Math.log2(Math.abs(cents)) - 52);
  const r = Math.sign(cents) * Math.round(Math.abs(cents));
  return r === 0 ? 0 : r / 100;
}

/** Raw record of a many2one target, or undefined. */
export function target(env: Env, model: string, id: unknown): Rec | undefined {
  return typeof id === 'number' ? env.store.get(model, id) : undefined;
}

export function children(env: Env, model: string, field: string, id: number): Rec[] {
  return env.store
    .idsWhere(model, field, id)
    .map((i) => env.store.get(model, i))
    .filter((r): r is Rec => !!r);
}
