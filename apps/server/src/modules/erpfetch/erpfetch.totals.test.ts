// Decision 0009: a fetched order's total must be Odoo's amount_untaxed, discounts included. Every order of the demo
// ERP is fetched and compared, on Odoo 18 (JSON-RPC) and 19 (JSON-2), plus S00025 of odoo-samples as real Odoo 18
// left it (sale_order_line_search_read_after_write / sale_order_read_after_write: 5,754.65, not 6,024.50).
import type { SaleDto } from '@quotewright/contracts';
import { saleLines, sales } from '@quotewright/db';
import { type OdooSim, startOdooSim } from '@quotewright/odoo-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  bearer,
  createTestApp,
  eventually,
  login,
  simConnector,
  type TestApp,
} from '../../../test/helpers';
import { money2 } from '../erp/mapping';

describe.each([
  { version: 18 as const, protocol: 'jsonrpc' as const },
  { version: 19 as const, protocol: 'json2' as const },
  // (a test waits for a whole sales fetch, for up to 90 s: fetchSales)
])('fetched sales total like Odoo, $version over $protocol', { timeout: 120_000 }, ({ version, protocol }) => {
  let sim: OdooSim;
  let t: TestApp;
  let admin: string;
  let s25: number;

  beforeAll(async () => {
    sim = await startOdooSim({ port: 0, version });
    // S00025 after the capture's write (odoo-samples): the lines' final values, with the 5 % discount.
    const [section, note] = ['line_section', 'line_note'];
    s25 = sim.data.create('sale.order', {
      partner_id: 15,
      client_order_ref: 'EXT-PO-0001',
      order_line: [
        [0, 0, { display_type: section, name: 'Desks', sequence: 10 }],
        [
          0,
          0,
          { product_id: 19, product_uom_qty: 3, price_unit: 1799, discount: 5, purchase_price: 1299, sequence: 20 },
        ],
        [0, 0, { product_id: 26, product_uom_qty: 2, price_unit: 80, purchase_price: 78, sequence: 30 }],
        [0, 0, { display_type: note, name: 'Delivery to the loading dock only.', sequence: 40 }],
        [0, 0, { display_type: section, name: 'Accessories', sequence: 50 }],
        [0, 0, { product_id: 6, product_uom_qty: 4, price_unit: 40, purchase_price: 35, sequence: 60 }],
        [0, 0, { display_type: section, name: 'Services', sequence: 70 }],
        [0, 0, { product_id: 3, product_uom_qty: 10, price_unit: 30.75, purchase_price: 20.5, sequence: 80 }],
      ],
    });
    const erp = simConnector(sim, {
      protocol,
      timeoutMs: 5000,
    });
    t = await createTestApp({}, { erp });
    admin = await login(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  async function fetchSales() {
    const res = await t.app.inject({ method: 'POST', url: '/api/odoo/sync/sales', headers: bearer(admin) });
    expect(res.statusCode).toBe(202);
    const { id } = res.json() as { id: string };
    return eventually(async () => {
      const r = (await t.app.inject({ method: 'GET', url: `/api/odoo/runs/${id}`, headers: bearer(admin) })).json();
      return r.state === 'loading' ? undefined : (r as { state: string; error: string | null; written: number });
    }, 90_000);
  }

  const getSale = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/sales/${id}`, headers: bearer(admin) })).json() as SaleDto;

  it("every fetched sale's total_price equals Odoo's amount_untaxed (discounted lines included)", async () => {
    const run = await fetchSales();
    expect(run.error).toBeNull();
    expect(run.state).toBe('success');

    const orders = sim.data.read('sale.order', sim.data.search('sale.order', []), ['name', 'amount_untaxed']);
    const untaxed = new Map(orders.map((o) => [o.id, money2(o.amount_untaxed)]));
    const rows = await t.database.db.select().from(sales);
    expect(rows).toHaveLength(orders.length);
    // the demo ERP really has discounted lines, in many orders
    const discounted = (await t.database.db.select().from(saleLines)).filter((l) => Number(l.discount) !== 0);
    expect(new Set(discounted.map((l) => l.saleId)).size).toBeGreaterThanOrEqual(20);

    const mismatches: string[] = [];
    for (const row of rows) {
      const want = untaxed.get(row.odooId!);
      if (row.totalPrice !== want) mismatches.push(`${row.odooName}: list ${row.totalPrice} ≠ Odoo ${want}`);
      const sale = await getSale(row.id);
      if (sale.total_price !== want) mismatches.push(`${row.odooName}: sale ${sale.total_price} ≠ Odoo ${want}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('S00025 of odoo-samples: 5,754.65 and margin 1,356.65 as in Odoo; the 5 % line shows its discount', async () => {
    expect(sim.data.value('sale.order', s25, 'amount_untaxed')).toBe(5754.65);
    const [row] = (await t.database.db.select().from(sales)).filter((r) => r.odooId === s25);
    expect(row?.totalPrice).toBe('5754.65');
    const sale = await getSale(row!.id);
    expect(sale.pricing).toMatchObject({ total_price: '5754.65', total_cost: '4398.00', total_margin: '1356.65' });
    expect(sale.pricing.total_margin_percent).toBe(23.57); // Odoo margin_percent 0.23574…
    const desk = sale.sections[0]!.lines[0]!;
    expect(desk).toMatchObject({ quantity: '3', price: '1799.00', cost: '1299.00', discount: 5, subtotal: '5127.15' });
    const others = sale.sections.flatMap((s) => s.lines).filter((l) => l._id !== desk._id);
    expect(others.every((l) => l.discount === 0)).toBe(true);
    expect(sale.sections.map((s) => s.pricing.total_price)).toEqual(['5287.15', '160.00', '307.50']);
  });

  it('a second fetch writes nothing; a discount changed in Odoo is fetched again', async () => {
    expect(await fetchSales()).toMatchObject({ state: 'success', written: 0 });
    const lines = sim.data.search('sale.order.line', [
      ['order_id', '=', s25],
      ['discount', '=', 5],
    ]);
    expect(lines).toHaveLength(1);
    sim.data.write('sale.order.line', lines, { discount: 10 });
    expect(await fetchSales()).toMatchObject({ state: 'success' });
    const [row] = (await t.database.db.select().from(sales)).filter((r) => r.odooId === s25);
    // 1799 × 3 × 0.9 = 4857.30; + 160 + 160 + 307.50
    expect(row?.totalPrice).toBe('5484.80');
    expect(sim.data.value('sale.order', s25, 'amount_untaxed')).toBe(5484.8);
    expect((await getSale(row!.id)).sections[0]!.lines[0]!.discount).toBe(10);
  });
});
