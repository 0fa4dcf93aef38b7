// Deterministic demo company. Same seed → same data. Master data goes straight into the store; documents
// (orders, invoices) go through the ORM so defaults, totals and analytic lines come out as Odoo makes them.
//
// Field names a connector needs:
// - manufacturer: product.template / product.product `x_manufacturer_id` → many2one `x.manufacturer` (name).
// - part number: product.template / product.product `manufacturer_pref` (char, as the OCA product_manufacturer
//   add-on), on three goods in four.
// - bundles: product.template `optional_product_ids` (related products, qty 1) AND a kit BoM
//   (`mrp.bom` type 'phantom', `bom_line_ids` → `mrp.bom.line` product_id + product_qty) on the bundle template.
import { type Accounts, seedAnalytics, seedChart } from './seed/accounting.js';
import { seedCatalog } from './seed/catalog.js';
import { seedCompanies } from './seed/company.js';
import {
  ADMIN_UID,
  createSeedCtx,
  DEMO_UID,
  insAll,
  SEED_ANCHOR,
  type SeedCtx,
  type SeedOptions,
  setClock,
} from './seed/context.js';
import { seedDocumentData } from './seed/documents.js';
import { seedInvoices } from './seed/invoices.js';
import { seedOrders } from './seed/orders.js';
import { seedPartners } from './seed/partners.js';
import { CONFIG_PARAMETERS, seedReference } from './seed/reference.js';
import { seedStock } from './seed/stock.js';
import { seedTemplates } from './seed/templates.js';
import type { Store } from './store.js';

export {
  ADMIN_UID,
  DEMO_API_KEY,
  DEMO_LOGIN,
  DEMO_PASSWORD,
  DEMO_UID,
  mulberry32,
  SEED_ANCHOR,
  type SeedOptions,
} from './seed/context.js';

export interface SeedResult {
  adminUid: number;
  demoUid: number;
  productCount: number;
  ms: number;
}

export function seed(store: Store, opts: SeedOptions = {}): SeedResult {
  const t0 = performance.now();
  const ctx = createSeedCtx(store, opts);
  const prevMicro = store.microSource;
  store.microSource = ctx.microRng;
  store.maxNow = SEED_ANCHOR;
  setClock(ctx, SEED_ANCHOR - 400 * 86400e3);

  const productCount = seedData(ctx);

  store.fixedNow = undefined;
  store.maxNow = undefined;
  store.resetClock();
  store.microSource = prevMicro;
  return { adminUid: ADMIN_UID, demoUid: DEMO_UID, productCount, ms: performance.now() - t0 };
}

/** Every part of the demo company, in the order the random draws are made; returns the number of products. */
function seedData(ctx: SeedCtx): number {
  const uomByName = seedReference(ctx);
  const users = seedCompanies(ctx);
  const partners = seedPartners(ctx, users.nextPartnerId);
  const catalog = seedCatalog(ctx, uomByName);
  const { sellable } = catalog;
  seedStock(ctx, catalog.goods);
  const accounts: Accounts = seedChart(ctx);
  const analytics = seedAnalytics(ctx, partners.customerIds);
  const templateIds = seedTemplates(ctx, sellable);
  // documents go through the ORM
  const orders = seedOrders(ctx, { users, partners, analytics, sellable, templateIds });
  seedInvoices(ctx, orders, { accounts, analytics, vendorIds: partners.vendorIds, sellable });
  insAll(ctx, 'ir.config_parameter', CONFIG_PARAMETERS);
  seedDocumentData(ctx, ctx.opts.currency);
  return catalog.products.length;
}
