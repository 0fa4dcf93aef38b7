// Open in {ERP}: the address of a linked sale's order, and — with the built-in demo ERP, which has no web client —
// the order itself, read-only, for the page that address opens in this app.
import type { ErpOrderSectionView, ErpOrderView } from '@quotewright/contracts';
import { lineSubtotal } from '@quotewright/domain';
import { notFound } from '../../errors';
import { type AuthUser, authorize } from '../../policy';
import type { ErpConnector, ErpSale, ErpSaleState } from '../erp/erp.types';
import { OPTIONS_SECTION } from '../erp/publish';
import type { DemoErp } from './demo-erp';
import type { ErpOrderRepository } from './erp-order.repository';

/** The page of an order of the demo ERP, on this app's own address (a path: it works behind any proxy or name). */
export const demoOrderPath = (odooId: number) => `/erp/orders/${odooId}`;

/** As Odoo names its order states. */
const STATE_LABELS: Record<ErpSaleState, string> = {
  draft: 'Quotation',
  sent: 'Quotation Sent',
  sale: 'Sales Order',
  done: 'Locked',
  cancel: 'Cancelled',
};

/** The order's lines by section: lines before the first section form a section without a name. */
function sectionsOf(order: ErpSale, subtotals: ReadonlyMap<number, string> | undefined): ErpOrderSectionView[] {
  const out: ErpOrderSectionView[] = [];
  let current: ErpOrderSectionView | undefined;
  for (const l of order.lines) {
    if (l.kind === 'section') {
      current = { name: l.name, ...(l.optional ? { optional: true } : {}), lines: [] };
      out.push(current);
      continue;
    }
    if (!current) {
      current = { name: null, lines: [] };
      out.push(current);
    }
    const product = l.kind === 'product';
    current.lines.push({
      id: l.odooId,
      kind: product ? 'product' : l.kind,
      description: l.name,
      quantity: product ? l.quantity : null,
      uom: product ? l.uom : null,
      unitPrice: product ? l.priceUnit : null,
      discount: product ? l.discount : null,
      subtotal: product ? (subtotals?.get(l.odooId) ?? lineSubtotal(l.priceUnit, l.quantity, l.discount)) : null,
    });
  }
  // Odoo 18's optional products are no order lines: shown after them, as Odoo's form does (not in the totals).
  if (order.options?.length)
    out.push({
      name: OPTIONS_SECTION,
      optional: true,
      lines: order.options.map((o) => ({
        id: o.odooId,
        kind: 'product' as const,
        description: o.name,
        quantity: o.quantity,
        uom: o.uom,
        unitPrice: o.priceUnit,
        discount: o.discount,
        subtotal: lineSubtotal(o.priceUnit, o.quantity, o.discount),
      })),
    });
  return out;
}

export function erpOrderService(deps: { erp: ErpConnector; demo: DemoErp | null; repo: ErpOrderRepository }) {
  const { erp, demo, repo } = deps;
  return {
    /** Where 'Open in {ERP}' goes: the demo ERP's order page in this app, else the order in the ERP's web client. */
    saleUrl(odooId: number): string {
      return demo ? demoOrderPath(odooId) : erp.saleUrl(odooId);
    },

    /**
     * An order of the demo ERP (sales view rights). With a real ERP there is no such page (404): its own web client
     * shows the order.
     */
    async order(actor: AuthUser | null, odooId: number): Promise<ErpOrderView> {
      authorize(actor, 'sales.view');
      if (!demo) throw notFound('ERP order page (the ERP shows its orders itself)');
      const [order] = await erp.fetchSales({ afterId: odooId - 1, limit: 1 });
      if (order?.odooId !== odooId) throw notFound('ERP order');
      const [amounts, sale] = await Promise.all([demo.orderAmounts(odooId), repo.saleOfOrder(odooId)]);
      return {
        odooId,
        name: order.name,
        state: order.state,
        stateLabel: STATE_LABELS[order.state],
        customer: order.partner?.name ?? null,
        invoiceAddress: order.partnerInvoice?.name ?? null,
        deliveryAddress: order.partnerShipping?.name ?? null,
        salesperson: order.salesperson?.name ?? null,
        origin: order.origin,
        dateOrder: order.dateOrder,
        sections: sectionsOf(order, amounts?.lines),
        amountUntaxed: amounts?.untaxed ?? order.amountUntaxed,
        amountTax: amounts?.tax ?? '0.00',
        amountTotal: amounts?.total ?? order.amountUntaxed,
        sale: sale ?? null,
      };
    },
  };
}
export type ErpOrderService = ReturnType<typeof erpOrderService>;
