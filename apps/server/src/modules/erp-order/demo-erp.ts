// The built-in demo ERP (the Odoo simulator the server starts when no ODOO_URL is set) has no web client of its own:
// 'Open in Odoo' opens a read-only page of the order in this app instead. The page reads the order through the
// connector (name, state, partners, lines as the sales fetch reads them); the amounts the connector does not read
// (taxes, total, each line's subtotal) come from the simulator's own records, computed as Odoo computes them.

import { money } from '@quotewright/domain';
import type { OdooSim } from '@quotewright/odoo-sim';

export interface ErpOrderAmounts {
  untaxed: string;
  tax: string;
  total: string;
  /** price_subtotal by sale.order.line id */
  lines: ReadonlyMap<number, string>;
}

/** Present when the ERP is the built-in simulator. */
export interface DemoErp {
  /** The ERP's amounts of an order; undefined when there is no such order. */
  orderAmounts(odooId: number): Promise<ErpOrderAmounts | undefined>;
}

const asMoney = (v: unknown) => money(typeof v === 'number' || typeof v === 'string' ? v : 0);

export function simulatorDemoErp(sim: Pick<OdooSim, 'data'>): DemoErp {
  return {
    async orderAmounts(odooId) {
      if (sim.data.search('sale.order', [['id', '=', odooId]]).length === 0) return undefined;
      const [order] = sim.data.read(
        'sale.order',
        [odooId],
        ['amount_untaxed', 'amount_tax', 'amount_total', 'order_line'],
      );
      if (!order) return undefined;
      const lineIds = Array.isArray(order.order_line) ? (order.order_line as number[]) : [];
      const lines = new Map<number, string>();
      if (lineIds.length > 0)
        for (const l of sim.data.read('sale.order.line', lineIds, ['price_subtotal']))
          lines.set(l.id as number, asMoney(l.price_subtotal));
      return {
        untaxed: asMoney(order.amount_untaxed),
        tax: asMoney(order.amount_tax),
        total: asMoney(order.amount_total),
        lines,
      };
    },
  };
}
