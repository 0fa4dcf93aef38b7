// What a customer document needs from the ERP, end to end (decision 0031): the contacts fetch stores the company (its
// identity, logo and currency), the payment terms and the customers' postal details and terms, from the Odoo
// simulator over real HTTP (18 over JSON-RPC, 19 over JSON-2); GET /api/erp/company and its logo; the quote validity
// setting and a sale's own validity; a publish sends validity_date and stores Odoo's taxes, total, payment term
// and expiry on the sale.
import type { CompanyAnswerDto, SaleDto } from '@quotewright/contracts';
import { products, sql } from '@quotewright/db';
import { quoteExpiryDate, todayIn } from '@quotewright/domain';
import { type OdooSim, startOdooSim } from '@quotewright/odoo-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchContacts, publishOnSocket } from '../../../test/erp-kit';
import { createTestApp, eventually, simConnector, type TestApp } from '../../../test/helpers';
import { baseUrl, type ClientSocket } from '../../../test/sockets';
import { saleEvents } from '../../infra/sale-events';
import { partnersRepository } from '../partners/partners.repository';
import { api, roleTokens, type Tokens } from '../sales/testkit';
import { companyRepository } from './company.repository';

const CASES = [
  { version: 18 as const, protocol: 'jsonrpc' as const },
  { version: 19 as const, protocol: 'json2' as const },
];

describe.each(CASES)('customer document data, Odoo $version over $protocol', ({ version, protocol }) => {
  let sim: OdooSim;
  let t: TestApp;
  let tokens: Tokens;
  let call: ReturnType<typeof api>;
  let url: string;
  const open: ClientSocket[] = [];

  beforeAll(async () => {
    sim = await startOdooSim({ version });
    t = await createTestApp(
      {},
      {
        erp: simConnector(sim, { protocol, timeoutMs: 10_000 }),
        events: saleEvents(),
        saleSync: { today: () => '2026-11-26' },
      },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = baseUrl(t.app.server.address());
    tokens = await roleTokens(t);
    call = api(t);
  }, 120_000);
  afterAll(async () => {
    for (const s of open.splice(0)) s.close();
    await t?.close();
    await sim?.close();
  });

  it('answers US dollars and no company before the first contacts fetch', async () => {
    const body = await call.ok<CompanyAnswerDto>('GET', '/api/erp/company', tokens.viewer);
    expect(body).toEqual({
      company: null,
      currency: { code: 'USD', symbol: '$', position: 'before', decimal_places: 2 },
    });
    expect((await call.get('/api/erp/company/logo', tokens.viewer)).statusCode).toBe(404);
  });

  it('stores the company, its logo and currency, the payment terms and the customers with the contacts', async () => {
    const run = await fetchContacts(call, tokens.admin);
    expect(run).toMatchObject({ state: 'success', error: null });
    const body = await call.ok<CompanyAnswerDto>('GET', '/api/erp/company', tokens.disabled);
    expect(body.currency).toEqual({ code: 'USD', symbol: '$', position: 'before', decimal_places: 2 });
    expect(body.company).toMatchObject({
      odoo_id: 1,
      name: 'Quotewright Demo Inc.',
      street: '250 Executive Park Blvd',
      street2: 'Suite 3400',
      zip: '94134',
      city: 'San Francisco',
      state: 'California (US)',
      country: 'United States',
      country_code: 'US',
      vat: 'US12-3456789',
      phone: '+1 415 555 0100',
      email: 'info@demo.example.com',
      website: 'https://demo.example.com',
      company_registry: 'C-100200',
      has_logo: true,
    });
    expect(JSON.stringify(body)).not.toContain('iVBOR');

    const logo = await call.get('/api/erp/company/logo', tokens.viewer);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    const [simLogo] = sim.data.read('res.company', [1], ['logo']);
    expect(logo.rawPayload.toString('base64')).toBe(simLogo!.logo);

    const company = companyRepository(t.database.db);
    const terms = await company.paymentTerms();
    expect(terms).toHaveLength(11);
    expect(terms.find((x) => x.id === 9)).toEqual({
      id: 9,
      name: '2/7 Net 30',
      note: 'Payment terms: 30 Days, 2% Early Payment Discount under 7 days',
      active: true,
    });

    // A customer with a payment term, its invoice and delivery addresses: as the ERP has them.
    const customerId = sim.data.search(
      'res.partner',
      [
        ['parent_id', '=', false],
        ['customer_rank', '>', 0],
        ['property_payment_term_id', '=', 6],
      ],
      { limit: 1, order: 'id' },
    )[0]!;
    const [c] = sim.data.read('res.partner', [customerId], ['name', 'street', 'zip', 'city', 'country_id', 'vat']);
    const invoiceId = sim.data.search('res.partner', [
      ['parent_id', '=', customerId],
      ['type', '=', 'invoice'],
    ])[0]!;
    const [inv] = sim.data.read('res.partner', [invoiceId], ['name', 'street', 'city', 'email']);
    const parties = await partnersRepository(t.database.db).parties({
      customers: [customerId],
      addresses: [invoiceId],
    });
    expect(parties.get(`customer:${customerId}`)).toMatchObject({
      name: c!.name,
      street: c!.street,
      zip: c!.zip,
      city: c!.city,
      country: (c!.country_id as [number, string])[1],
      vat: c!.vat || null,
      paymentTermId: 6,
      type: 'customer',
    });
    expect(parties.get(`address:${invoiceId}`)).toMatchObject({
      name: inv!.name,
      street: inv!.street,
      city: inv!.city,
      email: inv!.email,
      type: 'invoice',
      paymentTermId: null,
    });
  });

  it('writes nothing again when nothing changed, and follows a change of the company', async () => {
    const before = (await call.ok<CompanyAnswerDto>('GET', '/api/erp/company', tokens.viewer)).company!;
    const again = await fetchContacts(call, tokens.admin);
    expect(again).toMatchObject({ state: 'success', written: 0 });
    expect((await call.ok<CompanyAnswerDto>('GET', '/api/erp/company', tokens.viewer)).company!.updated_on).toBe(
      before.updated_on,
    );
    sim.data.write('res.partner', [1], { phone: '+1 415 555 0199' });
    try {
      const changed = await fetchContacts(call, tokens.admin);
      // The company and its partner (a top-level partner, fetched with the customers) are written, nothing else.
      expect(changed).toMatchObject({ state: 'success', written: 2 });
      expect((await call.ok<CompanyAnswerDto>('GET', '/api/erp/company', tokens.viewer)).company!.phone).toBe(
        '+1 415 555 0199',
      );
    } finally {
      sim.data.write('res.partner', [1], { phone: '+1 415 555 0100' });
    }
  });

  it('keeps "Quote validity (days)", 30 unless an admin changes it', async () => {
    expect(await call.ok('GET', '/api/settings/documents', tokens.viewer)).toEqual({ quote_validity_days: 30 });
    const put = (token: string, payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/settings/documents',
        headers: { authorization: `Bearer ${token}` },
        payload: payload as object,
      });
    expect((await put(tokens.full, { quote_validity_days: 45 })).statusCode).toBe(403);
    const bad = await put(tokens.admin, { quote_validity_days: -1 });
    expect(bad.statusCode).toBe(400);
    expect((await put(tokens.admin, { quote_validity_days: 45 })).json()).toEqual({ quote_validity_days: 45 });
    expect(await call.ok('GET', '/api/settings/documents', tokens.editor)).toEqual({ quote_validity_days: 45 });
  });

  it("publishes the sale's expiry and stores Odoo's taxes, total, payment term and validity date", async () => {
    await t.database.db.execute(sql`select setval('sale_quote_number_seq', 60000)`);
    // Two taxed goods (the simulator's 15 % sales tax comes from the product) and a service without tax.
    const goods = sim.data.search(
      'product.product',
      [
        ['type', '=', 'consu'],
        ['default_code', '!=', false],
        ['default_code', 'not like', 'KIT-'],
      ],
      { limit: 2, order: 'id' },
    );
    const service = sim.data.search('product.product', [['type', '=', 'service']], { limit: 1, order: 'id' });
    const ids = [...goods, ...service];
    const rows = sim.data.read('product.product', ids, ['default_code', 'display_name', 'lst_price', 'standard_price']);
    await t.database.db
      .insert(products)
      .values(
        rows.map((r) => ({
          id: r.id as number,
          model: String(r.default_code),
          name: String(r.display_name),
          description: String(r.display_name),
          price: (r.lst_price as number).toFixed(2),
          cost: (r.standard_price as number).toFixed(4),
          contentHash: 'sim',
        })),
      )
      .onConflictDoNothing();
    const customerId = sim.data.search(
      'res.partner',
      [
        ['parent_id', '=', false],
        ['customer_rank', '>', 0],
        ['property_payment_term_id', '=', 4],
      ],
      { limit: 1, order: 'id' },
    )[0]!;
    const created = await call.ok<SaleDto>('POST', '/api/sales', tokens.full, {
      name: `Document ${version}`,
      customer: { id: customerId, name: 'Customer' },
    });
    expect(created.validity_days).toBeNull();
    expect(created.erp_amounts).toBeNull();
    // A header edit sets the sale's own validity (null gives the setting back).
    const edited = await call.ok<SaleDto>('POST', `/api/sales/${created._id}`, tokens.editor, { validity_days: 10 });
    expect(edited.validity_days).toBe(10);
    const refused = await call.post(`/api/sales/${created._id}`, tokens.editor, { validity_days: 4000 });
    expect(refused.statusCode).toBe(400);
    const withSection = await call.ok<SaleDto>('POST', `/api/sales/sections/create/${created._id}`, tokens.full, {
      name: 'Main',
    });
    const sec = withSection.sections.at(-1)!;
    await call.ok('POST', `/api/sales/lines/create/${created._id}/${sec._id}`, tokens.full, {
      lines: [
        { product: goods[0]!, quantity: '2' },
        { product: goods[1]!, quantity: '1' },
        { product: service[0]!, quantity: '3' },
      ],
      sequence: -1,
    });

    expect((await publishOnSocket(url, tokens.full, created._id)).state).toBe('synced');

    const sale = await call.ok<SaleDto>('GET', `/api/sales/${created._id}`, tokens.viewer);
    expect(sale.odoo_sync_error).toBe(false);
    const [order] = sim.data.read(
      'sale.order',
      [sale.odoo_id!],
      ['validity_date', 'payment_term_id', 'amount_untaxed', 'amount_tax', 'amount_total'],
    );
    // validity_date = the day it was sent + the sale's 10 days; payment_term_id is Odoo's (the customer's).
    expect(order).toMatchObject({ validity_date: '2026-12-06', payment_term_id: [4, '30 Days'] });
    expect(order!.amount_tax).toBeGreaterThan(0);
    expect(sale.erp_amounts).toEqual({
      untaxed: (order!.amount_untaxed as number).toFixed(2),
      tax: (order!.amount_tax as number).toFixed(2),
      total: (order!.amount_total as number).toFixed(2),
    });
    expect(sale.erp_amounts!.untaxed).toBe(sale.total_price);
    expect(sale.erp_payment_term).toBe('30 Days');
    expect(sale.erp_validity_date).toBe('2026-12-06');

    // Back to the setting (45 days since the test above): the next sync moves the expiry.
    await call.ok('POST', `/api/sales/${created._id}`, tokens.editor, { validity_days: null });
    expect((await publishOnSocket(url, tokens.full, created._id)).state).toBe('synced');
    await eventually(async () => {
      const s = await call.ok<SaleDto>('GET', `/api/sales/${created._id}`, tokens.viewer);
      return s.erp_validity_date === quoteExpiryDate('2026-11-26', 45) ? s : undefined;
    }, 60_000);
    expect(sim.data.read('sale.order', [sale.odoo_id!], ['validity_date'])[0]!.validity_date).toBe('2027-01-10');
  });
});

describe('a company in euros', () => {
  let sim: OdooSim;
  let t: TestApp;
  beforeAll(async () => {
    sim = await startOdooSim({ currency: 'EUR' });
    t = await createTestApp({}, { erp: simConnector(sim) });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it('answers its currency once the contacts are fetched', async () => {
    const tokens = await roleTokens(t);
    const call = api(t);
    expect(await fetchContacts(call, tokens.admin)).toMatchObject({ state: 'success' });
    const body = await call.ok<CompanyAnswerDto>('GET', '/api/erp/company', tokens.viewer);
    expect(body.currency).toEqual({ code: 'EUR', symbol: '€', position: 'after', decimal_places: 2 });
  });

  it("reads the connection user's company, else the first one (on 19, where asking for mobile would fail)", async () => {
    // JSON-2 authenticates with the key; the login only finds the user (a Canadian salesperson here).
    const canadian = await simConnector(sim, { login: 'isabelle.roy' }).fetchCompany();
    expect(canadian).toMatchObject({
      odooId: 4,
      name: 'Quotewright Demo Canada Ltd.',
      city: 'Toronto',
      state: 'Ontario (CA)',
      countryCode: 'CA',
      currency: { name: 'CAD', symbol: '$', position: 'before', decimalPlaces: 2, rounding: '0.01' },
    });
    const unknown = await simConnector(sim, { login: 'nobody@example.com' }).fetchCompany();
    expect(unknown).toMatchObject({ odooId: 1, currency: { name: 'EUR', position: 'after' } });
    expect(unknown.logo?.startsWith('iVBORw0KGgo')).toBe(true);
    expect(todayIn()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
