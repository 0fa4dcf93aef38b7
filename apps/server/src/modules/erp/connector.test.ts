// The connector against the Odoo simulator over real HTTP, on both transports and with auto-detection. The
// expected values come from the simulator's store, read directly (not through the API under test).

import { type OdooSim, startOdooSim } from '@quotewright/odoo-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createErpConnector, type ErpConnectorOptions } from './connector.js';
import { ErpError } from './erp.errors.js';
import type { ErpConnector, ErpPartner, ErpProduct, ErpSale } from './erp.types.js';
import { cost4, money2, qty } from './mapping.js';
import { createTransport, type OdooTransport } from './transport.js';

const CASES = [
  { version: 18 as const, protocol: 'jsonrpc' as const, expected: 'jsonrpc' },
  { version: 19 as const, protocol: 'json2' as const, expected: 'json2' },
  { version: 18 as const, protocol: 'auto' as const, expected: 'jsonrpc' },
  { version: 19 as const, protocol: 'auto' as const, expected: 'json2' },
];

async function fetchAll<T extends { odooId: number }>(
  page: (p: { afterId: number; limit: number }) => Promise<T[]>,
  limit: number,
): Promise<{ rows: T[]; pages: number }> {
  const rows: T[] = [];
  let afterId = 0;
  let pages = 0;
  for (;;) {
    const got = await page({ afterId, limit });
    pages++;
    rows.push(...got);
    if (got.length < limit) return { rows, pages };
    afterId = got[got.length - 1]!.odooId;
  }
}

const m2oId = (v: unknown) => (Array.isArray(v) ? (v[0] as number) : typeof v === 'number' ? v : null);

describe.each(CASES)('connector, Odoo $version over $protocol', ({ version, protocol, expected }) => {
  let sim: OdooSim;
  let erp: ErpConnector;
  let products: ErpProduct[];
  let productPages: number;
  let partners: ErpPartner[];
  let sales: ErpSale[];
  const connect = (over: Partial<ErpConnectorOptions> = {}) =>
    createErpConnector({
      url: sim.url,
      db: sim.db,
      login: sim.login,
      apiKey: sim.apiKey,
      protocol,
      retryDelayMs: 5,
      ...over,
    });
  const value = (model: string, id: number, field: string) => sim.data.value(model, id, field);

  beforeAll(async () => {
    sim = await startOdooSim({ version });
    erp = connect();
    ({ rows: products, pages: productPages } = await fetchAll((p) => erp.fetchProducts(p), 250));
    ({ rows: partners } = await fetchAll((p) => erp.fetchPartners(p), 100));
    ({ rows: sales } = await fetchAll((p) => erp.fetchSales(p), 60));
  });
  afterAll(async () => {
    await sim.close();
  });

  it('reports the server version and the protocol in use', async () => {
    expect(await erp.serverInfo()).toEqual({ serverVersion: `${version}.0`, protocol: expected });
    expect(erp.saleUrl(42)).toBe(`${sim.url}/odoo/sales/42`);
  });

  it('pages products by id cursor: every product exactly once, archived included', async () => {
    const all = sim.data.search('product.product', [], { activeTest: false }).sort((a, b) => a - b);
    expect(all.length).toBeGreaterThan(500);
    expect(await erp.countProducts()).toBe(all.length);
    expect(products.map((p) => p.odooId)).toEqual(all); // ordered, no gaps, no duplicates
    expect(productPages).toBe(Math.floor(all.length / 250) + 1);
  });

  it('marks archived products inactive', () => {
    const archived = new Set(sim.data.search('product.product', [['active', '=', false]], { activeTest: false }));
    expect(archived.size).toBeGreaterThan(0);
    for (const p of products) expect(p.active).toBe(!archived.has(p.odooId));
  });

  it('maps product fields from the store', () => {
    for (const p of products.filter((_, i) => i % 37 === 0)) {
      const id = p.odooId;
      const code = value('product.product', id, 'default_code');
      expect(p.model).toBe(code || '');
      expect(p.name).toBe(
        code ? `[${code}] ${value('product.product', id, 'name')}` : value('product.product', id, 'name'),
      );
      expect(p.description).toBe(value('product.product', id, 'description_sale') || p.name);
      expect(p.price).toBe(money2(value('product.product', id, 'lst_price')));
      expect(p.price).toMatch(/^-?\d+\.\d\d$/);
      expect(p.cost).toBe(cost4(value('product.product', id, 'standard_price')));
      const manufacturer = m2oId(value('product.product', id, 'x_manufacturer_id'));
      expect(p.manufacturer).toBe(manufacturer ? (value('x.manufacturer', manufacturer, 'name') as string) : null);
      expect(p.partNumber).toBe(value('product.product', id, 'manufacturer_pref') || null);
      expect(p.uom).toBe(value('uom.uom', m2oId(value('product.product', id, 'uom_id'))!, 'name'));
      expect(p.category).toMatch(/ \/ /); // complete name of the category
      expect(p.writeDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    }
    expect(products.filter((p) => p.manufacturer).length).toBeGreaterThan(products.length / 2);
    // the part number field detected: the OCA add-on's manufacturer_pref
    expect(products.filter((p) => p.partNumber).length).toBeGreaterThan(products.length / 3);
  });

  it('bundles carry their kit BoM components with quantities', () => {
    const boms = sim.data.search('mrp.bom', [['type', '=', 'phantom']]);
    expect(boms.length).toBeGreaterThan(0);
    let checked = 0;
    for (const bomId of boms) {
      const tmpl = m2oId(value('mrp.bom', bomId, 'product_tmpl_id'))!;
      const variant = sim.data.search('product.product', [['product_tmpl_id', '=', tmpl]], { activeTest: false })[0]!;
      const perUnit = (value('mrp.bom', bomId, 'product_qty') as number) || 1;
      const expected = sim.data.search('mrp.bom.line', [['bom_id', '=', bomId]]).map((l) => ({
        odooId: m2oId(value('mrp.bom.line', l, 'product_id'))!,
        quantity: qty((value('mrp.bom.line', l, 'product_qty') as number) / perUnit),
      }));
      const bundle = products.find((p) => p.odooId === variant)!;
      expect(bundle.related).toEqual(expected);
      checked++;
    }
    expect(checked).toBe(boms.length);
    // quantities other than 1 do occur
    expect(products.some((p) => p.related.some((r) => r.quantity !== '1'))).toBe(true);
  });

  it('without a kit BoM, related products are the optional products (first variant, qty 1)', () => {
    const kitTemplates = new Set(
      sim.data.search('mrp.bom', [['type', '=', 'phantom']]).map((b) => m2oId(value('mrp.bom', b, 'product_tmpl_id'))),
    );
    const withOptional = products.filter((p) => {
      const tmpl = m2oId(value('product.product', p.odooId, 'product_tmpl_id'));
      return (
        !kitTemplates.has(tmpl) && ((value('product.template', tmpl!, 'optional_product_ids') as number[]) ?? []).length
      );
    });
    expect(withOptional.length).toBeGreaterThan(0);
    for (const p of withOptional) {
      const tmpl = m2oId(value('product.product', p.odooId, 'product_tmpl_id'))!;
      const optional = value('product.template', tmpl, 'optional_product_ids') as number[];
      const expected = optional.map((t) => ({
        odooId: sim.data.search('product.product', [['product_tmpl_id', '=', t]], { activeTest: false })[0]!,
        quantity: '1',
      }));
      // in the order Odoo returns the many2many (the template's _order), which is not the stored order
      const byId = (a: { odooId: number }, b: { odooId: number }) => a.odooId - b.odooId;
      expect([...p.related].sort(byId)).toEqual(expected.sort(byId));
    }
    // and products with neither have none
    const plain = products.filter((p) => p.model.startsWith('KIT') === false && p.related.length === 0);
    expect(plain.length).toBeGreaterThan(products.length / 2);
  });

  it('reads a page of products in a fixed number of calls (no N+1)', async () => {
    const fresh = connect();
    await fresh.fetchProducts({ afterId: 0, limit: 10 }); // warm: version, fields_get
    const from = sim.calls.length;
    const page = await fresh.fetchProducts({ afterId: 0, limit: 1000 });
    expect(page.length).toBe(1000);
    const calls = sim.calls.slice(from);
    expect(calls.length).toBeLessThanOrEqual(4); // products, kit BoMs, BoM lines, optional products' variants
    expect(calls.filter((c) => c.model === 'product.product' && c.method === 'search_read').length).toBeLessThanOrEqual(
      2,
    );
  });

  it('partners are commercial partners with their invoice/delivery addresses', async () => {
    const commercial = sim.data
      .search('res.partner', [['parent_id', '=', false]], { activeTest: false })
      .sort((a, b) => a - b);
    expect(partners.map((p) => p.odooId)).toEqual(commercial);
    expect(await erp.countPartners()).toBe(commercial.length);
    const withAddresses = partners.filter((p) => p.addresses.length > 0);
    expect(withAddresses.length).toBeGreaterThan(5);
    for (const p of withAddresses) {
      const expected = sim.data
        .search('res.partner', [
          ['parent_id', '=', p.odooId],
          ['type', 'in', ['invoice', 'delivery']],
        ])
        .sort((a, b) => a - b);
      expect(p.addresses.map((a) => a.odooId)).toEqual(expected);
      for (const a of p.addresses) {
        expect(a.type).toBe(value('res.partner', a.odooId, 'type'));
        expect(a.name).toBe(value('res.partner', a.odooId, 'name'));
      }
    }
    expect(new Set(withAddresses.flatMap((p) => p.addresses.map((a) => a.type)))).toEqual(
      new Set(['invoice', 'delivery']),
    );
    // contacts (type contact) are not addresses
    const contactChildren = sim.data.search('res.partner', [
      ['parent_id', '!=', false],
      ['type', '=', 'contact'],
    ]);
    const addressIds = new Set(partners.flatMap((p) => p.addresses.map((a) => a.odooId)));
    expect(contactChildren.some((c) => addressIds.has(c))).toBe(false);
    for (const p of partners.filter((_, i) => i % 20 === 0)) {
      expect(p.active).toBe(value('res.partner', p.odooId, 'active') !== false);
      expect(p.email).toBe(value('res.partner', p.odooId, 'email') || null);
    }
  });

  it('salespersons are the active internal users, share users excluded', async () => {
    const people = await erp.fetchSalespersons();
    const internal = sim.data.search('res.users', [['share', '=', false]]).sort((a, b) => a - b);
    const share = sim.data.search('res.users', [['share', '=', true]]);
    expect(share.length).toBeGreaterThan(0);
    expect(people.map((p) => p.odooId)).toEqual(internal);
    for (const p of people) {
      expect(p.name).toBe(value('res.users', p.odooId, 'name'));
      expect(p.email).toMatch(/@/);
    }
  });

  it('quotation templates', async () => {
    const templates = await erp.fetchQuotationTemplates();
    const expected = sim.data.search('sale.order.template', []);
    expect(templates.map((t) => t.odooId).sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
    for (const t of templates) expect(t.name).toBe(value('sale.order.template', t.odooId, 'name'));
  });

  it('pages every sale exactly once with mapped states, locked → done', async () => {
    const all = sim.data.search('sale.order', []).sort((a, b) => a - b);
    expect(sales.map((s) => s.odooId)).toEqual(all);
    expect(await erp.countSales()).toBe(all.length);
    for (const s of sales) {
      const state = value('sale.order', s.odooId, 'state');
      const locked = value('sale.order', s.odooId, 'locked') === true;
      expect(s.state).toBe(state === 'sale' && locked ? 'done' : state);
    }
    const states = new Set(sales.map((s) => s.state));
    for (const st of ['draft', 'sent', 'sale', 'done', 'cancel']) expect(states).toContain(st);
  });

  it('maps sale headers from the store', () => {
    for (const s of sales.filter((_, i) => i % 11 === 0)) {
      const v = (f: string) => value('sale.order', s.odooId, f);
      expect(s.name).toBe(v('name'));
      expect(s.origin).toBe(v('origin') || null);
      expect(s.partner?.odooId).toBe(m2oId(v('partner_id')));
      expect(s.partnerInvoice?.odooId).toBe(m2oId(v('partner_invoice_id')));
      expect(s.partnerShipping?.odooId).toBe(m2oId(v('partner_shipping_id')));
      expect(s.salesperson?.odooId ?? null).toBe(m2oId(v('user_id')));
      expect(s.template?.odooId ?? null).toBe(m2oId(v('sale_order_template_id')));
      expect(s.amountUntaxed).toBe(money2(v('amount_untaxed')));
      expect(s.margin).toBe(money2(v('margin')));
      expect(s.dateOrder).toMatch(/Z$/);
    }
    expect(sales.some((s) => s.template !== null)).toBe(true);
    expect(sales.some((s) => s.origin !== null)).toBe(true);
  });

  it('sale lines come in sequence order with sections, notes and products mapped', () => {
    const kinds = new Set(sales.flatMap((s) => s.lines.map((l) => l.kind)));
    expect(kinds).toContain('section');
    expect(kinds).toContain('note');
    expect(kinds).toContain('product');
    if (version === 19) expect(kinds).toContain('subsection');
    for (const s of sales) {
      const storeLines = sim.data.search('sale.order.line', [['order_id', '=', s.odooId]]);
      expect(s.lines.map((l) => l.odooId).sort((a, b) => a - b)).toEqual([...storeLines].sort((a, b) => a - b));
      for (let i = 1; i < s.lines.length; i++) {
        const a = s.lines[i - 1]!;
        const b = s.lines[i]!;
        expect(a.sequence < b.sequence || (a.sequence === b.sequence && a.odooId < b.odooId)).toBe(true);
      }
    }
    const sample = sales.flatMap((s) => s.lines).filter((_, i) => i % 13 === 0);
    for (const l of sample) {
      const v = (f: string) => value('sale.order.line', l.odooId, f);
      expect(l.name).toBe(v('name') || '');
      if (l.kind === 'product') {
        expect(l.productOdooId).toBe(m2oId(v('product_id')));
        expect(l.quantity).toBe(qty(v('product_uom_qty')));
        expect(l.priceUnit).toBe(money2(v('price_unit')));
        expect(l.cost).toBe(cost4(v('purchase_price')));
        expect(l.uom).toBe(value('uom.uom', m2oId(v(version === 19 ? 'product_uom_id' : 'product_uom'))!, 'name'));
      } else {
        expect(l.productOdooId).toBeNull();
        expect(l.kind).toBe(
          { line_section: 'section', line_subsection: 'subsection', line_note: 'note' }[v('display_type') as string],
        );
      }
    }
  });

  it('orders lines by sequence, not by id', async () => {
    const partner = sales[0]!.partner!.odooId;
    const product = products.find((p) => p.active && p.related.length === 0)!.odooId;
    const id = sim.data.create('sale.order', {
      partner_id: partner,
      origin: `QW-SEQ-${version}`,
      order_line: [
        [0, 0, { product_id: product, product_uom_qty: 2, price_unit: 10.5, sequence: 30 }],
        [0, 0, { display_type: 'line_note', name: 'A note', sequence: 20 }],
        [0, 0, { display_type: 'line_section', name: 'Top', sequence: 10 }],
      ],
    });
    const [sale] = await erp.fetchSales({ afterId: id - 1, limit: 1 });
    expect(sale!.odooId).toBe(id);
    expect(sale!.origin).toBe(`QW-SEQ-${version}`);
    expect(sale!.lines.map((l) => [l.kind, l.name.split('\n')[0], l.sequence])).toEqual([
      ['section', 'Top', 10],
      ['note', 'A note', 20],
      ['product', expect.any(String), 30],
    ]);
    expect(sale!.lines[2]).toMatchObject({ productOdooId: product, quantity: '2', priceUnit: '10.50' });
    expect(sale!.amountUntaxed).toBe('21.00');
  });

  it('reads a page of sales in a fixed number of calls (no N+1)', async () => {
    const fresh = connect();
    await fresh.fetchSales({ afterId: 0, limit: 1 });
    const from = sim.calls.length;
    const page = await fresh.fetchSales({ afterId: 0, limit: 200 });
    expect(page.length).toBe(Math.min(200, sales.length));
    // the orders, then all their lines (and on 18 all their options: sale.order.option, decision 0032)
    expect(sim.calls.length - from).toBe(sim.version === 18 ? 3 : 2);
  });

  it('an access error on a model the fetch needs is a clear configuration error', async () => {
    sim.access.denyModel('sale.order.line', ['read'], 'Sales / User: Own Documents Only');
    try {
      const err = await connect()
        .fetchSales({ afterId: 0, limit: 5 })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(err).toBeInstanceOf(ErpError);
      expect((err as ErpError).kind).toBe('access');
      expect((err as ErpError).message).toMatch(/^The ERP user lacks access: .*\(sale\.order\.line\)/s);
    } finally {
      sim.access.reset();
    }
  });

  it('a field hidden from the user (fields_get leaves it out, as Odoo does) degrades to null', async () => {
    sim.access.restrictFields('sale.order', ['margin'], 'Sales / Administrator');
    try {
      const page = await connect().fetchSales({ afterId: 0, limit: 5 });
      expect(page).toHaveLength(5);
      expect(page.every((s) => s.margin === null)).toBe(true);
      expect(page.map((s) => s.amountUntaxed)).toEqual(sales.slice(0, 5).map((s) => s.amountUntaxed));
    } finally {
      sim.access.reset();
    }
  });

  it('uses a configured manufacturer field, and none when turned off', async () => {
    const off = await connect({ manufacturerField: '' }).fetchProducts({ afterId: 0, limit: 5 });
    expect(off.every((p) => p.manufacturer === null)).toBe(true);
    const explicit = await connect({ manufacturerField: 'x_manufacturer_id' }).fetchProducts({ afterId: 0, limit: 5 });
    expect(explicit.map((p) => p.manufacturer)).toEqual(products.slice(0, 5).map((p) => p.manufacturer));
    const wrong = await connect({ manufacturerField: 'x_nope' })
      .fetchProducts({ afterId: 0, limit: 5 })
      .catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(ErpError);
    expect((wrong as ErpError).message).toMatch(/manufacturer field "x_nope" does not exist on product\.product/);
  });

  /** A page of 5 products, with the fields each product.product search_read asked for. */
  async function productPage(over: Partial<ErpConnectorOptions> = {}) {
    const inner = createTransport({ url: sim.url, db: sim.db, login: sim.login, apiKey: sim.apiKey, protocol });
    const reads: unknown[] = [];
    const transport: OdooTransport = {
      call: (model, method, args, kwargs, opts) => {
        if (model === 'product.product' && method === 'search_read') reads.push(kwargs.fields);
        return inner.call(model, method, args, kwargs, opts);
      },
      version: () => inner.version(),
      protocol: () => inner.protocol(),
    };
    const page = await connect({ ...over, transport }).fetchProducts({ afterId: 0, limit: 5 });
    return { partNumbers: page.map((p) => p.partNumber), reads };
  }

  it('reads the part number field: detected, configured or off; without one, the calls are as before', async () => {
    const expected = products.slice(0, 5).map((p) => p.partNumber);
    expect(expected.some((v) => v !== null)).toBe(true);
    const detected = await productPage();
    expect(detected.partNumbers).toEqual(expected);
    const off = await productPage({ partNumberField: '' });
    expect(off.partNumbers).toEqual([null, null, null, null, null]);
    expect(detected.reads).toEqual(off.reads.map((f) => [...(f as string[]), 'manufacturer_pref']));
    // An Odoo without such a field (here hidden from the user, as Odoo's fields_get does): the very same reads.
    sim.access.restrictFields('product.product', ['manufacturer_pref'], 'Technical / Manufacturer');
    try {
      const none = await productPage();
      expect(none.partNumbers).toEqual([null, null, null, null, null]);
      expect(none.reads).toEqual(off.reads);
    } finally {
      sim.access.reset();
    }
    const configured = await productPage({ partNumberField: 'barcode' });
    expect(configured.partNumbers).toEqual(
      products.slice(0, 5).map((p) => (value('product.product', p.odooId, 'barcode') as string) || null),
    );
    for (const [field, message] of [
      ['x_nope', /part number field "x_nope" does not exist on product\.product/],
      ['active', /part number field "active" is a boolean field; a text field is needed/],
    ] as const) {
      const err = await connect({ partNumberField: field })
        .fetchProducts({ afterId: 0, limit: 5 })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ErpError);
      expect((err as ErpError).message).toMatch(message);
    }
  });
});

describe('connector errors and URLs', () => {
  it('a fetch against a stopped ERP fails as unreachable', async () => {
    const sim = await startOdooSim({ version: 19 });
    const { url, db, login, apiKey } = sim;
    await sim.close();
    const erp = createErpConnector({ url, db, login, apiKey, protocol: 'auto', retries: 0 });
    const err = await erp.fetchProducts({ afterId: 0, limit: 10 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ErpError);
    expect((err as ErpError).kind).toBe('unreachable');
    expect((err as ErpError).message).toMatch(`Cannot reach the ERP at ${url}`);
  });

  it('rejects a bad page before calling the ERP', async () => {
    const erp = createErpConnector({
      url: 'http://127.0.0.1:9',
      db: 'x',
      login: 'x',
      apiKey: 'x',
      protocol: 'jsonrpc',
    });
    await expect(erp.fetchProducts({ afterId: -1, limit: 10 })).rejects.toThrow(RangeError);
    await expect(erp.fetchSales({ afterId: 0, limit: 0 })).rejects.toThrow(RangeError);
  });

  it('builds sale URLs for Odoo 17+ (and assumes a current Odoo before the first call)', () => {
    const erp = createErpConnector({
      url: 'https://erp.example.com/',
      db: 'x',
      login: 'x',
      apiKey: 'x',
      protocol: 'json2',
    });
    expect(erp.saleUrl(7)).toBe('https://erp.example.com/odoo/sales/7');
    // the API on an internal address, people's browsers on the public one
    const behindProxy = createErpConnector({
      url: 'http://odoo.internal:8069',
      publicUrl: 'https://erp.example.com/',
      db: 'x',
      login: 'x',
      apiKey: 'x',
      protocol: 'json2',
    });
    expect(behindProxy.saleUrl(7)).toBe('https://erp.example.com/odoo/sales/7');
    expect(() => loadConfig({ ODOO_PUBLIC_URL: 'erp.example.com' })).toThrow(/ODOO_PUBLIC_URL/);
    expect(loadConfig({ ODOO_PUBLIC_URL: 'https://erp.example.com' }).ODOO_PUBLIC_URL).toBe('https://erp.example.com');
  });

  it('builds /web# sale URLs for Odoo 16 and older', async () => {
    const erp = createErpConnector({
      url: 'https://erp.example.com',
      db: 'x',
      login: 'x',
      apiKey: 'x',
      protocol: 'jsonrpc',
      transport: {
        call: async () => [],
        version: async () => ({ serverVersion: '16.0', major: 16 }),
        protocol: async () => 'jsonrpc',
      },
    });
    expect(await erp.serverInfo()).toEqual({ serverVersion: '16.0', protocol: 'jsonrpc' });
    expect(erp.saleUrl(7)).toBe('https://erp.example.com/web#id=7&model=sale.order&view_type=form');
  });
});
