// GET of a whole sale is served from its serialized JSON while the sale's tag holds; a sale someone has opened is
// serialized again (and compressed as it was asked for) shortly after it changes, so that the next GET does not do
// that work. What must hold: the copy made ahead is the changed sale, never an older one; a sale nobody opened is
// not serialized ahead.
import { brotliDecompressSync } from 'node:zlib';
import { eq, products, saleLines, saleSections } from '@quotewright/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helpers';
import type { SaleDto } from './sales.dto';
import { api, roleTokens, type Tokens } from './testkit';

let t: TestApp;
let tokens: Tokens;
const serializedTags: { saleId: string; tag: string }[] = [];
beforeAll(async () => {
  t = await createTestApp({}, { onSaleSerialized: (saleId, tag) => serializedTags.push({ saleId, tag }) });
  tokens = await roleTokens(t);
  await t.database.db
    .insert(products)
    .values([{ id: 1, model: 'A-1', name: 'A', description: 'Item A', price: '10.00', cost: '6', contentHash: 'a' }]);
});
afterAll(() => t.close());

/**
 * A sale of 40 lines built through the API without reading it whole (the ids from the database): nobody has opened
 * it.
 */
async function unopenedSale(name: string): Promise<{ saleId: string; sectionId: string; lineId: string }> {
  const a = api(t);
  const saleId = ((await a.post('/api/sales', tokens.editor, { name })).json() as SaleDto)._id;
  expect((await a.post(`/api/sales/sections/create/${saleId}`, tokens.editor, { name: 'S' })).statusCode).toBe(200);
  const [section] = await t.database.db.select().from(saleSections).where(eq(saleSections.saleId, saleId));
  const created = await a.post(`/api/sales/lines/create/${saleId}/${section!.id}`, tokens.editor, {
    lines: Array.from({ length: 40 }, () => ({ product: 1, quantity: '1' })),
  });
  expect(created.statusCode).toBe(200);
  const [line] = await t.database.db.select().from(saleLines).where(eq(saleLines.sectionId, section!.id)).limit(1);
  return { saleId, sectionId: section!.id, lineId: line!.id };
}

/** GET as a browser asks (brotli): the status, the tag and the sale. */
async function open(saleId: string, etag?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/sales/${saleId}`,
    headers: { ...bearer(tokens.viewer), 'accept-encoding': 'br', ...(etag ? { 'if-none-match': etag } : {}) },
  });
  const tag = /"([^"]+)"/.exec(String(res.headers.etag))?.[1];
  const body =
    res.statusCode === 200
      ? (JSON.parse(
          (res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload) : res.rawPayload).toString(),
        ) as SaleDto)
      : undefined;
  return { status: res.statusCode, encoding: res.headers['content-encoding'], etag: res.headers.etag, tag, body };
}

/** A line's quantity edited; answers the sale's version after it. */
async function editQuantity(sale: { saleId: string; sectionId: string; lineId: string }, quantity: string) {
  const res = await api(t).post(`/api/sales/lines/update/${sale.saleId}/${sale.sectionId}`, tokens.editor, [
    { _id: sale.lineId, quantity },
  ]);
  expect(res.statusCode).toBe(200);
  return (res.json() as { version: number }).version;
}

const serializationsOf = (saleId: string) => serializedTags.filter((s) => s.saleId === saleId);

describe('the serialized sale', () => {
  it('an opened sale is serialized again after a change, and the next GET serves that copy: the changed sale', async () => {
    const sale = await unopenedSale('Opened');
    const first = await open(sale.saleId);
    expect(first.status).toBe(200);
    expect(first.encoding).toBe('br');
    expect(serializationsOf(sale.saleId)).toHaveLength(1);
    const version = await editQuantity(sale, '7');
    // Serialized ahead at the edit's version, without anyone asking.
    await vi.waitFor(() => expect(serializationsOf(sale.saleId)).toHaveLength(2));
    const ahead = serializationsOf(sale.saleId)[1]!.tag;
    expect(ahead.startsWith(`${version}-`)).toBe(true);
    const again = await open(sale.saleId);
    // Served from the copy made ahead (no serialization for this GET), and it is the edited sale.
    expect(serializationsOf(sale.saleId)).toHaveLength(2);
    expect(again.tag).toBe(ahead);
    expect(again.encoding).toBe('br');
    expect(again.body!.sections[0]!.lines.find((l) => l._id === sale.lineId)!.quantity).toBe('7');
    expect(again.body!.version).toBe(version);
    expect(again.body!.total_price).toBe('460.00');
    // A browser holding the old copy is told it changed; holding the new one, it is not.
    expect((await open(sale.saleId, first.etag as string)).status).toBe(200);
    expect((await open(sale.saleId, again.etag as string)).status).toBe(304);
  });

  it('a sale nobody opened is not serialized ahead', async () => {
    const unopened = await unopenedSale('Never opened');
    const opened = await unopenedSale('Opened too');
    await open(opened.saleId);
    await editQuantity(unopened, '3');
    await editQuantity(opened, '4');
    // The opened one's copy is made after the unopened one's change had its chance (same delay, later change).
    await vi.waitFor(() => expect(serializationsOf(opened.saleId)).toHaveLength(2));
    expect(serializationsOf(unopened.saleId)).toHaveLength(0);
    const read = await open(unopened.saleId);
    expect(read.body!.sections[0]!.lines.find((l) => l._id === unopened.lineId)!.quantity).toBe('3');
  });
});
