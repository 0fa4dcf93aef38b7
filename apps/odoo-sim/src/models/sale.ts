import { companyValue, currentCompany } from '../company.js';
import { userError, validationError, valueError } from '../errors.js';
import { createRecords, getRaw, writeRecords } from '../orm.js';
import type { Env } from '../store.js';
import type { Rec } from '../types.js';
import {
  bool,
  char,
  children,
  date,
  datetime,
  float,
  int,
  json,
  type ModelSpec,
  m2m,
  m2o,
  money,
  o2m,
  related,
  round2,
  sel,
  target,
  text,
} from './spec.js';

const ORDER_STATES: [string, string][] = [
  ['draft', 'Quotation'],
  ['sent', 'Quotation Sent'],
  ['sale', 'Sales Order'],
  ['cancel', 'Cancelled'],
];

const DISPLAY_TYPES_18: [string, string][] = [
  ['line_section', 'Section'],
  ['line_note', 'Note'],
];
const DISPLAY_TYPES_19: [string, string][] = [
  ['line_section', 'Section'],
  ['line_subsection', 'Subsection'],
  ['line_note', 'Note'],
];

const PROTECTED_18 = [
  'analytic_distribution',
  'name',
  'price_unit',
  'product_id',
  'product_uom',
  'product_uom_qty',
  'tax_id',
];
const PROTECTED_19 = [
  'analytic_distribution',
  'discount',
  'name',
  'price_unit',
  'product_id',
  'product_uom_id',
  'product_uom_qty',
  'tax_ids',
];

const CONFIRMED_LINE_REMOVAL =
  "Once a sales order is confirmed, you can't remove one of its lines (we need to track if something gets invoiced or delivered).\n                Set the quantity to 0 instead.";

const uomField = (env: Env) => (env.version === 19 ? 'product_uom_id' : 'product_uom');

function lineMoney(rec: Rec) {
  if (rec.display_type) return { subtotal: 0, cost: 0 };
  const qty = (rec.product_uom_qty as number) ?? 0;
  const price = (rec.price_unit as number) ?? 0;
  const discount = (rec.discount as number) ?? 0;
  // Odoo 18/19 (account.tax._add_tax_details_in_base_line): the discounted unit price first, then × quantity,
  // rounded per line to the currency (float_round).
  const subtotal = round2(price * (1 - discount / 100) * qty);
  const cost = round2(((rec.purchase_price as number) ?? 0) * qty);
  return { subtotal, cost };
}

/** The line's taxes field: `tax_id` on 18, `tax_ids` on 19 (each version rejects the other name). */
const taxField = (env: Env) => (env.version === 19 ? 'tax_ids' : 'tax_id');

interface LineTax {
  id: number;
  name: string;
  amount: number;
}

function lineTaxes(env: Env, rec: Rec): LineTax[] {
  if (rec.display_type) return [];
  const ids = rec[taxField(env)];
  if (!Array.isArray(ids)) return [];
  const out: LineTax[] = [];
  for (const id of ids as number[]) {
    const t = env.store.get('account.tax', id);
    if (t) out.push({ id, name: String(t.name ?? ''), amount: typeof t.amount === 'number' ? t.amount : 0 });
  }
  return out;
}

/**
 * Tax of a line per tax: percent taxes, price excluded, on the discounted subtotal, rounded per line (Odoo's
 * default tax_calculation_rounding_method 'round_per_line'). price_tax keeps the float noise Odoo shows
 * (44.10000000000002) because Odoo sums unrounded floats there.
 */
function lineTaxAmounts(env: Env, rec: Rec): { tax: LineTax; base: number; amount: number }[] {
  const base = lineMoney(rec).subtotal;
  return lineTaxes(env, rec).map((tax) => ({ tax, base, amount: round2((base * tax.amount) / 100) }));
}

function orderTotals(env: Env, order: Rec) {
  let untaxed = 0;
  let margin = 0;
  let tax = 0;
  for (const l of children(env, 'sale.order.line', 'order_id', order.id)) {
    const m = lineMoney(l);
    untaxed += m.subtotal;
    margin += m.subtotal - m.cost;
    for (const t of lineTaxAmounts(env, l)) tax += t.amount;
  }
  untaxed = round2(untaxed);
  tax = round2(tax);
  return { untaxed, margin: round2(margin), tax, total: round2(untaxed + tax) };
}

/** sale.order.tax_totals: fields_get says binary (not stored), the value is this JSON object (same keys on 18 and 19). */
function taxTotals(env: Env, order: Rec) {
  const t = orderTotals(env, order);
  const groups = new Map<number, { name: string; taxIds: Set<number>; base: number; amount: number }>();
  for (const l of children(env, 'sale.order.line', 'order_id', order.id))
    for (const x of lineTaxAmounts(env, l)) {
      // One tax group per tax here (Odoo groups taxes by tax_group_id; the demo's only sale tax is its own group).
      const g = groups.get(x.tax.id) ?? { name: `Tax ${x.tax.amount}%`, taxIds: new Set(), base: 0, amount: 0 };
      g.taxIds.add(x.tax.id);
      g.base += x.base;
      g.amount += x.amount;
      groups.set(x.tax.id, g);
    }
  const company = target(env, 'res.company', order.company_id);
  const currency = (typeof company?.currency_id === 'number' ? company.currency_id : 1) as number;
  const taxGroups = [...groups.entries()].map(([id, g]) => ({
    id,
    involved_tax_ids: [...g.taxIds],
    tax_amount_currency: round2(g.amount),
    tax_amount: round2(g.amount),
    base_amount_currency: round2(g.base),
    base_amount: round2(g.base),
    display_base_amount_currency: round2(g.base),
    display_base_amount: round2(g.base),
    group_name: g.name,
    group_label: false,
  }));
  return {
    currency_id: currency,
    currency_pd: 0.01,
    company_currency_id: currency,
    company_currency_pd: 0.01,
    has_tax_groups: taxGroups.length > 0,
    subtotals: taxGroups.length
      ? [
          {
            tax_groups: taxGroups,
            tax_amount_currency: t.tax,
            tax_amount: t.tax,
            base_amount_currency: t.untaxed,
            base_amount: t.untaxed,
            name: 'Untaxed Amount',
          },
        ]
      : [],
    base_amount_currency: t.untaxed,
    base_amount: t.untaxed,
    tax_amount_currency: t.tax,
    tax_amount: t.tax,
    same_tax_base: taxGroups.every((g) => g.base_amount === t.untaxed),
    total_amount_currency: t.total,
    total_amount: t.total,
  };
}

/** The product's sales taxes of the order's company (Odoo's default for a new line's taxes). */
function productTaxes(env: Env, productId: unknown, orderId: unknown): number[] {
  const p = target(env, 'product.product', productId);
  if (!p) return [];
  const ids = getRaw(env, 'product.product', p, 'taxes_id');
  if (!Array.isArray(ids)) return [];
  const order = target(env, 'sale.order', orderId);
  const company = typeof order?.company_id === 'number' ? order.company_id : currentCompany(env);
  return (ids as number[]).filter((id) => {
    const t = env.store.get('account.tax', id);
    return t && t.active !== false && (typeof t.company_id !== 'number' || t.company_id === company);
  });
}

/** Parent section of a line (19 parent_id): the closest preceding section (or subsection for lines). */
function parentSection(env: Env, model: string, parentField: string, rec: Rec): number | false {
  const siblings = children(env, model, parentField, rec[parentField] as number).sort(
    (a, b) => ((a.sequence as number) ?? 0) - ((b.sequence as number) ?? 0) || a.id - b.id,
  );
  let section: number | false = false;
  let subsection: number | false = false;
  for (const s of siblings) {
    if (s.id === rec.id) {
      if (rec.display_type === 'line_section') return false;
      if (rec.display_type === 'line_subsection') return section;
      return subsection || section;
    }
    if (s.display_type === 'line_section') {
      section = s.id;
      subsection = false;
    } else if (s.display_type === 'line_subsection') subsection = s.id;
  }
  return false;
}

function bumpOrders(env: Env, orderIds: Iterable<number>) {
  const now = env.now();
  for (const id of new Set(orderIds))
    if (env.store.get('sale.order', id)) env.store.update('sale.order', id, { write_date: now, write_uid: env.uid });
}

function addressOf(env: Env, partnerId: number, type: 'invoice' | 'delivery'): number {
  const p = env.store.get('res.partner', partnerId);
  if (!p) return partnerId;
  const commercial = getRaw(env, 'res.partner', p, 'commercial_partner_id') as number;
  for (const c of children(env, 'res.partner', 'parent_id', commercial))
    if (c.type === type && c.active !== false) return c.id;
  return partnerId;
}

/** Name, price, cost (of the order's company: standard_price is company-dependent) and unit of a product. */
function productDefaults(env: Env, productId: number, orderId?: unknown) {
  const p = env.store.get('product.product', productId);
  if (!p) return undefined;
  const order = target(env, 'sale.order', orderId);
  const company = typeof order?.company_id === 'number' ? order.company_id : currentCompany(env);
  const get = (f: string) => getRaw(env, 'product.product', p, f);
  const code = p.default_code;
  const name = get('name');
  const desc = get('description_sale');
  return {
    name: `${code ? `[${code}] ` : ''}${name}${desc ? `\n${desc}` : ''}`,
    price: (get('lst_price') as number) ?? 0,
    cost: companyValue(p.standard_price, company, 0) as number,
    uom: (get('uom_id') as number) || 1,
  };
}

function cancelWizard(orderId: number) {
  return {
    name: 'Cancel Sales Order',
    view_mode: 'form',
    res_model: 'sale.order.cancel',
    view_id: 1127,
    type: 'ir.actions.act_window',
    context: {
      default_template_id: 14,
      default_order_id: orderId,
      mark_so_as_canceled: true,
      default_email_layout_xmlid: 'mail.mail_notification_layout_with_responsible_signature',
      model_description: 'Sales Order',
    },
    target: 'new',
  };
}

function orders(env: Env, ids: number[]): Rec[] {
  return ids.map((id) => env.store.get('sale.order', id)).filter((r): r is Rec => !!r);
}

/**
 * Odoo 18's optional products of an order (sale_management; 19 removed the model: 404). Recorded in
 * odoo-samples/documents-options-taxes (INDEX surprises 2 and 3): order_id not required (an orphan gets price 0),
 * fields quantity/uom_id (the order line's names are invalid here), name and price from the product, an unset
 * sequence is NULL (reads as 0, sorts last), not in the order's totals, deleted with the order.
 */
const saleOrderOption: ModelSpec = {
  name: 'sale.order.option',
  description: 'Sale Options',
  order: 'sequence, id',
  versions: [18],
  mandatory: ['product_id'],
  fields: {
    order_id: m2o('sale.order', 'Sales Order Reference'),
    product_id: m2o('product.product', 'Product', { required: true }),
    line_id: m2o('sale.order.line', 'Line'),
    sequence: int('Sequence'),
    name: text('Description', { required: true }),
    quantity: float('Quantity', { required: true }),
    uom_id: m2o('uom.uom', 'Unit of Measure', { required: true }),
    product_uom_category_id: related('product_id.uom_id.category_id', m2o('uom.category', 'Category')),
    price_unit: float('Unit Price', { required: true }),
    discount: float('Discount (%)'),
    // Odoo: an order line of the order has the option's product.
    is_present: bool('Present on Quotation', {
      compute: (r, env) =>
        typeof r.order_id === 'number' &&
        children(env, 'sale.order.line', 'order_id', r.order_id).some(
          (l) => !l.display_type && l.product_id === r.product_id,
        ),
    }),
  },
  hooks: {
    prepareCreate(env, vals) {
      vals.quantity ??= 1;
      vals.discount ??= 0;
      if (typeof vals.product_id !== 'number') return;
      const d = productDefaults(env, vals.product_id, vals.order_id);
      if (!d) return;
      vals.name ??= d.name;
      vals.uom_id ??= d.uom;
      // The price comes from the order's pricelist: an option without an order has none (price 0).
      vals.price_unit ??= target(env, 'sale.order', vals.order_id) ? d.price : 0;
    },
    afterCreate(env, rec, vals) {
      // An unset sequence is NULL in the column: it reads as 0 and sorts after every set one (option_read_back).
      if (vals.sequence === undefined || vals.sequence === null || vals.sequence === false)
        env.store.update('sale.order.option', rec.id, { sequence: null });
    },
  },
  methods: {
    // Returns None: the JSON-RPC answer has no `result` key. Not idempotent (a second call adds a second line).
    button_add_to_order(env, ids) {
      addOptionToOrder(env, ids);
      return undefined;
    },
    // Returns the new line recordset, which JSON-RPC serialises as its Python repr.
    add_option_to_order(env, ids) {
      return `sale.order.line(${addOptionToOrder(env, ids)},)`;
    },
  },
};

/** sale.order.option.add_option_to_order: one option (ensure_one) → a new order line; the new line's id. */
function addOptionToOrder(env: Env, ids: number[]): number {
  if (ids.length !== 1) throw valueError(`Expected singleton: sale.order.option(${ids.join(', ')})`);
  const option = env.store.get('sale.order.option', ids[0]!);
  if (!option) throw valueError('Expected singleton: sale.order.option()');
  const order = target(env, 'sale.order', option.order_id);
  if (!order || (order.state !== 'draft' && order.state !== 'sent'))
    throw userError('You cannot add options to a confirmed order.');
  const sequences = children(env, 'sale.order.line', 'order_id', order.id).map((l) => (l.sequence as number) ?? 0);
  const [lineId] = createRecords(env, 'sale.order.line', [
    {
      order_id: order.id,
      product_id: option.product_id,
      name: option.name,
      product_uom_qty: option.quantity,
      [uomField(env)]: option.uom_id,
      price_unit: option.price_unit,
      discount: option.discount ?? 0,
      sequence: sequences.length ? Math.max(...sequences) + 1 : 10,
    },
  ]);
  env.store.update('sale.order.option', option.id, { line_id: lineId });
  return lineId!;
}

export const saleModels: ModelSpec[] = [
  {
    name: 'sale.order',
    description: 'Sales Order',
    order: 'date_order desc, id desc',
    mandatory: ['partner_id'],
    cascade: ['order_line', 'sale_order_option_ids'],
    fields: {
      name: char('Order Reference'),
      state: sel(ORDER_STATES, 'Status', { default: () => 'draft' }),
      locked: bool('Locked'),
      partner_id: m2o('res.partner', 'Customer', { required: true }),
      partner_invoice_id: m2o('res.partner', 'Invoice Address'),
      partner_shipping_id: m2o('res.partner', 'Delivery Address'),
      user_id: m2o('res.users', 'Salesperson', { default: (env) => env.uid }),
      team_id: m2o('crm.team', 'Sales Team'),
      company_id: m2o('res.company', 'Company', { default: () => 1 }),
      currency_id: related('company_id.currency_id', m2o('res.currency', 'Currency')),
      pricelist_id: m2o('product.pricelist', 'Pricelist'),
      client_order_ref: char('Customer Reference'),
      origin: char('Source Document'),
      note: { type: 'html', string: 'Terms and conditions' },
      date_order: datetime('Order Date', { default: (env) => env.now() }),
      payment_term_id: m2o('account.payment.term', 'Payment Terms'),
      validity_date: date('Expiration', {
        default: (env) =>
          new Date(Date.parse(`${env.now().slice(0, 10)}T00:00:00Z`) + 30 * 86400e3).toISOString().slice(0, 10),
      }),
      commitment_date: datetime('Delivery Date'),
      sale_order_template_id: m2o('sale.order.template', 'Quotation Template'),
      order_line: o2m('sale.order.line', 'order_id', 'Order Lines'),
      // 18 only (sale_management): optional products, not order lines and not in the totals; 19 removed the field.
      sale_order_option_ids: o2m('sale.order.option', 'order_id', 'Optional Products Lines', { versions: [18] }),
      amount_untaxed: money('Untaxed Amount', { compute: (r, env) => orderTotals(env, r).untaxed }),
      amount_tax: money('Taxes', { compute: (r, env) => orderTotals(env, r).tax }),
      amount_total: money('Total', { compute: (r, env) => orderTotals(env, r).total }),
      tax_totals: { type: 'binary', string: 'Tax Totals', compute: (r, env) => taxTotals(env, r) },
      margin: money('Margin', { compute: (r, env) => orderTotals(env, r).margin }),
      margin_percent: float('Margin (%)', {
        compute: (r, env) => {
          const t = orderTotals(env, r);
          return t.untaxed ? t.margin / t.untaxed : 0;
        },
      }),
      invoice_status: sel(
        [
          ['upselling', 'Upselling Opportunity'],
          ['invoiced', 'Fully Invoiced'],
          ['to invoice', 'To Invoice'],
          ['no', 'Nothing to Invoice'],
        ],
        'Invoice Status',
        { compute: (r) => (r.state === 'sale' ? (r.invoice_status_raw ?? 'to invoice') : 'no') },
      ),
      invoice_ids: m2m('account.move', 'Invoices', {
        compute: (r, env) =>
          (r.invoice_ids_raw as number[] | undefined)?.filter((id) => env.store.get('account.move', id)) ?? [],
      }),
      invoice_count: int('Invoice Count', {
        compute: (r) => ((r.invoice_ids_raw as number[] | undefined) ?? []).length,
      }),
    },
    hooks: {
      prepareCreate(env, vals) {
        if (!vals.name || vals.name === '/') vals.name = `S${String(env.store.nextSeq('sale.order')).padStart(5, '0')}`;
        if (typeof vals.partner_id === 'number' && env.store.get('res.partner', vals.partner_id)) {
          vals.partner_invoice_id ??= addressOf(env, vals.partner_id, 'invoice');
          vals.partner_shipping_id ??= addressOf(env, vals.partner_id, 'delivery');
          // Odoo: payment_term_id comes from the customer's (commercial partner's) property_payment_term_id.
          if (vals.payment_term_id === undefined) {
            const p = env.store.get('res.partner', vals.partner_id)!;
            const commercial = env.store.get(
              'res.partner',
              getRaw(env, 'res.partner', p, 'commercial_partner_id') as number,
            );
            const term = commercial?.property_payment_term_id ?? p.property_payment_term_id;
            if (typeof term === 'number' && env.store.get('account.payment.term', term)) vals.payment_term_id = term;
          }
        }
        const uid = typeof vals.user_id === 'number' ? vals.user_id : env.uid;
        if (vals.team_id === undefined) {
          const u = env.store.get('res.users', uid);
          if (u?.sale_team_id) vals.team_id = u.sale_team_id;
        }
      },
      beforeUnlink(_env, recs) {
        for (const r of recs)
          if (r.state !== 'draft' && r.state !== 'cancel')
            throw userError(
              'You can not delete a sent quotation or a confirmed sales order. You must first cancel it.',
            );
      },
    },
    methods: {
      action_confirm(env, ids) {
        const recs = orders(env, ids);
        const bad = recs.filter((r) => r.state !== 'draft' && r.state !== 'sent');
        if (bad.length)
          throw userError(
            `The following orders are not in a state requiring confirmation: ${bad.map((r) => r.name).join(', ')}`,
          );
        writeRecords(env, 'sale.order', ids, { state: 'sale', date_order: env.now() });
        return true;
      },
      action_cancel(env, ids) {
        const recs = orders(env, ids);
        if (recs.some((r) => r.locked)) throw userError('You cannot cancel a locked order. Please unlock it first.');
        if (env.version === 18 && !env.context.disable_cancel_warning && recs.some((r) => r.state !== 'draft')) {
          return cancelWizard(recs[0]?.id ?? 0);
        }
        return writeRecords(env, 'sale.order', ids, { state: 'cancel' });
      },
      action_draft(env, ids) {
        const recs = orders(env, ids).filter((r) => r.state === 'cancel' || r.state === 'sent');
        return writeRecords(
          env,
          'sale.order',
          recs.map((r) => r.id),
          { state: 'draft' },
        );
      },
      action_quotation_sent(env, ids) {
        if (orders(env, ids).some((r) => r.state !== 'draft'))
          throw userError('Only draft orders can be marked as sent directly.');
        writeRecords(env, 'sale.order', ids, { state: 'sent' });
        return undefined;
      },
      action_lock(env, ids) {
        writeRecords(env, 'sale.order', ids, { locked: true });
        return undefined;
      },
      action_unlock(env, ids) {
        writeRecords(env, 'sale.order', ids, { locked: false });
        return undefined;
      },
    },
  },
  {
    name: 'sale.order.line',
    description: 'Sales Order Line',
    order: 'order_id, sequence, id',
    mandatory: ['order_id'],
    fields: {
      order_id: m2o('sale.order', 'Order Reference', { required: true }),
      sequence: int('Sequence', { default: () => 10 }),
      display_type: sel(DISPLAY_TYPES_18, 'Display Type'),
      name: text('Description'),
      product_id: m2o('product.product', 'Product'),
      product_template_id: related('product_id.product_tmpl_id', m2o('product.template', 'Product Template')),
      product_uom_qty: float('Quantity'),
      product_uom: m2o('uom.uom', 'Unit of Measure', { versions: [18] }),
      product_uom_id: m2o('uom.uom', 'Unit', { versions: [19] }),
      price_unit: float('Unit Price'),
      technical_price_unit: float('Technical Price Unit'),
      discount: float('Discount (%)'),
      purchase_price: float('Cost'),
      tax_id: m2m('account.tax', 'Taxes', { versions: [18] }),
      tax_ids: m2m('account.tax', 'Taxes', { versions: [19] }),
      price_subtotal: money('Subtotal', { compute: (r) => lineMoney(r).subtotal }),
      price_total: money('Total', {
        compute: (r, env) => round2(lineMoney(r).subtotal + lineTaxAmounts(env, r).reduce((a, t) => a + t.amount, 0)),
      }),
      price_tax: float('Total Tax', {
        compute: (r, env) => lineTaxAmounts(env, r).reduce((a, t) => a + (t.base * t.tax.amount) / 100, 0),
      }),
      price_reduce_taxexcl: money('Price Reduce Tax excl', {
        compute: (r) => (r.product_uom_qty ? round2(lineMoney(r).subtotal / (r.product_uom_qty as number)) : 0),
      }),
      margin: float('Margin', {
        compute: (r) => {
          const m = lineMoney(r);
          return round2(m.subtotal - m.cost);
        },
      }),
      margin_percent: float('Margin (%)', {
        compute: (r) => {
          const m = lineMoney(r);
          return m.subtotal ? (m.subtotal - m.cost) / m.subtotal : 0;
        },
      }),
      analytic_distribution: json('Analytic Distribution'),
      qty_delivered: float('Delivery Quantity'),
      qty_invoiced: float('Invoiced Quantity'),
      qty_to_invoice: float('Quantity To Invoice'),
      customer_lead: float('Lead Time'),
      sale_order_option_ids: o2m('sale.order.option', 'line_id', 'Optional Products Lines', { versions: [18] }),
      is_optional: bool('Optional Line', { versions: [19] }),
      parent_id: m2o('sale.order.line', 'Parent Section Line', {
        versions: [19],
        compute: (r, env) => parentSection(env, 'sale.order.line', 'order_id', r),
      }),
      state: related('order_id.state', sel(ORDER_STATES, 'Order Status')),
      company_id: related('order_id.company_id', m2o('res.company', 'Company')),
      currency_id: related('order_id.currency_id', m2o('res.currency', 'Currency')),
      order_partner_id: related('order_id.partner_id', m2o('res.partner', 'Customer')),
      salesman_id: related('order_id.user_id', m2o('res.users', 'Salesperson')),
      product_type: related('product_id.type', sel([], 'Product Type')),
      is_storable: related('product_id.is_storable', bool('Track Inventory')),
    },
    displayName: (r, env) => {
      const o = target(env, 'sale.order', r.order_id);
      const n = String(r.name ?? '').split('\n')[0] ?? '';
      return o ? `${o.name} - ${n}` : n;
    },
    hooks: {
      prepareCreate(env, vals) {
        const uom = uomField(env);
        if (vals.display_type) {
          if (
            (vals.product_id !== undefined && vals.product_id !== false) ||
            (typeof vals.price_unit === 'number' && vals.price_unit !== 0) ||
            (typeof vals.product_uom_qty === 'number' && vals.product_uom_qty !== 0)
          )
            throw validationError(
              'The operation cannot be completed: Forbidden values on non-accountable sale order line',
            );
          vals.product_uom_qty = 0;
          return;
        }
        // Recorded on 18 and 19: the order's defaults run before the required check (no clean message).
        if (typeof vals.order_id !== 'number') throw valueError('Expected singleton: sale.order()');
        if (typeof vals.product_id !== 'number')
          throw validationError(
            'The operation cannot be completed: Missing required fields on accountable sale order line.',
          );
        const d = productDefaults(env, vals.product_id, vals.order_id);
        if (d) {
          vals.name ??= d.name;
          vals.price_unit ??= d.price;
          vals.purchase_price ??= d.cost;
          vals[uom] ??= d.uom;
        }
        vals.product_uom_qty ??= 1;
        vals.technical_price_unit ??= vals.price_unit;
        // Odoo: a new line's taxes are the product's sales taxes (of the order's company) unless given.
        const tf = taxField(env);
        if (vals[tf] === undefined) vals[tf] = productTaxes(env, vals.product_id, vals.order_id);
        const order = env.store.get('sale.order', vals.order_id as number);
        if (order?.locked) {
          // Odoo lets lines be added to locked orders only through the UI flows; the API path is a protected write.
        }
      },
      afterCreate(env, rec) {
        bumpOrders(env, [rec.order_id as number]);
      },
      prepareWrite(env, recs, vals) {
        if ('display_type' in vals && recs.some((r) => (r.display_type ?? false) !== (vals.display_type ?? false)))
          throw userError(
            'You cannot change the type of a sale order line. Instead you should delete the current line and create a new line of the proper type.',
          );
        const protectedFields = env.version === 19 ? PROTECTED_19 : PROTECTED_18;
        const touched = protectedFields.filter((f) => f in vals);
        if (touched.length) {
          const locked = recs.some((r) => {
            const o = target(env, 'sale.order', r.order_id);
            return o?.locked && o.state === 'sale';
          });
          if (locked) {
            const fields = env.store.model('sale.order.line').fields;
            throw userError(
              `It is forbidden to modify the following fields in a locked order:\n${touched
                .sort()
                .map((f) => fields[f]?.string ?? f)
                .join('\n')}`,
            );
          }
        }
        if ('product_id' in vals && typeof vals.product_id === 'number' && !('price_unit' in vals)) {
          const d = productDefaults(env, vals.product_id, recs[0]?.order_id);
          if (d) {
            vals.price_unit = d.price;
            vals.purchase_price ??= d.cost;
            vals.name ??= d.name;
          }
        }
        if ('product_id' in vals && typeof vals.product_id === 'number' && !(taxField(env) in vals))
          vals[taxField(env)] = productTaxes(env, vals.product_id, recs[0]?.order_id);
        if ('price_unit' in vals) vals.technical_price_unit = vals.price_unit;
      },
      afterWrite(env, recs, vals) {
        // Gotcha recorded on 18 and 19: writing only the quantity recomputes the unit price from the product
        // (a manual price is lost) while the order is a quotation.
        if ('product_uom_qty' in vals && !('price_unit' in vals)) {
          for (const r of recs) {
            const o = target(env, 'sale.order', r.order_id);
            if (r.display_type || !o || (o.state !== 'draft' && o.state !== 'sent')) continue;
            const d = productDefaults(env, r.product_id as number);
            if (d) env.store.update('sale.order.line', r.id, { price_unit: d.price, technical_price_unit: d.price });
          }
        }
        bumpOrders(
          env,
          recs.map((r) => r.order_id as number),
        );
      },
      beforeUnlink(env, recs) {
        for (const r of recs) {
          const o = target(env, 'sale.order', r.order_id);
          if (o?.state === 'sale' && !r.display_type) throw userError(CONFIRMED_LINE_REMOVAL);
        }
      },
      afterUnlink(env, recs) {
        bumpOrders(
          env,
          recs.map((r) => r.order_id as number),
        );
      },
    },
  },
  saleOrderOption,
  {
    name: 'sale.order.template',
    description: 'Quotation Template',
    order: 'sequence, id',
    mandatory: ['name'],
    cascade: ['sale_order_template_line_ids', 'sale_order_template_option_ids'],
    fields: {
      name: char('Quotation Template', { required: true }),
      active: bool('Active'),
      sequence: int('Sequence', { default: () => 10 }),
      company_id: m2o('res.company', 'Company'),
      number_of_days: int('Quotation Duration', { default: () => 30 }),
      require_signature: bool('Online Signature', { default: () => true }),
      require_payment: bool('Online Payment'),
      prepayment_percent: float('Prepayment percentage', { default: () => 1 }),
      journal_id: m2o('account.journal', 'Invoicing Journal'),
      mail_template_id: m2o('mail.template', 'Confirmation Mail'),
      note: { type: 'html', string: 'Terms and conditions' },
      sale_order_template_line_ids: o2m('sale.order.template.line', 'sale_order_template_id', 'Lines'),
      sale_order_template_option_ids: o2m('sale.order.template.option', 'sale_order_template_id', 'Optional Products', {
        versions: [18],
      }),
    },
  },
  {
    name: 'sale.order.template.line',
    description: 'Quotation Template Line',
    order: 'sale_order_template_id, sequence, id',
    mandatory: ['sale_order_template_id'],
    fields: {
      sale_order_template_id: m2o('sale.order.template', 'Quotation Template Reference', { required: true }),
      sequence: int('Sequence', { default: () => 10 }),
      display_type: sel(DISPLAY_TYPES_18, 'Display Type'),
      name: text('Description'),
      product_id: m2o('product.product', 'Product'),
      product_uom_qty: float('Quantity', { default: () => 1 }),
      product_uom_id: m2o('uom.uom', 'Unit'),
      company_id: related('sale_order_template_id.company_id', m2o('res.company', 'Company')),
      is_optional: bool('Optional Line', { versions: [19] }),
      parent_id: m2o('sale.order.template.line', 'Parent Section Line', {
        versions: [19],
        compute: (r, env) => parentSection(env, 'sale.order.template.line', 'sale_order_template_id', r),
      }),
    },
    displayName: (r, env) => {
      if (r.name) return String(r.name);
      const p = target(env, 'product.product', r.product_id);
      return p ? String(getRaw(env, 'product.product', p, 'name')) : '';
    },
    hooks: {
      prepareCreate(env, vals) {
        if (!vals.display_type && typeof vals.product_id === 'number') {
          const d = productDefaults(env, vals.product_id);
          if (d) vals.product_uom_id ??= d.uom;
        }
      },
    },
  },
  {
    name: 'sale.order.template.option',
    description: 'Quotation Template Option',
    order: 'sequence, id',
    versions: [18],
    mandatory: ['sale_order_template_id', 'product_id'],
    fields: {
      sale_order_template_id: m2o('sale.order.template', 'Quotation Template Reference', { required: true }),
      sequence: int('Sequence', { default: () => 10 }),
      name: text('Description'),
      product_id: m2o('product.product', 'Product', { required: true }),
      quantity: float('Quantity', { default: () => 1 }),
      uom_id: m2o('uom.uom', 'Unit of Measure'),
      company_id: related('sale_order_template_id.company_id', m2o('res.company', 'Company')),
    },
    hooks: {
      prepareCreate(env, vals) {
        if (typeof vals.product_id === 'number') {
          const d = productDefaults(env, vals.product_id);
          if (d) {
            vals.name ??= d.name.split('\n')[0];
            vals.uom_id ??= d.uom;
          }
        }
      },
    },
  },
];

export const SALE_DISPLAY_TYPES = { 18: DISPLAY_TYPES_18, 19: DISPLAY_TYPES_19 };
