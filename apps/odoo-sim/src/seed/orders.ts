// Sale orders, created through the ORM (so defaults, names and totals come out as Odoo makes them): 240 orders over
// the year before the anchor date in a fixed cycle of states, and one large order (1,000 lines) for benchmarks.
import { createRecords } from '../orm.js';
import type { Analytics } from './accounting.js';
import type { ProductInfo } from './catalog.js';
import type { Users } from './company.js';
import { ADMIN_UID, DEMO_UID, SEED_ANCHOR, type SeedCtx, setClock, tick } from './context.js';
import type { Partners } from './partners.js';

const N_ORDERS = 240;
const SECTION_NAMES = [
  'Hardware',
  'Installation',
  'Software',
  'Services',
  'Accessories',
  'Phase 1',
  'Phase 2',
  'Options',
];
const ORDER_NOTES = [
  'Delivery to the loading dock only.',
  'Lead time 2-3 weeks.',
  'Customer provides rack space.',
  'Prices include on-site setup.',
];
/** Orders draw their products among the first this many sellable ones. */
const ORDER_PRODUCT_POOL = 2000;
/** ...and their customers among the first this many. */
const ORDER_CUSTOMER_POOL = 300;

export interface OrderInfo {
  id: number;
  state: string;
  locked: boolean;
  company: number;
  partner: number;
  analytic: number | false;
  date: number;
}

export interface OrderInputs {
  users: Users;
  partners: Partners;
  analytics: Analytics;
  sellable: ProductInfo[];
  templateIds: number[];
}

/** [state, locked] of the i-th order: a cycle of 12. */
const stateFor = (i: number): [string, boolean] => {
  const r = i % 12;
  if (r < 3) return ['draft', false];
  if (r < 5) return ['sent', false];
  if (r < 9) return ['sale', false];
  if (r < 10) return ['sale', true];
  return ['cancel', false];
};

export function seedOrders(ctx: SeedCtx, inputs: OrderInputs): OrderInfo[] {
  const orderInfo: OrderInfo[] = [];
  for (let i = 0; i < N_ORDERS; i++) orderInfo.push(seedOrder(ctx, i, inputs));
  seedBenchOrder(ctx, inputs);
  return orderInfo;
}

function seedOrder(ctx: SeedCtx, i: number, inputs: OrderInputs): OrderInfo {
  const { store, rng } = ctx;
  const { customerIds, customerAddr } = inputs.partners;
  const { projectAccounts, deptAccounts } = inputs.analytics;
  setClock(ctx, SEED_ANCHOR - (N_ORDERS - i) * 1.4 * 86400e3 - rng.int(0, 40_000) * 1000);
  const [state, locked] = stateFor(i);
  const company = i % 7 === 6 ? 4 : 1;
  const project = projectAccounts.filter((a) => a.company === company)[i % 20];
  const withProject = !!project && rng.chance(0.55);
  const partner = withProject ? project!.partner : rng.pick(customerIds.slice(0, ORDER_CUSTOMER_POOL));
  let uid = company === 4 ? rng.pick(inputs.users.canadaUids) : rng.pick(inputs.users.salesUids);
  if (i + 1 === 7 && uid === DEMO_UID) uid = ADMIN_UID;
  const a = customerAddr.get(partner)!;
  const dist = withProject
    ? { [String(project!.id)]: 100 }
    : rng.chance(0.15)
      ? { [String(rng.pick(deptAccounts))]: 100 }
      : false;
  const lines = orderLines(ctx, i, inputs.sellable, dist);
  const [oid] = createRecords(ctx.env, 'sale.order', [
    {
      partner_id: partner,
      partner_invoice_id: a.invoice,
      partner_shipping_id: a.delivery,
      user_id: uid,
      company_id: company,
      client_order_ref: rng.chance(0.5) ? `PO-${rng.int(10000, 99999)}` : false,
      origin: i % 5 === 0 ? `Q${String(i + 1).padStart(5, '0')}` : false,
      sale_order_template_id: rng.chance(0.2) ? rng.pick(inputs.templateIds) : false,
      date_order: store.clockNow(),
      order_line: lines,
    },
  ]);
  tick(ctx, rng.int(60, 3600) * 1000);
  if (state !== 'draft') store.update('sale.order', oid!, { state, locked, write_date: store.clockNow() });
  return {
    id: oid!,
    state,
    locked,
    company,
    partner,
    analytic: withProject ? project!.id : false,
    date: ctx.clock,
  };
}

/** The i-th order's lines (as ORM commands): 1 to 3 sections of products, sometimes with a note. */
function orderLines(ctx: SeedCtx, i: number, sellable: ProductInfo[], dist: Record<string, number> | false) {
  const { rng } = ctx;
  const lines: unknown[] = [];
  let seq = 10;
  const nSections = rng.int(1, 3);
  for (let s = 0; s < nSections; s++) {
    lines.push([
      0,
      0,
      { display_type: 'line_section', name: SECTION_NAMES[(i + s) % SECTION_NAMES.length], sequence: seq },
    ]);
    seq += 10;
    if (ctx.v === 19 && rng.chance(0.2)) {
      lines.push([0, 0, { display_type: 'line_subsection', name: 'Details', sequence: seq }]);
      seq += 10;
    }
    for (let k = rng.int(1, 6); k > 0; k--) {
      const p = rng.pick(sellable.slice(0, ORDER_PRODUCT_POOL));
      const discount = rng.chance(0.2) ? rng.pick([5, 10, 15]) : 0;
      const manual = rng.chance(0.25);
      lines.push([
        0,
        0,
        {
          product_id: p.id,
          product_uom_qty: p.cat.uom === 5 ? rng.int(5, 300) : rng.int(1, 12),
          ...(manual ? { price_unit: Math.round(p.price * (0.85 + rng.next() * 0.2) * 100) / 100 } : {}),
          discount,
          sequence: seq,
          analytic_distribution: dist,
        },
      ]);
      seq += 10;
    }
    if (rng.chance(0.35)) {
      lines.push([0, 0, { display_type: 'line_note', name: rng.pick(ORDER_NOTES), sequence: seq }]);
      seq += 10;
    }
  }
  return lines;
}

// one large order for benchmarks (1,000 lines)
function seedBenchOrder(ctx: SeedCtx, inputs: OrderInputs) {
  const { sellable } = inputs;
  setClock(ctx, SEED_ANCHOR - 2 * 86400e3);
  const lines: unknown[] = [];
  for (let s = 0; s < 20; s++) {
    lines.push([0, 0, { display_type: 'line_section', name: `Site ${s + 1}`, sequence: s * 1000 }]);
    for (let k = 0; k < 49; k++) {
      const p = sellable[(s * 49 + k) % sellable.length]!;
      lines.push([0, 0, { product_id: p.id, product_uom_qty: 1 + (k % 5), sequence: s * 1000 + (k + 1) * 10 }]);
    }
  }
  createRecords(ctx.env, 'sale.order', [
    {
      partner_id: inputs.partners.customerIds[0],
      user_id: ADMIN_UID,
      client_order_ref: 'BENCH-1000',
      order_line: lines,
    },
  ]);
}
