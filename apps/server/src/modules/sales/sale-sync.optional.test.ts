// Optional sections published and synced (decision 0032, issue #24) end to end: sync_odoo on a socket, the job, the
// connector over HTTP to the Odoo simulator. Odoo 18: the product lines of an optional section are sale.order.option
// records of the order (their ids on the local lines), the section and its notes are not sent; Odoo 19: a
// line_section with is_optional and its product lines with quantity 0. Odoo's untaxed total equals the sale's
// (without optional) every time; a re-sync keeps the section optional; switching the presentation moves the lines.
import type { OdooSyncStatus, SaleDto, SyncCheck, SyncOdooAck } from '@quotewright/contracts';
import { eq, saleLines, sales, sql } from '@quotewright/db';
import { type OdooSim, startOdooSim } from '@quotewright/odoo-sim';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { firstCustomer, seedSimProducts } from '../../../test/erp-kit';
import { createTestApp, eventually, simConnector, type TestApp } from '../../../test/helpers';
import { baseUrl, type ClientSocket, connectSocket, identify } from '../../../test/sockets';
import { saleEvents } from '../../infra/sale-events';
import type { ErpConnector } from '../erp/erp.types';
import { api, roleTokens, type Tokens } from './testkit';

const CASES = [
  { version: 18 as const, protocol: 'jsonrpc' as const },
  { version: 19 as const, protocol: 'json2' as const },
];
const m2oId = (v: unknown) => (Array.isArray(v) ? (v[0] as number) : typeof v === 'number' ? v : null);
const FINAL = new Set(['synced', 'error', 'unknown']);

describe.each(CASES)('optional sections, Odoo $version over $protocol', ({ version, protocol }) => {
  let sim: OdooSim;
  let erp: ErpConnector;
  let t: TestApp;
  let url: string;
  let tokens: Tokens;
  let call: ReturnType<typeof api>;
  let catalog: number[];
  let customer: { id: number; name: string };
  const open: ClientSocket[] = [];

  beforeAll(async () => {
    sim = await startOdooSim({ version });
    erp = simConnector(sim, { protocol, timeoutMs: 5_000, retryDelayMs: 5 });
    t = await createTestApp({}, { erp, events: saleEvents(), saleSync: { retryDelaySeconds: 1 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = baseUrl(t.app.server.address());
    tokens = await roleTokens(t);
    call = api(t);
    await t.database.db.execute(sql`select setval('sale_quote_number_seq', 60000)`);
    catalog = await seedSimProducts(
      t,
      sim,
      [
        ['sale_ok', '=', true],
        ['default_code', '!=', false],
      ],
      8,
    );
    customer = firstCustomer(sim);
  }, 120_000);
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  async function publish(saleId: string) {
    const s = await connectSocket(url, tokens.full);
    open.push(s);
    expect((await identify(s, saleId)).ok).toBe(true);
    const ack = (await s.timeout(10_000).emitWithAck('sync_odoo', { sale: saleId, create_new: false })) as SyncOdooAck;
    if (!ack.ok) throw new Error(`sync_odoo refused: ${ack.detail}`);
    const runId = ack.status.runId!;
    const of = () =>
      s.received
        .filter((r) => r.event === 'odoo_sync_status')
        .map((r) => r.args[0] as OdooSyncStatus)
        .filter((e) => e.runId === runId);
    await eventually(async () => (of().some((e) => FINAL.has(e.state)) ? true : undefined), 60_000, 50);
    const last = of().at(-1)!;
    expect(last.state, last.message ?? '').toBe('synced');
    // The totals-compare check after every sync: Odoo's untaxed amount is the sale's total without optional.
    expect(last.totals?.match).toBe(true);
    expect(last.message ?? '').not.toMatch(/differs|Totals differ/);
    return last;
  }
  const getSale = (id: string) => call.ok<SaleDto>('GET', `/api/sales/${id}`, tokens.full);
  /** Runs the ERP sales fetch to its end. */
  async function fetchSales() {
    const res = await call.post('/api/odoo/sync/sales', tokens.admin);
    expect(res.statusCode).toBe(202);
    const runId = res.json().id as string;
    const run = await eventually(async () => {
      const r = (await call.get(`/api/odoo/runs/${runId}`, tokens.admin)).json() as { state: string; error: string };
      return r.state === 'loading' ? undefined : r;
    }, 120_000);
    expect(run).toMatchObject({ state: 'success', error: null });
  }
  const saleOfOrder = async (orderId: number) => {
    const [row] = await t.database.db.select({ id: sales.id }).from(sales).where(eq(sales.odooId, orderId));
    return getSale(row!.id);
  };
  const orderOf = async (saleId: string) => (await getSale(saleId)).odoo_id as unknown as number;
  const orderLines = (orderId: number) =>
    sim.data
      .read('sale.order.line', sim.data.search('sale.order.line', [['order_id', '=', orderId]]), [
        'sequence',
        'display_type',
        'name',
        'product_id',
        'product_uom_qty',
        'price_unit',
        'discount',
        ...(version === 19 ? ['is_optional', 'parent_id'] : []),
      ])
      .sort((a, b) => (a.sequence as number) - (b.sequence as number));
  const options = (orderId: number) =>
    version === 18
      ? sim.data.read(
          'sale.order.option',
          sim.data.search('sale.order.option', [['order_id', '=', orderId]], { order: 'sequence, id' }),
          ['sequence', 'name', 'product_id', 'quantity', 'uom_id', 'price_unit', 'discount', 'line_id'],
        )
      : [];
  const localIds = async (saleId: string) =>
    t.database.db
      .select({ id: saleLines.id, line: saleLines.odooLineId, option: saleLines.odooOptionId })
      .from(saleLines)
      .where(eq(saleLines.saleId, saleId));
  const amountUntaxed = (orderId: number) => Number(sim.data.value('sale.order', orderId, 'amount_untaxed')).toFixed(2);

  /** A sale: "Main" (details, 2 products), "Extras" (optional: 2 products, one discounted, and a note). */
  async function newSale(): Promise<SaleDto> {
    const created = await call.ok<SaleDto>('POST', '/api/sales', tokens.full, {
      name: `Optional ${version} ${Date.now()}`,
      customer,
    });
    const id = created._id;
    const main = (await call.ok<SaleDto>('POST', `/api/sales/sections/create/${id}`, tokens.full, { name: 'Main' }))
      .sections[0]!;
    await call.ok('POST', `/api/sales/lines/create/${id}/${main._id}`, tokens.full, {
      lines: [
        { product: catalog[0], quantity: '2' },
        { product: catalog[1], quantity: '1' },
      ],
      sequence: -1,
    });
    const extras = (
      await call.ok<SaleDto>('POST', `/api/sales/sections/create/${id}`, tokens.full, {
        name: 'Extras',
        presentation: 'optional',
      })
    ).sections[1]!;
    await call.ok('POST', `/api/sales/lines/create/${id}/${extras._id}`, tokens.full, {
      lines: [
        { product: catalog[2], quantity: '3' },
        { product: catalog[3], quantity: '1' },
      ],
      sequence: -1,
    });
    const withLines = await getSale(id);
    await call.ok('POST', `/api/sales/lines/update/${id}/${extras._id}`, tokens.full, [
      { _id: withLines.sections[1]!.lines[1]!._id, discount: '10' },
    ]);
    await call.ok('POST', `/api/sales/lines/note/${id}/${extras._id}`, tokens.full, {
      name: 'Ask us about delivery',
      sequence: -1,
    });
    const sale = await getSale(id);
    expect(sale.sections.map((s) => s.presentation)).toEqual(['details', 'optional']);
    expect(sale.pricing.optional_total).not.toBe('0.00');
    return sale;
  }

  const products_ = (sale: SaleDto, section: number) =>
    sale.sections[section]!.lines.filter((l) => l.kind === 'product');

  /** The order as the sale with an optional section "Extras" (index 1) should be in this version. */
  function expectOptionalOrder(sale: SaleDto, orderId: number) {
    const lines = orderLines(orderId);
    const main = sale.sections[0]!;
    const extras = sale.sections[1]!;
    const mainLines = products_(sale, 0).map((l) => ({
      display_type: false,
      product: l.product.id,
      qty: Number(l.quantity),
      price: Number(l.price),
      discount: Number(l.discount),
    }));
    const extraProducts = products_(sale, 1);
    const shape = (l: Record<string, unknown>) =>
      l.display_type
        ? { display_type: l.display_type, name: l.name, ...(version === 19 ? { optional: l.is_optional } : {}) }
        : {
            display_type: false,
            product: m2oId(l.product_id),
            qty: l.product_uom_qty,
            price: l.price_unit,
            discount: l.discount,
          };
    if (version === 18) {
      // The order lines: the main section only; the optional section, its note and its products are not lines.
      expect(lines.map(shape)).toEqual([{ display_type: 'line_section', name: main.name }, ...mainLines]);
      const opts = options(orderId);
      expect(
        opts.map((o) => ({
          sequence: o.sequence,
          product: m2oId(o.product_id),
          qty: o.quantity,
          price: o.price_unit,
          discount: o.discount,
          line: o.line_id,
        })),
      ).toEqual(
        extraProducts.map((l, i) => ({
          sequence: (i + 1) * 10,
          product: l.product.id,
          qty: Number(l.quantity),
          price: Number(l.price),
          discount: Number(l.discount),
          line: false,
        })),
      );
      for (const o of opts) {
        const uom = sim.data.read('product.product', [m2oId(o.product_id)!], ['uom_id'])[0]!.uom_id;
        expect(o.uom_id).toEqual(uom);
      }
    } else {
      expect(lines.map(shape)).toEqual([
        { display_type: 'line_section', name: main.name, optional: false },
        ...mainLines,
        { display_type: 'line_section', name: extras.name, optional: true },
        ...extraProducts.map((l) => ({
          display_type: false,
          product: l.product.id,
          qty: 0,
          price: Number(l.price),
          discount: Number(l.discount),
        })),
        { display_type: 'line_note', name: 'Ask us about delivery', optional: false },
      ]);
      // Only the section carries is_optional; its lines belong to it by sequence (parent_id).
      const section = lines.find((l) => l.is_optional)!;
      for (const l of lines.slice(lines.indexOf(section) + 1)) expect(m2oId(l.parent_id)).toBe(section.id);
      expect(options(orderId)).toEqual([]);
    }
    expect(amountUntaxed(orderId)).toBe(sale.total_price);
  }

  async function expectLocalIds(sale: SaleDto, orderId: number, optionalOn18: boolean) {
    const rows = new Map((await localIds(sale._id)).map((r) => [r.id, r]));
    const lineIds = new Set(orderLines(orderId).map((l) => l.id));
    const optionIds = new Set(options(orderId).map((o) => o.id));
    for (const [i, sec] of sale.sections.entries())
      for (const l of sec.lines) {
        if (l.kind !== 'product') continue;
        const r = rows.get(l._id)!;
        if (version === 18 && i === 1 && optionalOn18) {
          expect(optionIds.has(r.option!)).toBe(true);
          expect(r.line).toBeNull();
        } else {
          expect(lineIds.has(r.line!)).toBe(true);
          expect(r.option).toBeNull();
        }
      }
  }

  it('publishes the optional section as Odoo has it; totals equal; a re-sync after edits keeps it optional', async () => {
    const sale = await newSale();
    const check = () => call.ok<SyncCheck>('GET', `/api/sales/odoo/check/${sale._id}`, tokens.full);
    // The pre-publish check plans the same: 18 sends 2 lines and 2 options under one section line (the optional
    // section and its note have no record there); 19 both sections, 4 products and the note.
    expect((await check()).preview).toMatchObject(
      version === 18
        ? { action: 'create', lines: { created: 4 }, sections: { created: 1 } }
        : { action: 'create', lines: { created: 5 }, sections: { created: 2 } },
    );
    await publish(sale._id);
    const orderId = await orderOf(sale._id);
    expectOptionalOrder(sale, orderId);
    await expectLocalIds(sale, orderId, true);
    expect((await check()).preview).toMatchObject({
      action: 'update',
      lines: { created: 0, updated: 0, deleted: 0, moved: 0, unchanged: version === 18 ? 4 : 5 },
    });
    const idsBefore = version === 18 ? options(orderId).map((o) => o.id) : orderLines(orderId).map((l) => l.id);

    // Edit an optional line (quantity and price) and re-sync: same records, still optional, totals equal.
    const extra = products_(sale, 1)[0]!;
    await call.ok('POST', `/api/sales/lines/update/${sale._id}/${sale.sections[1]!._id}`, tokens.full, [
      { _id: extra._id, quantity: '5', price: '12.34' },
    ]);
    const edited = await getSale(sale._id);
    expect(edited.total_price).toBe(sale.total_price);
    expect((await check()).preview).toMatchObject({ action: 'update', lines: { updated: 1, created: 0, deleted: 0 } });
    await publish(sale._id);
    expectOptionalOrder(edited, orderId);
    await expectLocalIds(edited, orderId, true);
    const idsAfter = version === 18 ? options(orderId).map((o) => o.id) : orderLines(orderId).map((l) => l.id);
    expect(idsAfter).toEqual(idsBefore);
    if (version === 18) expect(options(orderId)[0]).toMatchObject({ quantity: 5, price_unit: 12.34 });

    // A sync with nothing changed writes nothing.
    const before = sim.data.value('sale.order', orderId, 'write_date');
    const again = await publish(sale._id);
    expect(again.message).toMatch(/no change|nothing|0 /i);
    expect(sim.data.value('sale.order', orderId, 'write_date')).toBe(before);
  });

  it('switching the presentation moves the lines between options and order lines, both ways', async () => {
    const sale = await newSale();
    await publish(sale._id);
    const orderId = await orderOf(sale._id);
    const extras = sale.sections[1]!;

    await call.ok('POST', `/api/sales/sections/update/${sale._id}/${extras._id}`, tokens.full, {
      presentation: 'details',
    });
    const details = await getSale(sale._id);
    expect(Number(details.total_price)).toBeGreaterThan(Number(sale.total_price));
    await publish(sale._id);
    // Now ordinary lines: no options left, the section and its products are order lines with their quantities.
    expect(options(orderId)).toEqual([]);
    const lines = orderLines(orderId);
    const extraLines = lines.filter((l) => products_(details, 1).some((p) => p.product.id === m2oId(l.product_id)));
    expect(extraLines.map((l) => l.product_uom_qty)).toEqual(products_(details, 1).map((l) => Number(l.quantity)));
    const section = lines.find((l) => l.display_type === 'line_section' && l.name === 'Extras')!;
    expect(section).toBeDefined();
    if (version === 19) expect(section.is_optional).toBe(false);
    expect(lines.some((l) => l.display_type === 'line_note' && l.name === 'Ask us about delivery')).toBe(true);
    expect(amountUntaxed(orderId)).toBe(details.total_price);
    await expectLocalIds(details, orderId, false);

    await call.ok('POST', `/api/sales/sections/update/${sale._id}/${extras._id}`, tokens.full, {
      presentation: 'optional',
    });
    const back = await getSale(sale._id);
    expect(back.total_price).toBe(sale.total_price);
    await publish(sale._id);
    expectOptionalOrder(back, orderId);
    await expectLocalIds(back, orderId, true);
  });

  it("the sales fetch maps Odoo's optional products back to an optional section", async () => {
    const [p1, p2, p3] = catalog;
    const price = (id: number) => Number(sim.data.value('product.product', id, 'lst_price'));
    let orderId: number;
    if (version === 18) {
      // As recorded: options created with the order; one without a sequence (sorts last), one discounted.
      orderId = sim.data.create('sale.order', {
        partner_id: customer.id,
        order_line: [
          [0, 0, { display_type: 'line_section', name: 'Furniture', sequence: 10 }],
          [0, 0, { product_id: p1, product_uom_qty: 2, sequence: 11 }],
        ],
        sale_order_option_ids: [
          [0, 0, { product_id: p2, quantity: 3 }],
          [0, 0, { product_id: p3, quantity: 1, discount: 10, sequence: 20 }],
        ],
      });
    } else {
      orderId = sim.data.create('sale.order', {
        partner_id: customer.id,
        order_line: [
          [0, 0, { display_type: 'line_section', name: 'Furniture', sequence: 10 }],
          [0, 0, { product_id: p1, product_uom_qty: 2, sequence: 11 }],
          [0, 0, { display_type: 'line_section', name: 'Optional Products', is_optional: true, sequence: 20 }],
          [0, 0, { product_id: p2, product_uom_qty: 0, sequence: 21 }],
          [0, 0, { product_id: p3, product_uom_qty: 1, discount: 10, sequence: 22 }],
        ],
      });
    }
    await fetchSales();
    const sale = await saleOfOrder(orderId);
    const shape = sale.sections.map((sec) => ({
      name: sec.name,
      presentation: sec.presentation,
      lines: sec.lines.map((l) => [l.product.id, l.quantity, l.price, l.discount]),
    }));
    const furniture = { name: 'Furniture', presentation: 'details', lines: [[p1, '2', price(p1!).toFixed(2), 0]] };
    if (version === 18)
      expect(shape).toEqual([
        furniture,
        {
          name: 'Optional Products',
          presentation: 'optional',
          lines: [
            [p3, '1', price(p3!).toFixed(2), 10],
            [p2, '3', price(p2!).toFixed(2), 0],
          ],
        },
      ]);
    else
      expect(shape).toEqual([
        furniture,
        {
          name: 'Optional Products',
          presentation: 'optional',
          // the qty-0 line comes in as the offered unit; the one with a quantity keeps it
          lines: [
            [p2, '1', price(p2!).toFixed(2), 0],
            [p3, '1', price(p3!).toFixed(2), 10],
          ],
        },
      ]);
    // The sale's total is Odoo's untaxed amount on 18 (options left out); on 19 Odoo counts the qty-1 optional line.
    if (version === 18) expect(sale.total_price).toBe(amountUntaxed(orderId));
    if (version === 18) {
      const rows = await localIds(sale._id);
      const optionIds = new Set(options(orderId).map((o) => o.id));
      expect(rows.filter((r) => r.option !== null).every((r) => optionIds.has(r.option!) && r.line === null)).toBe(
        true,
      );
      expect(rows.filter((r) => r.option !== null)).toHaveLength(2);
    }
  });

  it('a fetch after a publish leaves the sale as it is (the read-back and the fetch map the options alike)', async () => {
    const sale = await newSale();
    await publish(sale._id);
    const before = await getSale(sale._id);
    await fetchSales();
    const after = await getSale(sale._id);
    expect(after.version).toBe(before.version);
    expect(after.sections.map((x) => [x.name, x.presentation])).toEqual([
      ['Main', 'details'],
      ['Extras', 'optional'],
    ]);
  });
});
