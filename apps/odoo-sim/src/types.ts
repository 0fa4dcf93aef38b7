import type { Store } from './store.js';

export type Version = 18 | 19;

export type FieldType =
  | 'char'
  | 'text'
  | 'html'
  | 'selection'
  | 'boolean'
  | 'integer'
  | 'float'
  | 'monetary'
  | 'date'
  | 'datetime'
  | 'many2one'
  | 'one2many'
  | 'many2many'
  | 'json'
  | 'binary'
  | 'properties'
  | 'properties_definition'
  | 'reference'
  | 'many2one_reference';

/** A stored record: raw values (many2one = id | false, x2many = id[], datetime = 'YYYY-MM-DD HH:MM:SS.ffffff'). */
export interface Rec {
  id: number;
  [field: string]: unknown;
}

export type Context = Record<string, unknown>;

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
