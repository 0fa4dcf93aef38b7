import {
  eq,
  partnerAddresses,
  partners,
  productRelated,
  products,
  saleLines,
  saleSections,
  sales,
} from '@quotewright/db';
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
import { type SaleEvent, saleEvents } from '../../infra/sale-events';
import { settingsRepository } from '../../infra/settings.repository';
import { orderKeys } from '../erp/order-keys';

let sim: OdooSim;
let t: TestApp;
let admin: string;
const published: SaleEvent[] = [];

beforeAll(async () => {
  sim = await startOdooSim({ port: 0, version: 19 });
  const erp = simConnector(sim, {
    protocol: 'auto',
    timeoutMs: 5000,
  });
  const events = saleEvents();
  events.subscribe((e) => published.push(e));
  t = await createTestApp({}, { erp, events });
  admin = await login(t, ADMIN_EMAIL, ADMIN_PASSWORD);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

type Run = {
  id: string;
  state: string;
  status: string;
  written: number;
  deactivated: number;
  processed: number;
  progress: number;
  error: string | null;
};

async function runFetch(kind: 'products' | 'sales' | 'contacts'): Promise<Run> {
  const res = await t.app.inject({ method: 'POST', url: `/api/odoo/sync/${kind}`, headers: bearer(admin) });
  expect(res.statusCode).toBe(202);
  const { id } = res.json() as Run;
  return eventually(async () => {
    const r = (
      await t.app.inject({ method: 'GET', url: `/api/odoo/runs/${id}`, headers: bearer(admin) })
    ).json() as Run;
    return r.state === 'loading' ? undefined : r;
  }, 90_000);
}

// (a test waits for whole fetches, each for up to 90 s: runFetch)
describe('ERP data fetch', { timeout: 120_000 }, () => {
  it('fetches every product, marks archived ones inactive, and keeps bundles with quantities', async () => {
    const run = await runFetch('products');
    expect(run.error).toBeNull();
    expect(run.state).toBe('success');
    expect(run.progress).toBe(100);
    const simProducts = sim.data.search('product.product', [], { activeTest: false });
    expect(run.processed).toBe(simProducts.length);
    const rows = await t.database.db.select().from(products);
    expect(rows).toHaveLength(simProducts.length);
    const archived = sim.data.search('product.product', [['active', '=', false]], { activeTest: false });
    expect(archived.length).toBeGreaterThan(0);
    expect(
      rows
        .filter((r) => !r.active)
        .map((r) => r.id)
        .sort(),
    ).toEqual([...archived].sort());
    const related = await t.database.db.select().from(productRelated);
    expect(rows.filter((r) => r.isBundle).length).toBeGreaterThanOrEqual(50);
    expect(related.every((r) => Number(r.quantity) > 0)).toBe(true);
    // the manufacturer's part number, from the field detected (manufacturer_pref)
    for (const r of rows.filter((_, i) => i % 41 === 0))
      expect(r.partNumber).toBe(sim.data.value('product.product', r.id, 'manufacturer_pref') || null);
    expect(rows.filter((r) => r.partNumber).length).toBeGreaterThan(rows.length / 3);
  });

  it('a re-run with no ERP change writes nothing; a change writes exactly that product', async () => {
    const again = await runFetch('products');
    expect(again.state).toBe('success');
    expect(again.written).toBe(0);
    expect(again.deactivated).toBe(0);
    const [first] = sim.data.search('product.product', [['active', '=', true]], { limit: 1 });
    const tmpl = sim.store.get('product.product', first!)!.product_tmpl_id as number;
    // a template change that touches only this variant
    expect(sim.data.search('product.product', [['product_tmpl_id', '=', tmpl]], { activeTest: false })).toHaveLength(1);
    sim.store.update('product.template', tmpl, { list_price: 1234.5, manufacturer_pref: '  MPN-42 ' });
    const changed = await runFetch('products');
    expect(changed.written).toBe(1);
    const [row] = (await t.database.db.select().from(products)).filter((p) => p.id === first);
    expect(row?.price).toBe('1234.50');
    expect(row?.partNumber).toBe('MPN-42');
  });

  it('a product that vanished from the ERP becomes inactive, and comes back when it reappears', async () => {
    const [victim] = sim.data.search('product.product', [['active', '=', true]], { limit: 1, order: 'id desc' });
    const saved = sim.store.get('product.product', victim!)!;
    sim.store.delete('product.product', victim!);
    const run = await runFetch('products');
    expect(run.deactivated).toBe(1);
    expect((await t.database.db.select().from(products)).find((p) => p.id === victim)?.active).toBe(false);
    sim.store.table('product.product').set(victim!, saved);
    const back = await runFetch('products');
    expect(back.written).toBe(1);
    expect((await t.database.db.select().from(products)).find((p) => p.id === victim)?.active).toBe(true);
  });

  it('one fetch per kind at a time: a second request answers the running one', async () => {
    sim.faults.set({ delayMs: 300 });
    try {
      const a = await t.app.inject({ method: 'POST', url: '/api/odoo/sync/contacts', headers: bearer(admin) });
      const b = await t.app.inject({ method: 'POST', url: '/api/odoo/sync/contacts', headers: bearer(admin) });
      expect(a.statusCode).toBe(202);
      expect(b.statusCode).toBe(200);
      expect(b.json().id).toBe(a.json().id);
      const done = await eventually(async () => {
        const r = (await t.app.inject({ method: 'GET', url: '/api/odoo/sync/contacts', headers: bearer(admin) })).json()
          .run as Run;
        return r.state === 'loading' ? undefined : r;
      }, 90_000);
      expect(done.state).toBe('success');
    } finally {
      sim.faults.reset();
    }
  });

  it('contacts: customers with their invoice and delivery addresses, salespersons and templates', async () => {
    const customers = await t.app.inject({ method: 'GET', url: '/api/partners/customers', headers: bearer(admin) });
    expect(customers.statusCode).toBe(200);
    const list = customers.json() as { id: number; name: string; invoice: unknown[]; delivery: unknown[] }[];
    expect(list.length).toBeGreaterThanOrEqual(300);
    expect(list.filter((c) => c.invoice.length > 0 && c.delivery.length > 0).length).toBeGreaterThanOrEqual(300);
    const sp = (
      await t.app.inject({ method: 'GET', url: '/api/partners/salespersons', headers: bearer(admin) })
    ).json();
    expect(sp.length).toBeGreaterThanOrEqual(8);
    const tp = (await t.app.inject({ method: 'GET', url: '/api/partners/templates', headers: bearer(admin) })).json();
    expect(tp.length).toBeGreaterThanOrEqual(5);
    expect(Object.keys(tp[0]).sort()).toEqual(['id', 'name']);
    const again = await runFetch('contacts');
    expect(again.written).toBe(0);
    expect((await t.database.db.select().from(partners)).filter((p) => p.active)).toHaveLength(list.length);
    expect((await t.database.db.select().from(partnerAddresses)).length).toBeGreaterThanOrEqual(600);
  });

  it('sales: orders in all states with their sections, notes and lines; idempotent', async () => {
    const run = await runFetch('sales');
    expect(run.state).toBe('success');
    const rows = await t.database.db.select().from(sales);
    expect(rows.length).toBe(sim.data.search('sale.order', []).length);
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(['draft', 'sent', 'sale', 'done', 'cancel']));
    expect(rows.every((r) => /^Q\d{5,}$/.test(r.quoteNumber) && r.odooId !== null && r.odooSynced)).toBe(true);
    const sections = await t.database.db.select().from(saleSections);
    const lines = await t.database.db.select().from(saleLines);
    expect(sections.length).toBeGreaterThan(rows.length);
    expect(lines.some((l) => l.kind === 'note')).toBe(true);
    const productLines = lines.filter((l) => l.kind === 'product');
    expect(productLines.length).toBeGreaterThan(0);
    expect(lines.filter((l) => l.kind !== 'product').every((l) => l.price === '0.00' && Number(l.quantity) === 0)).toBe(
      true,
    );
    published.length = 0;
    const again = await runFetch('sales');
    expect(again.written).toBe(0);
    // Nothing rewritten, nothing announced.
    expect(published.filter((e) => e.type === 'sales_replaced')).toEqual([]);
  });

  it('a sale the fetch rewrites is announced with its new version (open editors read it again)', async () => {
    await runFetch('sales');
    const [order] = sim.data.search('sale.order', [['state', '=', 'draft']]);
    sim.data.write('sale.order', [order!], { client_order_ref: `changed ${Date.now()}`, note: 'Changed in Odoo' });
    const [line] = sim.data.search('sale.order.line', [
      ['order_id', '=', order!],
      ['display_type', '=', false],
    ]);
    sim.data.write('sale.order.line', [line!], { product_uom_qty: 17 });
    published.length = 0;
    const run = await runFetch('sales');
    expect(run.written).toBe(1);
    const [row] = await t.database.db.select().from(sales).where(eq(sales.odooId, order!));
    expect(published).toEqual([
      { type: 'sales_replaced', sales: [{ saleId: row!.id, version: row!.version }], by: { id: 'erp', name: 'ERP' } },
    ]);
  });

  it("origins the ERP holds move our quote counter past them: a new quote never takes another order's origin", async () => {
    const [order] = sim.data.search('sale.order', [['state', '=', 'draft']]);
    sim.data.write('sale.order', [order!], { origin: 'Q00500-2' });
    await runFetch('sales');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sales',
      headers: bearer(admin),
      payload: { name: 'After the fetch' },
    });
    expect(res.statusCode).toBeLessThan(300);
    const [created] = await t.database.db.select().from(sales).where(eq(sales.name, 'After the fetch'));
    expect(Number(created!.quoteNumber.slice(1))).toBeGreaterThan(500);
  });

  it("an unlinked local sale takes the order of its quote number only when the order carries the sale's key, never by its customer", async () => {
    const [customer] = (await t.database.db.select().from(partners).limit(1)).map((p) => p.id);
    const customerName = sim.data.value('res.partner', customer!, 'name') as string;
    const draft = async (name: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/sales',
        headers: bearer(admin),
        payload: { name, customer: { id: customer!, name: customerName } },
      });
      expect(res.statusCode).toBeLessThan(300);
      return res.json() as { _id: string; quote_number: string };
    };
    const keys = orderKeys((await settingsRepository(t.database.db).get('installation_id'))!);
    const ours = await draft('Published, answer lost');
    const theirs = await draft('A local draft');
    const mine = sim.data.create('sale.order', {
      partner_id: customer!,
      origin: keys.origin(ours.quote_number, ours._id),
    });
    // another installation's (or a person's) order under the local draft's number, for the same customer
    const foreign = sim.data.create('sale.order', { partner_id: customer!, origin: theirs.quote_number });
    const foreignKeyed = sim.data.create('sale.order', {
      partner_id: customer!,
      origin: `${theirs.quote_number} [qw1-0123456789abcdef0123]`,
    });
    const run = await runFetch('sales');
    expect(run.error).toBeNull();
    const row = async (id: string) => (await t.database.db.select().from(sales).where(eq(sales.id, id)))[0]!;
    expect(await row(ours._id)).toMatchObject({ odooId: mine, name: 'Published, answer lost' });
    // the local draft is left as it was; the other orders are sales of their own
    expect(await row(theirs._id)).toMatchObject({ odooId: null, name: 'A local draft' });
    for (const id of [foreign, foreignKeyed]) {
      const [imported] = await t.database.db.select().from(sales).where(eq(sales.odooId, id));
      expect(imported!.id).not.toBe(theirs._id);
    }
  });

  it('an ERP failure is reported with its message and leaves the local data as it was', async () => {
    const before = await t.database.db.select().from(products);
    sim.faults.set({ httpStatus: 500 });
    try {
      const run = await runFetch('products');
      expect(run.state).toBe('error');
      expect(run.error).toMatch(/ERP/);
    } finally {
      sim.faults.reset();
    }
    const after = await t.database.db.select().from(products);
    expect(after).toEqual(before);
  });

  it('answers the read APIs from the local catalog: search, paging, bundles, related products', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/products?pageSize=5&page=1', headers: bearer(admin) });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.items).toHaveLength(5);
    expect(body.total).toBe((await t.database.db.select().from(products)).filter((p) => p.active).length);
    expect(Object.keys(body.items[0]).sort()).toEqual(
      [
        'active',
        'category',
        'cost',
        'description',
        'display_name',
        'id',
        'is_bundle',
        'manufacturer',
        'model',
        'part_number',
        'name',
        'price',
        'uom',
      ].sort(),
    );
    const bundles = (
      await t.app.inject({ method: 'GET', url: '/api/products?bundlesOnly=true&pageSize=50', headers: bearer(admin) })
    ).json();
    expect(bundles.items.length).toBeGreaterThan(0);
    expect(bundles.items.every((p: { is_bundle: boolean }) => p.is_bundle)).toBe(true);
    const bundle = bundles.items[0];
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/products/${bundle.id}`, headers: bearer(admin) })
    ).json();
    expect(detail.related_products.length).toBeGreaterThan(0);
    expect(detail.related_products[0]).toMatchObject({
      product: { id: expect.any(Number) },
      quantity: expect.any(String),
    });
    const has = (
      await t.app.inject({ method: 'GET', url: `/api/products/hasrelated/${bundle.id}`, headers: bearer(admin) })
    ).json();
    expect(has).toHaveLength(detail.related_products.length);
    const term = bundle.name.slice(0, 6);
    const found = (
      await t.app.inject({
        method: 'GET',
        url: `/api/products?search=${encodeURIComponent(term)}`,
        headers: bearer(admin),
      })
    ).json();
    expect(found.items.some((p: { id: number }) => p.id === bundle.id)).toBe(true);
    const none = (
      await t.app.inject({ method: 'GET', url: '/api/products?search=%25%25zz-no-such', headers: bearer(admin) })
    ).json();
    expect(none).toMatchObject({ items: [], total: 0 });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/products/999999999', headers: bearer(admin) })).statusCode,
    ).toBe(404);
  });
});
