import { eq, sales } from '@quotewright/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { SaleDto, SaleListItemDto } from './sales.dto';
import { api, expectProblem, roleTokens, type Tokens } from './testkit';

let t: TestApp;
let tok: Tokens;
let a: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  tok = await roleTokens(t);
  a = api(t);
});
afterAll(() => t.close());

const setState = (id: string, state: 'draft' | 'sent' | 'sale' | 'done' | 'cancel') =>
  t.database.db.update(sales).set({ state }).where(eq(sales.id, id));
const row = async (id: string) => (await t.database.db.select().from(sales).where(eq(sales.id, id)))[0];

describe('POST /api/sales (create)', () => {
  it('creates a draft with the next quote number, created and updated by the actor, in the documented shape', async () => {
    const res = await a.post('/api/sales', tok.editor, {
      name: 'Office refit',
      customer: { id: 7, name: 'Acme' },
      customer_invoice: { id: 8, name: 'Acme, Billing' },
      customer_shipping: null,
      template: { id: 3, name: 'Standard' },
      salesperson: { id: 2, name: 'Sam' },
    });
    expect(res.statusCode).toBe(201);
    const sale = res.json() as SaleDto;
    expect(sale).toEqual({
      _id: expect.any(String),
      name: 'Office refit',
      quote_number: expect.stringMatching(/^Q\d{5}$/),
      state: 'draft',
      state_label: 'Quote',
      customer: { id: 7, name: 'Acme' },
      customer_invoice: { id: 8, name: 'Acme, Billing' },
      customer_shipping: null,
      template: { id: 3, name: 'Standard' },
      salesperson: { id: 2, name: 'Sam' },
      sections: [],
      template_ids: [],
      created_on: expect.any(String),
      updated_on: expect.any(String),
      created_by: { name: 'Editor' },
      updated_by: { name: 'Editor' },
      pricing: {
        total_price: '0.00',
        total_cost: '0.00',
        total_margin: '0.00',
        total_margin_percent: 0,
        total_markup_percent: 0,
        optional_total: '0.00',
        total_with_optional: '0.00',
      },
      total_price: '0.00',
      validity_days: null,
      erp_amounts: null,
      erp_payment_term: null,
      erp_validity_date: null,
      version: 1,
      odoo_id: null,
      odoo_name: null,
      odoo_synced_on: null,
      odoo_synced: false,
      odoo_sync_error: false,
      odoo_sync_message: null,
    });
    expect(new Date(sale.created_on).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const got = await a.ok('GET', `/api/sales/${sale._id}`, tok.viewer);
    expect(got).toEqual(sale);
  });

  it('numbers quotes from the database sequence, one apart', async () => {
    const one = await a.ok('POST', '/api/sales', tok.full, { name: 'A' });
    const two = await a.ok('POST', '/api/sales', tok.admin, { customer: { id: 7, name: 'Acme' } });
    expect(Number(two.quote_number.slice(1))).toBe(Number(one.quote_number.slice(1)) + 1);
    expect(two.name).toBe('');
    expect(two.customer).toEqual({ id: 7, name: 'Acme' });
  });

  it('refuses a quote with neither a name nor a customer (it would be a blank row in the list), and writes nothing', async () => {
    const before = (await t.database.db.select({ id: sales.id }).from(sales)).length;
    for (const body of [{}, { name: '   ' }, { name: '', customer: null, salesperson: { id: 2, name: 'Sam' } }]) {
      const problem = expectProblem(await a.post('/api/sales', tok.editor, body), 400, 'VALIDATION_FAILED');
      expect(problem.detail).toBe('Give the quote a name or choose a customer before saving it');
      expect((problem as { errors?: unknown }).errors).toEqual({
        name: 'Give the quote a name or choose a customer before saving it',
        customer: 'Give the quote a name or choose a customer before saving it',
      });
    }
    expect((await t.database.db.select({ id: sales.id }).from(sales)).length).toBe(before);
    // rights are checked first
    expectProblem(await a.post('/api/sales', tok.viewer, {}), 403);
  });

  it('refuses a header change that leaves neither a name nor a customer; other header changes pass', async () => {
    const sale = await a.ok('POST', '/api/sales', tok.editor, { name: 'Named', customer: { id: 7, name: 'Acme' } });
    await a.ok('POST', `/api/sales/${sale._id}`, tok.editor, { name: '' });
    const problem = expectProblem(
      await a.post(`/api/sales/${sale._id}`, tok.editor, { customer: null }),
      400,
      'VALIDATION_FAILED',
    );
    expect(problem.detail).toBe('Give the quote a name or choose a customer before saving it');
    const now = await a.ok('GET', `/api/sales/${sale._id}`, tok.viewer);
    expect(now.customer).toEqual({ id: 7, name: 'Acme' });
    // a quote left without either before this rule still takes other changes
    await t.database.db
      .update(sales)
      .set({ name: '', customerId: null, customerName: null })
      .where(eq(sales.id, sale._id));
    await a.ok('POST', `/api/sales/${sale._id}`, tok.editor, { salesperson: { id: 2, name: 'Sam' } });
  });

  it('refuses viewers, users without the module and anonymous callers, and writes nothing', async () => {
    const before = (await t.database.db.select().from(sales)).length;
    expectProblem(await a.post('/api/sales', tok.viewer, { name: 'x' }), 403, 'FORBIDDEN');
    expectProblem(await a.post('/api/sales', tok.disabled, { name: 'x' }), 403, 'FORBIDDEN');
    expectProblem(await a.post('/api/sales', null, { name: 'x' }), 401, 'UNAUTHENTICATED');
    expect((await t.database.db.select().from(sales)).length).toBe(before);
  });

  it('answers 400 problem+json for unknown fields and wrong types, and writes nothing', async () => {
    const before = (await t.database.db.select().from(sales)).length;
    const unknown = expectProblem(await a.post('/api/sales', tok.editor, { name: 'x', state: 'sale' }), 400);
    expect(unknown.code).toBe('VALIDATION_FAILED');
    expect((unknown as unknown as { errors: Record<string, string> }).errors).toEqual({ state: 'Unknown field' });
    expectProblem(await a.post('/api/sales', tok.editor, { name: 42 }), 400, 'VALIDATION_FAILED');
    expectProblem(await a.post('/api/sales', tok.editor, { customer: { id: 'x', name: 'y' } }), 400);
    expectProblem(await a.post('/api/sales', tok.editor, { customer: { id: 1 } }), 400);
    expectProblem(await a.post('/api/sales', tok.editor, []), 400);
    expect((await t.database.db.select().from(sales)).length).toBe(before);
  });
});

describe('GET /api/sales/:id', () => {
  it('answers 404 for an unknown sale and 400 for a malformed id', async () => {
    expectProblem(await a.get('/api/sales/99999999-9999-4999-8999-999999999999', tok.viewer), 404, 'NOT_FOUND');
    expectProblem(await a.get('/api/sales/not-a-uuid', tok.viewer), 400, 'VALIDATION_FAILED');
  });
  it('is readable by every sales viewer, not by a user without the module', async () => {
    const sale = await a.ok('POST', '/api/sales', tok.editor, { name: 'Read me' });
    for (const token of [tok.viewer, tok.editor, tok.full, tok.admin])
      expect((await a.get(`/api/sales/${sale._id}`, token)).statusCode).toBe(200);
    expectProblem(await a.get(`/api/sales/${sale._id}`, tok.disabled), 403);
    expectProblem(await a.get(`/api/sales/${sale._id}`, null), 401);
  });
});

describe('POST /api/sales/:id (update the header)', () => {
  it('writes only the fields sent, bumps the version, records who and when, and marks the sale not synced', async () => {
    const sale = await a.ok('POST', '/api/sales', tok.admin, { name: 'Before', customer: { id: 1, name: 'One' } });
    await t.database.db.update(sales).set({ odooSynced: true }).where(eq(sales.id, sale._id));
    const updated = await a.ok('POST', `/api/sales/${sale._id}`, tok.editor, {
      salesperson: { id: 9, name: 'Pat' },
    });
    expect(updated.name).toBe('Before');
    expect(updated.customer).toEqual({ id: 1, name: 'One' });
    expect(updated.salesperson).toEqual({ id: 9, name: 'Pat' });
    expect(updated.version).toBe(2);
    expect(updated.updated_by).toEqual({ name: 'Editor' });
    expect(updated.created_by).toEqual({ name: 'Administrator' });
    expect(updated.odoo_synced).toBe(false);
    expect(updated.updated_on >= sale.updated_on).toBe(true);
    const cleared = await a.ok('POST', `/api/sales/${sale._id}`, tok.editor, { customer: null, name: '  Trimmed ' });
    expect(cleared.customer).toBeNull();
    expect(cleared.name).toBe('Trimmed');
    expect(cleared.version).toBe(3);
  });

  it('writes nothing and keeps the version when nothing changes', async () => {
    const sale = await a.ok('POST', '/api/sales', tok.editor, { name: 'Same', customer: { id: 4, name: 'Four' } });
    const again = await a.ok('POST', `/api/sales/${sale._id}`, tok.editor, {
      name: 'Same',
      customer: { id: 4, name: 'Four' },
    });
    expect(again.version).toBe(1);
    expect(again.updated_on).toBe(sale.updated_on);
  });

  it('refuses a viewer (403), an unknown sale (404), unknown fields (400): nothing written', async () => {
    const sale = await a.ok('POST', '/api/sales', tok.editor, { name: 'Guarded' });
    expectProblem(await a.post(`/api/sales/${sale._id}`, tok.viewer, { name: 'x' }), 403);
    expectProblem(await a.post('/api/sales/99999999-9999-4999-8999-999999999999', tok.editor, { name: 'x' }), 404);
    expectProblem(await a.post(`/api/sales/${sale._id}`, tok.editor, { name: 'x', sections: [] }), 400);
    expectProblem(await a.post(`/api/sales/${sale._id}`, tok.editor, { name: 'x', version: 7 }), 400);
    const r = await row(sale._id);
    expect(r!.name).toBe('Guarded');
    expect(r!.version).toBe(1);
  });

  it('refuses every role on a sale that is not draft or sent (409 SALE_NOT_EDITABLE); sent stays editable', async () => {
    const sale = await a.ok('POST', '/api/sales', tok.editor, { name: 'Locked soon' });
    for (const state of ['sale', 'done', 'cancel'] as const) {
      await setState(sale._id, state);
      for (const token of [tok.editor, tok.full, tok.admin]) {
        const body = expectProblem(await a.post(`/api/sales/${sale._id}`, token, { name: 'x' }), 409);
        expect(body.code).toBe('SALE_NOT_EDITABLE');
        expect(body.detail).toMatch(/only quotes in draft or sent can be changed/);
      }
    }
    expect((await row(sale._id))!.name).toBe('Locked soon');
    await setState(sale._id, 'sent');
    expect((await a.ok('POST', `/api/sales/${sale._id}`, tok.editor, { name: 'Sent edit' })).name).toBe('Sent edit');
  });
});

describe('DELETE /api/sales/:id', () => {
  it('is for admins only, and answers the first page of the list', async () => {
    const sale = await a.ok('POST', '/api/sales', tok.editor, { name: 'Doomed' });
    for (const token of [tok.viewer, tok.editor, tok.full, tok.disabled])
      expectProblem(await a.del(`/api/sales/${sale._id}`, token), 403);
    expect(await row(sale._id)).toBeDefined();
    const res = await a.del(`/api/sales/${sale._id}`, tok.admin);
    expect(res.statusCode).toBe(200);
    const page = res.json() as { items: SaleListItemDto[]; total: number; page: number; pageSize: number };
    expect(page.page).toBe(0);
    expect(page.pageSize).toBe(20);
    expect(page.items.length).toBe(Math.min(20, page.total));
    expect(page.items.some((i) => i._id === sale._id)).toBe(false);
    expect(await row(sale._id)).toBeUndefined();
    expectProblem(await a.del(`/api/sales/${sale._id}`, tok.admin), 404);
  });
  it('deletes a locked sale too (admins), with its sections and lines', async () => {
    const sale = await a.ok('POST', '/api/sales', tok.editor, { name: 'Locked' });
    await a.ok('POST', `/api/sales/sections/create/${sale._id}`, tok.editor, { name: 'S' });
    await setState(sale._id, 'done');
    expect((await a.del(`/api/sales/${sale._id}`, tok.admin)).statusCode).toBe(200);
    expect(await row(sale._id)).toBeUndefined();
  });
});

describe('GET /api/sales (list)', () => {
  let t2: TestApp;
  let b: ReturnType<typeof api>;
  let admin: string;
  beforeAll(async () => {
    t2 = await createTestApp();
    admin = (await roleTokens(t2)).admin;
    b = api(t2);
    const rows = [
      { name: 'Alpha desk', customer: 'Zeta Corp', salesperson: 'Bob', total: '300.00', state: 'draft' },
      { name: 'Bravo chairs', customer: 'Acme', salesperson: 'Ann', total: '50.00', state: 'sent' },
      { name: 'Charlie lamps', customer: null, salesperson: null, total: '1200.50', state: 'sale' },
      { name: 'Delta_tables 100%', customer: 'Acme', salesperson: 'Cid', total: '9.99', state: 'done' },
      { name: 'Echo', customer: 'Mid Co', salesperson: 'Ann', total: '0.00', state: 'cancel' },
    ] as const;
    let i = 0;
    for (const r of rows) {
      const sale = await b.ok('POST', '/api/sales', admin, {
        name: r.name,
        customer: r.customer ? { id: 100 + i, name: r.customer } : null,
        salesperson: r.salesperson ? { id: 200 + i, name: r.salesperson } : null,
      });
      await t2.database.db
        .update(sales)
        .set({
          state: r.state,
          totalPrice: r.total,
          updatedAt: new Date(Date.UTC(2024, 0, 1 + i)),
          ...(r.name === 'Charlie lamps' ? { odooId: 55, odooName: 'S00055', optionalTotal: '75.25' } : {}),
        })
        .where(eq(sales.id, sale._id));
      i++;
    }
  });
  afterAll(() => t2.close());

  const list = async (qs = '') =>
    b.ok<{ items: SaleListItemDto[]; total: number; page: number; pageSize: number }>('GET', `/api/sales${qs}`, admin);

  it('answers items in the list shape, newest change first by default', async () => {
    const page = await list();
    expect(page.total).toBe(5);
    expect(page.items.map((s) => s.name)).toEqual([
      'Echo',
      'Delta_tables 100%',
      'Charlie lamps',
      'Bravo chairs',
      'Alpha desk',
    ]);
    const charlie = page.items.find((s) => s.name === 'Charlie lamps')!;
    expect(charlie).toEqual({
      _id: expect.any(String),
      quote_number: expect.stringMatching(/^Q\d{5}$/),
      order_number: 'S00055',
      name: 'Charlie lamps',
      customer: null,
      salesperson: null,
      total_price: '1200.50',
      optional_total: '75.25',
      state: 'sale',
      state_label: 'Sale Order',
      updated_on: '2024-01-03T00:00:00.000Z',
    });
    const alpha = page.items.find((s) => s.name === 'Alpha desk')!;
    expect(alpha.order_number).toBe(alpha.quote_number);
    expect(alpha.customer).toEqual({ id: 100, name: 'Zeta Corp' });
    expect(alpha.state_label).toBe('Quote');
  });

  it('sorts by every column both ways, with a stable tie-breaker', async () => {
    const names = async (qs: string) => (await list(qs)).items.map((s) => s.name);
    expect(await names('?sort=total_price')).toEqual([
      'Echo',
      'Delta_tables 100%',
      'Bravo chairs',
      'Alpha desk',
      'Charlie lamps',
    ]);
    expect(await names('?sort=total_price&direction=desc')).toEqual([
      'Charlie lamps',
      'Alpha desk',
      'Bravo chairs',
      'Delta_tables 100%',
      'Echo',
    ]);
    expect(await names('?sort=name')).toEqual([
      'Alpha desk',
      'Bravo chairs',
      'Charlie lamps',
      'Delta_tables 100%',
      'Echo',
    ]);
    expect(await names('?sort=quote_number')).toEqual(await names('?sort=updated_on'));
    expect(await names('?sort=state')).toEqual([
      'Echo',
      'Delta_tables 100%',
      'Alpha desk',
      'Charlie lamps',
      'Bravo chairs',
    ]);
    const byCustomer = await names('?sort=customer');
    expect(byCustomer.slice(2)).toEqual(['Echo', 'Alpha desk', 'Charlie lamps']);
    expect(new Set(byCustomer.slice(0, 2))).toEqual(new Set(['Bravo chairs', 'Delta_tables 100%']));
    const bySalesperson = await names('?sort=salesperson&direction=desc');
    expect(bySalesperson[0]).toBe('Charlie lamps'); // nulls first when descending
    expect(bySalesperson[1]).toBe('Delta_tables 100%');
  });

  it('pages on the server', async () => {
    const p0 = await list('?sort=name&pageSize=2');
    const p2 = await list('?sort=name&pageSize=2&page=2');
    expect(p0.items.map((s) => s.name)).toEqual(['Alpha desk', 'Bravo chairs']);
    expect(p2.items.map((s) => s.name)).toEqual(['Echo']);
    expect(p2.total).toBe(5);
    expect(p2.page).toBe(2);
    expect(p2.pageSize).toBe(2);
    expect((await list('?page=9')).items).toEqual([]);
  });

  it('searches name, quote number, ERP name and customer, case-insensitively, with LIKE wildcards taken literally', async () => {
    const names = async (search: string) =>
      (await list(`?sort=name&search=${encodeURIComponent(search)}`)).items.map((s) => s.name);
    expect(await names('acme')).toEqual(['Bravo chairs', 'Delta_tables 100%']);
    expect(await names('LAMPS')).toEqual(['Charlie lamps']);
    expect(await names('s00055')).toEqual(['Charlie lamps']);
    expect(await names('_')).toEqual(['Delta_tables 100%']);
    expect(await names('%')).toEqual(['Delta_tables 100%']);
    expect(await names('acme chairs')).toEqual(['Bravo chairs']);
    const quote = (await list('?sort=name')).items[0]!.quote_number;
    expect(await names(quote)).toEqual(['Alpha desk']);
    expect((await list(`?search=nothing-like-this`)).total).toBe(0);
  });

  it('filters by state', async () => {
    const page = await list('?state=sent');
    expect(page.total).toBe(1);
    expect(page.items[0]!.name).toBe('Bravo chairs');
    expect((await list('?state=draft&search=acme')).total).toBe(0);
  });

  it('rejects bad query parameters with 400', async () => {
    for (const qs of [
      '?pageSize=1001',
      '?pageSize=0',
      '?page=-1',
      '?sort=price',
      '?direction=up',
      '?state=x',
      '?foo=1',
    ])
      expectProblem(await b.get(`/api/sales${qs}`, admin), 400, 'VALIDATION_FAILED');
    expect((await list('?pageSize=1000')).pageSize).toBe(1000);
  });
});

describe('GET /api/sales/:id: ETag from the sale and section versions', () => {
  const get = (id: string, token: string, etag?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/sales/${id}`,
      headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) },
    });

  it('answers 304 without a body while the version is current, the whole sale once it changed', async () => {
    const sale = await a.ok('POST', '/api/sales', tok.editor, { name: 'Tagged' });
    const first = await get(sale._id, tok.viewer);
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toMatch(new RegExp(`^"${sale.version}-\\d+"$`));
    // Kept by the browser, and asked about again before each use.
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const same = await get(sale._id, tok.viewer, first.headers.etag as string);
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect(same.headers.etag).toBe(first.headers.etag);
    expect(same.headers['cache-control']).toBe('private, no-cache');
    expect((await get(sale._id, tok.viewer, `W/${first.headers.etag}`)).statusCode).toBe(304);
    // Served again from the serialized copy: the very same text.
    expect((await get(sale._id, tok.viewer)).body).toBe(first.body);

    await a.ok('POST', `/api/sales/sections/create/${sale._id}`, tok.editor, { name: 'New' });
    const changed = await get(sale._id, tok.viewer, first.headers.etag as string);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).toMatch(new RegExp(`^"${sale.version + 1}-\\d+"$`));
    expect((changed.json() as SaleDto).sections.map((s) => s.name)).toEqual(['New']);
  });

  it('checks rights before the version: a refused user never learns it', async () => {
    const sale = await a.ok('POST', '/api/sales', tok.editor, { name: 'Secret' });
    const etag = (await get(sale._id, tok.viewer)).headers.etag as string;
    const res = await get(sale._id, tok.disabled, etag);
    expectProblem(res, 403);
    expect(res.headers.etag).toBeUndefined();
    const signedOut = await t.app.inject({
      method: 'GET',
      url: `/api/sales/${sale._id}`,
      headers: { 'if-none-match': etag },
    });
    expectProblem(signedOut, 401);
    expect(signedOut.headers.etag).toBeUndefined();
    expectProblem(await get('99999999-9999-4999-8999-999999999999', tok.viewer, '"1"'), 404);
  });
});
