// 'Open in Odoo' with the built-in demo ERP (the simulator has no web client): the link opens the app's own
// read-only page of the order, whose data this route answers — the order as the ERP holds it. With a real Odoo the
// link is Odoo's own and the route answers 404.
import type { ErpOrderView } from '@quotewright/contracts';
import { sales } from '@quotewright/db';
import { type OdooSim, startOdooSim } from '@quotewright/odoo-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, simConnector, type TestApp } from '../../../test/helpers';
import { api, expectProblem, roleTokens, type Tokens } from '../sales/testkit';
import { simulatorDemoErp } from './demo-erp';

let sim: OdooSim;
let demo: TestApp;
let real: TestApp;
let tok: Tokens;
let realTok: Tokens;

const connector = () =>
  simConnector(sim, {
    protocol: 'json2',
    timeoutMs: 5000,
  });

beforeAll(async () => {
  sim = await startOdooSim({ port: 0, version: 19 });
  demo = await createTestApp({}, { erp: connector(), erpDemo: simulatorDemoErp(sim), workers: false });
  real = await createTestApp({}, { erp: connector(), workers: false });
  tok = await roleTokens(demo);
  realTok = await roleTokens(real);
}, 120_000);
afterAll(async () => {
  await demo?.close();
  await real?.close();
  await sim?.close();
});

/** A demo order with sections, products, a note and a discount somewhere. */
function richOrder(): number {
  const ids = sim.data.search('sale.order', [], { order: 'id' });
  const found = ids.find((id) => {
    const lines = sim.data.read('sale.order.line', sim.data.value('sale.order', id, 'order_line') as number[], [
      'display_type',
    ]);
    const types = new Set(lines.map((l) => l.display_type || 'product'));
    return types.has('line_section') && types.has('product') && lines.length >= 4;
  });
  expect(found).toBeDefined();
  return found!;
}

/** A local quote linked to the ERP order, as a publish leaves it. */
async function linkedSale(app: TestApp, odooId: number, name: string) {
  const [row] = await app.database.db
    .insert(sales)
    .values({ name, quoteNumber: `QE${odooId}`, state: 'draft', odooId, odooName: `S${odooId}` })
    .returning({ id: sales.id });
  return row!.id;
}

describe('the demo ERP order page', () => {
  it('Open in Odoo links to the app’s own page of the order, which shows it as the ERP holds it', async () => {
    const odooId = richOrder();
    const saleId = await linkedSale(demo, odooId, 'Linked quote');
    const a = api(demo);
    expect(await a.ok('GET', `/api/sales/odoo/url/${saleId}`, tok.viewer)).toEqual({ url: `/erp/orders/${odooId}` });

    const view = await a.ok<ErpOrderView>('GET', `/api/erp/orders/${odooId}`, tok.viewer);
    const [order] = sim.data.read(
      'sale.order',
      [odooId],
      ['name', 'state', 'partner_id', 'amount_untaxed', 'amount_tax', 'amount_total', 'order_line'],
    );
    const name = (ref: unknown) => (Array.isArray(ref) ? String(ref[1]) : null);
    expect(view).toMatchObject({
      odooId,
      name: order!.name,
      customer: name(order!.partner_id),
      amountUntaxed: Number(order!.amount_untaxed).toFixed(2),
      amountTax: Number(order!.amount_tax).toFixed(2),
      amountTotal: Number(order!.amount_total).toFixed(2),
      sale: { id: saleId, quoteNumber: `QE${odooId}`, name: 'Linked quote' },
    });
    expect(view.stateLabel).toBe(
      { draft: 'Quotation', sent: 'Quotation Sent', sale: 'Sales Order', cancel: 'Cancelled' }[
        order!.state as string
      ] ?? 'Locked',
    );
    // Sections hold their lines in the ERP's order (sequence, id); every line is there once.
    const lines = sim.data
      .read('sale.order.line', order!.order_line as number[], [
        'sequence',
        'display_type',
        'name',
        'product_uom_qty',
        'price_unit',
        'discount',
        'price_subtotal',
      ])
      .sort((x, y) => (x.sequence as number) - (y.sequence as number) || (x.id as number) - (y.id as number));
    const sections = lines.filter((l) => l.display_type === 'line_section').map((l) => l.name);
    expect(view.sections.map((s) => s.name).filter((n) => n !== null)).toEqual(sections);
    const shown = view.sections.flatMap((s) => s.lines);
    const others = lines.filter((l) => l.display_type !== 'line_section');
    expect(shown.map((l) => l.id)).toEqual(others.map((l) => l.id));
    for (const [i, l] of others.entries()) {
      const v = shown[i]!;
      expect(v.description).toBe(l.name);
      if (l.display_type) {
        expect(v).toMatchObject({ kind: l.display_type === 'line_note' ? 'note' : 'subsection', subtotal: null });
        continue;
      }
      expect(v.kind).toBe('product');
      expect(Number(v.quantity)).toBe(l.product_uom_qty);
      expect(v.unitPrice).toBe(Number(l.price_unit).toFixed(2));
      expect(Number(v.discount)).toBe(Number(l.discount ?? 0));
      expect(v.subtotal).toBe(Number(l.price_subtotal).toFixed(2));
    }
  });

  it('marks an optional section (Odoo 19 is_optional) and leaves its qty-0 lines out of the totals', async () => {
    const [p1, p2] = sim.data.search('product.product', [['sale_ok', '=', true]], { limit: 2, order: 'id' });
    const partner = sim.data.search('res.partner', [['customer_rank', '>', 0]], { limit: 1, order: 'id' })[0]!;
    const odooId = sim.data.create('sale.order', {
      partner_id: partner,
      order_line: [
        [0, 0, { display_type: 'line_section', name: 'Main', sequence: 10 }],
        [0, 0, { product_id: p1, product_uom_qty: 2, sequence: 11 }],
        [0, 0, { display_type: 'line_section', name: 'Optional Products', is_optional: true, sequence: 20 }],
        [0, 0, { product_id: p2, product_uom_qty: 0, sequence: 21 }],
      ],
    });
    const view = await api(demo).ok<ErpOrderView>('GET', `/api/erp/orders/${odooId}`, tok.viewer);
    expect(view.sections.map((x) => [x.name, x.optional ?? false, x.lines.length])).toEqual([
      ['Main', false, 1],
      ['Optional Products', true, 1],
    ]);
    expect(view.amountUntaxed).toBe(view.sections[0]!.lines[0]!.subtotal);
  });

  it('refuses callers without sales rights, and answers 404 for an order the ERP does not have', async () => {
    const odooId = richOrder();
    const a = api(demo);
    expectProblem(await a.get(`/api/erp/orders/${odooId}`, tok.disabled), 403, 'FORBIDDEN');
    expect((await a.get(`/api/erp/orders/${odooId}`, null)).statusCode).toBe(401);
    const past = Math.max(...sim.data.search('sale.order', [])) + 1000;
    expectProblem(await a.get(`/api/erp/orders/${past}`, tok.viewer), 404, 'NOT_FOUND');
    expect((await a.get('/api/erp/orders/abc', tok.viewer)).statusCode).toBe(400);
  });

  it('with a real Odoo the link is Odoo’s own page and this route answers 404', async () => {
    const odooId = richOrder();
    const saleId = await linkedSale(real, odooId, 'Linked to Odoo');
    const a = api(real);
    expect(await a.ok('GET', `/api/sales/odoo/url/${saleId}`, realTok.viewer)).toEqual({
      url: `${sim.url.replace(/\/+$/, '')}/odoo/sales/${odooId}`,
    });
    expectProblem(await a.get(`/api/erp/orders/${odooId}`, realTok.viewer), 404, 'NOT_FOUND');
    expectProblem(await a.get(`/api/erp/orders/${odooId}`, realTok.disabled), 403, 'FORBIDDEN');
  });
});
