import { companyValue } from '../company.js';
import { getRaw } from '../orm.js';
import type { Env } from '../store.js';
import type { Rec } from '../types.js';
import { bool, char, datetime, float, int, type ModelSpec, m2o, o2m, related, sel, target } from './spec.js';

function locationName(env: Env, rec: Rec, depth = 0): string {
  const parent = target(env, 'stock.location', rec.location_id);
  if (parent && rec.usage !== 'view' && depth < 10) return `${locationName(env, parent, depth + 1)}/${rec.name}`;
  return String(rec.name ?? '');
}

function warehouseOf(env: Env, rec: Rec): number | false {
  const views = new Map<number, number>();
  for (const w of env.store.table('stock.warehouse').values()) views.set(w.view_location_id as number, w.id);
  let cur: Rec | undefined = rec;
  for (let i = 0; cur && i < 10; i++) {
    const w = views.get(cur.id);
    if (w) return w;
    cur = target(env, 'stock.location', cur.location_id);
  }
  return false;
}

function lotQty(env: Env, lotId: number): number {
  let q = 0;
  for (const id of env.store.idsWhere('stock.quant', 'lot_id', lotId)) {
    const quant = env.store.get('stock.quant', id);
    const loc = quant && target(env, 'stock.location', quant.location_id);
    if (loc?.usage === 'internal') q += (quant!.quantity as number) ?? 0;
  }
  return q;
}

export const stockModels: ModelSpec[] = [
  {
    name: 'stock.warehouse',
    description: 'Warehouse',
    order: 'sequence,id',
    mandatory: ['name', 'code'],
    fields: {
      name: char('Warehouse', { required: true }),
      code: char('Short Name', { required: true }),
      active: bool('Active'),
      sequence: int('Sequence', { default: () => 10 }),
      company_id: m2o('res.company', 'Company', { default: () => 1 }),
      partner_id: m2o('res.partner', 'Address'),
      view_location_id: m2o('stock.location', 'View Location'),
      lot_stock_id: m2o('stock.location', 'Location Stock'),
    },
  },
  {
    name: 'stock.location',
    description: 'Inventory Locations',
    order: 'complete_name, id',
    parentField: 'location_id',
    mandatory: ['name'],
    fields: {
      name: char('Location Name', { required: true }),
      complete_name: char('Full Location Name', { compute: (r, env) => locationName(env, r) }),
      active: bool('Active'),
      usage: sel(
        [
          ['supplier', 'Vendor'],
          ['view', 'Virtual'],
          ['internal', 'Internal'],
          ['customer', 'Customer'],
          ['inventory', 'Inventory Loss'],
          ['production', 'Production'],
          ['transit', 'Transit'],
        ],
        'Location Type',
        { default: () => 'internal' },
      ),
      location_id: m2o('stock.location', 'Parent Location'),
      child_ids: o2m('stock.location', 'location_id', 'Contains'),
      company_id: m2o('res.company', 'Company'),
      warehouse_id: m2o('stock.warehouse', 'Warehouse', { compute: (r, env) => warehouseOf(env, r) }),
      barcode: char('Barcode'),
      parent_path: char('Parent Path', {
        compute: (r, env) => {
          const ids: number[] = [];
          let cur: Rec | undefined = r;
          for (let i = 0; cur && i < 10; i++) {
            ids.unshift(cur.id);
            cur = target(env, 'stock.location', cur.location_id);
          }
          return `${ids.join('/')}/`;
        },
      }),
      quant_ids: o2m('stock.quant', 'location_id', 'Quants'),
    },
    displayName: (r, env) => locationName(env, r),
  },
  {
    name: 'stock.lot',
    description: 'Lot/Serial',
    order: 'name, id',
    mandatory: ['name', 'product_id'],
    fields: {
      name: char('Lot/Serial Number', { required: true }),
      ref: char('Internal Reference'),
      product_id: m2o('product.product', 'Product', { required: true }),
      company_id: m2o('res.company', 'Company'),
      quant_ids: o2m('stock.quant', 'lot_id', 'Quants'),
      product_qty: float('On Hand Quantity', { compute: (r, env) => lotQty(env, r.id) }),
      product_uom_id: related('product_id.uom_id', m2o('uom.uom', 'Unit')),
    },
  },
  {
    name: 'stock.quant',
    description: 'Quants',
    order: 'id',
    mandatory: ['product_id', 'location_id'],
    fields: {
      product_id: m2o('product.product', 'Product', { required: true }),
      product_tmpl_id: related('product_id.product_tmpl_id', m2o('product.template', 'Product Template')),
      product_uom_id: related('product_id.uom_id', m2o('uom.uom', 'Unit of Measure')),
      location_id: m2o('stock.location', 'Location', { required: true }),
      warehouse_id: related('location_id.warehouse_id', m2o('stock.warehouse', 'Warehouse')),
      lot_id: m2o('stock.lot', 'Lot/Serial Number'),
      package_id: m2o('stock.quant.package', 'Package'),
      owner_id: m2o('res.partner', 'Owner'),
      company_id: related('location_id.company_id', m2o('res.company', 'Company')),
      quantity: float('Quantity'),
      reserved_quantity: float('Reserved Quantity'),
      available_quantity: float('Available Quantity', {
        compute: (r) => ((r.quantity as number) ?? 0) - ((r.reserved_quantity as number) ?? 0),
      }),
      inventory_quantity: float('Counted Quantity'),
      inventory_quantity_set: bool('Inventory Quantity Set'),
      in_date: datetime('Incoming Date', { default: (env) => env.now() }),
      value: {
        type: 'monetary',
        string: 'Value',
        compute: (r, env) => {
          // valued at the cost of the quant's company
          const p = target(env, 'product.product', r.product_id);
          const company = getRaw(env, 'stock.quant', r, 'company_id') as number | false;
          return p ? (companyValue(p.standard_price, company, 0) as number) * ((r.quantity as number) ?? 0) : 0;
        },
      },
      location_usage: related('location_id.usage', sel([], 'Location Type')),
    },
    displayName: (r, env) => {
      const p = target(env, 'product.product', r.product_id);
      return p ? String(getRaw(env, 'product.product', p, 'name')) : '';
    },
  },
];
