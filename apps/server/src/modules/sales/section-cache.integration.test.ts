// The computed-section cache must never answer content other than the committed one: changes made elsewhere
// (another process, a direct write) and failed mutations that rolled back.
import { eq, products, saleLines } from '@quotewright/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { buildApp } from '../../app';
import type { SaleDto } from './sales.dto';
import { api, roleTokens, type Tokens } from './testkit';

let t: TestApp;
let tokens: Tokens;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await roleTokens(t);
  await t.database.db.insert(products).values([
    { id: 1, model: 'A-1', name: 'A', description: 'Item A', price: '10.00', cost: '6', contentHash: 'a' },
    { id: 2, model: 'B-1', name: 'B', description: 'Item B', price: '5.00', cost: '2', contentHash: 'b' },
  ]);
});
afterAll(() => t.close());

async function saleWithLines(): Promise<SaleDto> {
  const a = api(t);
  const sale = await a.ok<SaleDto>('POST', '/api/sales', tokens.editor, { name: 'Cache' });
  const withSection = await a.ok<SaleDto>('POST', `/api/sales/sections/create/${sale._id}`, tokens.editor, {
    name: 'S',
  });
  const sectionId = withSection.sections[0]!._id;
  const created = await a.ok<{ sale: SaleDto }>(
    'POST',
    `/api/sales/lines/create/${sale._id}/${sectionId}`,
    tokens.editor,
    {
      lines: [
        { product: 1, quantity: '2' },
        { product: 2, quantity: '1' },
      ],
      sequence: -1,
    },
  );
  return created.sale;
}

describe('computed sections', () => {
  it('a change written outside this process shows on the next read', async () => {
    const a = api(t);
    const sale = await saleWithLines();
    expect(sale.total_price).toBe('25.00');
    await a.ok('GET', `/api/sales/${sale._id}`, tokens.viewer); // cached now
    const lineId = sale.sections[0]!.lines[0]!._id;
    await t.database.db.update(saleLines).set({ quantity: '5' }).where(eq(saleLines.id, lineId));
    const again = await a.ok<SaleDto>('GET', `/api/sales/${sale._id}`, tokens.viewer);
    expect(again.sections[0]!.lines[0]!.quantity).toBe('5');
    expect(again.sections[0]!.pricing.total_price).toBe('55.00');
    expect(again.pricing.total_price).toBe('55.00');
  });

  it('a mutation that failed and rolled back leaves no trace in later answers', async () => {
    const a = api(t);
    const sale = await saleWithLines();
    const section = sale.sections[0]!;
    const [first, second] = section.lines;
    // Too large a total: refused after the line was written and the section recomputed inside the transaction.
    const refused = await a.post(`/api/sales/lines/update/${sale._id}/${section._id}`, tokens.editor, [
      { _id: first!._id, price: '999999999999.99', quantity: '9999' },
    ]);
    expect(refused.statusCode).toBe(400);
    const after = await a.ok<SaleDto>('GET', `/api/sales/${sale._id}`, tokens.viewer);
    expect(after.sections[0]!.lines[0]).toMatchObject({ price: '10.00', quantity: '2' });
    expect(after.total_price).toBe('25.00');
    expect(after.version).toBe(sale.version);
    // The next real change gets the next version and is answered correctly.
    const edited = await a.ok<SaleDto>('POST', `/api/sales/lines/update/${sale._id}/${section._id}`, tokens.editor, [
      { _id: second!._id, quantity: '3' },
    ]);
    expect(edited.sections[0]!.lines[1]!.quantity).toBe('3');
    expect(edited.total_price).toBe('35.00');
    expect((await a.ok<SaleDto>('GET', `/api/sales/${sale._id}`, tokens.viewer)).total_price).toBe('35.00');
  });

  it('an edit answers the whole sale with only the edited section recomputed: other sections unchanged', async () => {
    const a = api(t);
    const sale = await saleWithLines();
    const two = await a.ok<SaleDto>('POST', `/api/sales/sections/create/${sale._id}`, tokens.editor, { name: 'T' });
    const otherId = two.sections[1]!._id;
    await a.ok('POST', `/api/sales/lines/create/${sale._id}/${otherId}`, tokens.editor, {
      lines: [{ product: 2, quantity: '4' }],
      sequence: -1,
    });
    const before = await a.ok<SaleDto>('GET', `/api/sales/${sale._id}`, tokens.viewer);
    const edited = await a.ok<SaleDto>(
      'POST',
      `/api/sales/lines/update/${sale._id}/${before.sections[0]!._id}`,
      tokens.editor,
      [{ _id: before.sections[0]!.lines[0]!._id, quantity: '1' }],
    );
    expect(edited.sections[1]).toEqual(before.sections[1]);
    expect(edited.sections[0]!.pricing.total_price).toBe('15.00');
    expect(edited.total_price).toBe('35.00');
  });

  it('edits, inserts, deletes and moves computed from the cached line rows equal what a fresh process reads', async () => {
    const a = api(t);
    const sale = await saleWithLines();
    const sectionId = sale.sections[0]!._id;
    await a.ok('POST', `/api/sales/lines/create/${sale._id}/${sectionId}`, tokens.editor, {
      lines: Array.from({ length: 8 }, (_, i) => ({ product: (i % 2) + 1, quantity: String(i + 1) })),
      sequence: -1,
    });
    // A second app on the same database: its cache starts empty, so each of its GETs reads the rows again.
    const fresh = await buildApp({ config: t.config, database: t.database, logger: false, workers: false });
    const b = api({ ...t, app: fresh });
    try {
      let seed = 7;
      const rand = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed % n;
      };
      for (let round = 0; round < 48; round++) {
        const current = await a.ok<SaleDto>('GET', `/api/sales/${sale._id}`, tokens.viewer);
        const ids = current.sections[0]!.lines.map((l) => l._id);
        const pick = () => ids[rand(ids.length)]!;
        const base = `/api/sales/lines`;
        const at = (path: string) => `${base}/${path}/${sale._id}/${sectionId}`;
        const [url, body]: [string, unknown] = [
          [
            at('update'),
            [
              { _id: pick(), quantity: String(rand(20) + 1), discount: String(rand(30)) },
              { _id: pick(), price: `${rand(500)}.${rand(100)}`, cost: `${rand(300)}.5` },
              { _id: pick(), name: `Renamed ${round}` },
            ],
          ] as [string, unknown],
          [at('markup'), { ids: [...new Set([pick(), pick()])], markup: String(rand(80)) }] as [string, unknown],
          [
            at('create'),
            {
              lines: [
                { product: 1, quantity: String(rand(5) + 1) },
                { product: 2, quantity: '1' },
              ],
              sequence: rand(ids.length + 1) - 1,
            },
          ] as [string, unknown],
          [at('note'), { name: `Note ${round}`, sequence: rand(ids.length) }] as [string, unknown],
          [at('reorder'), { index: rand(ids.length), line_insertion_point: rand(ids.length) }] as [string, unknown],
          [at('delete'), [pick()]] as [string, unknown],
        ][round % 6]!;
        await a.ok('POST', url, tokens.editor, body);
        const answered = await a.ok<SaleDto>('GET', `/api/sales/${sale._id}`, tokens.viewer);
        const reread = await b.ok<SaleDto>('GET', `/api/sales/${sale._id}`, tokens.viewer);
        expect(answered, `round ${round}`).toEqual(reread);
      }
    } finally {
      await fresh.close();
    }
  });
});
