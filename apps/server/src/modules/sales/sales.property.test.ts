// Random sequences of section and line operations against a pure model built from packages/domain: after every
// step the sale matches the model line for line, positions are dense 0..n−1 and the totals (answered and stored)
// equal the domain's computation.
import { asc, eq, products, saleLines, saleSections, sales } from '@quotewright/db';
import {
  insertAt,
  markupPrice,
  moveItem,
  type Numeric,
  type PricingLine,
  parseMoney,
  salePricing,
  toDecimal,
} from '@quotewright/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { SaleDto } from './sales.dto';
import { api, roleTokens } from './testkit';

let t: TestApp;
let token: string;
let a: ReturnType<typeof api>;

const CATALOG = {
  1: { price: '100.00', cost: '60' },
  2: { price: '10.50', cost: '6.2512' },
  3: { price: '45.00', cost: '0' },
} as const;
const INACTIVE = 4;

beforeAll(async () => {
  t = await createTestApp();
  token = (await roleTokens(t)).editor;
  a = api(t);
  await t.database.db.insert(products).values([
    ...Object.entries(CATALOG).map(([id, p]) => ({
      id: Number(id),
      model: `P${id}`,
      name: `P${id}`,
      price: p.price,
      cost: p.cost,
      contentHash: id,
    })),
    { id: INACTIVE, model: 'OLD', name: 'Old', price: '1', cost: '1', active: false, contentHash: 'x' },
  ]);
});
afterAll(() => t.close());

interface ModelLine extends PricingLine {
  kind: 'product' | 'note';
  product: number | null;
  quantity: string;
  price: string;
  cost: string;
}
type Model = { lines: ModelLine[] }[];

const op = fc.record({
  type: fc.constantFrom(
    'section.create',
    'section.delete',
    'section.reorder',
    'lines.create',
    'lines.create',
    'lines.note',
    'lines.delete',
    'lines.reorder',
    'lines.move',
    'lines.update',
    'lines.markup',
  ),
  a: fc.nat(50),
  b: fc.nat(50),
  c: fc.nat(1000),
  flag: fc.boolean(),
});
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

const sig = (l: {
  kind: string;
  product: number | null;
  quantity: string;
  price: string;
  discount?: Numeric | null | undefined;
}) =>
  `${l.kind}:${l.product ?? '-'}:${toDecimal(l.quantity).toFixed()}:${toDecimal(l.price).toFixed(2)}:${toDecimal(l.discount ?? 0).toFixed()}`;
/** The lines a bitmask picks (at least one). */
const pick = <T>(items: readonly T[], mask: number) => {
  const chosen = items.filter((_, i) => (mask >> i) & 1);
  return chosen.length > 0 ? chosen : [items[mask % items.length]!];
};

/** Runs one op on the server and on the model; answers the new sale (or the old one when the op does not apply). */
async function step(sale: SaleDto, model: Model, o: Op): Promise<SaleDto> {
  const n = model.length;
  const base = '/api/sales';
  const sec = (i: number) => sale.sections[i]!._id;
  const ok = async (url: string, body?: unknown) => {
    const res = await a.ok<SaleDto | { sale: SaleDto }>('POST', url, token, body);
    return 'sale' in res ? res.sale : res;
  };
  switch (o.type) {
    case 'section.create':
      model.push({ lines: [] });
      return ok(`${base}/sections/create/${sale._id}`, { name: `S${o.c}`, show_details: o.flag });
    case 'section.delete': {
      if (n === 0) return sale;
      const i = o.a % n;
      model.splice(i, 1);
      return ok(`${base}/sections/delete/${sale._id}/${sec(i)}`);
    }
    case 'section.reorder': {
      if (n === 0) return sale;
      const [from, to] = [o.a % n, o.b % n];
      model.splice(0, n, ...moveItem(model, from, to));
      return ok(`${base}/sections/reorder/${sale._id}/${from}/${to}`);
    }
    case 'lines.create':
    case 'lines.note': {
      if (n === 0) return sale;
      const i = o.a % n;
      const lines = model[i]!.lines;
      const sequence = o.flag ? -1 : o.c % (lines.length + 2);
      if (o.type === 'lines.note') {
        model[i]!.lines = insertAt(
          lines,
          [{ kind: 'note', product: null, quantity: '0', price: '0', cost: '0' }],
          sequence,
        );
        return ok(`${base}/lines/note/${sale._id}/${sec(i)}`, { name: `N${o.c}`, sequence });
      }
      const wanted = [1 + (o.b % 4), 1 + (o.c % 3)];
      // The inactive product is reported, not added.
      const added = wanted.flatMap((p, k) =>
        p === INACTIVE
          ? []
          : [{ kind: 'product' as const, product: p, quantity: String(1 + k + (o.c % 4)), ...CATALOG[p as 1 | 2 | 3] }],
      );
      model[i]!.lines = insertAt(lines, added, sequence);
      return ok(`${base}/lines/create/${sale._id}/${sec(i)}`, {
        lines: wanted.map((p, k) => ({ product: p, quantity: 1 + k + (o.c % 4) })),
        sequence,
      });
    }
    case 'lines.delete': {
      const i = n === 0 ? -1 : o.a % n;
      if (i < 0 || model[i]!.lines.length === 0) return sale;
      const idx = pick(
        model[i]!.lines.map((_, k) => k),
        o.c,
      );
      const ids = idx.map((k) => sale.sections[i]!.lines[k]!._id);
      model[i]!.lines = model[i]!.lines.filter((_, k) => !idx.includes(k));
      return ok(`${base}/lines/delete/${sale._id}/${sec(i)}`, ids);
    }
    case 'lines.reorder': {
      const i = n === 0 ? -1 : o.a % n;
      const len = i < 0 ? 0 : model[i]!.lines.length;
      if (len === 0) return sale;
      const index = o.b % len;
      const point = (o.c % (len + 1)) - 1;
      model[i]!.lines = moveItem(model[i]!.lines, index, point === -1 ? len - 1 : point);
      return ok(`${base}/lines/reorder/${sale._id}/${sec(i)}`, { index, line_insertion_point: point });
    }
    case 'lines.move': {
      if (n === 0) return sale;
      const [from, to] = [o.a % n, o.b % n];
      const origin = model[from]!.lines;
      if (origin.length === 0) return sale;
      const idx = pick(
        origin.map((_, k) => k),
        o.c,
      );
      const ids = idx.map((k) => sale.sections[from]!.lines[k]!._id);
      const selected = origin.filter((_, k) => idx.includes(k));
      const type = o.flag ? 'move' : 'copy';
      if (type === 'move') {
        const rest = origin.filter((_, k) => !idx.includes(k));
        if (from === to) model[from]!.lines = [...rest, ...selected];
        else {
          model[from]!.lines = rest;
          model[to]!.lines = [...model[to]!.lines, ...selected];
        }
      } else {
        model[to]!.lines = [...model[to]!.lines, ...selected.map((l) => ({ ...l }))];
      }
      const res = await a.ok<{ sale: SaleDto }>(
        'POST',
        `${base}/lines/move/${sale._id}/${sec(from)}/${sec(to)}/${type}`,
        token,
        ids,
      );
      return res.sale;
    }
    case 'lines.update': {
      const i = n === 0 ? -1 : o.a % n;
      if (i < 0 || model[i]!.lines.length === 0) return sale;
      const k = o.b % model[i]!.lines.length;
      const line = model[i]!.lines[k]!;
      const price = `${o.c}.${o.b % 100}`;
      const quantity = String(1 + (o.a % 7));
      // half of the updates also set a discount (0.0 … 99.9 %)
      const discount = o.flag ? `${o.c % 100}.${o.b % 10}` : undefined;
      if (line.kind === 'product')
        model[i]!.lines[k] = { ...line, price: parseMoney(price), quantity, ...(discount ? { discount } : {}) };
      return ok(`${base}/lines/update/${sale._id}/${sec(i)}`, [
        { _id: sale.sections[i]!.lines[k]!._id, price, quantity, ...(discount ? { discount } : {}) },
      ]);
    }
    case 'lines.markup': {
      const i = n === 0 ? -1 : o.a % n;
      if (i < 0 || model[i]!.lines.length === 0) return sale;
      const idx = pick(
        model[i]!.lines.map((_, k) => k),
        o.c,
      );
      const markup = o.b;
      const ids = idx.map((k) => sale.sections[i]!.lines[k]!._id);
      model[i]!.lines = model[i]!.lines.map((l, k) =>
        idx.includes(k) && l.kind === 'product' ? { ...l, price: markupPrice(l.cost, markup, l.discount) } : l,
      );
      return ok(`${base}/lines/markup/${sale._id}/${sec(i)}`, { ids, markup });
    }
  }
}

async function check(sale: SaleDto, model: Model) {
  expect(sale.sections.map((s) => s.lines.map((l) => sig({ ...l, product: l.product.id })))).toEqual(
    model.map((s) => s.lines.map(sig)),
  );
  const expected = salePricing(model);
  expect(sale.pricing).toEqual(expected);
  const [row] = await t.database.db.select().from(sales).where(eq(sales.id, sale._id));
  expect(row!.totalPrice).toBe(expected.total_price);
  const secs = await t.database.db
    .select({ id: saleSections.id, position: saleSections.position })
    .from(saleSections)
    .where(eq(saleSections.saleId, sale._id))
    .orderBy(asc(saleSections.position));
  expect(secs.map((s) => s.position)).toEqual(secs.map((_, i) => i));
  const lines = await t.database.db
    .select({ sectionId: saleLines.sectionId, position: saleLines.position })
    .from(saleLines)
    .where(eq(saleLines.saleId, sale._id))
    .orderBy(asc(saleLines.sectionId), asc(saleLines.position));
  for (const s of secs) {
    const p = lines.filter((l) => l.sectionId === s.id).map((l) => l.position);
    expect(p).toEqual(p.map((_, i) => i));
  }
  expect(lines.length).toBe(model.reduce((sum, s) => sum + s.lines.length, 0));
}

describe('sale editing (property)', () => {
  it('keeps positions dense and totals equal to the domain computation through random operations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 40, size: 'large' }), async (ops) => {
        let sale = await a.ok('POST', '/api/sales', token, { name: 'Property' });
        const model: Model = [];
        // Most sequences should start with somewhere to put lines.
        sale = await step(sale, model, { type: 'section.create', a: 0, b: 0, c: 0, flag: true });
        for (const o of ops) {
          sale = await step(sale, model, o);
          await check(sale, model);
        }
        const fresh = await a.ok('GET', `/api/sales/${sale._id}`, token);
        expect(fresh).toEqual(sale);
      }),
      { numRuns: 30 },
    );
  }, 240_000);
});
