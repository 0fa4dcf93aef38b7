// The sales API's answers are serialized through packages/contracts' zod schemas (Fastify `response:`),
// which write only the fields a schema names: every answer must reach the client exactly as the service built it.
// And big answers are compressed (br or gzip, as the client accepts), the cached GET of a sale included.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createLinesAnswerSchema, moveLinesAnswerSchema, saleDeltaSchema, saleSchema } from '@quotewright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freshDatabase, type TestApp } from '../../../test/helpers';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { negotiateEncoding } from '../../plugins/compression';
import type { SaleDto } from './sales.dto';
import { api, roleTokens, seedProducts, type Tokens } from './testkit';

let t: TestApp;
let tok: Tokens;
let a: ReturnType<typeof api>;
/** What the last route handed to the serializer: the answer before its schema wrote it. */
let handed: { payload: unknown } | undefined;

beforeAll(async () => {
  const database = await freshDatabase();
  const config = testConfig({ ADMIN_EMAIL, ADMIN_PASSWORD, JWT_SECRET: 'x'.repeat(40) });
  const app = await buildApp({ config, database, logger: false });
  app.addHook('preSerialization', async (_req, _reply, payload) => {
    handed = { payload };
    return payload;
  });
  await app.ready();
  t = {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
  tok = await roleTokens(t);
  a = api(t);
  await seedProducts(t, [1, 2, 3]);
});
afterAll(() => t.close());

/** A JSON value as it travels (undefined fields dropped). */
const wire = (v: unknown) => JSON.parse(JSON.stringify(v));

/** Calls a route and checks its answer: 200, exactly what the handler returned, and valid for `schema`. */
async function exact<S extends z.ZodType>(
  schema: S,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<z.infer<S>> {
  handed = undefined;
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tok.admin}` },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBe(200);
  const body = res.json();
  expect(handed, 'the route handed its answer to the serializer').toBeDefined();
  expect(body).toEqual(wire(handed!.payload));
  expect(schema.parse(body)).toEqual(body);
  return body;
}

const getSale = async (id: string) => (await a.get(`/api/sales/${id}`, tok.admin)).json() as SaleDto;

describe('answers through the contracts schemas', () => {
  it('every sales mutation answers the whole delta (and its named fields) as the service built it', async () => {
    const sale = (await a.post('/api/sales', tok.admin, { name: 'Schemas' })).json() as SaleDto;
    const id = sale._id;
    const d1 = await exact(saleDeltaSchema, 'POST', `/api/sales/sections/create/${id}`, { name: 'A' });
    expect(d1.changes.sections?.changed.map((s) => s.name)).toEqual(['A']);
    await exact(saleDeltaSchema, 'POST', `/api/sales/sections/create/${id}`, { name: 'B', show_details: false });
    const [A, B] = (await getSale(id)).sections.map((s) => s._id) as [string, string];

    const created = await exact(createLinesAnswerSchema, 'POST', `/api/sales/lines/create/${id}/${A}`, {
      lines: [{ product: 1, quantity: '2' }, { product: 2 }, { product: 3 }, { product: 99 }],
    });
    expect(created.errors).toEqual([{ product: 99 }]);
    const afterCreate = await getSale(id);
    expect(created.lines).toEqual(afterCreate.sections[0]!.lines);
    expect(created.version).toBe(afterCreate.version);
    const lines = created.lines.map((l) => l._id) as [string, string, string];

    const edit = await exact(saleDeltaSchema, 'POST', `/api/sales/lines/update/${id}/${A}`, [
      { _id: lines[1], quantity: '5', discount: '12.5' },
    ]);
    expect(edit.changes.lines?.changed).toEqual([{ section: A, line: (await getSale(id)).sections[0]!.lines[1] }]);
    await exact(saleDeltaSchema, 'POST', `/api/sales/lines/note/${id}/${A}`, { name: 'A note', sequence: 0 });
    await exact(saleDeltaSchema, 'POST', `/api/sales/lines/header/${id}/${A}`, { name: 'A header' });
    await exact(saleDeltaSchema, 'POST', `/api/sales/lines/reorder/${id}/${A}`, {
      index: 0,
      line_insertion_point: 2,
    });
    await exact(saleDeltaSchema, 'POST', `/api/sales/lines/markup/${id}/${A}`, { ids: [lines[0]], markup: '30' });

    const moved = await exact(moveLinesAnswerSchema, 'POST', `/api/sales/lines/move/${id}/${A}/${B}/copy`, [lines[0]]);
    const afterMove = await getSale(id);
    expect(moved.originSection).toEqual(afterMove.sections[0]);
    expect(moved.destinationSection).toEqual(afterMove.sections[1]);

    await exact(saleDeltaSchema, 'POST', `/api/sales/lines/delete/${id}/${A}`, [lines[2]]);
    await exact(saleDeltaSchema, 'POST', `/api/sales/sections/update/${id}/${B}`, { name: 'B2' });
    await exact(saleDeltaSchema, 'POST', `/api/sales/sections/duplicate/${id}/${A}`);
    await exact(saleDeltaSchema, 'POST', `/api/sales/sections/reorder/${id}/0/2`);
    await exact(saleDeltaSchema, 'POST', `/api/sales/sections/copy/${id}`, { sections: [B], _id: id });
    await exact(saleDeltaSchema, 'POST', `/api/sales/sections/delete/${id}/${B}`);
    const header = await exact(saleDeltaSchema, 'POST', `/api/sales/${id}`, {
      name: 'Renamed',
      customer: { id: 7, name: 'Acme' },
    });
    expect(header.changes.sale).toMatchObject({ name: 'Renamed', customer: { id: 7, name: 'Acme' } });

    // The answer of a request that changed nothing is a delta too (same version, nothing but the sale's fields).
    const same = await exact(saleDeltaSchema, 'POST', `/api/sales/${id}`, { name: 'Renamed' });
    expect(same.version).toBe(header.version);
  });

  it('the list, the delete (the first page) and the product check answer their whole contracts shape', async () => {
    const { salesPageSchema, salesGroupsPageSchema, productsCheckSchema } = await import('@quotewright/contracts');
    const sale = (await a.post('/api/sales', tok.admin, { name: 'Listed' })).json() as SaleDto;
    await exact(salesPageSchema, 'GET', '/api/sales');
    await exact(salesGroupsPageSchema, 'GET', '/api/sales/groups?groupBy=state');
    await exact(salesPageSchema, 'GET', '/api/sales?groupBy=state&group=draft');
    await exact(productsCheckSchema, 'GET', `/api/sales/check/products/${sale._id}`);
    const page = await exact(salesPageSchema, 'DELETE', `/api/sales/${sale._id}`);
    expect(page.items.map((s) => s._id)).not.toContain(sale._id);
  });

  it('GET of a sale (cached JSON, no response schema) is exactly a SaleDto', async () => {
    const sale = (await a.post('/api/sales', tok.admin, { name: 'Whole' })).json() as SaleDto;
    await a.ok('POST', `/api/sales/sections/create/${sale._id}`, tok.admin, { name: 'S' });
    const got = await getSale(sale._id);
    await a.ok('POST', `/api/sales/lines/create/${sale._id}/${got.sections[0]!._id}`, tok.admin, {
      lines: [{ product: 1 }, { product: 2 }],
    });
    const full = await getSale(sale._id);
    expect(full.sections[0]!.lines).toHaveLength(2);
    expect(saleSchema.parse(full)).toEqual(full);
    expect(saleSchema.strict().safeParse({ ...full, extra: 1 }).success).toBe(false);
  });
});

describe('compression of big answers', () => {
  let saleId: string;
  let sectionId: string;
  beforeAll(async () => {
    const sale = (await a.post('/api/sales', tok.admin, { name: 'Big' })).json() as SaleDto;
    saleId = sale._id;
    await a.ok('POST', `/api/sales/sections/create/${saleId}`, tok.admin, { name: 'S' });
    sectionId = (await getSale(saleId)).sections[0]!._id;
    await a.ok('POST', `/api/sales/lines/create/${saleId}/${sectionId}`, tok.admin, {
      lines: Array.from({ length: 60 }, (_, i) => ({ product: (i % 3) + 1 })),
    });
  });
  const get = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: `/api/sales/${saleId}`,
      headers: { authorization: `Bearer ${tok.viewer}`, ...headers },
    });

  it('a GET with Accept-Encoding gzip (or br) answers that encoding, decoding to the same JSON', async () => {
    const plain = await get({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(10_000);
    const gz = await get({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
    // Chrome's header over HTTPS: br is preferred; and the bytes are kept, so a second GET answers the same ones.
    const br = await get({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
    const again = await get({ 'accept-encoding': 'br' });
    expect(Buffer.compare(again.rawPayload, br.rawPayload)).toBe(0);
    // A client that refuses both gets the JSON as it is.
    const refused = await get({ 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(plain.json());
  });

  it('the ETag of a compressed GET is weak and still answers 304; a change answers the new sale compressed', async () => {
    const gz = await get({ 'accept-encoding': 'gzip' });
    const etag = String(gz.headers.etag);
    expect(etag).toMatch(/^W\/"\d+-\d+"$/);
    const same = await get({ 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.rawPayload.length).toBe(0);
    expect(same.headers['content-encoding']).toBeUndefined();
    const before = JSON.parse(gunzipSync(gz.rawPayload).toString('utf8')) as SaleDto;
    const line = before.sections[0]!.lines[0]!;
    await a.ok('POST', `/api/sales/lines/update/${saleId}/${sectionId}`, tok.admin, [{ _id: line._id, quantity: 9 }]);
    const changed = await get({ 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    const after = JSON.parse(gunzipSync(changed.rawPayload).toString('utf8')) as SaleDto;
    expect(after.version).toBe(before.version + 1);
    expect(after.sections[0]!.lines[0]!.quantity).toBe('9');
  });

  it('a small answer is not compressed; a big mutation answer is', async () => {
    const small = await t.app.inject({
      method: 'GET',
      url: `/api/sales/check/products/${saleId}`,
      headers: { authorization: `Bearer ${tok.viewer}`, 'accept-encoding': 'gzip, br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ valid: true, sections: [], warnings: [] });

    const big = await t.app.inject({
      method: 'POST',
      url: `/api/sales/lines/create/${saleId}/${sectionId}`,
      headers: { authorization: `Bearer ${tok.admin}`, 'accept-encoding': 'gzip' },
      payload: { lines: Array.from({ length: 20 }, () => ({ product: 1 })) },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    const answer = JSON.parse(gunzipSync(big.rawPayload).toString('utf8'));
    expect(createLinesAnswerSchema.parse(answer).lines).toHaveLength(20);
  });

  it('a compressed request body is refused, not inflated', async () => {
    const { gzipSync } = await import('node:zlib');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/sales/sections/create/${saleId}`,
      headers: { authorization: `Bearer ${tok.admin}`, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ name: 'Zipped' })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect((await getSale(saleId)).sections.map((s) => s.name)).not.toContain('Zipped');
  });
});

describe('negotiateEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['identity', 'identity'],
    ['gzip', 'gzip'],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['GZIP', 'gzip'],
    [['gzip', 'br'], 'br'],
  ] as const)('%j → %s', (header, encoding) => {
    expect(negotiateEncoding(header as string | string[] | undefined)).toBe(encoding);
  });
});
