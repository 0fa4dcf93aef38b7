import { products } from '@quotewright/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/helpers';
import type { SaleDto } from '../modules/sales/sales.dto';
import { api, expectProblem, roleTokens, type Tokens } from '../modules/sales/testkit';

// A lone UTF-16 surrogate is valid in a JSON string ("\ud800") but is no character: PostgreSQL refuses it in jsonb
// (a 500 half-way through a write) and a text column would silently keep U+FFFD instead. These bodies are sent as
// raw JSON text so the escape reaches the server exactly as a client wrote it.

let t: TestApp;
let tok: Tokens;
let a: ReturnType<typeof api>;
let sale: SaleDto;
let sectionId: string;
let lineId: string;

const raw = (method: 'POST' | 'PUT', url: string, json: string) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(tok.editor), 'content-type': 'application/json' },
    payload: json,
  });
const read = async () => (await a.get(`/api/sales/${sale._id}`, tok.editor)).json() as SaleDto;
const letter = async () => (await a.get(`/api/sales/${sale._id}/document`, tok.editor)).json();

beforeAll(async () => {
  t = await createTestApp();
  tok = await roleTokens(t);
  a = api(t);
  await t.database.db
    .insert(products)
    .values([
      { id: 1, model: 'DESK-1', name: 'Desk', description: 'A desk', price: '100', cost: '60', contentHash: 'a' },
    ]);
  sale = await a.ok('POST', '/api/sales', tok.editor, { name: 'Surrogates' });
  sale = await a.ok('POST', `/api/sales/sections/create/${sale._id}`, tok.editor, { name: 'Desks' });
  sectionId = sale.sections[0]!._id;
  sale = await a.ok('POST', `/api/sales/lines/create/${sale._id}/${sectionId}`, tok.editor, {
    lines: [{ product: 1, quantity: '1' }],
  });
  lineId = sale.sections[0]!.lines[0]!._id;
  const saved = await raw('PUT', `/api/sales/${sale._id}/document`, '{"body":[[{"text":"Dear customer"}]]}');
  expect(saved.statusCode).toBe(200);
});
afterAll(() => t.close());

describe('lone UTF-16 surrogates', () => {
  /** What, method, address, raw JSON body (read when the test runs: the sale is made in beforeAll). */
  const cases: [string, 'POST' | 'PUT', () => string, () => string][] = [
    ['a new sale name', 'POST', () => '/api/sales', () => '{"name":"a\\ud800b"}'],
    ['a sale name', 'POST', () => `/api/sales/${sale._id}`, () => '{"name":"a\\udc00"}'],
    ['a note', 'POST', () => `/api/sales/lines/note/${sale._id}/${sectionId}`, () => '{"name":"x\\ud83d"}'],
    ['a header', 'POST', () => `/api/sales/lines/header/${sale._id}/${sectionId}`, () => '{"name":"\\udfff"}'],
    [
      'a line description',
      'POST',
      () => `/api/sales/lines/update/${sale._id}/${sectionId}`,
      () => `[{"_id":"${lineId}","name":"desk \\ud800 desk"}]`,
    ],
    ['the cover letter', 'PUT', () => `/api/sales/${sale._id}/document`, () => '{"body":[[{"text":"Dear \\udbff"}]]}'],
    ['a field name', 'POST', () => `/api/sales/${sale._id}`, () => '{"na\\ud800me":"x"}'],
  ];
  it.each(cases)('in %s: 400, nothing written', async (_what, method, url, json) => {
    const before = { sale: await read(), letter: await letter() };
    const res = await raw(method, url(), json());
    expectProblem(res, 400, 'VALIDATION_FAILED');
    expect((res.json() as { detail: string }).detail).toMatch(/surrogate/i);
    expect({ sale: await read(), letter: await letter() }).toEqual(before);
  });

  it('a well-formed pair (an emoji) is kept as sent', async () => {
    const res = await raw('POST', `/api/sales/${sale._id}`, '{"name":"Desks \\ud83d\\ude00"}');
    expect(res.statusCode).toBe(200);
    expect((await read()).name).toBe('Desks 😀');
    const doc = await raw('PUT', `/api/sales/${sale._id}/document`, '{"body":[[{"text":"\\ud83d\\udc4d"}]]}');
    expect(doc.statusCode).toBe(200);
    expect((await letter()).body).toEqual([[{ text: '👍' }]]);
  });
});
