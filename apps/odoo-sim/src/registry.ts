// Builds the model registry for one Odoo version: recorded field metadata + behaviour from src/models/*.
import fs from 'node:fs';
import { accountModels } from './models/account.js';
import { baseModels } from './models/base.js';
import { productModels } from './models/product.js';
import { saleModels } from './models/sale.js';
import type { FieldSpec, ModelSpec } from './models/spec.js';
import { stockModels } from './models/stock.js';
import type { FieldDef, ModelDef } from './store.js';
import type { FieldType, Version } from './types.js';

type Meta = Record<string, Record<string, Record<string, unknown>>>;

const metaCache = new Map<Version, Meta>();
function loadMeta(v: Version): Meta {
  let m = metaCache.get(v);
  if (!m) {
    m = JSON.parse(fs.readFileSync(new URL(`./meta/fields-${v}.json`, import.meta.url), 'utf8')) as Meta;
    metaCache.set(v, m);
  }
  return m;
}

export const ALL_SPECS: ModelSpec[] = [
  ...baseModels,
  ...productModels,
  ...saleModels,
  ...accountModels,
  ...stockModels,
];

const MAGIC: Record<string, FieldSpec> = {
  id: { type: 'integer', string: 'ID', readonly: true },
  display_name: { type: 'char', string: 'Display Name', readonly: true, store: false },
  create_uid: { type: 'many2one', relation: 'res.users', string: 'Created by', readonly: true },
  create_date: { type: 'datetime', string: 'Created on', readonly: true },
  write_uid: { type: 'many2one', relation: 'res.users', string: 'Last Updated by', readonly: true },
  write_date: { type: 'datetime', string: 'Last Updated on', readonly: true },
};

function fromMeta(name: string, a: Record<string, unknown>): FieldDef {
  return {
    name,
    type: a.type as FieldType,
    string: (a.string as string) ?? name,
    relation: a.relation as string | undefined,
    required: Boolean(a.required),
    readonly: Boolean(a.readonly),
    store: a.store === undefined ? true : Boolean(a.store),
    selection: Array.isArray(a.selection) ? (a.selection as [string, string][]) : undefined,
    attrs: { ...a },
  };
}

export function buildRegistry(version: Version): Map<string, ModelDef> {
  const meta = loadMeta(version);
  const other = loadMeta(version === 18 ? 19 : 18);
  const out = new Map<string, ModelDef>();
  for (const spec of ALL_SPECS) {
    if (spec.versions && !spec.versions.includes(version)) continue;
    const recorded = meta[spec.name] ?? other[spec.name] ?? {};
    const fields: Record<string, FieldDef> = {};
    for (const [fname, a] of Object.entries(recorded)) fields[fname] = fromMeta(fname, a);
    for (const [fname, fs_] of Object.entries({ ...MAGIC, ...spec.fields })) {
      if (fs_.versions && !fs_.versions.includes(version)) {
        if (!meta[spec.name]?.[fname]) delete fields[fname];
        continue;
      }
      const base = fields[fname];
      const type = (base?.type ?? fs_.type ?? 'char') as FieldType;
      const def: FieldDef = {
        name: fname,
        type,
        string: base?.string ?? fs_.string ?? fname,
        relation: base?.relation ?? fs_.relation,
        inverse: fs_.inverse,
        required: base?.required ?? Boolean(fs_.required),
        readonly: base?.readonly ?? Boolean(fs_.readonly || fs_.compute || fs_.related),
        store: base?.store ?? !(fs_.compute || fs_.related),
        selection: base?.selection ?? fs_.selection,
        compute: fs_.compute,
        ...(fs_.companyDependent ? { companyDependent: true } : {}),
        related: fs_.related ? fs_.related.split('.') : undefined,
        default: fs_.default,
        attrs: base?.attrs ?? {},
      };
      if (!base) {
        def.attrs = {
          type: def.type,
          string: def.string,
          required: def.required,
          readonly: def.readonly,
          store: def.store,
          ...(def.relation ? { relation: def.relation } : {}),
          ...(def.selection ? { selection: def.selection } : {}),
        };
      }
      fields[fname] = def;
    }
    out.set(spec.name, {
      name: spec.name,
      description: spec.description,
      fields,
      order: (version === 19 && spec.order19) || spec.order,
      recName: spec.recName ?? (fields.name ? 'name' : 'id'),
      parentField: spec.parentField,
      mandatory: spec.mandatory ?? [],
      cascade: spec.cascade ?? [],
      displayName: spec.displayName,
      hooks: spec.hooks ?? {},
      methods: spec.methods ?? {},
    });
  }
  return out;
}
