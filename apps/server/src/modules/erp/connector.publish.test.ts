// publishSale / syncSale against the Odoo simulator over real HTTP, on both transports. Expectations are read
// from the simulator's store directly.
import { type OdooSim, startOdooSim } from '@quotewright/odoo-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createErpConnector, type ErpConnectorOptions } from './connector.js';
import { ErpError, OrderNotEditable, OrderNotOurs } from './erp.errors.js';
import type { ErpConnector, ErpLineLink, ErpOrderOwner, ErpProgress, ErpSaleDraft } from './erp.types.js';

const CASES = [
  { version: 18 as const, protocol: 'jsonrpc' as const },
  { version: 19 as const, protocol: 'json2' as const },
];

/** An owner proof that matches no order. */
const NOBODY: ErpOrderOwner = { key: 'qw1-00000000000000000000', recorded: null };

const m2oId = (v: unknown) => (Array.isArray(v) ? (v[0] as number) : typeof v === 'number' ? v : false);

describe.each(CASES)('publish and sync, Odoo $version over $protocol', ({ version, protocol }) => {
  let sim: OdooSim;
  let erp: ErpConnector;
  let products: number[];
  let partner: number;
  let invoiceAddr: number;
  let shippingAddr: number;
  let salesperson: number;
  let seq = 0;
  const connect = (over: Partial<ErpConnectorOptions> = {}) =>
    createErpConnector({
      url: sim.url,
      db: sim.db,
      login: sim.login,
      apiKey: sim.apiKey,
      protocol,
      retryDelayMs: 5,
      timeoutMs: 5_000,
      ...over,
    });
  const value = (model: string, id: number, field: string) => sim.data.value(model, id, field);
  /** The owner proof of an order these tests published (recorded name and origin, as for a pre-key publish). */
  const mine = (id: number): ErpOrderOwner => ({
    key: NOBODY.key,
    recorded: {
      name: String(value('sale.order', id, 'name')),
      createdAt: null,
      origin: String(value('sale.order', id, 'origin')),
    },
  });
  const ordersWithOrigin = (origin: string) => sim.data.search('sale.order', [['origin', '=', origin]]);
  const storeLines = (orderId: number) =>
    sim.data
      .read('sale.order.line', sim.data.search('sale.order.line', [['order_id', '=', orderId]]), [
        'sequence',
        'display_type',
        'name',
        'product_id',
        'product_uom_qty',
        'price_unit',
        'purchase_price',
      ])
      .sort((a, b) => (a.sequence as number) - (b.sequence as number));

  /** A sale with two sections: products, a note and a header. */
  const draft = (quoteNumber: string): ErpSaleDraft => ({
    quoteNumber,
    name: `Office refit ${quoteNumber}`,
    partnerId: partner,
    partnerInvoiceId: invoiceAddr,
    partnerShippingId: shippingAddr,
    salespersonId: salesperson,
    templateId: null,
    sections: [
      {
        localId: 's1',
        name: 'Hardware',
        lines: [
          {
            localId: 'l1',
            kind: 'product',
            productId: products[0]!,
            description: 'Desk, walnut',
            quantity: '3',
            priceUnit: '123.45',
            cost: '80.1234',
          },
          { localId: 'l2', kind: 'header', productId: null, description: 'Chairs', quantity: 0, priceUnit: 0, cost: 0 },
          {
            localId: 'l3',
            kind: 'product',
            productId: products[1]!,
            description: '',
            quantity: 2.5,
            priceUnit: 10,
            cost: 4,
          },
        ],
      },
      {
        localId: 's2',
        name: 'Services',
        lines: [
          {
            localId: 'l4',
            kind: 'note',
            productId: null,
            description: 'Installation on site',
            quantity: 0,
            priceUnit: 0,
            cost: 0,
          },
          {
            localId: 'l5',
            kind: 'product',
            productId: products[2]!,
            description: 'Install',
            quantity: '1',
            priceUnit: '99.99',
            cost: '50',
          },
        ],
      },
    ],
  });
  const quote = () => `QT-${version}-${++seq}`;
  const linkOf = (links: ErpLineLink[]) => Object.fromEntries(links.map((l) => [l.localId, l.odooLineId]));
  /** The local sale after a publish/sync: every section and line carries its Odoo id. */
  const withIds = (sale: ErpSaleDraft, links: ErpLineLink[]): ErpSaleDraft => {
    const ids = linkOf(links);
    return {
      ...sale,
      sections: sale.sections.map((s) => ({
        ...s,
        odooLineId: ids[s.localId] ?? null,
        lines: s.lines.map((l) => ({ ...l, odooLineId: ids[l.localId] ?? null })),
      })),
    };
  };

  beforeAll(async () => {
    sim = await startOdooSim({ version });
    erp = connect();
    products = sim.data.search('product.product', [['sale_ok', '=', true]], { limit: 6, order: 'id' });
    const customers = sim.data.search(
      'res.partner',
      [
        ['parent_id', '=', false],
        ['customer_rank', '>', 0],
      ],
      { limit: 1, order: 'id' },
    );
    partner = customers[0]!;
    invoiceAddr = sim.data.search('res.partner', [
      ['parent_id', '=', partner],
      ['type', '=', 'invoice'],
    ])[0]!;
    shippingAddr = sim.data.search('res.partner', [
      ['parent_id', '=', partner],
      ['type', '=', 'delivery'],
    ])[0]!;
    salesperson = sim.data.search('res.users', [['share', '=', false]], { order: 'id' }).at(-1)!;
  });
  afterAll(async () => {
    await sim.close();
  });

  it('publish creates one order with the header, origin and every line in order with explicit sequences', async () => {
    const q = quote();
    const steps: ErpProgress[] = [];
    const res = await erp.publishSale(draft(q), (p) => steps.push(p));
    expect(ordersWithOrigin(q)).toEqual([res.odooId]);
    expect(res.alreadyPublished).toBe(false);
    expect(res.name).toBe(value('sale.order', res.odooId, 'name'));
    expect(res.name).toMatch(/^S\d{5}$/);
    const v = (f: string) => value('sale.order', res.odooId, f);
    expect(v('origin')).toBe(q);
    expect(v('client_order_ref')).toBe(`Office refit ${q}`);
    expect(m2oId(v('partner_id'))).toBe(partner);
    expect(m2oId(v('partner_invoice_id'))).toBe(invoiceAddr);
    expect(m2oId(v('partner_shipping_id'))).toBe(shippingAddr);
    expect(m2oId(v('user_id'))).toBe(salesperson);

    const lines = storeLines(res.odooId);
    expect(lines.map((l) => [l.sequence, l.display_type])).toEqual([
      [10, 'line_section'],
      [20, false],
      [30, version === 19 ? 'line_subsection' : 'line_note'],
      [40, false],
      [50, 'line_section'],
      [60, 'line_note'],
      [70, false],
    ]);
    expect(lines.map((l) => (l.display_type ? l.name : null))).toEqual([
      'Hardware',
      null,
      'Chairs',
      null,
      'Services',
      'Installation on site',
      null,
    ]);
    expect(lines[1]).toMatchObject({ name: 'Desk, walnut', product_uom_qty: 3, price_unit: 123.45 });
    expect(lines[1]!.purchase_price).toBeCloseTo(80.1234, 6);
    expect(m2oId(lines[1]!.product_id)).toBe(products[0]);
    // no description: Odoo's default text for the product
    expect(lines[3]).toMatchObject({ product_uom_qty: 2.5, price_unit: 10, purchase_price: 4 });
    expect(String(lines[3]!.name)).toContain(String(value('product.product', products[1]!, 'name')));
    expect(lines[6]).toMatchObject({ name: 'Install', product_uom_qty: 1, price_unit: 99.99, purchase_price: 50 });
    expect(value('sale.order', res.odooId, 'amount_untaxed')).toBe(
      Math.round((3 * 123.45 + 2.5 * 10 + 99.99) * 100) / 100,
    );

    expect(linkOf(res.lineIds)).toEqual({
      s1: lines[0]!.id,
      l1: lines[1]!.id,
      l2: lines[2]!.id,
      l3: lines[3]!.id,
      s2: lines[4]!.id,
      l4: lines[5]!.id,
      l5: lines[6]!.id,
    });
    expect(steps.at(-1)).toEqual({ progress: 100, message: 'Published' });
    expect(steps.map((s) => s.progress)).toEqual([...steps.map((s) => s.progress)].sort((a, b) => a - b));
  });

  it("publish sends each product line's discount and Odoo prices it; sync writes a changed discount", async () => {
    const q = quote();
    const sale = draft(q);
    sale.sections[0]!.lines[0]!.discount = '5';
    sale.sections[1]!.lines[1]!.discount = 12.5;
    const res = await erp.publishSale(sale);
    // the order Odoo made from the create: each product line with the discount sent (the call log keeps no args)
    const discounts = () =>
      sim.data
        .read('sale.order.line', sim.data.search('sale.order.line', [['order_id', '=', res.odooId]]), [
          'sequence',
          'display_type',
          'discount',
          'price_subtotal',
        ])
        .sort((a, b) => (a.sequence as number) - (b.sequence as number))
        .filter((l) => !l.display_type)
        .map((l) => [l.discount, l.price_subtotal]);
    expect(discounts()).toEqual([
      [5, 351.83], // 3 × 123.45 × 0.95 = 351.8325
      [0, 25],
      [12.5, 87.49], // 99.99 × 0.875 = 87.49125
    ]);
    expect(value('sale.order', res.odooId, 'amount_untaxed')).toBe(464.32);

    const next = withIds(sale, res.lineIds);
    next.sections[0]!.lines[0]!.discount = '10';
    next.sections[1]!.lines[1]!.discount = 0;
    const synced = await erp.syncSale(res.odooId, next, mine(res.odooId));
    expect(synced.updated).toBe(2);
    expect(discounts()).toEqual([
      [10, 333.32], // 370.35 × 0.9 = 333.315
      [0, 25],
      [0, 99.99],
    ]);
    // nothing changed: nothing written
    const again = await erp.syncSale(res.odooId, withIds(next, synced.lineIds), mine(res.odooId));
    expect({ c: again.created, u: again.updated, x: again.deleted }).toEqual({ c: 0, u: 0, x: 0 });
  });

  it('publishing twice returns the same order and links the same lines (no second create)', async () => {
    const q = quote();
    const first = await erp.publishSale(draft(q));
    const from = sim.calls.length;
    const again = await connect().publishSale(draft(q));
    expect(again).toEqual({ ...first, alreadyPublished: true });
    expect(ordersWithOrigin(q)).toEqual([first.odooId]);
    expect(sim.calls.slice(from).some((c) => c.method === 'create')).toBe(false);
  });

  it('a connection dropped after Odoo committed the create: the order is found, not created twice', async () => {
    const q = quote();
    sim.faults.set({ dropAfterCommit: true, match: 'sale.order.create', times: 1 });
    const steps: ErpProgress[] = [];
    try {
      const res = await erp.publishSale(draft(q), (p) => steps.push(p));
      expect(ordersWithOrigin(q)).toEqual([res.odooId]);
      expect(res.alreadyPublished).toBe(false);
      expect(steps.some((s) => /did not confirm the order: checking whether it was created/.test(s.message))).toBe(
        true,
      );
      expect(steps.map((s) => s.progress)).toEqual([...steps.map((s) => s.progress)].sort((a, b) => a - b));
      expect(res.lineIds).toHaveLength(7);
      expect(storeLines(res.odooId)).toHaveLength(7);
    } finally {
      sim.faults.reset();
    }
  });

  it('a create that never reached Odoo: created again only after a search confirmed there is no order', async () => {
    const q = quote();
    sim.faults.set({ down: true, match: 'sale.order.create', times: 1 });
    const from = sim.calls.length;
    try {
      const res = await erp.publishSale(draft(q));
      expect(ordersWithOrigin(q)).toEqual([res.odooId]);
      const methods = sim.calls
        .slice(from)
        .filter((c) => c.model === 'sale.order')
        .map((c) => c.method);
      // search, (create lost), search again, create
      expect(methods.filter((m) => m === 'create')).toHaveLength(1); // the lost one is not logged as handled
      expect(methods.filter((m) => m === 'search_read').length).toBeGreaterThanOrEqual(2);
    } finally {
      sim.faults.reset();
    }
  });

  it('when the confirming search fails too, publish fails as unknown and a later publish finds the order', async () => {
    const q = quote();
    let armed = false;
    const flaky = connect({
      retries: 0,
      onRequest: (e) => {
        // after the first (successful) lookup: lose the create's answer, then the confirming search's
        if (!armed && e.operation === 'sale.order.search_read' && !e.error) {
          armed = true;
          sim.faults.set({ dropAfterCommit: true, match: /sale\.order\.(create|search_read)/, times: 2 });
        }
      },
    });
    try {
      const err = await flaky.publishSale(draft(q)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ErpError);
      expect((err as ErpError).kind).toBe('unreachable');
      expect((err as ErpError).message).toMatch(/may or may not have created the order.*trying again is safe/s);
    } finally {
      sim.faults.reset();
    }
    expect(ordersWithOrigin(q)).toHaveLength(1); // the lost create did commit
    const res = await erp.publishSale(draft(q));
    expect(res.alreadyPublished).toBe(true);
    expect(ordersWithOrigin(q)).toEqual([res.odooId]);
  });

  it('an Odoo refusal fails the publish with its message; a line without product fails before any call', async () => {
    const bad = draft(quote());
    bad.sections[0]!.lines[0]!.productId = 999_999;
    const err = await erp.publishSale(bad).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ErpError);
    // Odoo answers a MissingError for a many2one to a deleted record (odoo-samples/error_validation_fk.json)
    expect((err as ErpError).kind).toBe('missing');
    expect((err as ErpError).message).toContain('Record does not exist or has been deleted');
    expect(ordersWithOrigin(bad.quoteNumber)).toEqual([]);
    const noProduct = draft(quote());
    noProduct.sections[0]!.lines[0]!.productId = null;
    const from = sim.calls.length;
    await expect(erp.publishSale(noProduct)).rejects.toMatchObject({
      kind: 'validation',
      message: 'Line l1 has no ERP product: link the product before publishing',
    });
    expect(sim.calls.slice(from).some((c) => c.method === 'create')).toBe(false);
  });

  it('sync updates, creates and deletes lines by id in one write, keeps prices and the header', async () => {
    const q = quote();
    const pub = await erp.publishSale(draft(q));
    const local = withIds(draft(q), pub.lineIds);
    const ids = linkOf(pub.lineIds);
    // quantity change (price must be kept), price change, description change, a removed line, new lines,
    // sections swapped, header changes
    const hw = local.sections[0]!;
    hw.lines[0] = { ...hw.lines[0]!, quantity: '7' };
    hw.lines[2] = { ...hw.lines[2]!, priceUnit: '12.5', description: 'Chair, grey' };
    hw.lines.splice(1, 1); // remove the header
    hw.lines.push({
      localId: 'n1',
      kind: 'product',
      productId: products[3]!,
      description: 'New monitor',
      quantity: 4,
      priceUnit: '210.00',
      cost: '150.5',
    });
    local.sections[1]!.lines.unshift({
      localId: 'n2',
      kind: 'note',
      productId: null,
      description: 'Weekend work',
      quantity: 0,
      priceUnit: 0,
      cost: 0,
    });
    local.sections.reverse();
    local.name = 'Renamed';
    local.salespersonId = sim.data.search('res.users', [['share', '=', false]], { order: 'id' })[0]!;

    const from = sim.calls.length;
    const res = await erp.syncSale(pub.odooId, local, mine(pub.odooId));
    const writes = sim.calls.slice(from).filter((c) => c.method === 'write');
    expect(writes).toHaveLength(1);
    expect(res).toMatchObject({ odooId: pub.odooId, name: pub.name, state: 'draft', created: 2, deleted: 1 });

    // In document order (Odoo orders by sequence); the lines already in order keep their sequences (keepSequences).
    const lines = storeLines(pub.odooId);
    expect(lines.map((l) => [l.display_type || 'product', l.display_type ? l.name : l.product_uom_qty])).toEqual([
      ['line_section', 'Services'],
      ['line_note', 'Weekend work'],
      ['line_note', 'Installation on site'],
      ['product', 1],
      ['line_section', 'Hardware'],
      ['product', 7],
      ['product', 2.5],
      ['product', 4],
    ]);
    expect(lines.every((l, i) => i === 0 || Number(l.sequence) > Number(lines[i - 1]!.sequence))).toBe(true);
    const byId = new Map(lines.map((l) => [l.id, l]));
    // kept lines keep their ids
    for (const k of ['s1', 'l1', 'l3', 's2', 'l4', 'l5']) expect(byId.has(ids[k]!)).toBe(true);
    expect(byId.has(ids.l2!)).toBe(false);
    expect(byId.get(ids.l1!)).toMatchObject({ product_uom_qty: 7, price_unit: 123.45 }); // price kept
    expect(byId.get(ids.l3!)).toMatchObject({ name: 'Chair, grey', price_unit: 12.5, product_uom_qty: 2.5 });
    const links = linkOf(res.lineIds);
    expect(Object.keys(links).sort()).toEqual(['l1', 'l3', 'l4', 'l5', 'n1', 'n2', 's1', 's2']);
    expect(byId.get(links.n1!)).toMatchObject({ name: 'New monitor', product_uom_qty: 4, price_unit: 210 });
    expect(byId.get(links.n1!)!.purchase_price).toBe(150.5);
    expect(byId.get(links.n2!)).toMatchObject({ display_type: 'line_note', name: 'Weekend work' });
    expect(value('sale.order', pub.odooId, 'client_order_ref')).toBe('Renamed');
    expect(m2oId(value('sale.order', pub.odooId, 'user_id'))).toBe(local.salespersonId);

    // the same sale again: nothing to write
    const synced = withIds(local, res.lineIds);
    const from2 = sim.calls.length;
    const again = await erp.syncSale(pub.odooId, synced, mine(pub.odooId));
    expect(again).toMatchObject({ created: 0, updated: 0, deleted: 0 });
    expect(sim.calls.slice(from2).some((c) => c.method === 'write')).toBe(false);
    expect(linkOf(again.lineIds)).toEqual(links);
  });

  it('a line whose kind changed is replaced (Odoo cannot change display_type)', async () => {
    const q = quote();
    const pub = await erp.publishSale(draft(q));
    const local = withIds(draft(q), pub.lineIds);
    const note = local.sections[1]!.lines[0]!;
    local.sections[1]!.lines[0] = { ...note, kind: 'header' };
    const res = await erp.syncSale(pub.odooId, local, mine(pub.odooId));
    const lines = storeLines(pub.odooId);
    const newId = linkOf(res.lineIds).l4!;
    if (version === 19) {
      expect(res).toMatchObject({ created: 1, deleted: 1 });
      expect(newId).not.toBe(linkOf(pub.lineIds).l4);
      expect(lines.find((l) => l.id === newId)).toMatchObject({ display_type: 'line_subsection' });
    } else {
      // on 18 notes and headers are both line_note: nothing to do
      expect(res).toMatchObject({ created: 0, deleted: 0, updated: 0 });
      expect(newId).toBe(linkOf(pub.lineIds).l4);
    }
  });

  it('a dropped connection after the sync write committed: no duplicate lines, ids linked', async () => {
    const q = quote();
    const pub = await erp.publishSale(draft(q));
    const local = withIds(draft(q), pub.lineIds);
    local.sections[0]!.lines.push({
      localId: 'x1',
      kind: 'product',
      productId: products[4]!,
      description: 'Extra',
      quantity: 2,
      priceUnit: 5,
      cost: 1,
    });
    sim.faults.set({ dropAfterCommit: true, match: 'sale.order.write', times: 1 });
    try {
      const res = await erp.syncSale(pub.odooId, local, mine(pub.odooId));
      const lines = storeLines(pub.odooId);
      expect(lines).toHaveLength(8);
      expect(lines.filter((l) => l.name === 'Extra')).toHaveLength(1);
      expect(linkOf(res.lineIds).x1).toBe(lines.find((l) => l.name === 'Extra')!.id);
    } finally {
      sim.faults.reset();
    }
  });

  it('splits a huge diff into a few writes', async () => {
    const q = quote();
    const pub = await erp.publishSale(draft(q));
    const local = withIds(draft(q), pub.lineIds);
    for (let i = 0; i < 25; i++)
      local.sections[1]!.lines.push({
        localId: `b${i}`,
        kind: 'product',
        productId: products[i % 6]!,
        description: `Bulk ${i}`,
        quantity: i + 1,
        priceUnit: 1 + i,
        cost: 0.5,
      });
    const from = sim.calls.length;
    const res = await connect({ syncBatchSize: 10 }).syncSale(pub.odooId, local, mine(pub.odooId));
    expect(sim.calls.slice(from).filter((c) => c.method === 'write')).toHaveLength(3);
    expect(res.created).toBe(25);
    expect(storeLines(pub.odooId)).toHaveLength(32);
    expect(res.lineIds).toHaveLength(32);
  });

  it('sync of an order confirmed, locked or cancelled in Odoo since it was read is refused before any write', async () => {
    for (const [actions, state, label] of [
      [['action_confirm'], 'sale', 'a confirmed Sales Order'],
      [['action_confirm', 'action_lock'], 'done', 'a locked Sales Order'],
      [['action_cancel'], 'cancel', 'cancelled'],
    ] as const) {
      const q = quote();
      const pub = await erp.publishSale(draft(q));
      for (const a of actions)
        sim.data.call(
          'sale.order',
          a,
          [[pub.odooId]],
          a === 'action_cancel' ? { context: { disable_cancel_warning: true } } : {},
        );
      const before = storeLines(pub.odooId);
      const local = withIds(draft(q), pub.lineIds);
      local.name = 'Changed too';
      local.sections[0]!.lines[0] = { ...local.sections[0]!.lines[0]!, quantity: 9 };
      local.sections[0]!.lines.splice(1, 1);
      const err = await erp.syncSale(pub.odooId, local, mine(pub.odooId)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OrderNotEditable);
      expect(err).toMatchObject({ kind: 'validation', state });
      const name = value('sale.order', pub.odooId, 'name');
      expect((err as Error).message).toBe(
        `${name} is ${label} in the ERP: it can no longer be changed from here (nothing was written)`,
      );
      expect(storeLines(pub.odooId)).toEqual(before);
      expect(value('sale.order', pub.odooId, 'client_order_ref')).toBe(`Office refit ${q}`);
      // the pre-publish preview says the same
      await expect(erp.previewSale(pub.odooId, local, mine(pub.odooId))).rejects.toBeInstanceOf(OrderNotEditable);
    }
  });

  it("an order brought in from Odoo (the sale's name is the order's name) keeps its customer reference", async () => {
    const q = quote();
    const pub = await erp.publishSale(draft(q));
    sim.data.write('sale.order', [pub.odooId], { client_order_ref: 'EXT-PO-0001' });
    const local = withIds(draft(q), pub.lineIds);
    local.name = value('sale.order', pub.odooId, 'name') as string;
    local.sections[0]!.lines[0] = { ...local.sections[0]!.lines[0]!, quantity: 4 };
    const preview = await erp.previewSale(pub.odooId, local, mine(pub.odooId));
    expect(preview.header).toEqual([]);
    await erp.syncSale(pub.odooId, local, mine(pub.odooId));
    expect(value('sale.order', pub.odooId, 'client_order_ref')).toBe('EXT-PO-0001');
    expect(storeLines(pub.odooId)[1]!.product_uom_qty).toBe(4);
    // a name of its own is the customer reference
    local.name = 'Renamed here';
    await erp.syncSale(pub.odooId, local, mine(pub.odooId));
    expect(value('sale.order', pub.odooId, 'client_order_ref')).toBe('Renamed here');
  });

  it("a sync writes only to an order proven to be the sale's: its key in the origin, or the recorded name and creation time", async () => {
    const q = quote();
    const key = 'qw1-0123456789abcdef0123';
    const pub = await erp.publishSale(draft(`${q} [${key}]`));
    const local = withIds(draft(`${q} [${key}]`), pub.lineIds);
    local.name = 'Changed';
    local.sections[0]!.lines[0] = { ...local.sections[0]!.lines[0]!, quantity: 7 };
    const before = storeLines(pub.odooId);
    const [read] = await erp.fetchSales({ afterId: pub.odooId - 1, limit: 1 });
    expect(read?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const strangers: ErpOrderOwner[] = [
      NOBODY,
      // another sale's (or installation's) key
      { key: 'qw1-ffffffffffffffffffff', recorded: null },
      // the same id and name, created at another time: another order under a reused id (an ERP reset or restored)
      { key: NOBODY.key, recorded: { name: read!.name, createdAt: '2001-01-01T00:00:00.000Z', origin: null } },
      // an order of another number, or another origin
      { key: NOBODY.key, recorded: { name: 'S99999', createdAt: read!.createdAt, origin: null } },
      { key: NOBODY.key, recorded: { name: read!.name, createdAt: null, origin: q } },
    ];
    const from = sim.calls.length;
    for (const owner of strangers) {
      await expect(erp.syncSale(pub.odooId, local, owner)).rejects.toBeInstanceOf(OrderNotOurs);
      await expect(erp.previewSale(pub.odooId, local, owner)).rejects.toBeInstanceOf(OrderNotOurs);
    }
    expect(storeLines(pub.odooId)).toEqual(before);
    expect(value('sale.order', pub.odooId, 'client_order_ref')).toBe(`Office refit ${q} [${key}]`);
    expect(sim.calls.slice(from).filter((c) => c.method === 'write')).toEqual([]);

    // its key proves it
    await erp.syncSale(pub.odooId, local, { key, recorded: null });
    expect(storeLines(pub.odooId)[1]!.product_uom_qty).toBe(7);
    // and so does the order as recorded (an order the sales fetch brought in: same name, same creation time)
    local.sections[0]!.lines[0] = { ...local.sections[0]!.lines[0]!, quantity: 8 };
    await erp.syncSale(pub.odooId, local, {
      key: NOBODY.key,
      recorded: { name: read!.name, createdAt: read!.createdAt, origin: null },
    });
    expect(storeLines(pub.odooId)[1]!.product_uom_qty).toBe(8);
  });

  it('sync of a deleted order fails as missing', async () => {
    const q = quote();
    const pub = await erp.publishSale(draft(q));
    sim.data.unlink('sale.order', [pub.odooId]);
    await expect(erp.syncSale(pub.odooId, draft(q), NOBODY)).rejects.toMatchObject({ kind: 'missing' });
  });
});
