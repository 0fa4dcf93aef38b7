// Reading sales: pages of sale.order with their lines (read for the whole page at once, paged by line id), the
// count, and the order's address in the Odoo web client.

import { checkPage, type OdooSession, type Row, type Schema } from './connector.session.js';
import type { ErpConnector, ErpPage, ErpSale, ErpSaleLine } from './erp.types.js';
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
  return { lineFields, uomField, hasCost, hasDiscount };
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
  for (const f of ['origin', 'locked', 'margin', 'sale_order_template_id']) if (f in so) orderFields.push(f);
  const lf = lineFieldsOf(sol);

  const rows = await s.searchRead('sale.order', [['id', '>', p.afterId]], orderFields, {
    order: 'id asc',
    limit: p.limit,
  });
  const linesByOrder = new Map<number, ErpSaleLine[]>();
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
      margin: 'margin' in r ? money2(r.margin) : null,
      dateOrder: isoDatetime(r.date_order),
      writeDate: isoDatetime(r.write_date),
      createdAt: isoDatetime(r.create_date),
      lines,
    };
  });
}

function saleLine(l: Row, o: { uomField: string | null; hasCost: boolean; hasDiscount: boolean }): ErpSaleLine {
  const kind = lineKind(l.display_type);
  return {
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
