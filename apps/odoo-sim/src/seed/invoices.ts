// Invoices of confirmed orders (most posted, many paid), vendor bills (project costs as negative analytic lines, and
// overheads) and miscellaneous bank entries, to reach a few thousand journal items.
import { createRecords, getRaw } from '../orm.js';
import type { Accounts, Analytics } from './accounting.js';
import type { ProductInfo } from './catalog.js';
import { dateOf, round2, SEED_ANCHOR, type SeedCtx, setClock } from './context.js';
import type { OrderInfo } from './orders.js';

const N_BILLS = 260;
const BILL_ACCOUNTS = ['500000', '600000', '610000', '620000'];
/** Bills draw their products among the first this many sellable ones. */
const BILL_PRODUCT_POOL = 2000;
const N_BANK_ENTRIES = 800;
const BANK_REFS = ['Bank fees', 'Card settlement', 'Transfer', 'Interest', 'Rent'];

export interface InvoiceInputs {
  accounts: Accounts;
  analytics: Analytics;
  vendorIds: number[];
  sellable: ProductInfo[];
}

export function seedInvoices(ctx: SeedCtx, orders: OrderInfo[], inputs: InvoiceInputs) {
  for (const o of orders.filter((x) => x.state === 'sale')) seedOrderInvoice(ctx, o, inputs.accounts);
  for (let b = 0; b < N_BILLS; b++) seedVendorBill(ctx, b, inputs);
  for (let e = 0; e < N_BANK_ENTRIES; e++) seedBankEntry(ctx, e, inputs.accounts);
}

const post = (ctx: SeedCtx, moveId: number) => {
  const m = ctx.store.get('account.move', moveId)!;
  ctx.store.model('account.move').methods.action_post!(ctx.env, [m.id], {});
};

const bankJournal = (ctx: SeedCtx, company: number) =>
  ctx.store.all('account.journal').find((j) => j.company_id === company && j.type === 'bank')!.id;

/** The next BNK1/<year>/<n> name of a company's bank entries. */
const bankEntryName = (ctx: SeedCtx, company: number) =>
  `BNK1/${dateOf(ctx.clock).slice(0, 4)}/${String(ctx.store.nextSeq(`bank.${company}`)).padStart(5, '0')}`;

function seedOrderInvoice(ctx: SeedCtx, o: OrderInfo, accounts: Accounts) {
  const { store, env, rng } = ctx;
  setClock(ctx, o.date + rng.int(2, 20) * 86400e3);
  const lines = store
    .idsWhere('sale.order.line', 'order_id', o.id)
    .map((id) => store.get('sale.order.line', id)!)
    .filter((l) => !l.display_type);
  const invoiceDate = dateOf(Math.min(ctx.clock, SEED_ANCHOR));
  const [mid] = createRecords(env, 'account.move', [
    {
      move_type: 'out_invoice',
      partner_id: o.partner,
      company_id: o.company,
      invoice_date: invoiceDate,
      invoice_origin: store.get('sale.order', o.id)!.name,
      invoice_line_ids: lines.map((l) => [
        0,
        0,
        {
          product_id: l.product_id,
          name: String(l.name).split('\n')[0],
          quantity: l.product_uom_qty,
          price_unit: round2(((l.price_unit as number) ?? 0) * (1 - ((l.discount as number) ?? 0) / 100)),
          analytic_distribution: l.analytic_distribution ?? false,
          account_id: accounts.get(
            `${o.company}:${l.product_id && store.get('product.template', store.get('product.product', l.product_id as number)!.product_tmpl_id as number)?.type === 'service' ? '410000' : '400000'}`,
          ),
        },
      ]),
    },
  ]);
  store.update('sale.order', o.id, { invoice_ids_raw: [mid], invoice_status_raw: 'invoiced' });
  if (rng.chance(0.85)) {
    post(ctx, mid!);
    if (rng.chance(0.6)) seedPayment(ctx, o, mid!, accounts);
  } else {
    store.update('sale.order', o.id, { invoice_status_raw: 'to invoice' });
  }
}

/** The customer's payment of an invoice: a posted bank entry, reconciled. */
function seedPayment(ctx: SeedCtx, o: OrderInfo, mid: number, accounts: Accounts) {
  const { store, env, rng } = ctx;
  const total = getRaw(env, 'account.move', store.get('account.move', mid)!, 'amount_total') as number;
  setClock(ctx, ctx.clock + rng.int(5, 30) * 86400e3);
  const [pay] = createRecords(env, 'account.move', [
    {
      move_type: 'entry',
      company_id: o.company,
      date: dateOf(Math.min(ctx.clock, SEED_ANCHOR)),
      ref: `Payment ${store.get('account.move', mid)!.name}`,
      journal_id: bankJournal(ctx, o.company),
    },
  ]);
  createRecords(env, 'account.move.line', [
    {
      move_id: pay,
      account_id: accounts.get(`${o.company}:101401`),
      partner_id: o.partner,
      name: 'Customer payment',
      debit: total,
      credit: 0,
      display_type: 'product',
    },
    {
      move_id: pay,
      account_id: accounts.get(`${o.company}:121000`),
      partner_id: o.partner,
      name: 'Customer payment',
      debit: 0,
      credit: total,
      display_type: 'payment_term',
      reconciled: true,
      matching_number: `P${pay}`,
    },
  ]);
  store.update('account.move', pay!, { name: bankEntryName(ctx, o.company), state: 'posted' });
  store.update('account.move', mid, { payment_state: 'paid' });
}

// vendor bills: project costs (negative analytic lines) and overheads
function seedVendorBill(ctx: SeedCtx, b: number, inputs: InvoiceInputs) {
  const { store, rng } = ctx;
  const { accounts, sellable } = inputs;
  const { projectAccounts, deptAccounts } = inputs.analytics;
  const company = b % 6 === 5 ? 4 : 1;
  const project = rng.chance(0.7) ? rng.pick(projectAccounts.filter((a) => a.company === company)) : undefined;
  setClock(ctx, SEED_ANCHOR - rng.int(1, 330) * 86400e3);
  const nLines = rng.int(1, 4);
  const lines: unknown[] = [];
  for (let k = 0; k < nLines; k++) {
    const p = rng.pick(sellable.slice(0, BILL_PRODUCT_POOL));
    lines.push([
      0,
      0,
      {
        product_id: p.id,
        name: `${store.get('product.product', p.id)!.default_code} ${store.get('product.template', p.tmpl)!.name}`,
        quantity: rng.int(1, 5),
        price_unit: p.cost,
        account_id: accounts.get(`${company}:${rng.pick(BILL_ACCOUNTS)}`),
        analytic_distribution: project
          ? rng.chance(0.2)
            ? { [String(project.id)]: 60, [String(rng.pick(deptAccounts))]: 40 }
            : { [String(project.id)]: 100 }
          : false,
      },
    ]);
  }
  const [bill] = createRecords(ctx.env, 'account.move', [
    {
      move_type: 'in_invoice',
      partner_id: rng.pick(inputs.vendorIds),
      company_id: company,
      invoice_date: dateOf(ctx.clock),
      ref: `VB-${rng.int(1000, 9999)}`,
      invoice_line_ids: lines,
    },
  ]);
  if (rng.chance(0.8)) post(ctx, bill!);
}

// miscellaneous bank/fee entries to reach a few thousand journal items
function seedBankEntry(ctx: SeedCtx, e: number, accounts: Accounts) {
  const { store, rng } = ctx;
  const company = e % 5 === 4 ? 4 : 1;
  setClock(ctx, SEED_ANCHOR - rng.int(1, 360) * 86400e3);
  const amount = round2(rng.int(500, 250_000) / 100);
  const [mv] = createRecords(ctx.env, 'account.move', [
    {
      move_type: 'entry',
      company_id: company,
      date: dateOf(ctx.clock),
      ref: rng.pick(BANK_REFS),
      journal_id: bankJournal(ctx, company),
    },
  ]);
  createRecords(ctx.env, 'account.move.line', [
    {
      move_id: mv,
      account_id: accounts.get(`${company}:101401`),
      name: `Statement line ${e + 1}`,
      debit: e % 2 ? amount : 0,
      credit: e % 2 ? 0 : amount,
      display_type: 'product',
    },
    {
      move_id: mv,
      account_id: accounts.get(`${company}:101402`),
      name: `Statement line ${e + 1}`,
      debit: e % 2 ? 0 : amount,
      credit: e % 2 ? amount : 0,
      display_type: 'product',
    },
  ]);
  if (e % 10 !== 9) store.update('account.move', mv!, { name: bankEntryName(ctx, company), state: 'posted' });
}
