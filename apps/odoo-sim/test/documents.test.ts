// What a customer document needs from the ERP, as the recordings in odoo-samples/documents(/v19) show it: the
// company's PDF header fields and logo, `mobile` only on 18, the company currency, the 11 payment terms, the
// customers' terms, and sale.order's taxes (line taxes from the product; tax_id on 18, tax_ids on 19), totals,
// tax_totals, payment_term_id (from the customer) and validity_date (today + 30).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OdooSim, startOdooSim } from '../src/index.js';
import { compareShape, IdMap, replay, rewriteRequest, SAMPLES_DIR, type Sample } from './replay.js';

function sample(version: 18 | 19, name: string): Sample {
  const file = path.join(SAMPLES_DIR, version === 19 ? 'documents/v19' : 'documents', `${name}.json`);
  return { file, version, data: JSON.parse(fs.readFileSync(file, 'utf8')) };
}

/** The answer of a recorded request replayed as is: the result (18: JSON-RPC result/error; 19: body). */
async function ask(sim: OdooSim, s: Sample) {
  const ex = await replay(sim, rewriteRequest(s, new IdMap(sim))!);
  const json = ex.json as Record<string, unknown>;
  return { status: ex.status, body: json, result: s.version === 18 ? json.result : json, error: json?.error };
}

/** One ORM call over HTTP as the connector makes it. */
async function call(sim: OdooSim, model: string, method: string, args: unknown[], kw: Record<string, unknown> = {}) {
  if (sim.version === 19) {
    const names: Record<string, string[]> = { read: ['ids', 'fields'], create: ['vals_list'], write: ['ids', 'vals'] };
    const body: Record<string, unknown> = { ...kw };
    (names[method] ?? []).forEach((n, i) => {
      if (args[i] !== undefined) body[n] = args[i];
    });
    const r = await fetch(`${sim.url}/json/2/${model}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `bearer ${sim.apiKey}`, 'x-odoo-database': sim.db },
      body: JSON.stringify(body),
    });
    const json = (await r.json()) as Record<string, unknown>;
    return { status: r.status, result: r.ok ? json : undefined, error: r.ok ? undefined : json };
  }
  const r = await fetch(`${sim.url}/jsonrpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      method: 'call',
      params: { service: 'object', method: 'execute_kw', args: [sim.db, 2, sim.apiKey, model, method, args, kw] },
      id: 1,
    }),
  });
  const json = (await r.json()) as { result?: unknown; error?: { data: { name: string; message: string } } };
  return { status: r.status, result: json.result, error: json.error?.data };
}

const PNG_SIGNATURE = '89504e470d0a1a0a';

for (const version of [18, 19] as const) {
  describe(`customer document data (Odoo ${version})`, () => {
    let sim: OdooSim;
    beforeAll(async () => {
      sim = await startOdooSim({ version, db: `odoo${version}`, apiKey: '<api key>' });
    });
    afterAll(async () => {
      await sim.close();
    });

    it('answers the PDF header read of res.company as recorded, with a real PNG logo', async () => {
      const s = sample(version, 'res_company_search_read_pdf_header');
      const { status, result } = await ask(sim, s);
      expect(status).toBe(200);
      const recorded = s.version === 18 ? (s.data.response as { result: unknown }).result : s.data.response;
      expect(compareShape(recorded, result)).toEqual([]);
      const [main] = result as Record<string, unknown>[];
      expect(main).toMatchObject({
        id: 1,
        name: 'Quotewright Demo Inc.',
        street: '250 Executive Park Blvd',
        street2: 'Suite 3400',
        zip: '94134',
        city: 'San Francisco',
        state_id: [13, 'California (US)'],
        country_id: [233, 'United States'],
        currency_id: [1, 'USD'],
        company_registry: 'C-100200',
        report_header: false,
      });
      const logo = Buffer.from(main!.logo as string, 'base64');
      expect(logo.subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
    });

    it(`${version === 18 ? 'reads' : 'refuses'} res.company mobile`, async () => {
      const r = await call(sim, 'res.company', 'read', [[1], ['name', 'phone', 'mobile']]);
      if (version === 18) {
        expect(r.result).toEqual([{ id: 1, name: 'Quotewright Demo Inc.', phone: '+1 415 555 0100', mobile: false }]);
        return;
      }
      const s = sample(19, 'error_res_company_mobile_removed');
      const rec = await ask(sim, s);
      expect(rec.status).toBe(500);
      expect(compareShape(s.data.response, rec.body)).toEqual([]);
      expect(rec.body).toMatchObject({
        name: 'builtins.ValueError',
        message: "Invalid field 'mobile' on 'res.company'",
      });
    });

    it('reads the company currency as recorded', async () => {
      const s = sample(version, 'res_currency_read_company_currency');
      const { result } = await ask(sim, s);
      const recorded = s.version === 18 ? (s.data.response as { result: unknown }).result : s.data.response;
      expect(result).toEqual(recorded);
    });

    it('lists the 11 payment terms of the recording', async () => {
      const s = sample(version, 'account_payment_term_search_read');
      const { result } = await ask(sim, s);
      const recorded = s.version === 18 ? (s.data.response as { result: unknown }).result : s.data.response;
      expect(result).toEqual(recorded);
    });

    it("reads customers' payment terms (false when unset)", async () => {
      const s = sample(version, 'res_partner_read_payment_terms');
      const { result } = await ask(sim, s);
      const recorded = s.version === 18 ? (s.data.response as { result: unknown }).result : s.data.response;
      expect(compareShape(recorded, result, { allowEmptyMismatch: true })).toEqual([]);
      const customers = sim.data.search(
        'res.partner',
        [
          ['parent_id', '=', false],
          ['customer_rank', '>', 0],
        ],
        { order: 'id' },
      );
      const terms = sim.data.read('res.partner', customers.slice(0, 6), ['property_payment_term_id']);
      expect(terms.map((t) => t.property_payment_term_id)).toEqual([
        [4, '30 Days'],
        [6, 'End of Following Month'],
        false,
        [2, '15 Days'],
        [9, '2/7 Net 30'],
        false,
      ]);
    });

    it('computes taxes, totals, tax_totals, the payment term and validity date of a new order', async () => {
      sim.store.fixedNow = Date.UTC(2026, 10, 26, 0, 17, 0);
      const customer = sim.data.search(
        'res.partner',
        [
          ['parent_id', '=', false],
          ['customer_rank', '>', 0],
          ['property_payment_term_id', '=', 6],
        ],
        { limit: 1 },
      )[0]!;
      const goods = sim.data.search('product.product', [['type', '=', 'consu']], { limit: 2, order: 'id' });
      const service = sim.data.search('product.product', [['type', '=', 'service']], { limit: 1, order: 'id' })[0]!;
      const created = await call(sim, 'sale.order', 'create', [
        [
          {
            partner_id: customer,
            order_line: [
              [0, 0, { display_type: 'line_section', name: 'Furniture', sequence: 10 }],
              [0, 0, { product_id: goods[0], product_uom_qty: 2, price_unit: 147, sequence: 11 }],
              [0, 0, { product_id: goods[1], product_uom_qty: 1, price_unit: 320, discount: 5, sequence: 12 }],
              [0, 0, { product_id: service, product_uom_qty: 1, price_unit: 211.5, sequence: 13 }],
            ],
          },
        ],
      ]);
      const id = (created.result as number[])[0]!;
      const fields = [
        'name',
        'state',
        'currency_id',
        'amount_untaxed',
        'amount_tax',
        'amount_total',
        'tax_totals',
        'payment_term_id',
        'validity_date',
        'order_line',
      ];
      const read = await call(sim, 'sale.order', 'read', [[id], fields]);
      const s = sample(version, 'order_read_amounts_tax_totals');
      const recorded = s.version === 18 ? (s.data.response as { result: unknown }).result : s.data.response;
      expect(compareShape(recorded, read.result)).toEqual([]);
      const [order] = read.result as Record<string, unknown>[];
      expect(order).toMatchObject({
        amount_untaxed: 809.5,
        amount_tax: 89.7,
        amount_total: 899.2,
        payment_term_id: [6, 'End of Following Month'],
        validity_date: '2026-12-26',
      });
      expect(order!.tax_totals).toMatchObject({
        has_tax_groups: true,
        same_tax_base: false,
        subtotals: [{ name: 'Untaxed Amount', tax_groups: [{ id: 1, group_name: 'Tax 15%', base_amount: 598 }] }],
        total_amount: 899.2,
      });

      const taxField = version === 19 ? 'tax_ids' : 'tax_id';
      const lines = await call(sim, 'sale.order.line', 'read', [
        order!.order_line,
        ['display_type', taxField, 'price_subtotal', 'price_tax', 'price_total'],
      ]);
      expect((lines.result as Record<string, unknown>[]).map((l) => [l[taxField], l.price_total])).toEqual([
        [[], 0],
        [[1], 338.1],
        [[1], 349.6],
        [[], 211.5],
      ]);
      const lineSample = sample(version, version === 19 ? 'order_line_read_tax_ids' : 'order_line_read_tax_id');
      const lineFields =
        version === 19
          ? (lineSample.data.request as { body: { fields: string[] } }).body.fields
          : ((lineSample.data.request as { params: { args: unknown[] } }).params.args[6] as { fields: string[] })
              .fields;
      const full = await call(sim, 'sale.order.line', 'read', [order!.order_line, lineFields]);
      const recLines =
        version === 18 ? (lineSample.data.response as { result: unknown }).result : lineSample.data.response;
      expect(compareShape(recLines, full.result)).toEqual([]);

      // The other version's name of the taxes field fails the whole read, as recorded.
      const wrong = await call(sim, 'sale.order.line', 'read', [
        order!.order_line,
        [version === 19 ? 'tax_id' : 'tax_ids'],
      ]);
      const errSample = sample(
        version,
        version === 19 ? 'error_order_line_read_tax_id_in_19' : 'error_order_line_read_tax_ids_in_18',
      );
      const recErr =
        version === 18
          ? (errSample.data.response as { error: { data: { name: string; message: string } } }).error.data
          : (errSample.data.response as { name: string; message: string });
      expect(wrong.status).toBe(errSample.data.status);
      expect(wrong.error).toMatchObject({ name: recErr.name, message: recErr.message });

      // validity_date and payment_term_id are writable, as recorded.
      const write = await call(sim, 'sale.order', 'write', [[id], { validity_date: '2026-12-31', payment_term_id: 4 }]);
      expect(write.result).toBe(true);
      const after = await call(sim, 'sale.order', 'read', [[id], ['payment_term_id', 'validity_date', 'amount_total']]);
      expect(after.result).toEqual([
        { id, payment_term_id: [4, '30 Days'], validity_date: '2026-12-31', amount_total: 899.2 },
      ]);
    });
  });
}

describe('a demo company in euros', () => {
  it('seeds company 1 with EUR, symbol after the amount', async () => {
    const sim = await startOdooSim({ currency: 'EUR' });
    try {
      const [company] = sim.data.read('res.company', [1], ['currency_id']);
      expect(company!.currency_id).toEqual([2, 'EUR']);
      expect(sim.data.read('res.currency', [2], ['name', 'symbol', 'position', 'decimal_places'])).toEqual([
        { id: 2, name: 'EUR', symbol: '€', position: 'after', decimal_places: 2 },
      ]);
    } finally {
      await sim.close();
    }
  });
});
