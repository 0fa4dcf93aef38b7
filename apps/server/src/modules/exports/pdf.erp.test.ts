// The customer PDF with the ERP's data (docs/product/rules.md#the-customer-pdf, decision 0031), against the Odoo
// simulator as a euro company (19 over JSON-2, real HTTP): after the contacts fetch the PDF has the company's block
// (name, address, tax id, logo), the customer's invoice and delivery addresses, the salesperson's e-mail, the
// customer's payment terms, the expiry, amounts in euros and the paper of the company's country; once published,
// Odoo's own untaxed amount, taxes and total as read back (never computed here); a sale changed since prints its own
// untaxed total again. Read back with pdftotext.
import type { SaleDto } from '@quotewright/contracts';
import { formatDate, formatMoney, type MoneyCurrency, quoteExpiryDate } from '@quotewright/domain';
import { type OdooSim, startOdooSim } from '@quotewright/odoo-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchContacts, publishOnSocket, runErpFetch, seedSimProducts } from '../../../test/erp-kit';
import { createTestApp, simConnector, type TestApp } from '../../../test/helpers';
import { baseUrl } from '../../../test/sockets';
import { saleEvents } from '../../infra/sale-events';
import { api, roleTokens, type Tokens } from '../sales/testkit';
import { addressLines, paperFor } from './quote-document';
import { pdfPageSize, pdfPages } from './testkit';

let sim: OdooSim;
let t: TestApp;
let url: string;
let tok: Tokens;
let a: ReturnType<typeof api>;
let goods: number[];

beforeAll(async () => {
  sim = await startOdooSim({ version: 19, currency: 'EUR' });
  const erp = simConnector(sim, { protocol: 'json2', timeoutMs: 10_000, retryDelayMs: 5 });
  t = await createTestApp({}, { erp, events: saleEvents() });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = baseUrl(t.app.server.address());
  tok = await roleTokens(t);
  a = api(t);
  goods = await seedSimProducts(
    t,
    sim,
    [
      ['type', '=', 'consu'],
      ['default_code', '!=', false],
      ['default_code', 'not like', 'KIT-'],
    ],
    2,
  );
  expect(await fetchContacts(a, tok.admin)).toMatchObject({ state: 'success', error: null });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

const text = (pdf: Buffer) =>
  pdfPages(pdf)
    .join('\n')
    .replace(/[ \t]+/g, ' ');

describe('the customer PDF with the ERP company', () => {
  it('prints the company, addresses, salesperson, terms and expiry in euros; Odoo’s taxes once published', async () => {
    const [company] = sim.data.read(
      'res.company',
      [1],
      ['name', 'street', 'street2', 'zip', 'city', 'state_id', 'country_id', 'vat', 'phone', 'email', 'website'],
    );
    const [currency] = sim.data.read('res.currency', [2], ['name', 'symbol', 'position', 'decimal_places']);
    expect(currency!.name).toBe('EUR');
    const euro: MoneyCurrency = {
      symbol: String(currency!.symbol),
      position: currency!.position as 'before' | 'after',
      decimalPlaces: currency!.decimal_places as number,
    };
    // A customer with a payment term and separate invoice and delivery addresses.
    const customerId = sim.data.search(
      'res.partner',
      [
        ['parent_id', '=', false],
        ['customer_rank', '>', 0],
        ['property_payment_term_id', '!=', false],
        ['child_ids', '!=', false],
      ],
      { limit: 1, order: 'id' },
    )[0]!;
    const [customer] = sim.data.read('res.partner', [customerId], ['name', 'property_payment_term_id', 'child_ids']);
    const children = sim.data.read('res.partner', customer!.child_ids as number[], [
      'name',
      'type',
      'street',
      'zip',
      'city',
    ]);
    const invoice = children.find((c) => c.type === 'invoice') ?? children[0]!;
    const delivery = children.find((c) => c.type === 'delivery' && c.id !== invoice.id) ?? children.at(-1)!;
    const [user] = sim.data.read('res.users', sim.data.search('res.users', [['share', '=', false]], { limit: 1 }), [
      'name',
      'email',
    ]);

    const created = await a.ok<SaleDto>('POST', '/api/sales', tok.full, {
      name: 'Head office',
      customer: { id: customerId, name: String(customer!.name) },
      customer_invoice: { id: invoice.id as number, name: String(invoice.name) },
      customer_shipping: { id: delivery.id as number, name: String(delivery.name) },
      salesperson: { id: user!.id as number, name: String(user!.name) },
    });
    await a.ok('POST', `/api/sales/${created._id}`, tok.editor, { validity_days: 14 });
    const withSection = await a.ok<SaleDto>('POST', `/api/sales/sections/create/${created._id}`, tok.full, {
      name: 'Furniture',
    });
    await a.ok('POST', `/api/sales/lines/create/${created._id}/${withSection.sections[0]!._id}`, tok.full, {
      lines: [
        { product: goods[0]!, quantity: '2' },
        { product: goods[1]!, quantity: '1' },
      ],
      sequence: -1,
    });
    const before = await a.ok<SaleDto>('GET', `/api/sales/${created._id}`, tok.viewer);

    const today = new Date();
    const draft = (await a.get(`/api/sales/reports/${created._id}`, tok.viewer)).rawPayload;
    const page = text(draft);
    for (const expected of [
      String(company!.name),
      ...addressLines({
        street: company!.street as string,
        street2: (company!.street2 as string) || null,
        zip: company!.zip as string,
        city: company!.city as string,
        state: company!.state_id ? (company!.state_id as [number, string])[1] : null,
        country: company!.country_id ? (company!.country_id as [number, string])[1] : null,
      }),
      'INVOICE ADDRESS',
      String(invoice.name),
      'DELIVERY ADDRESS',
      String(delivery.name),
      `Salesperson: ${user!.name}`,
      String(user!.email),
      `Your reference: Head office`,
      `Quote date: ${formatDate(today)}`,
      `Expiry date: ${formatDate(quoteExpiryDate(today, 14))}`,
      `Payment terms: ${(customer!.property_payment_term_id as [number, string])[1]}`,
      `Untaxed total ${formatMoney(before.total_price, euro)}`,
    ])
      expect(page).toContain(expected);
    if (company!.vat) expect(page).toContain(`Tax ID: ${company!.vat}`);
    expect(page).toContain(formatMoney(before.sections[0]!.lines[0]!.price, euro));
    expect(page).not.toContain('$');
    expect(page).not.toContain('Taxes');
    // The logo is drawn (an image on the first page), the paper is the company's country's.
    expect(draft.toString('latin1')).toMatch(/\/Subtype \/Image/);
    const country = sim.data.read('res.country', [(company!.country_id as [number, string])[0]], ['code'])[0]!;
    const size = pdfPageSize(draft);
    expect(size.width).toBe(paperFor(String(country.code)) === 'A4' ? 595.28 : 612);

    // Published: Odoo's own figures, as read back.
    const status = await publishOnSocket(url, tok.full, created._id);
    expect(status.state).toBe('synced');
    const [order] = sim.data.read(
      'sale.order',
      [status.odooId!],
      ['amount_untaxed', 'amount_tax', 'amount_total', 'payment_term_id'],
    );
    expect(order!.amount_tax as number).toBeGreaterThan(0);
    const published = text((await a.get(`/api/sales/reports/${created._id}`, tok.viewer)).rawPayload);
    expect(published).toContain(`Untaxed amount ${formatMoney(order!.amount_untaxed as number, euro)}`);
    expect(published).toContain(`Taxes ${formatMoney(order!.amount_tax as number, euro)}`);
    expect(published).toContain(`Total ${formatMoney(order!.amount_total as number, euro)}`);
    expect(published).toContain(`Payment terms: ${(order!.payment_term_id as [number, string])[1]}`);
    expect(published).not.toContain('Untaxed total');

    // Odoo changes a quantity; the sales fetch brings the order back with Odoo's new figures.
    const [odooLine] = sim.data.search('sale.order.line', [
      ['order_id', '=', status.odooId!],
      ['display_type', '=', false],
    ]);
    sim.data.write('sale.order.line', [odooLine!], { product_uom_qty: 7 });
    expect(await runErpFetch(a, tok.admin, 'sales')).toMatchObject({ state: 'success' });
    const [refetched] = sim.data.read('sale.order', [status.odooId!], ['amount_untaxed', 'amount_tax', 'amount_total']);
    expect(refetched!.amount_total).not.toBe(order!.amount_total);
    const fetched = text((await a.get(`/api/sales/reports/${created._id}`, tok.viewer)).rawPayload);
    expect(fetched).toContain(`Untaxed amount ${formatMoney(refetched!.amount_untaxed as number, euro)}`);
    expect(fetched).toContain(`Taxes ${formatMoney(refetched!.amount_tax as number, euro)}`);
    expect(fetched).toContain(`Total ${formatMoney(refetched!.amount_total as number, euro)}`);

    // Changed since: the order no longer says what the sale says, so the PDF prints the sale's own untaxed total.
    const current = await a.ok<SaleDto>('GET', `/api/sales/${created._id}`, tok.viewer);
    const line = current.sections[0]!.lines[0]!;
    await a.ok('POST', `/api/sales/lines/update/${created._id}/${current.sections[0]!._id}`, tok.editor, [
      { _id: line._id, quantity: '5' },
    ]);
    const changed = await a.ok<SaleDto>('GET', `/api/sales/${created._id}`, tok.viewer);
    const after = text((await a.get(`/api/sales/reports/${created._id}`, tok.viewer)).rawPayload);
    expect(after).toContain(`Untaxed total ${formatMoney(changed.total_price, euro)}`);
    expect(after).not.toContain('Taxes');
  });
});
