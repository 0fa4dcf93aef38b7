// Replays robustness probes (decision 0010, docs/architecture.md#security): each once took the server down or
// answered 500.
import { randomUUID } from 'node:crypto';
import { count, saleLines, sales } from '@quotewright/db';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, login, type TestApp } from '../test/helpers';
import type { SaleDto } from './modules/sales/sales.dto';
import { api, expectProblem, roleTokens, seedProducts, type Tokens } from './modules/sales/testkit';

let t: TestApp;
let tok: Tokens;
let a: ReturnType<typeof api>;
let sale: SaleDto;
let sectionId: string;
let lineId: string;

beforeAll(async () => {
  t = await createTestApp();
  tok = await roleTokens(t);
  a = api(t);
  await seedProducts(t, [1, 2]);
  sale = await a.ok('POST', '/api/sales', tok.editor, { name: 'Probe' });
  sale = await a.ok('POST', `/api/sales/sections/create/${sale._id}`, tok.editor, { name: 'A' });
  sectionId = sale.sections[0]!._id;
  const created = await a.ok<{ lines: { _id: string }[] }>(
    'POST',
    `/api/sales/lines/create/${sale._id}/${sectionId}`,
    tok.editor,
    { lines: [{ product: 1, quantity: 2 }] },
  );
  lineId = created.lines[0]!._id;
});
afterAll(() => t.close());

const rows = async () => ({
  sales: (await t.database.db.select({ n: count() }).from(sales))[0]!.n,
  lines: JSON.stringify(await t.database.db.select().from(saleLines).orderBy(saleLines.id)),
});

describe('numbers that used to exhaust the heap', () => {
  const updateUrl = () => `/api/sales/lines/update/${sale._id}/${sectionId}`;

  it.each([
    ['1e-150000000', 'Quantity has too many decimal places'],
    ['1e-30000000', 'Quantity has too many decimal places'],
    ['-1e-150000000', 'Quantity has too many decimal places'],
    ['9e150000000', 'Quantity is out of range'],
    ['12345678901234567890', 'Quantity is out of range'],
  ])('quantity %s → 400 "%s", nothing written, health still answers', async (quantity, message) => {
    const before = await rows();
    const res = await a.post(updateUrl(), tok.editor, [{ _id: lineId, quantity }]);
    const body = expectProblem(res, 400, 'VALIDATION_FAILED') as unknown as { errors: Record<string, string> };
    expect(body.errors).toEqual({ '0.quantity': message });
    expect(await rows()).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('a user without sales rights is refused before the body is looked at', async () => {
    const before = await rows();
    for (const token of [tok.disabled, tok.viewer]) {
      const res = await a.post(updateUrl(), token, [{ _id: lineId, quantity: '1e-150000000' }]);
      expectProblem(res, 403, 'FORBIDDEN');
      const bad = await a.post(updateUrl(), token, 'not even a list');
      expectProblem(bad, 403, 'FORBIDDEN');
    }
    expect(await rows()).toEqual(before);
  });

  it('same values in every field that takes a number', async () => {
    const before = await rows();
    const tiny = '1e-150000000';
    for (const [url, body, field] of [
      [updateUrl(), [{ _id: lineId, price: tiny }], '0.price'],
      [updateUrl(), [{ _id: lineId, cost: tiny }], '0.cost'],
      [updateUrl(), [{ _id: lineId, markup_percent: tiny }], '0.markup_percent'],
      [
        `/api/sales/lines/create/${sale._id}/${sectionId}`,
        { lines: [{ product: 1, quantity: tiny }] },
        'lines.0.quantity',
      ],
      [`/api/sales/lines/markup/${sale._id}/${sectionId}`, { ids: [lineId], markup: tiny }, 'markup'],
    ] as const) {
      const res = await a.post(url, tok.editor, body);
      const problem = expectProblem(res, 400, 'VALIDATION_FAILED') as unknown as { errors: Record<string, string> };
      expect(Object.keys(problem.errors)).toEqual([field]);
    }
    expect(await rows()).toEqual(before);
  });

  it('accepted numbers are rounded to their column, as the database would', async () => {
    const res = await a.ok('POST', updateUrl(), tok.editor, [{ _id: lineId, quantity: '2.000049', price: 1.005 }]);
    const line = res.sections[0]!.lines[0]!;
    expect(line.quantity).toBe('2');
    expect(line.price).toBe('1.01');
  });
});

describe('ids above int4 are a 400 naming the field, never a 500', () => {
  it.each([
    ['GET', '/api/products/2147483648', undefined, 'id'],
    ['GET', '/api/products/hasrelated/99999999999', undefined, 'id'],
    ['GET', '/api/products/1e3', undefined, 'id'],
  ] as const)('%s %s', async (method, url, _body, field) => {
    const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${tok.editor}` } });
    const problem = expectProblem(res, 400, 'VALIDATION_FAILED') as unknown as { errors: Record<string, string> };
    expect(Object.keys(problem.errors)).toEqual([field]);
  });

  it('customer, salesperson, template and product ids', async () => {
    const before = await rows();
    for (const key of ['customer', 'customer_invoice', 'customer_shipping', 'template', 'salesperson']) {
      const res = await a.post(`/api/sales/${sale._id}`, tok.editor, { [key]: { id: 2147483648, name: 'x' } });
      const problem = expectProblem(res, 400) as unknown as { errors: Record<string, string> };
      expect(problem.errors[`${key}.id`]).toMatch(/Unknown .* id/);
      const created = await a.post('/api/sales', tok.editor, { name: 'x', [key]: { id: 99999999999, name: 'x' } });
      expect(created.statusCode).toBe(400);
    }
    const line = await a.post(`/api/sales/lines/create/${sale._id}/${sectionId}`, tok.editor, {
      lines: [{ product: 2147483648 }],
    });
    expect((expectProblem(line, 400) as unknown as { errors: Record<string, string> }).errors).toEqual({
      'lines.0.product': 'Unknown product id',
    });
    const reorder = await a.post(`/api/sales/sections/reorder/${sale._id}/0/99999999999`, tok.editor);
    expectProblem(reorder, 400);
    expect(await rows()).toEqual(before);
  });
});

describe('the JSON import names the line instead of answering 500', () => {
  const doc = (line: Record<string, unknown>) => ({
    format: 'quotewright.sale',
    version: 1,
    sale: {
      name: 'Imported',
      customer: null,
      customer_invoice: null,
      customer_shipping: null,
      template: null,
      salesperson: null,
      sections: [
        {
          name: 'S',
          lines: [
            {
              product: { id: 1, name: 'DESK-1', manufacturer: { name: null } },
              name: 'desk',
              quantity: '1',
              price: '1',
              cost: '1',
              ...line,
            },
          ],
        },
      ],
    },
  });

  it.each([
    [{ price: 99999999999, quantity: 999999999 }, 'sale.sections.0.lines.0.quantity'],
    [{ quantity: 1e-100 }, 'sale.sections.0.lines.0.quantity'],
    [{ quantity: '1e-150000000' }, 'sale.sections.0.lines.0.quantity'],
    [{ cost: 9999999999, quantity: 9999999999 }, 'sale.sections.0.lines.0.quantity'],
    [{ product: { id: null, name: 'note' }, name: '  ' }, 'sale.sections.0.lines.0.name'],
    [
      { product: { id: 2147483648, name: 'DESK-1', manufacturer: { name: null } } },
      'sale.sections.0.lines.0.product.id',
    ],
  ])('%j → 400 naming %s, nothing written', async (line, path) => {
    const before = await rows();
    const res = await a.post('/api/sales', tok.full, doc(line));
    const problem = expectProblem(res, 400, 'VALIDATION_FAILED') as unknown as { errors: Record<string, string> };
    expect(Object.keys(problem.errors)).toContain(path);
    expect(await rows()).toEqual(before);
  });

  it('a document of the wrong shape names what is missing', async () => {
    const res = await a.post('/api/sales', tok.full, { json: '{"hello":1}' });
    const problem = expectProblem(res, 400) as unknown as { errors: Record<string, string> };
    expect(problem.errors).toMatchObject({ format: expect.any(String), hello: 'Unknown field' });
  });
});

describe('a signed token whose subject is not a user id', () => {
  it.each(['not-a-uuid', '1', "' OR 1=1 --", randomUUID().toUpperCase().replace(/-/g, '')])(
    'sub %j → 401, not 500',
    async (sub) => {
      const token = await new SignJWT({ name: 'x', tv: 0 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(t.config.JWT_SECRET!));
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/sales',
        headers: { authorization: `Bearer ${token}` },
      });
      expectProblem(res, 401, 'UNAUTHENTICATED');
    },
  );

  it('a well-formed token of a deleted user is 401 too', async () => {
    const u = await createUser(t, { name: 'Gone', email: `gone-${Date.now()}@x.test` });
    const token = await login(t, u.email);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${u.id}`,
      headers: { authorization: `Bearer ${tok.admin}` },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/sales', headers: { authorization: `Bearer ${token}` } });
    expectProblem(res, 401, 'UNAUTHENTICATED');
  });
});

describe('found by the fuzz: a section copied with more than 5,041 lines', () => {
  it('is inserted in chunks (one INSERT carries at most 65,535 parameters); a sale holds at most 10,000 lines', async () => {
    let big = await a.ok('POST', '/api/sales', tok.editor, { name: 'Big' });
    big = await a.ok('POST', `/api/sales/sections/create/${big._id}`, tok.editor, { name: 'S' });
    const sec = big.sections[0]!._id;
    for (const n of [1000, 1000, 1000, 1000, 1000, 100]) {
      await a.ok('POST', `/api/sales/lines/create/${big._id}/${sec}`, tok.editor, {
        lines: Array.from({ length: n }, () => ({ product: 2, quantity: 1 })),
      });
    }
    const other = await a.ok('POST', '/api/sales', tok.editor, { name: 'Other' });
    const copied = await a.ok('POST', `/api/sales/sections/copy/${other._id}`, tok.editor, {
      sections: [sec],
      _id: big._id,
      copyStyle: 'new',
      mergeProducts: false,
    });
    expect(copied.sections.map((s) => s.lines.length)).toEqual([5100]);
    expect(copied.total_price).toBe('53550.00');
    // Copied into itself again and again, a section doubles: refused past the cap, nothing written.
    const before = await rows();
    const res = await a.post(`/api/sales/sections/copy/${big._id}`, tok.editor, {
      sections: [sec],
      _id: big._id,
      copyStyle: 'new',
      mergeProducts: false,
    });
    expect(expectProblem(res, 400).detail).toBe('A sale holds at most 10,000 lines (this change would make 10,200)');
    expect(await rows()).toEqual(before);
    // (5,100 lines written, copied, and 10,200 refused: about 15 s alone on a 2-core machine, more beside other files)
  }, 120_000);
});
