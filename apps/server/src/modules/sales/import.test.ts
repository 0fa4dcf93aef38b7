import { count, saleLines, saleSections, sales } from '@quotewright/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helpers';
import type { SaleDto } from './sales.dto';
import { api, expectProblem, roleTokens, seedProducts, type Tokens } from './testkit';

let t: TestApp;
let tok: Tokens;
let a: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  tok = await roleTokens(t);
  a = api(t);
  await seedProducts(t, [1, 2, 4]);
});
afterAll(() => t.close());

type Imported = { sale: SaleDto; errors: { product: number | null; name: string; section: number; line: number }[] };

const line = (over: Record<string, unknown> = {}) => ({
  product: { id: 1, name: 'DESK-1', manufacturer: { name: 'Steelcase' } },
  name: 'A desk',
  quantity: '2',
  price: '100.00',
  cost: '60.00',
  discount: '0',
  price_percentage_active: false,
  uom: { name: 'Units' },
  ...over,
});
const note = (name: string, kind: 'note' | 'header' = 'note') => ({
  product: { id: null, name: kind, manufacturer: { name: null } },
  name,
  quantity: '0',
  price: '0.00',
  cost: '0.00',
  discount: '0',
  price_percentage_active: false,
  uom: { name: null },
});
function document(sections: unknown[] = [{ name: 'Desks', show_details: true, lines: [line()] }]) {
  return {
    format: 'quotewright.sale',
    version: 1,
    exported_on: '2026-03-14T12:00:00.000Z',
    sale: {
      name: 'Imported',
      quote_number: 'Q09999',
      customer: { id: 7, name: 'Acme Corp' },
      customer_invoice: { id: 8, name: 'Acme Billing' },
      customer_shipping: { id: 9, name: 'Acme Dock' },
      template: { id: 2, name: 'Office' },
      salesperson: { id: 3, name: 'Bob Seller' },
      validity_days: 21,
      sections,
    },
  };
}
async function counts() {
  const { db } = t.database;
  const n = async (table: typeof sales | typeof saleSections | typeof saleLines) =>
    Number((await db.select({ n: count() }).from(table))[0]!.n);
  return { sales: await n(sales), sections: await n(saleSections), lines: await n(saleLines) };
}
const stripVolatile = (doc: { exported_on: string; sale: { quote_number: string } }) => ({
  ...doc,
  exported_on: 'x',
  sale: { ...doc.sale, quote_number: 'x' },
});

describe('JSON import', () => {
  it('round trip: export → import → export gives the same document except the quote number and date', async () => {
    const source = document([
      {
        name: 'Desks',
        presentation: 'quantities',
        show_details: true,
        lines: [
          line(),
          note('Extras', 'header'),
          line({
            product: { id: 2, name: 'LEG-1', manufacturer: { name: null } },
            name: 'A leg',
            quantity: '2.5',
            price: '10.50',
            cost: '6.2512',
            discount: '7.5',
            uom: { name: null },
          }),
          note('=cmd|"/c calc"!A1'),
          line({ name: 'Freight', quantity: '1', price: '5.00', cost: '2.50', price_percentage_active: true }),
        ],
      },
      {
        name: 'Labour',
        presentation: 'total',
        show_details: false,
        lines: [line({ price: '250.50', name: 'Install' })],
      },
      { name: 'Empty', presentation: 'optional', show_details: true, lines: [] },
    ]);
    const first = await a.ok<Imported>('POST', '/api/sales', tok.full, source);
    expect(first.errors).toEqual([]);
    const exported = (await a.get(`/api/sales/json/${first.sale._id}`, tok.viewer)).json();
    expect(stripVolatile(exported)).toEqual(stripVolatile(source));
    const second = await a.ok<Imported>('POST', '/api/sales', tok.full, exported);
    const again = (await a.get(`/api/sales/json/${second.sale._id}`, tok.viewer)).json();
    expect(stripVolatile(again)).toEqual(stripVolatile(exported));
    expect(second.sale.quote_number).not.toBe(first.sale.quote_number);
    expect(second.sale.pricing).toEqual(first.sale.pricing);
  });

  it('creates a draft with a new quote number, the header, sections, lines and totals; answers 201 {sale, errors}', async () => {
    const before = await counts();
    const res = await a.post('/api/sales', tok.full, document());
    expect(res.statusCode).toBe(201);
    const { sale, errors } = res.json() as Imported;
    expect(errors).toEqual([]);
    expect(sale).toMatchObject({
      name: 'Imported',
      state: 'draft',
      version: 1,
      customer: { id: 7, name: 'Acme Corp' },
      customer_invoice: { id: 8, name: 'Acme Billing' },
      customer_shipping: { id: 9, name: 'Acme Dock' },
      template: { id: 2, name: 'Office' },
      salesperson: { id: 3, name: 'Bob Seller' },
      created_by: { name: 'Full' },
      total_price: '200.00',
      odoo_id: null,
    });
    expect(sale.quote_number).toMatch(/^Q\d{5}$/);
    expect(sale.quote_number).not.toBe('Q09999');
    expect(sale.sections[0]!.lines[0]).toMatchObject({
      kind: 'product',
      product: { id: 1, name: 'DESK-1' },
      subtotal: '200.00',
    });
    // The cached list total is right too.
    const list = await a.ok<{ items: { _id: string; total_price: string }[] }>(
      'GET',
      '/api/sales?search=Imported&pageSize=1000',
      tok.viewer,
    );
    expect(list.items.find((i) => i._id === sale._id)?.total_price).toBe('200.00');
    expect(await counts()).toEqual({ sales: before.sales + 1, sections: before.sections + 1, lines: before.lines + 1 });
  });

  it('accepts the document as JSON text ({json: "<text>"}, the upload dialog) and as a JSON string body', async () => {
    const text = JSON.stringify(document());
    const one = await a.post('/api/sales', tok.full, { json: text });
    expect(one.statusCode).toBe(201);
    expect((one.json() as Imported).sale.name).toBe('Imported');
    const two = await t.app.inject({
      method: 'POST',
      url: '/api/sales',
      headers: { ...bearer(tok.full), 'content-type': 'application/json' },
      payload: JSON.stringify(text),
    });
    expect(two.statusCode).toBe(201);
  });

  it("answers 'Invalid JSON' for a text that does not parse, writing nothing", async () => {
    const before = await counts();
    const body = expectProblem(
      await a.post('/api/sales', tok.full, { json: '{"format": "quotewright.sale", ' }),
      400,
      'INVALID_JSON',
    );
    expect(body.detail).toBe('Invalid JSON');
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/sales',
      headers: { ...bearer(tok.full), 'content-type': 'application/json' },
      payload: '{"format": "quotewright.sale", "sale": ',
    });
    expect(expectProblem(raw, 400, 'INVALID_JSON').detail).toBe('Invalid JSON');
    expectProblem(await a.post('/api/sales', tok.full, { json: 5 }), 400, 'VALIDATION_FAILED');
    expectProblem(await a.post('/api/sales', tok.full, { json: '{}', extra: 1 }), 400, 'VALIDATION_FAILED');
    expect(await counts()).toEqual(before);
  });

  it('valid JSON of the wrong shape is a 400 naming each missing field (the upload dialog sends {json})', async () => {
    const before = await counts();
    const body = expectProblem(
      await a.post('/api/sales', tok.full, { json: '{"hello":1}' }),
      400,
      'VALIDATION_FAILED',
    ) as unknown as { detail: string; errors: Record<string, string> };
    expect(body.detail).toBe('The file is not a valid Quotewright quote');
    expect(body.errors).toEqual({
      format: "Missing: expected 'quotewright.sale'",
      version: 'Missing: expected 1',
      sale: 'Missing: the quote (its name and sections)',
      hello: 'Unknown field',
    });
    const list = expectProblem(await a.post('/api/sales', tok.full, { json: '[1]' }), 400) as unknown as {
      errors: Record<string, string>;
    };
    expect(list.errors).toEqual({ _: 'Expected a Quotewright quote document (a JSON object)' });
    expect(await counts()).toEqual(before);
  });

  it('reports schema errors with their path and writes nothing', async () => {
    const before = await counts();
    const bad = document([
      { name: 'Desks', show_details: true, lines: [line(), line(), line(), line({ quantity: 'lots' })] },
      { name: '', lines: [line({ price: true, extra: 1 })] },
    ]);
    const body = expectProblem(await a.post('/api/sales', tok.full, bad), 400, 'VALIDATION_FAILED') as unknown as {
      errors: Record<string, string>;
    };
    expect(body.errors).toEqual({
      'sale.sections.0.lines.3.quantity': 'Quantity must be a number',
      'sale.sections.1.name': 'Name is required',
      'sale.sections.1.lines.0.price': 'Price must be a number',
      'sale.sections.1.lines.0.extra': 'Unknown field',
    });
    const wrong = expectProblem(
      await a.post('/api/sales', tok.full, { ...document(), format: 'other', version: 2 }),
      400,
    ) as unknown as {
      errors: Record<string, string>;
    };
    expect(Object.keys(wrong.errors).sort()).toEqual(['format', 'version']);
    expectProblem(
      await a.post('/api/sales', tok.full, { ...document(), sale: { name: 'x' } }),
      400,
      'VALIDATION_FAILED',
    );
    expect(await counts()).toEqual(before);
  });

  it('refuses a quote over the line cap with 413 and writes nothing', async () => {
    const before = await counts();
    const lines = Array.from({ length: 2501 }, () => line());
    const res = await a.post(
      '/api/sales',
      tok.full,
      document([
        { name: 'A', show_details: true, lines },
        { name: 'B', show_details: true, lines },
      ]),
    );
    const body = expectProblem(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(body.detail).toBe('The quote has 5,002 lines: at most 5,000 can be imported');
    expect(await counts()).toEqual(before);
  });

  it('imports 5,000 lines (the cap) in one request', async () => {
    const lines = Array.from({ length: 2500 }, (_, i) => line({ quantity: String(i + 1) }));
    const res = await a.post(
      '/api/sales',
      tok.full,
      document([
        { name: 'A', show_details: true, lines },
        { name: 'B', show_details: true, lines },
      ]),
    );
    expect(res.statusCode).toBe(201);
    const { sale } = res.json() as Imported;
    expect(sale.sections.map((s) => s.lines.length)).toEqual([2500, 2500]);
    expect(sale.sections[1]!.lines[2499]!.quantity).toBe('2500');
    expect(sale.total_price).toBe(String(2 * 100 * ((2500 * 2501) / 2)) + '.00');
  });

  it('refuses a body over its own 5 MB limit', async () => {
    const res = await a.post('/api/sales', tok.full, { json: 'x'.repeat(5 * 1024 * 1024 + 10) });
    expectProblem(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('imports lines of unknown or inactive products as given and reports them in errors', async () => {
    const res = await a.post(
      '/api/sales',
      tok.full,
      document([
        {
          name: 'A',
          show_details: true,
          lines: [line(), line({ product: { id: 4, name: 'OLD-1', manufacturer: { name: null } } })],
        },
        {
          name: 'B',
          show_details: true,
          lines: [
            note('n'),
            line({ product: { id: 999, name: 'GHOST', manufacturer: { name: null } } }),
            line({ product: { id: null, name: 'CUSTOM', manufacturer: { name: null } } }),
          ],
        },
      ]),
    );
    expect(res.statusCode).toBe(201);
    const { sale, errors } = res.json() as Imported;
    expect(errors).toEqual([
      { product: 4, name: 'OLD-1', section: 0, line: 1 },
      { product: 999, name: 'GHOST', section: 1, line: 1 },
      { product: null, name: 'CUSTOM', section: 1, line: 2 },
    ]);
    expect(sale.sections.map((s) => s.lines.length)).toEqual([2, 3]);
    // The validity check lists them too.
    const check = await a.ok('GET', `/api/sales/check/products/${sale._id}`, tok.viewer);
    expect(check).toEqual({
      valid: false,
      sections: [
        { name: 'A', lines: ['OLD-1 — A desk'] },
        { name: 'B', lines: ['GHOST — A desk', 'CUSTOM — A desk'] },
      ],
      warnings: [],
    });
  });

  it('needs full rights on sales (editors create, but do not import)', async () => {
    const before = await counts();
    expectProblem(await a.post('/api/sales', tok.editor, document()), 403, 'FORBIDDEN');
    expectProblem(await a.post('/api/sales', tok.viewer, document()), 403, 'FORBIDDEN');
    expectProblem(await a.post('/api/sales', tok.editor, { json: 'not even json' }), 403, 'FORBIDDEN');
    expectProblem(await a.post('/api/sales', null, document()), 401);
    expect(await counts()).toEqual(before);
    expect((await a.post('/api/sales', tok.admin, document())).statusCode).toBe(201);
    // Creating from a header still works for an editor, with its own validation.
    expect((await a.post('/api/sales', tok.editor, { name: 'Plain' })).statusCode).toBe(201);
    expectProblem(await a.post('/api/sales', tok.editor, { name: 5 }), 400, 'VALIDATION_FAILED');
  });
});
