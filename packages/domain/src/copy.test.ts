import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CopyLine,
  copyLine,
  DEFAULT_SECTION_COPY_STYLE,
  DEFAULT_TEMPLATE_COPY_STYLE,
  isLineMoveType,
  isSectionCopyStyle,
  isTemplateCopyStyle,
  LINE_MOVE_TYPES,
  mergeProductLines,
  planLineMove,
  planSectionCopy,
  SECTION_COPY_STYLES,
  type SectionCopyStyle,
  TEMPLATE_COPY_STYLES,
} from './copy';
import { isDomainError } from './errors';
import { toDecimal } from './money';
import { salePricing } from './pricing';

interface Line extends CopyLine {
  _id?: string;
  name?: string;
  template_id?: number;
}
interface Section {
  _id?: string;
  name: string;
  show_details?: boolean;
  lines: Line[];
}

let seq = 0;
const p = (
  product: number,
  price: string,
  cost: string,
  quantity: string | number,
  extra: Partial<Line> = {},
): Line => ({
  _id: `l${++seq}`,
  kind: 'product',
  product_id: product,
  price,
  cost,
  quantity,
  ...extra,
});
const n = (name: string): Line => ({ _id: `l${++seq}`, kind: 'note', name });
const h = (name: string): Line => ({ _id: `l${++seq}`, kind: 'header', name });

describe('styles', () => {
  it('lists styles and defaults', () => {
    expect(SECTION_COPY_STYLES).toEqual(['new', 'merge', 'overwrite']);
    expect(DEFAULT_SECTION_COPY_STYLE).toBe('new');
    expect(TEMPLATE_COPY_STYLES).toEqual(['merge', 'overwrite']);
    expect(DEFAULT_TEMPLATE_COPY_STYLE).toBe('merge');
    expect(LINE_MOVE_TYPES).toEqual(['move', 'copy']);
  });
  it('guards', () => {
    expect(isSectionCopyStyle('new')).toBe(true);
    expect(isSectionCopyStyle('append')).toBe(false);
    expect(isTemplateCopyStyle('new')).toBe(false);
    expect(isTemplateCopyStyle('overwrite')).toBe(true);
    expect(isLineMoveType('copy')).toBe(true);
    expect(isLineMoveType(undefined)).toBe(false);
  });
});

describe('mergeProductLines', () => {
  it('adds quantities of lines with the same product, price and cost into the first', () => {
    const a = p(1, '10.00', '5.00', '2');
    const b = p(2, '10.00', '5.00', '1');
    const c = p(1, '10', '5', '3.5');
    const out = mergeProductLines([a, b, c]);
    expect(out).toEqual([{ ...a, quantity: '5.5' }, b]);
    expect(out[1]).toBe(b);
    expect(a.quantity).toBe('2'); // pure
  });
  it('keeps lines apart when price or cost differs', () => {
    const lines = [p(1, '10', '5', 1), p(1, '11', '5', 1), p(1, '10', '6', 1)];
    expect(mergeProductLines(lines)).toEqual(lines);
  });
  it('never merges notes, headers, lines without a product, or percent with money lines', () => {
    const lines: Line[] = [
      n('same'),
      n('same'),
      h('H'),
      h('H'),
      { kind: 'product', price: '1', cost: '1', quantity: 1 },
      { kind: 'product', price: '1', cost: '1', quantity: 1 },
      p(1, '10', '5', 1),
      p(1, '10', '5', 1, { price_percentage_active: true }),
    ];
    expect(mergeProductLines(lines)).toEqual(lines);
  });
  it('keeps the order of first occurrence', () => {
    const out = mergeProductLines([p(2, '1', '1', 1), n('x'), p(1, '1', '1', 1), p(2, '1', '1', 4), p(1, '1', '1', 1)]);
    expect(out.map((l) => [l.kind, l.product_id ?? null, l.quantity])).toEqual([
      ['product', 2, 5],
      ['note', null, undefined],
      ['product', 1, 2],
    ]);
  });
  it('keeps numeric quantities numeric', () => {
    expect(mergeProductLines([p(1, '1', '1', 1.5), p(1, '1', '1', 2)])[0]?.quantity).toBe(3.5);
    expect(mergeProductLines([p(1, '1', '1', 0.1), p(1, '1', '1', 0.2)])[0]?.quantity).toBe(0.3);
  });
  it('reads the product from product.id, or a custom key', () => {
    const a: Line = { kind: 'product', product: { id: 'P' }, price: '1', cost: '1', quantity: 1 };
    expect(mergeProductLines([a, { ...a }])).toHaveLength(1);
    const byName = (l: Line) => l.name;
    const x: Line = { kind: 'product', name: 'SKU', price: '1', cost: '1', quantity: 1 };
    expect(mergeProductLines([x, { ...x }], { productKey: byName })).toEqual([{ ...x, quantity: 2 }]);
    expect(mergeProductLines([{ ...x, quantity: '1' }, x])).toHaveLength(2); // default key: no product id
  });

  const mergeLineArb: fc.Arbitrary<Line> = fc.oneof(
    fc.record({
      kind: fc.constant('product' as const),
      product_id: fc.integer({ min: 1, max: 3 }),
      price: fc.constantFrom('1', '1.00', '2', '2.50'),
      cost: fc.constantFrom('0', '0.5', '0.50'),
      quantity: fc.integer({ min: -5, max: 1000 }).map((q) => toDecimal(q).div(10).toFixed()),
    }),
    fc.record({ kind: fc.constantFrom('note' as const, 'header' as const), name: fc.string({ maxLength: 3 }) }),
  );
  const keyOf = (l: Line) => `${l.product_id}|${toDecimal(l.price ?? 0).toFixed()}|${toDecimal(l.cost ?? 0).toFixed()}`;
  const qtyByKey = (lines: readonly Line[]) => {
    const m = new Map<string, string>();
    for (const l of lines) {
      if (l.kind !== 'product') continue;
      m.set(
        keyOf(l),
        toDecimal(m.get(keyOf(l)) ?? 0)
          .plus(toDecimal(l.quantity ?? 0))
          .toFixed(),
      );
    }
    return m;
  };

  it('property: keeps the total quantity per (product, price, cost), one line each, notes untouched', () => {
    fc.assert(
      fc.property(fc.array(mergeLineArb, { maxLength: 30 }), (lines) => {
        const out = mergeProductLines(lines);
        expect(qtyByKey(out)).toEqual(qtyByKey(lines));
        const keys = out.filter((l) => l.kind === 'product').map(keyOf);
        expect(new Set(keys).size).toBe(keys.length);
        expect(out.filter((l) => l.kind !== 'product')).toEqual(lines.filter((l) => l.kind !== 'product'));
      }),
    );
  });
  it('property: merging keeps the section total and is idempotent', () => {
    fc.assert(
      fc.property(fc.array(mergeLineArb, { maxLength: 30 }), (lines) => {
        const out = mergeProductLines(lines);
        expect(salePricing([{ lines: out }])).toEqual(salePricing([{ lines }]));
        expect(mergeProductLines(out)).toEqual(out);
      }),
    );
  });
});

describe('copyLine', () => {
  it('drops ids, keeps the rest, marks isNew', () => {
    const line = p(1, '1', '1', 1, { name: 'x', template_id: 9 });
    const { _id, ...rest } = line;
    expect(copyLine(line)).toEqual({ ...rest, isNew: true });
    expect(copyLine({ id: 5, a: 1 })).toEqual({ a: 1, isNew: true });
    expect(line._id).toBeDefined();
  });
});

describe('planSectionCopy', () => {
  const dest = (): Section[] => [
    { _id: 'd1', name: 'Hardware', show_details: true, lines: [p(1, '10', '5', 1), n('keep me')] },
    { _id: 'd2', name: 'Labor', show_details: false, lines: [p(9, '100', '50', 2)] },
  ];
  const src = (): Section[] => [
    { _id: 's1', name: ' hardware ', show_details: false, lines: [p(1, '10.00', '5.00', 3), p(2, '1', '1', 1)] },
    { _id: 's2', name: 'Freight', show_details: true, lines: [h('Shipping'), p(7, '20', '15', 1)] },
  ];
  const strip = (lines: Line[]) => lines.map(({ _id, ...rest }) => ({ ...rest, isNew: true }));

  it('new: appends copies of every source section, destination untouched', () => {
    const d = dest();
    const s = src();
    const out = planSectionCopy(d, s, 'new', true);
    expect(out).toHaveLength(4);
    expect(out[0]).toBe(d[0]);
    expect(out[1]).toBe(d[1]);
    expect(out[2]).toEqual({ name: ' hardware ', show_details: false, isNew: true, lines: strip(s[0]?.lines ?? []) });
    expect(out[3]).toEqual({ name: 'Freight', show_details: true, isNew: true, lines: strip(s[1]?.lines ?? []) });
    expect(out[2]?._id).toBeUndefined();
  });

  it('merge: appends into the same-named section (trimmed, case-insensitive), else adds a section', () => {
    const d = dest();
    const s = src();
    const out = planSectionCopy(d, s, 'merge', false);
    expect(out).toHaveLength(3);
    expect(out[0]?._id).toBe('d1');
    expect(out[0]?.name).toBe('Hardware');
    expect(out[0]?.show_details).toBe(true);
    expect(out[0]?.lines).toEqual([...(d[0]?.lines ?? []), ...strip(s[0]?.lines ?? [])]);
    expect(out[0]?.lines[0]).toBe(d[0]?.lines[0]);
    expect(out[1]).toBe(d[1]);
    expect(out[2]).toMatchObject({ name: 'Freight', isNew: true });
    expect(d[0]?.lines).toHaveLength(2); // pure
  });

  it('merge with mergeProducts: same product/price/cost adds to the existing line', () => {
    const d = dest();
    const out = planSectionCopy(d, src(), 'merge', true);
    const hw = out[0]?.lines ?? [];
    expect(hw).toHaveLength(3);
    expect(hw[0]).toEqual({ ...d[0]?.lines[0], quantity: 4 }); // numeric stays numeric
    expect(hw[0]?._id).toBe(d[0]?.lines[0]?._id);
    expect(hw[0]?.isNew).toBeUndefined();
    expect(hw[1]).toBe(d[0]?.lines[1]);
    expect(hw[2]).toMatchObject({ product_id: 2, isNew: true });
  });

  it('merge with mergeProducts merges copied duplicates among themselves in a new section', () => {
    const source: Section[] = [{ name: 'New', lines: [p(3, '1', '1', 1), p(3, '1', '1', 2), n('n')] }];
    const out = planSectionCopy([], source, 'merge', true);
    expect(out[0]?.lines.map((l) => [l.kind, l.quantity])).toEqual([
      ['product', 3],
      ['note', undefined],
    ]);
  });

  it('merge with mergeProducts keeps lines with different discounts apart (same discount merges)', () => {
    const line = (discount: string | undefined, quantity: number) => ({ ...p(3, '1', '1', quantity), discount });
    const source: Section[] = [
      { name: 'New', lines: [line('5', 1), line('0', 2), line('5.00', 3), line(undefined, 4)] },
    ];
    const out = planSectionCopy([], source, 'merge', true);
    expect(out[0]?.lines.map((l) => [l.discount, l.quantity])).toEqual([
      ['5', 4],
      ['0', 6],
    ]);
  });

  it('merge without mergeProducts keeps duplicates', () => {
    const out = planSectionCopy(dest(), src(), 'merge', false);
    expect(out[0]?.lines.filter((l) => l.product_id === 1)).toHaveLength(2);
  });

  it('overwrite: replaces the lines of the same-named section, else adds a section', () => {
    const d = dest();
    const s = src();
    const out = planSectionCopy(d, s, 'overwrite', true);
    expect(out).toHaveLength(3);
    expect(out[0]).toEqual({ _id: 'd1', name: 'Hardware', show_details: true, lines: strip(s[0]?.lines ?? []) });
    expect(out[1]).toBe(d[1]);
    expect(out[2]).toMatchObject({ name: 'Freight', isNew: true });
  });

  it('overwrite with several same-named sources: the first replaces, the others append', () => {
    const s: Section[] = [
      { name: 'Labor', lines: [p(1, '1', '1', 1)] },
      { name: 'LABOR', lines: [p(2, '1', '1', 1)] },
      { name: 'Extra', lines: [p(3, '1', '1', 1)] },
      { name: 'extra', lines: [p(4, '1', '1', 1)] },
    ];
    const out = planSectionCopy(dest(), s, 'overwrite', false);
    expect(out).toHaveLength(3);
    expect(out[1]?.lines.map((l) => l.product_id)).toEqual([1, 2]);
    expect(out[2]?.lines.map((l) => l.product_id)).toEqual([3, 4]);
    expect(out[2]?.isNew).toBe(true);
  });

  it('merge into the first of several same-named destination sections', () => {
    const d: Section[] = [
      { _id: 'a', name: 'X', lines: [] },
      { _id: 'b', name: 'X', lines: [] },
    ];
    const out = planSectionCopy(d, [{ name: 'x', lines: [n('hi')] }], 'merge', false);
    expect(out[0]?.lines).toHaveLength(1);
    expect(out[1]).toBe(d[1]);
  });

  it('copying nothing changes nothing; copying into nothing appends', () => {
    const d = dest();
    for (const style of SECTION_COPY_STYLES) {
      expect(planSectionCopy(d, [], style, true)).toEqual(d);
      expect(planSectionCopy([], src(), style, false)).toHaveLength(2);
    }
  });

  it('copying a sale into itself with new duplicates every section', () => {
    const d = dest();
    const out = planSectionCopy(d, d, 'new', false);
    expect(out.map((s) => s.name)).toEqual(['Hardware', 'Labor', 'Hardware', 'Labor']);
  });

  it('rejects an unknown style', () => {
    let caught: unknown;
    try {
      planSectionCopy(dest(), src(), 'append' as SectionCopyStyle, false);
    } catch (e) {
      caught = e;
    }
    expect(isDomainError(caught, 'INVALID_ARGUMENT')).toBe(true);
  });

  const sectionArb: fc.Arbitrary<Section> = fc.record({
    name: fc.constantFrom('A', 'a', 'B', 'C '),
    lines: fc.array(
      fc.oneof(
        fc.record({
          kind: fc.constant('product' as const),
          product_id: fc.integer({ min: 1, max: 3 }),
          price: fc.constantFrom('1', '2.00'),
          cost: fc.constantFrom('0.50', '1'),
          quantity: fc.integer({ min: 0, max: 9 }).map(String),
        }),
        fc.constant<Line>({ kind: 'note', name: 'n' }),
      ),
      { maxLength: 6 },
    ),
  });
  const total = (sections: readonly { lines: readonly CopyLine[] }[]) => salePricing(sections).total_price;
  const count = (sections: readonly { lines: readonly unknown[] }[]) =>
    sections.reduce((acc, s) => acc + s.lines.length, 0);

  it('property: new and merge add exactly the source total; merge without products adds every line', () => {
    fc.assert(
      fc.property(fc.array(sectionArb, { maxLength: 4 }), fc.array(sectionArb, { maxLength: 4 }), (d, s) => {
        const expected = toDecimal(total(d)).plus(total(s)).toFixed(2);
        for (const [style, merge] of [
          ['new', true],
          ['merge', false],
          ['merge', true],
        ] as const) {
          const out = planSectionCopy(d, s, style, merge);
          expect(total(out)).toBe(expected);
          if (!merge) expect(count(out)).toBe(count(d) + count(s));
        }
        expect(planSectionCopy(d, s, 'new', false)).toHaveLength(d.length + s.length);
      }),
    );
  });

  it('property: every new object has no id and isNew; existing destination sections keep their ids', () => {
    fc.assert(
      fc.property(
        fc
          .array(sectionArb, { maxLength: 4 })
          .map((ss) =>
            ss.map((s, i) => ({ ...s, _id: `d${i}`, lines: s.lines.map((l, j) => ({ ...l, _id: `d${i}-${j}` })) })),
          ),
        fc
          .array(sectionArb, { maxLength: 4 })
          .map((ss) =>
            ss.map((s, i) => ({ ...s, _id: `s${i}`, lines: s.lines.map((l, j) => ({ ...l, _id: `s${i}-${j}` })) })),
          ),
        fc.constantFrom<SectionCopyStyle>('new', 'merge', 'overwrite'),
        fc.boolean(),
        (d, s, style, merge) => {
          const out = planSectionCopy(d, s, style, merge);
          expect(out.slice(0, d.length).map((x) => x._id)).toEqual(d.map((x) => x._id));
          for (const section of out) {
            expect(section.isNew === true).toBe(section._id === undefined);
            for (const line of section.lines) {
              expect(line.isNew === true).toBe(line._id === undefined);
              if (line._id !== undefined) expect(line._id.startsWith('d')).toBe(true);
            }
          }
        },
      ),
    );
  });
});

describe('planLineMove', () => {
  const origin = (): Line[] => [p(1, '1', '1', 1, { _id: 'a' }), n('x'), p(2, '2', '2', 1, { _id: 'c' })];
  const destination = (): Line[] => [p(5, '5', '5', 1, { _id: 'z' })];

  it('move: takes the lines out (origin order, ids kept) and appends them', () => {
    const o = origin();
    const d = destination();
    const out = planLineMove(o, d, ['c', 'a'], 'move');
    expect(out.origin).toEqual([o[1]]);
    expect(out.destination).toEqual([d[0], o[0], o[2]]);
    expect(out.destination[1]).toBe(o[0]);
    expect(out.missing).toEqual([]);
    expect(o).toHaveLength(3);
  });
  it('copy: leaves the origin and adds id-less copies at the insertion point', () => {
    const o = origin();
    const d = destination();
    const out = planLineMove(o, d, ['a'], 'copy', 0);
    expect(out.origin).toEqual(o);
    expect(out.destination).toHaveLength(2);
    expect(out.destination[0]).toMatchObject({ product_id: 1, isNew: true });
    expect(out.destination[0]?._id).toBeUndefined();
    expect(out.destination[1]).toBe(d[0]);
  });
  it('reports ids it did not find and accepts numeric ids', () => {
    const lines = [
      { id: 1, kind: 'note' as const },
      { id: 2, kind: 'note' as const },
    ];
    const out = planLineMove(lines, [], [2, 'nope'], 'move');
    expect(out.origin).toEqual([lines[0]]);
    expect(out.destination).toEqual([lines[1]]);
    expect(out.missing).toEqual(['nope']);
  });
  it('within one section: move reorders, copy duplicates', () => {
    const o = origin();
    const moved = planLineMove(o, o, ['a'], 'move');
    expect(moved.origin).toEqual([o[1], o[2], o[0]]);
    expect(moved.destination).toBe(moved.origin);
    const copied = planLineMove(o, o, ['c'], 'copy', 1);
    expect(copied.origin).toHaveLength(4);
    expect(copied.origin[1]).toMatchObject({ product_id: 2, isNew: true });
  });
  it('rejects an unknown type and a bad insertion point', () => {
    expect(() => planLineMove(origin(), [], ['a'], 'teleport' as 'move')).toThrow(/Unknown move type/);
    expect(() => planLineMove(origin(), [], ['a'], 'move', -4)).toThrow(/insertion point/);
  });
  it('property: move conserves lines; copy adds exactly the selected count', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { maxLength: 5 }),
        fc.constantFrom<'move' | 'copy'>('move', 'copy'),
        (ids, type) => {
          const o = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ _id: id }));
          const d = [{ _id: 'z' }];
          const out = planLineMove(o, d, ids, type);
          const selected = new Set(ids).size;
          if (type === 'move') {
            expect(out.origin.length + out.destination.length).toBe(o.length + d.length);
            expect(out.destination.map((l) => l._id).sort()).toEqual(['z', ...new Set(ids)].sort());
          } else {
            expect(out.origin).toEqual(o);
            expect(out.destination).toHaveLength(d.length + selected);
          }
        },
      ),
    );
  });
});
