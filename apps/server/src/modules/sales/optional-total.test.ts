// The sales list shows a sale's total without its optional sections (total_price) and their total apart
// (optional_total, docs/product/rules.md#section-presentation): both are stored with every change that computes the
// sale's pricing — a line edit on the one-statement path, a section's presentation, a JSON import, a restore.
// Runs on PGlite and PostgreSQL.
import type { RevisionSummary, SaleListItemDto } from '@quotewright/contracts';
import { eq, sales } from '@quotewright/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { SaleDto } from './sales.dto';
import { salesRepository } from './sales.repository';
import { api, quoteWithOptional, roleTokens, seedProducts, type Tokens } from './testkit';

let t: TestApp;
let tok: Tokens;
let a: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  tok = await roleTokens(t);
  a = api(t);
  await seedProducts(t, [1, 2, 3]);
});
afterAll(() => t.close());

const read = (id: string) => a.ok<SaleDto>('GET', `/api/sales/${id}`, tok.viewer);

/** The sale's item in the list (found by its unique name). */
async function listed(name: string): Promise<SaleListItemDto> {
  const page = await a.ok<{ items: SaleListItemDto[] }>(
    'GET',
    `/api/sales?search=${encodeURIComponent(name)}`,
    tok.viewer,
  );
  const item = page.items.find((i) => i.name === name);
  expect(item, name).toBeDefined();
  return item!;
}

/** The list item's totals equal the sale's pricing, and the stored columns agree. */
async function expectListed(sale: SaleDto) {
  const item = await listed(sale.name);
  expect([item.total_price, item.optional_total]).toEqual([sale.pricing.total_price, sale.pricing.optional_total]);
  const [row] = await t.database.db
    .select({ total: sales.totalPrice, optional: sales.optionalTotal })
    .from(sales)
    .where(eq(sales.id, sale._id));
  expect([row!.total, row!.optional]).toEqual([sale.pricing.total_price, sale.pricing.optional_total]);
  return item;
}

/** A sale with a Main section (desk × 2 = 200) and an optional Options section (leg × 3 = 31.50). */
async function quote(name: string) {
  const { saleId, main, options } = await quoteWithOptional(a, tok.editor, name, [1, '2'], [2, '3']);
  return { sale: await read(saleId), main, options };
}

describe('the sales list: total without and with the optional sections', () => {
  it('lists total_price without the optional sections and optional_total apart', async () => {
    const { sale } = await quote('Optional list');
    expect([sale.pricing.total_price, sale.pricing.optional_total]).toEqual(['200.00', '31.50']);
    const item = await expectListed(sale);
    expect(item).toMatchObject({ total_price: '200.00', optional_total: '31.50' });
  });

  it('a line edit on the one-statement path (no transaction) stores both totals', async () => {
    const { sale, main, options } = await quote('Optional fast edit');
    const transaction = vi.spyOn(t.database.db, 'transaction');
    try {
      const line = sale.sections[1]!.lines[0]!;
      const edited = await a.ok<SaleDto>('POST', `/api/sales/lines/update/${sale._id}/${options}`, tok.editor, [
        { _id: line._id, quantity: '4', discount: 10 },
      ]);
      // 10.50 × 4 × 0.9 = 37.80
      expect([edited.pricing.total_price, edited.pricing.optional_total]).toEqual(['200.00', '37.80']);
      const desk = sale.sections[0]!.lines[0]!;
      const again = await a.ok<SaleDto>('POST', `/api/sales/lines/update/${sale._id}/${main}`, tok.editor, [
        { _id: desk._id, quantity: '3' },
      ]);
      expect([again.pricing.total_price, again.pricing.optional_total]).toEqual(['300.00', '37.80']);
      // Both edits took the one-statement path: no transaction was opened.
      expect(transaction).not.toHaveBeenCalled();
      await expectListed(again);
    } finally {
      transaction.mockRestore();
    }
  });

  it('the one-statement write stores the optional total it is given (repository)', async () => {
    const { sale, main } = await quote('Optional guard');
    const repo = salesRepository(t.database.db);
    const [row] = await t.database.db.select().from(sales).where(eq(sales.id, sale._id));
    const heads = await repo.sectionHeads(sale._id);
    const at = {
      saleId: sale._id,
      version: row!.version,
      sections: heads.map((h) => `${h.id}:${h.version}`).join(','),
    };
    const done = await repo.commitLinesAt(
      at,
      { id: '00000000-0000-4000-8000-000000000001', name: 'Guard' },
      { totalPrice: '1.00', optionalTotal: '2.34', odooSynced: false },
      null,
      { sectionId: main, update: [{ id: sale.sections[0]!.lines[0]!._id, patch: { quantity: '7.0000' } }] },
    );
    expect(done?.version).toBe(row!.version + 1);
    const [after] = await t.database.db.select().from(sales).where(eq(sales.id, sale._id));
    expect([after!.totalPrice, after!.optionalTotal]).toEqual(['1.00', '2.34']);
  });

  it("a section's presentation moved to and from optional moves its total between the two", async () => {
    const { sale, main, options } = await quote('Optional presentation');
    const counted = await a.ok<SaleDto>('POST', `/api/sales/sections/update/${sale._id}/${options}`, tok.editor, {
      presentation: 'quantities',
    });
    expect([counted.pricing.total_price, counted.pricing.optional_total]).toEqual(['231.50', '0.00']);
    await expectListed(counted);
    const both = await a.ok<SaleDto>('POST', `/api/sales/sections/update/${sale._id}/${main}`, tok.editor, {
      presentation: 'optional',
    });
    expect([both.pricing.total_price, both.pricing.optional_total]).toEqual(['31.50', '200.00']);
    await expectListed(both);
  });

  it('a JSON import stores both totals', async () => {
    const { sale } = await quote('Optional export');
    const doc = (await a.get(`/api/sales/json/${sale._id}`, tok.viewer)).json() as { sale: { name: string } };
    doc.sale.name = 'Optional imported';
    const imported = await a.ok<{ sale: SaleDto }>('POST', '/api/sales', tok.full, doc);
    expect([imported.sale.pricing.total_price, imported.sale.pricing.optional_total]).toEqual(['200.00', '31.50']);
    await expectListed(imported.sale);
  });

  it('a restore stores the totals of the content it puts back', async () => {
    const { sale, options } = await quote('Optional restore');
    const saved = await a.ok<RevisionSummary>('POST', `/api/sales/revisions/save/${sale._id}`, tok.editor, {});
    const changed = await a.ok<SaleDto>('POST', `/api/sales/sections/update/${sale._id}/${options}`, tok.editor, {
      presentation: 'details',
    });
    expect(changed.pricing.optional_total).toBe('0.00');
    await expectListed(changed);
    const res = await a.post(`/api/sales/revisions/restore/${sale._id}/${saved._id}`, tok.editor);
    expect(res.statusCode, res.body).toBe(200);
    const restored = await read(sale._id);
    expect([restored.pricing.total_price, restored.pricing.optional_total]).toEqual(['200.00', '31.50']);
    await expectListed(restored);
  });
});
