// Publish and sync to the ERP end to end (issue 11): sync_odoo on a socket, the pg-boss job, the connector over
// real HTTP to the Odoo simulator (18 over JSON-RPC, 19 over JSON-2), progress in the sale's room, and what comes
// back onto the sale. Expectations on the ERP side are read from the simulator's store.
import type { OdooSyncStatus, SaleDto, SyncCheck, SyncOdooAck } from '@quotewright/contracts';
import { eq, products, runs, saleLines, saleSections, sales, sql } from '@quotewright/db';
import { type OdooSim, startOdooSim } from '@quotewright/odoo-sim';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { firstCustomer, seedSimProducts } from '../../../test/erp-kit';
import { createTestApp, eventually, simConnector, type TestApp } from '../../../test/helpers';
import { baseUrl, type ClientSocket, connectSocket, identify } from '../../../test/sockets';
import { saleEvents } from '../../infra/sale-events';
import { settingsRepository } from '../../infra/settings.repository';
import type { ErpConnector } from '../erp/erp.types';
import { type OrderKeys, orderKeys } from '../erp/order-keys';
import type { RequestLogEntry } from '../erp/transport';
import { saleDraft } from './sale-sync.draft';
import { SYNC_QUEUE, saleSyncRepository } from './sale-sync.repository';
import { api, roleTokens, type Tokens } from './testkit';

const CASES = [
  { version: 18 as const, protocol: 'jsonrpc' as const },
  { version: 19 as const, protocol: 'json2' as const },
];

const m2oId = (v: unknown) => (Array.isArray(v) ? (v[0] as number) : typeof v === 'number' ? v : null);
const FINAL = new Set(['synced', 'error', 'unknown']);

describe.each(CASES)('publish and sync, Odoo $version over $protocol', ({ version, protocol }) => {
  let sim: OdooSim;
  let erp: ErpConnector;
  let t: TestApp;
  let url: string;
  let tokens: Tokens;
  let call: ReturnType<typeof api>;
  /** Products of the simulator also in the local catalog (as the products fetch would have put them). */
  let catalog: number[];
  let customer: { id: number; name: string };
  let invoice: number;
  let shipping: number;
  /** Runs after every ERP request (fault sequencing). */
  let onRequest: ((e: RequestLogEntry) => void) | undefined;
  /** This installation's order keys (the origins its publishes write). */
  let keys: OrderKeys;
  const open: ClientSocket[] = [];

  beforeAll(async () => {
    sim = await startOdooSim({ version });
    erp = simConnector(sim, {
      protocol,
      timeoutMs: 5_000,
      retryDelayMs: 5,
      onRequest: (e) => onRequest?.(e),
    });
    t = await createTestApp({}, { erp, events: saleEvents(), saleSync: { retryDelaySeconds: 1 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = baseUrl(t.app.server.address());
    tokens = await roleTokens(t);
    call = api(t);
    keys = orderKeys((await settingsRepository(t.database.db).get('installation_id'))!);
    // The demo company's orders carry origins Q00001, Q00006…: the quotes here start past them (a test below
    // publishes into such a collision on purpose).
    await t.database.db.execute(sql`select setval('sale_quote_number_seq', 50000)`);
    catalog = await seedSimProducts(
      t,
      sim,
      [
        ['sale_ok', '=', true],
        ['default_code', '!=', false],
      ],
      20,
    );
    customer = firstCustomer(sim);
    invoice = sim.data.search('res.partner', [
      ['parent_id', '=', customer.id],
      ['type', '=', 'invoice'],
    ])[0]!;
    shipping = sim.data.search('res.partner', [
      ['parent_id', '=', customer.id],
      ['type', '=', 'delivery'],
    ])[0]!;
  }, 120_000);
  afterEach(() => {
    onRequest = undefined;
    sim.faults.reset();
    for (const s of open.splice(0)) s.close();
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  async function socket(token: string, sale?: string) {
    const s = await connectSocket(url, token);
    open.push(s);
    if (sale) expect((await identify(s, sale)).ok).toBe(true);
    return s;
  }
  const syncOdoo = (s: ClientSocket, sale: string, createNew = false) =>
    s.timeout(10_000).emitWithAck('sync_odoo', { sale, create_new: createNew }) as Promise<SyncOdooAck>;
  /** The statuses of a run received on a socket, once the run ended. */
  async function finished(s: ClientSocket, runId: string, timeoutMs = 60_000): Promise<OdooSyncStatus[]> {
    const of = () =>
      s.received
        .filter((r) => r.event === 'odoo_sync_status')
        .map((r) => r.args[0] as OdooSyncStatus)
        .filter((e) => e.runId === runId);
    await eventually(async () => (of().some((e) => FINAL.has(e.state)) ? true : undefined), timeoutMs, 50);
    return of();
  }
  /** Starts a publish/sync as the full-rights user and waits for its end; answers the last status and all of them. */
  async function publish(saleId: string, createNew = false) {
    const s = await socket(tokens.full, saleId);
    const ack = await syncOdoo(s, saleId, createNew);
    if (!ack.ok) throw new Error(`sync_odoo refused: ${ack.detail}`);
    const statuses = await finished(s, ack.status.runId!);
    return { ack, statuses, last: statuses.at(-1)!, socket: s };
  }
  const getSale = async (id: string) => call.ok<SaleDto>('GET', `/api/sales/${id}`, tokens.full);
  const ordersWithOrigin = (origin: string) => sim.data.search('sale.order', [['origin', '=', origin]]);
  /** The ERP orders a publish of the sale made: its quote number (or `-2`…) and its key in the origin. */
  const ordersOf = (sale: SaleDto, slot = sale.quote_number) => ordersWithOrigin(keys.origin(slot, sale._id));
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
      ])
      .sort((a, b) => (a.sequence as number) - (b.sequence as number));

  /** A sale of the local catalog's products: `shape[i]` product lines in section i (+ a header and a note each). */
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
  async function newSale(shape: number[], opts: { text?: boolean; name?: string } = {}): Promise<SaleDto> {
    const created = await call.ok<SaleDto>('POST', '/api/sales', tokens.full, {
      name: opts.name ?? `Sync ${version} ${Date.now()}`,
      customer,
      customer_invoice: { id: invoice, name: 'Invoice address' },
      customer_shipping: { id: shipping, name: 'Delivery address' },
    });
    let k = 0;
    for (const [i, n] of shape.entries()) {
      const withSection = await call.ok<SaleDto>('POST', `/api/sales/sections/create/${created._id}`, tokens.full, {
        name: `Section ${i + 1}`,
      });
      const sec = withSection.sections.at(-1)!;
      if (n > 0)
        await call.ok('POST', `/api/sales/lines/create/${created._id}/${sec._id}`, tokens.full, {
          lines: Array.from({ length: n }, () => {
            k += 1;
            return { product: catalog[k % catalog.length]!, quantity: k % 7 === 0 ? '2.5' : String(1 + (k % 4)) };
          }),
          sequence: -1,
        });
      if (opts.text !== false) {
        await call.ok('POST', `/api/sales/lines/header/${created._id}/${sec._id}`, tokens.full, {
          name: `Header of section ${i + 1}`,
          sequence: 0,
        });
        await call.ok('POST', `/api/sales/lines/note/${created._id}/${sec._id}`, tokens.full, {
          name: `Note closing section ${i + 1}`,
          sequence: -1,
        });
      }
    }
    return getSale(created._id);
  }

  /** The ERP order as our sale expects it, line for line in sequence order. */
  function expectOrderMatches(sale: SaleDto, orderId: number) {
    const lines = orderLines(orderId);
    const expected: unknown[] = [];
    for (const sec of sale.sections) {
      expected.push({ display_type: 'line_section', name: sec.name });
      for (const l of sec.lines) {
        if (l.kind === 'note') expected.push({ display_type: 'line_note', name: l.name });
        else if (l.kind === 'header')
          expected.push({ display_type: version === 19 ? 'line_subsection' : 'line_note', name: l.name });
        else
          expected.push({
            display_type: false,
            name: l.name,
            product: l.product.id,
            qty: Number(l.quantity),
            discount: l.discount,
            // "Based on Total" lines go as the money they stand for: compare the line subtotal
            subtotal: l.subtotal,
          });
      }
    }
    const actual = lines.map((l) =>
      l.display_type
        ? { display_type: l.display_type, name: l.name }
        : {
            display_type: false,
            name: l.name,
            product: m2oId(l.product_id),
            qty: l.product_uom_qty,
            discount: l.discount,
            subtotal: (
              Math.round(
                (l.price_unit as number) * (1 - (l.discount as number) / 100) * (l.product_uom_qty as number) * 100 +
                  1e-7,
              ) / 100
            ).toFixed(2),
          },
    );
    expect(actual).toEqual(expected);
    // explicit, strictly increasing sequences in document order
    const seqs = lines.map((l) => l.sequence as number);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(Number(sim.data.value('sale.order', orderId, 'amount_untaxed')).toFixed(2)).toBe(sale.total_price);
  }

  describe('a 300-line quote', () => {
    let sale: SaleDto;
    let orderId: number;

    it('publishes with live progress in the room, and Odoo holds the same sections, lines, quantities, prices and total', async () => {
      sale = await newSale([48, 48, 48, 48, 48, 48]);
      expect(sale.sections.reduce((n, s) => n + s.lines.length, 0)).toBe(300);
      // discounts, a typed price and a "Based on Total" line
      const first = sale.sections[0]!.lines.filter((l) => l.kind === 'product');
      await call.ok('POST', `/api/sales/lines/update/${sale._id}/${sale.sections[0]!._id}`, tokens.full, [
        { _id: first[0]!._id, discount: '10' },
        { _id: first[1]!._id, price: '1234.56', discount: '12.5' },
        { _id: first[2]!._id, price_percentage_active: true, price: '5', cost: '2', quantity: '1' },
      ]);
      sale = await getSale(sale._id);

      const check = await call.ok<SyncCheck>('GET', `/api/sales/odoo/check/${sale._id}`, tokens.full);
      expect(check).toMatchObject({ ready: true, problems: [], previewError: null });
      expect(check.preview).toMatchObject({
        action: 'create',
        lines: { created: 300, updated: 0, deleted: 0 },
        sections: { created: 6 },
      });

      const viewer = await socket(tokens.viewer, sale._id);
      const { ack, statuses, last } = await publish(sale._id);
      expect(ack).toMatchObject({ ok: true, started: true, status: { state: 'queued', action: 'publish' } });
      // the viewer in the room saw it all: 0 → 100, never going back, with messages
      const seen = await finished(viewer, ack.status.runId!);
      expect(seen.map((e) => e.progress)).toEqual(statuses.map((e) => e.progress));
      const progress = seen.map((e) => e.progress);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(progress.filter((p) => p > 0 && p < 100).length).toBeGreaterThanOrEqual(4);
      expect(seen.every((e) => e.message)).toBe(true);
      expect(last).toMatchObject({ state: 'synced', progress: 100, totals: { match: true } });
      expect(last.message).toMatch(/^Published as S\d+/);
      expect(last.lines).toEqual({ created: 300, updated: 0, deleted: 0 });
      expect(last.sections).toEqual({ created: 6, updated: 0, deleted: 0 });
      // the editor refetches: the version moved and the room was told
      expect(viewer.received.some((r) => r.event === 'sale_replaced')).toBe(true);

      const [only, ...more] = ordersOf(sale);
      expect(more).toEqual([]);
      orderId = only!;
      const after = await getSale(sale._id);
      expect(after).toMatchObject({
        odoo_id: orderId,
        odoo_name: sim.data.value('sale.order', orderId, 'name'),
        odoo_synced: true,
        odoo_sync_error: false,
        odoo_sync_message: null,
        state: 'draft',
      });
      expect(after.odoo_synced_on).not.toBeNull();
      expect(after.version).toBeGreaterThan(sale.version);
      expect(last.totals).toEqual({ ours: after.total_price, erp: after.total_price, match: true });
      expectOrderMatches(after, orderId);
      expect(m2oId(sim.data.value('sale.order', orderId, 'partner_invoice_id'))).toBe(invoice);
      // every section and line knows its Odoo line
      const linked = await t.database.db
        .select({ n: sql<number>`count(*)::int`, ids: sql<number>`count(distinct odoo_line_id)::int` })
        .from(saleLines)
        .where(eq(saleLines.saleId, sale._id));
      expect(linked[0]).toEqual({ n: 300, ids: 300 });
      const secs = await t.database.db.select().from(saleSections).where(eq(saleSections.saleId, sale._id));
      expect(secs.every((s) => s.odooLineId !== null)).toBe(true);

      // a reloaded page reads the same status
      const status = await call.ok<OdooSyncStatus>('GET', `/api/sales/odoo/status/${sale._id}`, tokens.viewer);
      expect(status).toMatchObject({ runId: ack.status.runId, state: 'synced', progress: 100, odooId: orderId });
      expect(status.sale).toMatchObject({ linked: true, synced: true, error: false });

      // Open in Odoo
      const link = await call.ok<{ url: string }>('GET', `/api/sales/odoo/url/${sale._id}`, tokens.viewer);
      expect(link.url).toBe(`${sim.url}/odoo/sales/${orderId}`);
    });

    it('an edit + Sync Changes writes only what changed, in one write', async () => {
      // the store's write_date has microseconds (answers round to the second)
      const written = (id: number) => sim.store.get('sale.order.line', id)?.write_date;
      const before = new Map(orderLines(orderId).map((l) => [l.id as number, written(l.id as number)]));
      const s0 = sale.sections[1]!;
      const prods = s0.lines.filter((l) => l.kind === 'product');
      const note = s0.lines.find((l) => l.kind === 'note')!;
      await call.ok('POST', `/api/sales/lines/update/${sale._id}/${s0._id}`, tokens.editor, [
        { _id: prods[3]!._id, quantity: '17' },
        { _id: prods[7]!._id, price: '99.99' },
        { _id: note._id, name: 'Delivery in two parts' },
      ]);
      const last = sale.sections[5]!;
      const lastLine = last.lines.at(-1)!;
      await call.ok('POST', `/api/sales/lines/delete/${sale._id}/${last._id}`, tokens.editor, [lastLine._id]);
      await call.ok('POST', `/api/sales/lines/create/${sale._id}/${last._id}`, tokens.editor, {
        lines: [{ product: catalog[5]!, quantity: '3' }],
        sequence: -1,
      });
      const edited = await getSale(sale._id);
      expect(edited.odoo_synced).toBe(false);

      const check = await call.ok<SyncCheck>('GET', `/api/sales/odoo/check/${sale._id}`, tokens.full);
      expect(check.preview).toMatchObject({
        action: 'update',
        odooId: orderId,
        lines: { created: 1, updated: 3, deleted: 1, moved: 0, unchanged: 296 },
        sections: { created: 0, updated: 0, deleted: 0, unchanged: 6 },
        header: [],
      });

      const from = sim.calls.length;
      const { last: status } = await publish(sale._id);
      expect(status).toMatchObject({ state: 'synced', action: 'sync', lines: { created: 1, updated: 3, deleted: 1 } });
      expect(status.message).toMatch(/1 added, 3 changed, 1 removed/);
      const writes = sim.calls.slice(from).filter((c) => c.method === 'write' || c.method === 'create');
      expect(writes.map((c) => `${c.model}.${c.method}`)).toEqual(['sale.order.write']);
      // the untouched lines were not written: their write_date is what it was
      const now = orderLines(orderId);
      const rewritten = now.filter(
        (l) => before.has(l.id as number) && before.get(l.id as number) !== written(l.id as number),
      );
      expect(rewritten).toHaveLength(3);
      expect(now.filter((l) => !before.has(l.id as number))).toHaveLength(1);
      expect(now).toHaveLength(306);
      const after = await getSale(sale._id);
      expect(after.odoo_synced).toBe(true);
      expectOrderMatches(after, orderId);

      // nothing changed since: a sync writes nothing
      const from2 = sim.calls.length;
      const { last: again } = await publish(sale._id);
      expect(again).toMatchObject({ state: 'synced', lines: { created: 0, updated: 0, deleted: 0 } });
      expect(sim.calls.slice(from2).some((c) => c.method === 'write' || c.method === 'create')).toBe(false);
      sale = after;
    });

    it('lines inserted mid-order write only themselves (a block too big for its gap moves the next line)', async () => {
      const written = (id: number) => sim.store.get('sale.order.line', id)?.write_date;
      const before = new Map(orderLines(orderId).map((l) => [l.id as number, written(l.id as number)]));
      const [s2, s3] = [sale.sections[2]!, sale.sections[3]!];
      await call.ok('POST', `/api/sales/lines/create/${sale._id}/${s2._id}`, tokens.editor, {
        lines: [{ product: catalog[2]!, quantity: '1' }],
        sequence: 5,
      });
      await call.ok('POST', `/api/sales/lines/create/${sale._id}/${s3._id}`, tokens.editor, {
        lines: Array.from({ length: 12 }, (_, n) => ({ product: catalog[n % catalog.length]!, quantity: '2' })),
        sequence: 10,
      });
      const check = await call.ok<SyncCheck>('GET', `/api/sales/odoo/check/${sale._id}`, tokens.full);
      expect(check.preview).toMatchObject({
        action: 'update',
        lines: { created: 13, updated: 0, deleted: 0, moved: 1 },
      });
      const { last: status } = await publish(sale._id);
      expect(status).toMatchObject({ state: 'synced', lines: { created: 13, updated: 1, deleted: 0 } });
      const now = orderLines(orderId);
      const rewritten = now.filter(
        (l) => before.has(l.id as number) && before.get(l.id as number) !== written(l.id as number),
      );
      expect(rewritten).toHaveLength(1);
      expect(now.filter((l) => !before.has(l.id as number))).toHaveLength(13);
      sale = await getSale(sale._id);
      expectOrderMatches(sale, orderId);
    });

    it('the ERP sales fetch afterwards finds the order unchanged and leaves the sale alone', async () => {
      const before = await getSale(sale._id);
      await fetchSales();
      const after = await getSale(sale._id);
      expect(after.version).toBe(before.version);
      expect(after.sections.map((s) => s.lines.map((l) => l._id))).toEqual(
        before.sections.map((s) => s.lines.map((l) => l._id)),
      );
    }, 180_000);

    it("'Sync to new Sale' makes a second order on purpose and links the sale to it", async () => {
      const { last } = await publish(sale._id, true);
      expect(last).toMatchObject({ state: 'synced', action: 'publish', createNew: true });
      expect(ordersOf(sale)).toEqual([orderId]);
      const [second, ...more] = ordersOf(sale, `${sale.quote_number}-2`);
      expect(more).toEqual([]);
      expect(second).not.toBe(orderId);
      const after = await getSale(sale._id);
      expect(after).toMatchObject({ odoo_id: second, odoo_synced: true });
      expectOrderMatches(after, second!);
      // the first order is left as it was
      expect(orderLines(orderId)).toHaveLength(319);
    });
  });

  it('an ERP order whose lines come before any section line syncs without gaining a section line', async () => {
    const orderId = sim.data.create('sale.order', {
      partner_id: customer.id,
      order_line: [
        [0, 0, { product_id: catalog[0], product_uom_qty: 2, sequence: 10 }],
        [0, 0, { display_type: 'line_note', name: 'No section above', sequence: 20 }],
        [0, 0, { product_id: catalog[1], product_uom_qty: 1, sequence: 30 }],
      ],
    });
    await fetchSales();
    const [row] = await t.database.db.select().from(sales).where(eq(sales.odooId, orderId));
    const before = orderLines(orderId);
    const { last } = await publish(row!.id);
    expect(last).toMatchObject({ state: 'synced', action: 'sync' });
    expect(orderLines(orderId)).toEqual(before);
    expect(before.some((l) => l.display_type === 'line_section')).toBe(false);
  }, 180_000);

  it('a timeout after Odoo committed the order leaves exactly one order', async () => {
    const sale = await newSale([3, 2]);
    sim.faults.set({ dropAfterCommit: true, match: 'sale.order.create', times: 1 });
    const { last } = await publish(sale._id);
    expect(last.state).toBe('synced');
    expect(ordersOf(sale)).toHaveLength(1);
    const after = await getSale(sale._id);
    expect(after.odoo_id).toBe(ordersOf(sale)[0]);
    expectOrderMatches(after, after.odoo_id!);
  });

  it('when the ERP cannot even be asked after a lost answer, the run is "unknown", retried by the job, and finds the order', async () => {
    const sale = await newSale([4]);
    sim.faults.set({ dropAfterCommit: true, match: 'sale.order.create', times: 1 });
    onRequest = (e) => {
      // the create's answer was lost: now the ERP is unreachable for the searches that follow
      if (e.operation === 'sale.order.create' && e.error)
        sim.faults.set({ down: true, match: 'search_read', times: 3 });
    };
    const { statuses, last } = await publish(sale._id);
    const retrying = statuses.find((s) => s.state === 'queued' && /did not answer/.test(s.message ?? ''));
    expect(retrying?.message).toMatch(/unknown.*never created twice/);
    expect(statuses.some((s) => s.state === 'error')).toBe(false);
    expect(last).toMatchObject({ state: 'synced' });
    expect(last.message).toMatch(/earlier attempt/);
    expect(ordersOf(sale)).toHaveLength(1);
    const [run] = await t.database.db.select().from(runs).where(eq(runs.id, last.runId!));
    expect(run!.attempt).toBe(2);
    expectOrderMatches(await getSale(sale._id), ordersOf(sale)[0]!);
  });

  it('a run whose process died after Odoo created the order is resumed and links that order', async () => {
    const sale = await newSale([2, 2]);
    const repo = saleSyncRepository(t.database.db);
    // The dead process: it claimed the run and published, then stopped before saving anything.
    const [run] = await t.database.db
      .insert(runs)
      .values({
        queue: SYNC_QUEUE,
        key: sale._id,
        detail: { action: 'publish', createNew: false, origin: sale.quote_number },
        status: 'running',
        attempt: 1,
        progress: 40,
        heartbeatAt: new Date(Date.now() - 3_600_000),
      })
      .returning();
    const created = await erp.publishSale(
      saleDraft((await repo.snapshot(sale._id))!, keys.origin(sale.quote_number, sale._id)),
    );
    // the check sees the order that attempt made: it will be linked, not created again
    const check = await call.ok<SyncCheck>('GET', `/api/sales/odoo/check/${sale._id}`, tokens.full);
    expect(check.preview).toMatchObject({
      action: 'link',
      odooId: created.odooId,
      lines: { created: 0, unchanged: 8 },
      sections: { created: 0, unchanged: 2 },
    });
    // Someone clicks again: the run under way is answered (and resumed, its process being gone)
    const s = await socket(tokens.full, sale._id);
    const ack = await syncOdoo(s, sale._id);
    expect(ack).toMatchObject({ ok: true, started: false, status: { runId: run!.id } });
    const last = (await finished(s, run!.id)).at(-1)!;
    expect(last).toMatchObject({ state: 'synced', odooId: created.odooId });
    expect(ordersOf(sale)).toEqual([created.odooId]);
    expect((await getSale(sale._id)).odoo_id).toBe(created.odooId);
  });

  it("orders under the sale's quote number that another installation or a person made are never touched, even with the sale's customer", async () => {
    const sale = await newSale([2], { text: false, name: 'Collision' });
    // Another installation on the same ERP (staging, a reinstall, a second office) published its own Q-number,
    // for the same customer and with the same name as customer reference; another one wrote its own key.
    const plant = (origin: string) =>
      sim.data.create('sale.order', {
        partner_id: customer.id,
        origin,
        client_order_ref: 'Collision',
        order_line: [[0, 0, { product_id: catalog[5], product_uom_qty: 4, sequence: 10 }]],
      });
    const planted = [
      plant(sale.quote_number),
      plant(`${sale.quote_number} [qw1-0123456789abcdef0123]`),
      plant(`${sale.quote_number}-2`),
    ];
    const snapshot = () =>
      planted.map((id) => ({
        head: sim.data.read('sale.order', [id], ['origin', 'client_order_ref', 'partner_id', 'state'])[0],
        lines: orderLines(id),
      }));
    const before = snapshot();
    const check = await call.ok<SyncCheck>('GET', `/api/sales/odoo/check/${sale._id}`, tokens.full);
    expect(check.preview).toMatchObject({ action: 'create', lines: { created: 2 } });
    const { last } = await publish(sale._id);
    expect(last.state).toBe('synced');
    expect(last.message).toMatch(/^Published as S\d+$/);
    const [ours, ...more] = ordersOf(sale);
    expect(more).toEqual([]);
    expect(planted).not.toContain(ours);
    expect((await getSale(sale._id)).odoo_id).toBe(ours);
    expect(sim.data.value('sale.order', ours!, 'origin')).toBe(keys.origin(sale.quote_number, sale._id));
    expect(snapshot()).toEqual(before);
    // and the sales fetch leaves the planted orders out of this sale
    await fetchSales();
    expect((await getSale(sale._id)).odoo_id).toBe(ours);
    expect(snapshot()).toEqual(before);
  });

  it("a sync never writes into an order that is not provably the sale's (a link to a reused id): refused, nothing written", async () => {
    const a = await newSale([2], { text: false, name: 'Alpha' });
    const b = await newSale([3], { text: false, name: 'Bravo' });
    expect((await publish(a._id)).last.state).toBe('synced');
    const { last: pb } = await publish(b._id);
    expect(pb.state).toBe('synced');
    const bOrder = pb.odooId!;
    // The ERP lost its state and handed A's order id and number to B's order, made at another time (the link now
    // names someone else's order)
    sim.store.update('sale.order', bOrder, { create_date: '2001-02-03 04:05:06' });
    await t.database.db.update(sales).set({ odooId: null }).where(eq(sales.id, b._id));
    const [aRow] = await t.database.db
      .update(sales)
      .set({ odooId: bOrder, odooName: pb.odooName })
      .where(eq(sales.id, a._id))
      .returning();
    await call.ok('POST', `/api/sales/lines/update/${a._id}/${a.sections[0]!._id}`, tokens.full, [
      { _id: a.sections[0]!.lines[0]!._id, quantity: '9' },
    ]);
    const before = {
      head: sim.data.read('sale.order', [bOrder], ['client_order_ref', 'partner_id', 'origin'])[0],
      lines: orderLines(bOrder),
    };
    const check = await call.ok<SyncCheck>('GET', `/api/sales/odoo/check/${a._id}`, tokens.full);
    expect(check.previewError).toMatch(/is not this sale's/);
    const { last } = await publish(a._id);
    expect(last.state).toBe('error');
    expect(last.message).toMatch(
      new RegExp(`${pb.odooName} is not this sale's.*Nothing was written.*Sync to new Sale`),
    );
    expect({
      head: sim.data.read('sale.order', [bOrder], ['client_order_ref', 'partner_id', 'origin'])[0],
      lines: orderLines(bOrder),
    }).toEqual(before);
    expect(aRow!.odooCreatedAt).not.toBeNull();
    expect((await getSale(a._id)).odoo_sync_error).toBe(true);
    // 'Sync to new Sale' publishes it as a new order of its own
    const { last: fresh } = await publish(a._id, true);
    expect(fresh.state).toBe('synced');
    expect(fresh.odooId).not.toBe(bOrder);
  });

  it('the sales fetch unlinks a sale whose order id now holds another order, and never adopts an order by its customer', async () => {
    const sale = await newSale([1], { text: false, name: 'Relinked' });
    const { last } = await publish(sale._id);
    expect(last.state).toBe('synced');
    // the ERP was reset: the id now holds another installation's order, created at another time
    sim.store.update('sale.order', last.odooId!, {
      create_date: '2001-02-03 04:05:06',
      origin: 'Q09999 [qw1-0123456789abcdef0123]',
    });
    await fetchSales();
    const after = await getSale(sale._id);
    expect(after.odoo_id).toBeNull();
    expect(after.odoo_sync_error).toBe(true);
    expect(after.odoo_sync_message).toMatch(/no longer in the ERP/);
    expect(after.sections[0]!.lines).toHaveLength(1);
    // that order came in as a sale of its own
    const [imported] = await t.database.db.select().from(sales).where(eq(sales.odooId, last.odooId!));
    expect(imported!.id).not.toBe(sale._id);
  });

  it('the check lists values a customer should not see by accident as warnings, which do not block the publish', async () => {
    const sale = await newSale([2], { text: false, name: 'Trade-in' });
    const [first, second] = sale.sections[0]!.lines;
    await call.ok('POST', `/api/sales/lines/update/${sale._id}/${sale.sections[0]!._id}`, tokens.full, [
      { _id: first!._id, quantity: '-1' },
      { _id: second!._id, quantity: '0' },
    ]);
    const check = await call.ok<SyncCheck>('GET', `/api/sales/odoo/check/${sale._id}`, tokens.full);
    expect(check).toMatchObject({ ready: true, problems: [] });
    expect(check.warnings?.map((w) => w.code).sort()).toEqual(['NEGATIVE_QUANTITY', 'ZERO_QUANTITY']);
  });

  it('one run per sale at a time: a second request answers the running one', async () => {
    const sale = await newSale([2]);
    sim.faults.set({ delayMs: 150 });
    const s = await socket(tokens.full, sale._id);
    const first = await syncOdoo(s, sale._id);
    const second = await syncOdoo(s, sale._id);
    expect(first).toMatchObject({ ok: true, started: true });
    expect(second).toMatchObject({ ok: true, started: false });
    if (!first.ok || !second.ok) return;
    expect(second.status.runId).toBe(first.status.runId);
    await finished(s, first.status.runId!);
    sim.faults.reset();
    expect(ordersOf(sale)).toHaveLength(1);
  });

  it("a difference between our untaxed total and Odoo's is reported and kept, never hidden", async () => {
    const sale = await newSale([3], { text: false });
    onRequest = (e) => {
      // an Odoo automation changes a price right after our create
      if (e.operation === 'sale.order.create' && !e.error) {
        const [order] = ordersOf(sale);
        const line = orderLines(order!).find((l) => !l.display_type)!;
        sim.store.update('sale.order.line', line.id as number, { price_unit: (line.price_unit as number) + 10 });
      }
    };
    const { last } = await publish(sale._id);
    expect(last.state).toBe('synced');
    expect(last.totals?.match).toBe(false);
    expect(Number(last.totals!.erp) - Number(last.totals!.ours)).toBeGreaterThan(0);
    expect(last.message).toMatch(/untaxed total .* differs from the sale's/);
    const after = await getSale(sale._id);
    expect(after.odoo_sync_message).toMatch(/differs from the sale's/);
    const status = await call.ok<OdooSyncStatus>('GET', `/api/sales/odoo/status/${sale._id}`, tokens.viewer);
    expect(status.totals).toEqual(last.totals);
  });

  it('an order locked in Odoo meanwhile: refused before any write, the sale is flagged and follows Odoo', async () => {
    const sale = await newSale([2], { text: false });
    const { last: published } = await publish(sale._id);
    expect(published.state).toBe('synced');
    // the order was locked in Odoo meanwhile; our sale still says draft
    sim.data.write('sale.order', [published.odooId!], { state: 'sale', locked: true });
    const line = sale.sections[0]!.lines[0]!;
    await call.ok('POST', `/api/sales/lines/update/${sale._id}/${sale.sections[0]!._id}`, tokens.full, [
      { _id: line._id, quantity: '9' },
    ]);
    const before = orderLines(published.odooId!);
    const { last } = await publish(sale._id);
    expect(last.state).toBe('error');
    expect(last.message).toBe(
      `${published.odooName} is a locked Sales Order in the ERP: it can no longer be changed from here (nothing was written)`,
    );
    expect(orderLines(published.odooId!)).toEqual(before);
    const after = await getSale(sale._id);
    expect(after).toMatchObject({ odoo_sync_error: true, odoo_synced: false, state: 'done' });
    expect(after.odoo_sync_message).toBe(last.message);
  });

  it('rights and states: viewers and editors are refused, full rights publish; a sale or cancelled sale is refused', async () => {
    const sale = await newSale([1], { text: false });
    for (const token of [tokens.viewer, tokens.editor, tokens.disabled]) {
      const ack = await syncOdoo(await socket(token), sale._id);
      expect(ack).toMatchObject({ ok: false, detail: expect.stringMatching(/permission.*full rights/) });
    }
    expect((await call.get(`/api/sales/odoo/check/${sale._id}`, tokens.editor)).statusCode).toBe(403);
    for (const state of ['sale', 'cancel', 'done'] as const) {
      await t.database.db.update(sales).set({ state }).where(eq(sales.id, sale._id));
      const ack = await syncOdoo(await socket(tokens.full), sale._id);
      expect(ack).toMatchObject({ ok: false, detail: expect.stringMatching(/only quotes in draft or sent/) });
    }
    const check = await call.ok<SyncCheck>('GET', `/api/sales/odoo/check/${sale._id}`, tokens.full);
    expect(check).toMatchObject({ ready: false, blocked: expect.stringMatching(/Cancelled|Locked/) });
    await t.database.db.update(sales).set({ state: 'sent' }).where(eq(sales.id, sale._id));
    const { last } = await publish(sale._id);
    expect(last.state).toBe('synced');
    expect((await t.database.db.select().from(sales).where(eq(sales.id, sale._id)))[0]!.state).toBe('draft');
  });

  it('the check lists what Odoo would refuse, line by line, and sync_odoo refuses to start', async () => {
    const sale = await newSale([3, 1], { text: false });
    await call.ok('POST', `/api/sales/${sale._id}`, tokens.full, { customer: null });
    const [a, b] = sale.sections[0]!.lines;
    const c = sale.sections[1]!.lines[0]!;
    await t.database.db.update(saleLines).set({ productId: null }).where(eq(saleLines.id, a!._id));
    await t.database.db.update(saleLines).set({ productId: 999_999 }).where(eq(saleLines.id, b!._id));
    await t.database.db.update(products).set({ active: false }).where(eq(products.id, c.product.id!));
    try {
      const check = await call.ok<SyncCheck>('GET', `/api/sales/odoo/check/${sale._id}`, tokens.full);
      expect(check.ready).toBe(false);
      expect(check.preview).toBeNull();
      expect(check.problems.map((p) => [p.code, p.section?.index ?? null, p.line?.number ?? null])).toEqual([
        ['NO_CUSTOMER', null, null],
        ['NO_PRODUCT', 1, 1],
        ['PRODUCT_UNKNOWN', 1, 2],
        ['PRODUCT_INACTIVE', 2, 1],
      ]);
      expect(check.problems[3]).toMatchObject({ section: { name: 'Section 2' }, line: { id: c._id } });
      const ack = await syncOdoo(await socket(tokens.full), sale._id);
      expect(ack.ok).toBe(false);
      if (ack.ok) return;
      expect(ack.detail).toMatch(/cannot be published: 4 problems/);
      expect(ack.problems).toHaveLength(4);
      expect(ordersOf(sale)).toEqual([]);
    } finally {
      await t.database.db.update(products).set({ active: true }).where(eq(products.id, c.product.id!));
    }
  });
});
