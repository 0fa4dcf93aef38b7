import { activeCompanies } from '../company.js';
import { createRecords, getRaw } from '../orm.js';
import type { Env } from '../store.js';
import type { Rec } from '../types.js';
import { bool, char, float, int, type ModelSpec, m2m, m2o, o2m, related, sel, target, text } from './spec.js';

const PRODUCT_TYPES: [string, string][] = [
  ['consu', 'Goods'],
  ['service', 'Service'],
  ['combo', 'Combo'],
];

function categoryName(env: Env, rec: Rec, depth = 0): string {
  const parent = target(env, 'product.category', rec.parent_id);
  return parent && depth < 10 ? `${categoryName(env, parent, depth + 1)} / ${rec.name}` : String(rec.name ?? '');
}

function categoryPath(env: Env, rec: Rec, depth = 0): string {
  const parent = target(env, 'product.category', rec.parent_id);
  return parent && depth < 10 ? `${categoryPath(env, parent, depth + 1)}${rec.id}/` : `${rec.id}/`;
}

/**
 * On-hand quantities of a product in internal locations of the activated companies (allowed_company_ids, else the
 * user's companies), optionally under a warehouse's stock location.
 */
export function stockFigures(env: Env, productId: number): { onHand: number; reserved: number } {
  let onHand = 0;
  let reserved = 0;
  const companies = new Set(activeCompanies(env));
  const wh =
    typeof env.context.warehouse_id === 'number'
      ? env.store.get('stock.warehouse', env.context.warehouse_id)
      : undefined;
  for (const qid of env.store.idsWhere('stock.quant', 'product_id', productId)) {
    const q = env.store.get('stock.quant', qid);
    const loc = q && target(env, 'stock.location', q.location_id);
    if (!q || !loc || loc.usage !== 'internal') continue;
    if (typeof loc.company_id === 'number' && !companies.has(loc.company_id)) continue;
    if (wh && getRaw(env, 'stock.location', loc, 'warehouse_id') !== wh.id) continue;
    onHand += (q.quantity as number) ?? 0;
    reserved += (q.reserved_quantity as number) ?? 0;
  }
  return { onHand, reserved };
}

const tmplRelated = (name: string, base: Parameters<typeof related>[1]) => ({
  ...related(`product_tmpl_id.${name}`, base),
  readonly: false,
});

const productDisplay = (_env: Env, code: unknown, name: unknown) => (code ? `[${code}] ${name}` : String(name ?? ''));

export const productModels: ModelSpec[] = [
  {
    name: 'product.category',
    description: 'Product Category',
    order: 'complete_name, id',
    parentField: 'parent_id',
    mandatory: ['name'],
    fields: {
      name: char('Name', { required: true }),
      complete_name: char('Complete Name', { compute: (r, env) => categoryName(env, r) }),
      parent_id: m2o('product.category', 'Parent Category'),
      child_id: o2m('product.category', 'parent_id', 'Child Categories'),
      parent_path: char('Parent Path', { compute: (r, env) => categoryPath(env, r) }),
      product_count: int('# Products', {
        compute: (r, env) => env.store.idsWhere('product.template', 'categ_id', r.id).length,
      }),
    },
    displayName: (r, env) => categoryName(env, r),
  },
  {
    name: 'uom.category',
    description: 'Product UoM Categories',
    order: 'name, id',
    versions: [18],
    fields: { name: char('Unit of Measure Category', { required: true }) },
  },
  {
    name: 'uom.uom',
    description: 'Product Unit of Measure',
    order: 'factor DESC, id',
    order19: 'sequence, relative_uom_id, id',
    mandatory: ['name'],
    fields: {
      name: char('Unit of Measure', { required: true }),
      category_id: m2o('uom.category', 'Category', { versions: [18] }),
      uom_type: sel(
        [
          ['bigger', 'Bigger than the reference Unit of Measure'],
          ['reference', 'Reference Unit of Measure for this category'],
          ['smaller', 'Smaller than the reference Unit of Measure'],
        ],
        'Type',
        { versions: [18], default: () => 'reference' },
      ),
      factor: float('Ratio', { default: () => 1 }),
      factor_inv: float('Bigger Ratio', { versions: [18], compute: (r) => (r.factor ? 1 / (r.factor as number) : 0) }),
      ratio: float('Combined Ratio', { versions: [18], compute: (r) => (r.factor as number) ?? 1 }),
      relative_factor: float('Contains', { versions: [19], default: () => 1 }),
      relative_uom_id: m2o('uom.uom', 'Reference Unit', { versions: [19] }),
      sequence: int('Sequence', { versions: [19] }),
      rounding: float('Rounding Precision', { default: () => 0.01 }),
      active: bool('Active'),
    },
  },
  {
    name: 'product.template',
    description: 'Product',
    order: 'is_favorite desc, name, id',
    mandatory: ['name'],
    cascade: ['product_variant_ids'],
    fields: {
      name: char('Name', { required: true }),
      is_favorite: bool('Favorite'),
      default_code: char('Internal Reference'),
      barcode: char('Barcode'),
      list_price: float('Sales Price', { default: () => 1 }),
      standard_price: float('Cost', { companyDependent: true }),
      categ_id: m2o('product.category', 'Product Category', { default: () => 1 }),
      uom_id: m2o('uom.uom', 'Unit', { default: () => 1 }),
      uom_po_id: m2o('uom.uom', 'Purchase Unit', { versions: [18], compute: (r) => r.uom_id ?? 1 }),
      description: text('Description'),
      description_sale: text('Sales Description'),
      sale_ok: bool('Can be Sold', { default: () => true }),
      purchase_ok: bool('Can be Purchased', { default: () => true }),
      type: sel(PRODUCT_TYPES, 'Product Type', { default: () => 'consu' }),
      is_storable: bool('Track Inventory'),
      active: bool('Active'),
      company_id: m2o('res.company', 'Company'),
      x_manufacturer_id: m2o('x.manufacturer', 'Manufacturer'),
      // The OCA product_manufacturer add-on's manufacturer part number.
      manufacturer_pref: char('Manuf. Product Code'),
      optional_product_ids: m2m('product.template', 'Optional Products'),
      taxes_id: m2m('account.tax', 'Sales Taxes'),
      product_variant_ids: o2m('product.product', 'product_tmpl_id', 'Products'),
      product_variant_id: m2o('product.product', 'Product', {
        compute: (r, env) => env.store.idsWhere('product.product', 'product_tmpl_id', r.id)[0] ?? false,
      }),
      product_variant_count: int('# Product Variants', {
        compute: (r, env) => env.store.idsWhere('product.product', 'product_tmpl_id', r.id).length,
      }),
      bom_ids: o2m('mrp.bom', 'product_tmpl_id', 'Bill of Materials'),
      bom_count: int('# Bill of Material', {
        compute: (r, env) => env.store.idsWhere('mrp.bom', 'product_tmpl_id', r.id).length,
      }),
      qty_available: float('Quantity On Hand', {
        compute: (r, env) =>
          env.store
            .idsWhere('product.product', 'product_tmpl_id', r.id)
            .reduce((s, pid) => s + stockFigures(env, pid).onHand, 0),
      }),
    },
    displayName: (r, env) => productDisplay(env, r.default_code, r.name),
    hooks: {
      afterCreate(env, rec) {
        if (env.context.create_product_product) return;
        if (env.store.idsWhere('product.product', 'product_tmpl_id', rec.id).length === 0)
          env.store.insert('product.product', {
            product_tmpl_id: rec.id,
            default_code: rec.default_code ?? false,
            active: rec.active ?? true,
            create_date: rec.create_date,
            write_date: rec.write_date,
          });
      },
    },
  },
  {
    name: 'product.product',
    description: 'Product Variant',
    order: 'is_favorite desc, default_code, name, id',
    cascade: [],
    fields: {
      product_tmpl_id: m2o('product.template', 'Product Template', { required: true }),
      default_code: char('Internal Reference'),
      barcode: char('Barcode'),
      active: bool('Active'),
      name: tmplRelated('name', char('Name')),
      is_favorite: tmplRelated('is_favorite', bool('Favorite')),
      list_price: tmplRelated('list_price', float('Sales Price')),
      lst_price: tmplRelated('list_price', float('Sales Price')),
      // company_dependent: each company has its own cost (read and written for the env's current company)
      standard_price: float('Cost', { companyDependent: true }),
      categ_id: tmplRelated('categ_id', m2o('product.category', 'Product Category')),
      uom_id: tmplRelated('uom_id', m2o('uom.uom', 'Unit')),
      uom_po_id: tmplRelated('uom_po_id', { ...m2o('uom.uom', 'Purchase Unit'), versions: [18] }),
      description: tmplRelated('description', text('Description')),
      description_sale: tmplRelated('description_sale', text('Sales Description')),
      sale_ok: tmplRelated('sale_ok', bool('Can be Sold')),
      purchase_ok: tmplRelated('purchase_ok', bool('Can be Purchased')),
      type: tmplRelated('type', sel(PRODUCT_TYPES, 'Product Type')),
      is_storable: tmplRelated('is_storable', bool('Track Inventory')),
      company_id: tmplRelated('company_id', m2o('res.company', 'Company')),
      x_manufacturer_id: tmplRelated('x_manufacturer_id', m2o('x.manufacturer', 'Manufacturer')),
      manufacturer_pref: tmplRelated('manufacturer_pref', char('Manuf. Product Code')),
      optional_product_ids: tmplRelated('optional_product_ids', m2m('product.template', 'Optional Products')),
      taxes_id: tmplRelated('taxes_id', m2m('account.tax', 'Sales Taxes')),
      product_variant_count: tmplRelated('product_variant_count', int('# Product Variants')),
      bom_ids: tmplRelated('bom_ids', m2m('mrp.bom', 'BoM')),
      qty_available: float('Quantity On Hand', { compute: (r, env) => stockFigures(env, r.id).onHand }),
      free_qty: float('Free To Use Quantity', {
        compute: (r, env) => {
          const s = stockFigures(env, r.id);
          return s.onHand - s.reserved;
        },
      }),
      virtual_available: float('Forecasted Quantity', { compute: (r, env) => stockFigures(env, r.id).onHand }),
      incoming_qty: float('Incoming', { compute: () => 0 }),
      outgoing_qty: float('Outgoing', { compute: () => 0 }),
    },
    displayName: (r, env) => {
      const t = target(env, 'product.template', r.product_tmpl_id);
      return productDisplay(env, r.default_code, t?.name);
    },
    hooks: {
      prepareCreate(env, vals) {
        if (!vals.product_tmpl_id) {
          const tmplVals: Record<string, unknown> = {};
          for (const k of Object.keys(vals)) {
            const f = env.store.model('product.product').fields[k];
            if (f?.related?.[0] === 'product_tmpl_id') {
              tmplVals[f.related[1]!] = vals[k];
              delete vals[k];
            }
          }
          if (vals.default_code) tmplVals.default_code = vals.default_code;
          if (!tmplVals.name) tmplVals.name = vals.name;
          // The template validates many2one references like Odoo does (MissingError on a dangling categ_id).
          const ctx = env.context;
          env.context = { ...ctx, create_product_product: true };
          try {
            vals.product_tmpl_id = createRecords(env, 'product.template', [tmplVals])[0];
          } finally {
            env.context = ctx;
          }
        }
      },
    },
  },
  {
    name: 'mrp.bom',
    description: 'Bill of Material',
    order: 'sequence, id',
    recName: 'code',
    cascade: ['bom_line_ids'],
    mandatory: ['product_tmpl_id'],
    fields: {
      code: char('Reference'),
      active: bool('Active'),
      type: sel(
        [
          ['normal', 'Manufacture this product'],
          ['phantom', 'Kit'],
        ],
        'BoM Type',
        { default: () => 'phantom' },
      ),
      product_tmpl_id: m2o('product.template', 'Product'),
      product_id: m2o('product.product', 'Product Variant'),
      product_qty: float('Quantity', { default: () => 1 }),
      product_uom_id: m2o('uom.uom', 'Unit', { default: () => 1 }),
      bom_line_ids: o2m('mrp.bom.line', 'bom_id', 'BoM Lines'),
      sequence: int('Sequence'),
      company_id: m2o('res.company', 'Company'),
    },
    displayName: (r, env) => {
      const t = target(env, 'product.template', r.product_tmpl_id);
      const name = t ? productDisplay(env, t.default_code, t.name) : '';
      return r.code ? `${r.code}: ${name}` : name;
    },
  },
  {
    name: 'mrp.bom.line',
    description: 'Bill of Material Line',
    order: 'sequence, id',
    mandatory: ['product_id', 'bom_id'],
    fields: {
      bom_id: m2o('mrp.bom', 'Parent BoM', { required: true }),
      product_id: m2o('product.product', 'Component', { required: true }),
      product_tmpl_id: related('product_id.product_tmpl_id', m2o('product.template', 'Product Template')),
      product_qty: float('Quantity', { default: () => 1 }),
      product_uom_id: m2o('uom.uom', 'Product Unit of Measure', { default: () => 1 }),
      sequence: int('Sequence', { default: () => 1 }),
      company_id: related('bom_id.company_id', m2o('res.company', 'Company')),
    },
    displayName: (r, env) => {
      const p = target(env, 'product.product', r.product_id);
      return p ? productDisplay(env, p.default_code, target(env, 'product.template', p.product_tmpl_id)?.name) : '';
    },
  },
];
