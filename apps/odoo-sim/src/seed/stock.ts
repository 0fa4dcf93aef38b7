// Stock: the location tree, one warehouse per company, quants (some with lots) on the warehouses' shelves.

import type { ProductInfo } from './catalog.js';
import { ins, type SeedCtx, type Vals } from './context.js';

export const WAREHOUSES = [
  { company: 1, code: 'WH', name: 'San Francisco Warehouse', partner: 1 },
  { company: 4, code: 'TOR', name: 'Toronto Warehouse', partner: 4 },
] as const;
const SHELVES = ['Shelf 1', 'Shelf 2', 'Shelf 3'];
/** Stock is kept for at most this many storable products. */
const MAX_STOCKED = 6000;
/** This many stocked products are tracked by lot. */
const N_LOT_PRODUCTS = 40;

interface Place {
  id: number;
  company: number;
}

const loc = (ctx: SeedCtx, vals: Vals) => ins(ctx, 'stock.location', { active: true, ...vals }).id;

/** Locations, warehouses and quants of the first `goods`. */
export function seedStock(ctx: SeedCtx, goods: ProductInfo[]) {
  const physical = loc(ctx, { name: 'Physical Locations', usage: 'view', company_id: false });
  const partnersLoc = loc(ctx, { name: 'Partners', usage: 'view', company_id: false });
  const virtual = loc(ctx, { name: 'Virtual Locations', usage: 'view', company_id: false });
  loc(ctx, { name: 'Vendors', usage: 'supplier', location_id: partnersLoc, company_id: false });
  loc(ctx, { name: 'Customers', usage: 'customer', location_id: partnersLoc, company_id: false });
  const adjust = loc(ctx, { name: 'Inventory adjustment', usage: 'inventory', location_id: virtual, company_id: 1 });
  const internal: Place[] = [];
  for (const wh of WAREHOUSES) internal.push(...seedWarehouse(ctx, wh, physical));
  seedQuants(ctx, goods.slice(0, Math.min(goods.length, MAX_STOCKED)), internal, adjust);
}

/** A warehouse's locations and record; returns its internal locations (stock, then shelves). */
function seedWarehouse(ctx: SeedCtx, wh: (typeof WAREHOUSES)[number], physical: number): Place[] {
  const { company, code } = wh;
  const view = loc(ctx, { name: code, usage: 'view', location_id: physical, company_id: company });
  const stock = loc(ctx, {
    name: 'Stock',
    usage: 'internal',
    location_id: view,
    company_id: company,
    barcode: `${code}STOCK`,
  });
  const internal: Place[] = [{ id: stock, company }];
  for (const shelf of SHELVES)
    internal.push({
      id: loc(ctx, { name: shelf, usage: 'internal', location_id: stock, company_id: company }),
      company,
    });
  loc(ctx, { name: 'Output', usage: 'internal', location_id: view, company_id: company, active: false });
  ins(ctx, 'stock.warehouse', {
    name: wh.name,
    code,
    company_id: company,
    view_location_id: view,
    lot_stock_id: stock,
    partner_id: wh.partner,
    active: true,
    sequence: company,
  });
  return internal;
}

function seedQuants(ctx: SeedCtx, stockedGoods: ProductInfo[], internal: Place[], adjust: number) {
  const { store, rng } = ctx;
  const lotProducts = new Set(rng.sample(stockedGoods, N_LOT_PRODUCTS).map((p) => p.id));
  let lotSeq = 1;
  for (const p of stockedGoods) {
    if (!rng.chance(0.75)) continue;
    const places = rng.sample(internal, rng.int(1, 2));
    for (const place of places) {
      const qty = rng.int(1, 120);
      const reserved = rng.chance(0.25) ? rng.int(0, Math.floor(qty / 2)) : 0;
      let lotId: number | false = false;
      if (lotProducts.has(p.id))
        lotId = ins(ctx, 'stock.lot', {
          name: `LOT-${String(lotSeq++).padStart(6, '0')}`,
          product_id: p.id,
          company_id: place.company,
        }).id;
      ins(ctx, 'stock.quant', {
        product_id: p.id,
        location_id: place.id,
        lot_id: lotId,
        quantity: qty,
        reserved_quantity: reserved,
        inventory_quantity: 0,
        in_date: store.clockNow(),
      });
      if (rng.chance(0.1))
        ins(ctx, 'stock.quant', {
          product_id: p.id,
          location_id: adjust,
          lot_id: lotId,
          quantity: -qty,
          reserved_quantity: 0,
          in_date: store.clockNow(),
        });
    }
  }
}
