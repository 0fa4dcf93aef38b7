// Reading sales: pages of sale.order with their lines (read for the whole page at once, paged by line id), the
// count, and the order's address in the Odoo web client.

import { checkPage, ISO_DATE, type OdooSession, type Row, type Schema } from './connector.session.js';
import type { ErpConnector, ErpPage, ErpSale, ErpSaleLine, ErpSaleOption } from './erp.types.js';
import {
  cost4,
  isoDatetime,
  lineKind,
  money2,
  num,
  percent4,
  qty,
  ref,
  refId,
  refName,
  saleState,
  str,
} from './mapping.js';

export function saleReads(s: OdooSession, webUrl: string): Pick<ErpConnector, 'fetchSales' | 'countSales' | 'saleUrl'> {
  return {
    fetchSales: (p) => fetchSales(s, p),
    countSales: () => s.searchCount('sale.order', []),
    saleUrl(odooId: number): string {
      // Odoo 17 moved the web client to /odoo/<app>/<id>. Before the version is known (no call made yet),
      // assume a current Odoo.
      const major = s.knownMajor();
      if (major !== undefined && major < 17) return `${webUrl}/web#id=${odooId}&model=sale.order&view_type=form`;
      return `${webUrl}/odoo/sales/${odooId}`;
    },
  };
}

/** The sale.order.line fields a fetch reads: the optional ones as fields_get offers them. */
function lineFieldsOf(sol: Schema) {
  const uomField = 'product_uom_id' in sol ? 'product_uom_id' : 'product_uom' in sol ? 'product_uom' : null;
  const lineFields = ['order_id', 'sequence', 'display_type', 'name', 'product_id', 'product_uom_qty', 'price_unit'];
  if (uomField) lineFields.push(uomField);
  const hasCost = 'purchase_price' in sol;
  if (hasCost) lineFields.push('purchase_price');
  const hasDiscount = 'discount' in sol;
  if (hasDiscount) lineFields.push('discount');
  // Odoo 19: an optional section carries is_optional (its lines belong to it by sequence: parent_id is not stored,
  // so it cannot be searched; the lines are grouped here, in sequence order).
  if ('is_optional' in sol) lineFields.push('is_optional');
  return { lineFields, uomField, hasCost, hasDiscount };
}

const OPTION_READ = ['order_id', 'sequence', 'name', 'product_id', 'quantity', 'uom_id', 'price_unit', 'discount'];

/** Odoo 18: the sale.order.option records of some orders (decision 0032), by order, in sequence, id order. */
async function orderOptions(s: OdooSession, orderIds: number[]): Promise<Map<number, ErpSaleOption[]>> {
  const out = new Map<number, ErpSaleOption[]>();
  const rows = await s.searchAll('sale.order.option', [['order_id', 'in', orderIds]], OPTION_READ);
  for (const r of rows) {
    const order = refId(r.order_id);
    if (order === null) continue;
    const list = out.get(order) ?? [];
    list.push({
      odooId: r.id as number,
      // An option without a sequence is NULL in Odoo (reads as 0) and sorts after every set one.
      sequence: num(r.sequence) ?? 0,
      productOdooId: refId(r.product_id),
      name: str(r.name) ?? '',
      quantity: qty(r.quantity),
      priceUnit: money2(r.price_unit),
      discount: percent4(r.discount),
      uom: refName(r.uom_id),
    });
    out.set(order, list);
  }
  for (const list of out.values()) list.sort((a, b) => a.odooId - b.odooId);
  return out;
}

async function fetchSales(s: OdooSession, p: ErpPage): Promise<ErpSale[]> {
  checkPage(p);
  const [so, sol] = await Promise.all([s.schema('sale.order'), s.schema('sale.order.line'), s.version()]);
  const orderFields = [
    'name',
    'state',
    'partner_id',
    'partner_invoice_id',
    'partner_shipping_id',
    'user_id',
    'amount_untaxed',
    'date_order',
    'write_date',
    'create_date',
  ];
  for (const f of [
    'origin',
    'locked',
    'margin',
    'sale_order_template_id',
    'amount_tax',
    'amount_total',
    'payment_term_id',
    'validity_date',
  ])
    if (f in so) orderFields.push(f);
  const lf = lineFieldsOf(sol);

  const rows = await s.searchRead('sale.order', [['id', '>', p.afterId]], orderFields, {
    order: 'id asc',
    limit: p.limit,
  });
  const linesByOrder = new Map<number, ErpSaleLine[]>();
  const optionsByOrder =
    rows.length > 0 && 'sale_order_option_ids' in so
      ? await orderOptions(
          s,
          rows.map((r) => r.id as number),
        )
      : new Map<number, ErpSaleOption[]>();
  if (rows.length > 0) {
    for (const l of await s.saleLines(
      rows.map((r) => r.id as number),
      lf.lineFields,
    )) {
      const order = refId(l.order_id);
      if (order === null) continue;
      const list = linesByOrder.get(order) ?? [];
      list.push(saleLine(l, lf));
      linesByOrder.set(order, list);
    }
  }
  return rows.map((r) => {
    const id = r.id as number;
    const lines = (linesByOrder.get(id) ?? []).sort((a, b) => a.sequence - b.sequence || a.odooId - b.odooId);
    return {
      odooId: id,
      name: str(r.name) ?? '',
      origin: str(r.origin),
      state: saleState(r.state, r.locked),
      partner: ref(r.partner_id),
      partnerInvoice: ref(r.partner_invoice_id),
      partnerShipping: ref(r.partner_shipping_id),
      salesperson: ref(r.user_id),
      template: ref(r.sale_order_template_id),
      amountUntaxed: money2(r.amount_untaxed),
      amountTax: money2(r.amount_tax),
      amountTotal: 'amount_total' in r ? money2(r.amount_total) : money2(r.amount_untaxed),
      paymentTerm: ref(r.payment_term_id),
      validityDate: typeof r.validity_date === 'string' && ISO_DATE.test(r.validity_date) ? r.validity_date : null,
      margin: 'margin' in r ? money2(r.margin) : null,
      dateOrder: isoDatetime(r.date_order),
      writeDate: isoDatetime(r.write_date),
      createdAt: isoDatetime(r.create_date),
      lines,
      ...(optionsByOrder.has(id) ? { options: optionsOrder(optionsByOrder.get(id)!) } : {}),
    };
  });
}

/** Options as Odoo orders them: by sequence, unset (0: NULL in the column) last, then id. */
function optionsOrder(list: ErpSaleOption[]): ErpSaleOption[] {
  const key = (o: ErpSaleOption) => (o.sequence === 0 ? Number.POSITIVE_INFINITY : o.sequence);
  return [...list].sort((a, b) => key(a) - key(b) || a.odooId - b.odooId);
}

function saleLine(l: Row, o: { uomField: string | null; hasCost: boolean; hasDiscount: boolean }): ErpSaleLine {
  const kind = lineKind(l.display_type);
  return {
    ...(kind === 'section' && l.is_optional === true ? { optional: true } : {}),
    odooId: l.id as number,
    sequence: num(l.sequence) ?? 0,
    kind,
    productOdooId: kind === 'product' ? refId(l.product_id) : null,
    name: str(l.name) ?? '',
    quantity: qty(l.product_uom_qty),
    priceUnit: money2(l.price_unit),
    cost: o.hasCost ? cost4(l.purchase_price) : '0.00',
    discount: o.hasDiscount && kind === 'product' ? percent4(l.discount) : '0',
    uom: o.uomField ? refName(l[o.uomField]) : null,
  };
}
