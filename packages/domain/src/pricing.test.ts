import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineSubtotal, money, sumMoney, toDecimal } from './money';
import {
  applyMarkup,
  discountFactor,
  exactMarkupPercent,
  isLineKind,
  isLineMarkupWarning,
  isMarginWarning,
  isMarkupWarning,
  isPercentLine,
  isProductLine,
  LINE_KINDS,
  type LineKind,
  lineKindFromProductName,
  lineMetrics,
  marginPercentOf,
  markupPercentOf,
  markupPrice,
  netPrice,
  type PricingLine,
  percentBase,
  pricingFromTotals,
  resolvePercentLines,
  salePricing,
  salePricingFromSections,
  sectionDetails,
  sectionLineMetrics,
  sectionPricing,
  ZERO_PRICING,
  ZERO_SALE_PRICING,
} from './pricing';

const product = (price: string | number, cost: string | number, quantity: string | number = 1): PricingLine => ({
  kind: 'product',
  price,
  cost,
  quantity,
});
const percent = (price: string | number, cost: string | number, quantity: string | number = 1): PricingLine => ({
  kind: 'product',
  price,
  cost,
  quantity,
  price_percentage_active: true,
});
const note: PricingLine = { kind: 'note' };
const header: PricingLine = { kind: 'header' };

// Arbitraries: money as cent integers, quantities with up to 3 decimals (Odoo UoM precision).
const centsArb = fc.integer({ min: -10_000_000, max: 100_000_000 }).map((c) => money(toDecimal(c).div(100)));
const positiveCentsArb = fc.integer({ min: 1, max: 100_000_000 }).map((c) => money(toDecimal(c).div(100)));
const qtyArb = fc.integer({ min: 0, max: 100_000 }).map((q) => toDecimal(q).div(1000).toFixed());
// Discounts 0..100 % with up to 4 decimals (the column is numeric(7,4)); often absent or 0.
const discountArb = fc.oneof(
  fc.constantFrom<string | null | undefined>(undefined, null, '0', '5', '100'),
  fc.integer({ min: 0, max: 1_000_000 }).map((d) => toDecimal(d).div(10_000).toFixed()),
);
const productLineArb: fc.Arbitrary<PricingLine> = fc.record({
  kind: fc.constant<LineKind>('product'),
  price: centsArb,
  cost: centsArb,
  quantity: qtyArb,
  discount: discountArb,
});
const textLineArb: fc.Arbitrary<PricingLine> = fc.record({
  kind: fc.constantFrom<LineKind>('note', 'header'),
  // Garbage-free but non-zero leftovers: a note must be ignored even if a value slipped in.
  price: fc.option(centsArb, { nil: null }),
  cost: fc.option(centsArb, { nil: null }),
  quantity: fc.option(qtyArb, { nil: null }),
  discount: discountArb,
});
const percentLineArb: fc.Arbitrary<PricingLine> = fc.record({
  kind: fc.constant<LineKind>('product'),
  price: fc.integer({ min: 0, max: 5000 }).map((p) => toDecimal(p).div(100).toFixed()),
  cost: fc.integer({ min: 0, max: 5000 }).map((p) => toDecimal(p).div(100).toFixed()),
  quantity: fc.integer({ min: 0, max: 10 }),
  discount: discountArb,
  price_percentage_active: fc.constant(true),
});
const anyLineArb = fc.oneof(
  { arbitrary: productLineArb, weight: 4 },
  { arbitrary: textLineArb, weight: 2 },
  { arbitrary: percentLineArb, weight: 1 },
);

describe('line kinds', () => {
  it('lists the kinds and guards them', () => {
    expect(LINE_KINDS).toEqual(['product', 'note', 'header']);
    expect(isLineKind('note')).toBe(true);
    expect(isLineKind('section')).toBe(false);
    expect(isLineKind(undefined)).toBe(false);
  });
  it('maps the product names note/header at the JSON boundary', () => {
    expect(lineKindFromProductName('note')).toBe('note');
    expect(lineKindFromProductName('header')).toBe('header');
    expect(lineKindFromProductName('Note')).toBe('product');
    expect(lineKindFromProductName('SKU-1')).toBe('product');
    expect(lineKindFromProductName(null)).toBe('product');
  });
  it('classifies lines', () => {
    expect(isProductLine(product(1, 1))).toBe(true);
    expect(isProductLine(note)).toBe(false);
    expect(isPercentLine(percent(10, 5))).toBe(true);
    expect(isPercentLine(product(10, 5))).toBe(false);
    expect(isPercentLine({ kind: 'note', price_percentage_active: true })).toBe(false);
  });
});

describe('line percents', () => {
  it('markup % = (price − cost) / cost × 100', () => {
    expect(markupPercentOf('140', '100')).toBe(40);
    expect(markupPercentOf('9', '7')).toBe(28.57);
    expect(markupPercentOf('50', '100')).toBe(-50);
    expect(markupPercentOf('0', '100')).toBe(-100);
  });
  it('margin % = (price − cost) / price × 100', () => {
    expect(marginPercentOf('140', '100')).toBe(28.57);
    expect(marginPercentOf('100', '78')).toBe(22);
    expect(marginPercentOf('50', '100')).toBe(-100);
  });
  it('both are 0 when cost is 0; margin is 0 when price is 0', () => {
    expect(markupPercentOf('100', '0')).toBe(0);
    expect(marginPercentOf('100', '0')).toBe(0);
    expect(markupPercentOf('100', null)).toBe(0);
    expect(marginPercentOf('0', '10')).toBe(0);
    expect(marginPercentOf(null, '10')).toBe(0);
  });
  it('negative cost still follows the formula', () => {
    expect(markupPercentOf('10', '-10')).toBe(-200);
  });
});

describe('markupPrice', () => {
  it.each([
    ['100', 28, '128.00'],
    ['100', '0', '100.00'],
    ['10.00', 33.333, '13.33'],
    ['0.01', 50, '0.02'],
    ['1.00', 0.5, '1.01'],
    ['1.00', 0.4, '1.00'],
    ['100', -10, '90.00'],
    ['100', -100, '0.00'],
    ['100', -150, '-50.00'],
    ['0', 40, '0.00'],
    [null, 40, '0.00'],
    ['123456789.12', 1000, '1358024680.32'],
  ])('markupPrice(%j, %j) = %s', (cost, m, expected) => {
    expect(markupPrice(cost, m)).toBe(expected);
  });

  it('property: markup set then read back re-derives the price within one cent (cost ≤ 100)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }).map((c) => money(toDecimal(c).div(100))),
        fc.integer({ min: -9_999, max: 100_000 }).map((m) => m / 100),
        (cost, m) => {
          const price = markupPrice(cost, m);
          const readBack = lineMetrics({ kind: 'product', price, cost, quantity: 1 }).markup_percent;
          // The read-back markup is itself within rounding of the set one…
          expect(Math.abs(readBack - m)).toBeLessThanOrEqual(toDecimal(0.5).div(cost).toNumber() + 0.0051);
          // …and re-deriving the price from it lands within 0.01 of the price.
          const again = toDecimal(markupPrice(cost, readBack));
          expect(again.minus(price).abs().lte('0.01')).toBe(true);
        },
      ),
    );
  });

  it('property: with the exact markup the round trip is exact for any cost', () => {
    fc.assert(
      fc.property(positiveCentsArb, fc.integer({ min: -10_000, max: 1_000_000 }), (cost, m100) => {
        const price = markupPrice(cost, m100 / 100);
        expect(markupPrice(cost, exactMarkupPercent(price, cost))).toBe(price);
      }),
    );
  });

  it('exactMarkupPercent is 0 for a zero cost', () => {
    expect(exactMarkupPercent('5', '0').toNumber()).toBe(0);
    expect(exactMarkupPercent('2', '3').toFixed(4)).toBe('-33.3333');
  });
});

describe('lineMetrics', () => {
  it('computes a plain product line', () => {
    expect(lineMetrics(product('12.50', '10.00', 3))).toEqual({
      subtotal: '37.50',
      cost_total: '30.00',
      markup_percent: 25,
      margin_percent: 20,
    });
  });
  it('rounds subtotal and cost total half-up at .005', () => {
    const m = lineMetrics(product('0.335', '0.125', 1));
    expect(m.subtotal).toBe('0.34');
    expect(m.cost_total).toBe('0.13');
    expect(lineMetrics(product('1.005', '0', 1)).subtotal).toBe('1.01');
    expect(lineMetrics(product('-1.005', '0', 1)).subtotal).toBe('-1.01');
  });
  it('uses unit price and cost for the percents (quantity does not matter)', () => {
    expect(lineMetrics(product('9', '7', 1)).markup_percent).toBe(lineMetrics(product('9', '7', 13)).markup_percent);
    expect(lineMetrics(product('9', '7', 0)).markup_percent).toBe(28.57);
  });
  it('handles zero cost, zero price, zero quantity and negatives', () => {
    expect(lineMetrics(product('100', '0', 2))).toEqual({
      subtotal: '200.00',
      cost_total: '0.00',
      markup_percent: 0,
      margin_percent: 0,
    });
    expect(lineMetrics(product('0', '40', 2))).toEqual({
      subtotal: '0.00',
      cost_total: '80.00',
      markup_percent: -100,
      margin_percent: 0,
    });
    expect(lineMetrics(product('10', '5', 0)).subtotal).toBe('0.00');
    expect(lineMetrics(product('-10', '5', 2))).toEqual({
      subtotal: '-20.00',
      cost_total: '10.00',
      markup_percent: -300,
      margin_percent: 150,
    });
    expect(lineMetrics(product('10', '5', -2)).subtotal).toBe('-20.00');
  });
  it('handles big numbers exactly', () => {
    expect(lineMetrics(product('99999999.99', '88888888.88', 99999)).subtotal).toBe('9999899999000.01');
  });
  it('reads missing money as zero', () => {
    expect(lineMetrics({ kind: 'product' })).toEqual({
      subtotal: '0.00',
      cost_total: '0.00',
      markup_percent: 0,
      margin_percent: 0,
    });
  });
  it('gives notes and headers zero money even if values are present', () => {
    for (const kind of ['note', 'header'] as const) {
      expect(lineMetrics({ kind, price: '100', cost: '50', quantity: 3 })).toEqual({
        subtotal: '0.00',
        cost_total: '0.00',
        markup_percent: 0,
        margin_percent: 0,
      });
    }
  });
  it('rejects garbage money with a typed error', () => {
    expect(() => lineMetrics(product('abc', '1'))).toThrow(/not a valid number/);
  });
});

describe('"Based on Total" lines', () => {
  const section: PricingLine[] = [
    product('100', '60', 2), // 200 / 120
    note,
    product('50', '30', 1), // 50 / 30
    percent('10', '5', 1), // 10 % of 250 = 25.00; 5 % of 150 = 7.50
    percent('3', '1', 2), // 7.50 × 2 = 15.00; 1.50 × 2 = 3.00
  ];

  it('percentBase sums the non-percent product lines only', () => {
    expect(percentBase(section)).toEqual({ subtotal: '250.00', cost_total: '150.00' });
    expect(percentBase([note, header])).toEqual({ subtotal: '0.00', cost_total: '0.00' });
  });

  it('lineMetrics resolves a percent line against the base; quantity multiplies', () => {
    const base = percentBase(section);
    expect(lineMetrics(section[3] as PricingLine, base)).toEqual({
      subtotal: '25.00',
      cost_total: '7.50',
      markup_percent: 233.33,
      margin_percent: 70,
    });
    expect(lineMetrics(section[4] as PricingLine, base).subtotal).toBe('15.00');
    expect(lineMetrics(section[4] as PricingLine, base).cost_total).toBe('3.00');
  });

  it('without a base a percent line resolves against zero', () => {
    expect(lineMetrics(percent('10', '5', 1)).subtotal).toBe('0.00');
  });

  it('rounds the resolved unit price to cents before multiplying', () => {
    const lines = [product('33.33', '0', 1), percent('10', '0', 3)];
    // 10 % of 33.33 = 3.333 → 3.33; × 3 = 9.99 (not 10.00)
    expect(sectionLineMetrics(lines)[1]?.subtotal).toBe('9.99');
  });

  it('sectionLineMetrics resolves every line of the section', () => {
    expect(sectionLineMetrics(section).map((m) => m.subtotal)).toEqual(['200.00', '0.00', '50.00', '25.00', '15.00']);
  });

  it('sectionPricing includes resolved percent lines', () => {
    expect(sectionPricing(section)).toEqual({
      total_price: '290.00',
      total_cost: '160.50',
      total_margin: '129.50',
      total_margin_percent: 44.66,
      total_markup_percent: 80.69,
    });
  });

  it('a section of only percent lines totals zero', () => {
    expect(sectionPricing([percent('10', '10', 1)])).toEqual(ZERO_PRICING);
  });

  it('resolvePercentLines makes them concrete money and keeps other lines as they are', () => {
    const lines = section.map((l, i) => ({ ...l, id: i }));
    const resolved = resolvePercentLines(lines);
    expect(resolved[0]).toBe(lines[0]);
    expect(resolved[1]).toBe(lines[1]);
    expect(resolved[3]).toEqual({
      kind: 'product',
      id: 3,
      price: '25.00',
      cost: '7.50',
      quantity: 1,
      price_percentage_active: false,
    });
    expect(resolved[4]).toMatchObject({ price: '7.50', cost: '1.50', quantity: 2, price_percentage_active: false });
    expect(lines[3]?.price_percentage_active).toBe(true); // input untouched
  });

  it('resolvePercentLines returns a copy when there is nothing to resolve', () => {
    const lines = [product('1', '1')];
    const out = resolvePercentLines(lines);
    expect(out).toEqual(lines);
    expect(out).not.toBe(lines);
  });

  it('property: resolving does not change the section totals', () => {
    fc.assert(
      fc.property(fc.array(anyLineArb, { maxLength: 15 }), (lines) => {
        const resolved = resolvePercentLines(lines);
        expect(resolved.some(isPercentLine)).toBe(false);
        expect(sectionPricing(resolved)).toEqual(sectionPricing(lines));
      }),
    );
  });

  it('percent bases are per section in a sale', () => {
    const sale = salePricing([{ lines: [product('100', '50')] }, { lines: [percent('50', '50')] }]);
    expect(sale.total_price).toBe('100.00');
    expect(
      salePricing([{ lines: [product('100', '50'), percent('50', '50')] }, { lines: [product('10', '5')] }])
        .total_price,
    ).toBe('160.00');
  });
});

describe('pricingFromTotals / sectionPricing / salePricing', () => {
  it('computes margin and percents (margin % over price, markup % over cost)', () => {
    expect(pricingFromTotals('140', '100')).toEqual({
      total_price: '140.00',
      total_cost: '100.00',
      total_margin: '40.00',
      total_margin_percent: 28.57,
      total_markup_percent: 40,
    });
  });
  it('percents are 0 when price or cost is 0', () => {
    expect(pricingFromTotals('0', '50')).toMatchObject({ total_margin: '-50.00', total_margin_percent: 0 });
    expect(pricingFromTotals('0', '50').total_markup_percent).toBe(-100);
    expect(pricingFromTotals('50', '0')).toMatchObject({ total_margin_percent: 100, total_markup_percent: 0 });
    expect(pricingFromTotals(0, 0)).toEqual(ZERO_PRICING);
  });
  it('an empty section or sale is zero', () => {
    expect(sectionPricing([])).toEqual(ZERO_PRICING);
    expect(salePricing([])).toEqual(ZERO_SALE_PRICING);
    expect(salePricing([{ lines: [] }, { lines: [note, header] }])).toEqual(ZERO_SALE_PRICING);
  });
  it('totals are sums of ROUNDED line subtotals', () => {
    const lines = [product('0.005', '0.004', 1), product('0.005', '0.004', 1), product('0.005', '0.004', 1)];
    const p = sectionPricing(lines);
    expect(p.total_price).toBe('0.03'); // not round2(0.015) = 0.02
    expect(p.total_cost).toBe('0.00');
    expect(salePricing([{ lines }, { lines }]).total_price).toBe('0.06');
  });
  it('computes a realistic sale', () => {
    const sale = salePricing([
      { lines: [header, product('1250.00', '900.00', 2), note, product('19.99', '12.50', 10)] },
      { lines: [product('75.00', '0', 8), product('-100.00', '0', 1)] },
    ]);
    expect(sale).toEqual({
      total_price: '3199.90',
      total_cost: '1925.00',
      total_margin: '1274.90',
      total_margin_percent: 39.84,
      total_markup_percent: 66.23,
      optional_total: '0.00',
      total_with_optional: '3199.90',
    });
  });
  it('accepts numbers as well as strings', () => {
    expect(sectionPricing([product(10.1, 5.05, 3)])).toEqual(sectionPricing([product('10.10', '5.05', '3')]));
  });
  it('handles negative totals', () => {
    expect(sectionPricing([product('-10', '5', 1)])).toEqual({
      total_price: '-10.00',
      total_cost: '5.00',
      total_margin: '-15.00',
      total_margin_percent: 150,
      total_markup_percent: -300,
    });
  });

  it('property: sale total = sum of rounded (discounted) line subtotals; cost is never discounted', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.oneof(productLineArb, textLineArb), { maxLength: 12 }), { maxLength: 6 }),
        (sections) => {
          const sale = salePricing(sections.map((lines) => ({ lines })));
          const subtotals = sections
            .flat()
            .map((l) => (l.kind === 'product' ? lineSubtotal(l.price, l.quantity, l.discount) : '0'));
          const costs = sections.flat().map((l) => (l.kind === 'product' ? lineSubtotal(l.cost, l.quantity) : '0'));
          expect(sale.total_price).toBe(sumMoney(subtotals));
          expect(sale.total_cost).toBe(sumMoney(costs));
          expect(sale.total_margin).toBe(money(toDecimal(sale.total_price).minus(sale.total_cost)));
        },
      ),
    );
  });

  it('property: sale pricing = sum of section pricings', () => {
    fc.assert(
      fc.property(fc.array(fc.array(anyLineArb, { maxLength: 10 }), { maxLength: 5 }), (sections) => {
        const sale = salePricing(sections.map((lines) => ({ lines })));
        const prices = sections.map((l) => sectionPricing(l).total_price);
        const costs = sections.map((l) => sectionPricing(l).total_cost);
        expect(sale).toMatchObject(pricingFromTotals(sumMoney(prices), sumMoney(costs)));
      }),
    );
  });

  it('optional sections are kept out of the total and summed apart', () => {
    const sections = [
      { presentation: 'details' as const, lines: [product('100', '60', 2)] },
      { presentation: 'optional' as const, lines: [product('47', '20', 5), note] },
      { presentation: 'total' as const, lines: [product('10.005', '5', 1)] },
      { presentation: 'optional' as const, lines: [product('0.333', '0', 3)] },
    ];
    const sale = salePricing(sections);
    expect(sale).toEqual({
      ...pricingFromTotals('210.01', '125.00'),
      optional_total: '236.00',
      total_with_optional: '446.01',
    });
    expect(
      salePricingFromSections(sections.map((s) => ({ ...sectionPricing(s.lines), presentation: s.presentation }))),
    ).toEqual(sale);
    // Without a presentation, a section counts (callers that know none).
    expect(salePricing(sections.map((s) => ({ lines: s.lines }))).total_price).toBe('446.01');
  });

  it('property: optional sections never change total_price; total_with_optional = every section', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.array(anyLineArb, { maxLength: 8 })), { maxLength: 5 }),
        (specs) => {
          const sections = specs.map(([optional, lines]) => ({
            presentation: optional ? ('optional' as const) : ('details' as const),
            lines,
          }));
          const sale = salePricing(sections);
          const {
            optional_total: _o,
            total_with_optional: _w,
            ...main
          } = salePricing(sections.filter((s) => s.presentation !== 'optional').map((s) => ({ lines: s.lines })));
          expect(sale).toMatchObject(main);
          expect(sale.total_with_optional).toBe(salePricing(sections.map((s) => ({ lines: s.lines }))).total_price);
          expect(
            salePricingFromSections(
              sections.map((s) => ({ ...sectionPricing(s.lines), presentation: s.presentation })),
            ),
          ).toEqual(sale);
        },
      ),
    );
  });

  it('property: notes and headers never change totals', () => {
    fc.assert(
      fc.property(
        fc.array(anyLineArb, { maxLength: 12 }),
        fc.array(fc.tuple(fc.nat(), textLineArb), { maxLength: 6 }),
        (lines, inserts) => {
          const withText = [...lines];
          for (const [at, t] of inserts) withText.splice(at % (withText.length + 1), 0, t);
          expect(sectionPricing(withText)).toEqual(sectionPricing(lines));
          expect(salePricing([{ lines: withText }, { lines: inserts.map(([, t]) => t) }])).toEqual(
            salePricing([{ lines }]),
          );
        },
      ),
    );
  });

  it('property: margin % and markup % agree with their definitions', () => {
    fc.assert(
      fc.property(fc.array(productLineArb, { minLength: 1, maxLength: 8 }), (lines) => {
        const p = sectionPricing(lines);
        const price = toDecimal(p.total_price);
        const cost = toDecimal(p.total_cost);
        const margin = price.minus(cost);
        expect(p.total_margin_percent).toBe(
          price.isZero() ? 0 : margin.div(price).times(100).toDecimalPlaces(2).toNumber() || 0,
        );
        expect(p.total_markup_percent).toBe(
          cost.isZero() ? 0 : margin.div(cost).times(100).toDecimalPlaces(2).toNumber() || 0,
        );
      }),
    );
  });
});

describe('applyMarkup', () => {
  it('sets price = round2(cost × (1 + m/100)) on product lines only', () => {
    const lines = [
      { ...product('1', '100', 2), id: 'a' },
      { ...note, id: 'n' },
      { ...product('1', '7.77', 1), id: 'b' },
      { ...header, id: 'h' },
    ];
    const out = applyMarkup(lines, 28);
    expect(out[0]).toEqual({ kind: 'product', price: '128.00', cost: '100', quantity: 2, id: 'a' });
    expect(out[1]).toBe(lines[1]);
    expect(out[2]?.price).toBe('9.95');
    expect(out[3]).toBe(lines[3]);
    expect(lines[0]?.price).toBe('1'); // pure
  });
  it('checks no bound: negative and huge markups apply', () => {
    expect(applyMarkup([product('0', '10')], -250)[0]?.price).toBe('-15.00');
    expect(applyMarkup([product('0', '10')], 100000)[0]?.price).toBe('10010.00');
  });
  it('zero cost gives zero price', () => {
    expect(applyMarkup([product('99', '0')], 50)[0]?.price).toBe('0.00');
  });
  it('scales the percents of a Based-on-Total line (price % = cost % × (1 + m/100))', () => {
    const base = product('100', '100', 1);
    const [line] = applyMarkup([percent('0', '10', 1)], 20);
    expect(line?.price).toBe('12.00');
    expect(line?.price_percentage_active).toBe(true);
    expect(sectionLineMetrics([base, line as PricingLine])[1]).toMatchObject({
      subtotal: '12.00',
      cost_total: '10.00',
      markup_percent: 20,
    });
  });
  it('rejects a garbage markup', () => {
    expect(() => applyMarkup([product('1', '1')], 'lots')).toThrow(/not a valid number/);
  });
  it('property: after applyMarkup every product line reads back that markup within rounding', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(productLineArb, textLineArb), { maxLength: 10 }),
        fc.integer({ min: 0, max: 10_000 }),
        (lines, m100) => {
          const m = m100 / 100;
          const out = applyMarkup(lines, m);
          out.forEach((line, i) => {
            if (line.kind !== 'product') {
              expect(line).toBe(lines[i]);
              return;
            }
            expect(line.price).toBe(markupPrice(lines[i]?.cost, m, lines[i]?.discount));
            const cost = toDecimal(line.cost ?? 0);
            // the net price (price × (1 − d/100)) is within half a cent of cost × (1 + m/100); with a 100 %
            // discount the price itself is
            const ideal = cost.times(toDecimal(m).div(100).plus(1));
            const f = discountFactor(line.discount);
            const net = f.isZero() ? toDecimal(line.price as string) : netPrice(line.price as string, line.discount);
            expect(net.minus(ideal).abs().lte('0.005')).toBe(true);
          });
        },
      ),
    );
  });
});

describe('warnings', () => {
  it('margin below 22 % warns; 22 does not', () => {
    expect(isMarginWarning(21.99)).toBe(true);
    expect(isMarginWarning(22)).toBe(false);
    expect(isMarginWarning(22.01)).toBe(false);
    expect(isMarginWarning(0)).toBe(true);
    expect(isMarginWarning(-5)).toBe(true);
  });
  it('markup below 28 % warns; 28 does not', () => {
    expect(isMarkupWarning(27.99)).toBe(true);
    expect(isMarkupWarning(28)).toBe(false);
    expect(isMarkupWarning(100)).toBe(false);
  });
  it('a real 22 % margin (100 / 78) does not warn', () => {
    expect(isMarginWarning(pricingFromTotals('100', '78').total_margin_percent)).toBe(false);
    expect(isMarginWarning(pricingFromTotals('100', '78.01').total_margin_percent)).toBe(true);
  });
  it('line markup warning: product lines below 28 %', () => {
    expect(isLineMarkupWarning(product('127.99', '100'))).toBe(true);
    expect(isLineMarkupWarning(product('128', '100'))).toBe(false);
    expect(isLineMarkupWarning(product('100', '0'))).toBe(true); // cost 0 → markup shown as 0.00 %
    expect(isLineMarkupWarning({ kind: 'note', price: '1', cost: '100' })).toBe(false);
    expect(isLineMarkupWarning(header)).toBe(false);
  });
  it('line markup warning resolves percent lines with a base', () => {
    const line = percent('10', '9', 1);
    expect(isLineMarkupWarning(line, { subtotal: '100', cost_total: '100' })).toBe(true); // 10 vs 9 → 11.11 %
    expect(isLineMarkupWarning(line, { subtotal: '200', cost_total: '100' })).toBe(false); // 20 vs 9
  });
});

describe('discount (Odoo sale.order.line.discount)', () => {
  const disc = (price: string, cost: string, quantity: string | number, discount: string | number): PricingLine => ({
    kind: 'product',
    price,
    cost,
    quantity,
    discount,
  });

  it("subtotal = round2(price × qty × (1 − d/100)) like Odoo's price_subtotal (odoo-samples)", () => {
    // sale_order_line_read_after_create: 1500 × 2 at 5 % → 2850, margin 252 (cost 1299 not discounted)
    expect(lineMetrics(disc('1500', '1299', 2, 5))).toEqual({
      subtotal: '2850.00',
      cost_total: '2598.00',
      markup_percent: 9.7, // (1425 − 1299) / 1299
      margin_percent: 8.84, // Odoo margin_percent 0.0884…
    });
    // sale_order_line_search_read_after_write: 1799 × 3 at 5 % → 5127.15
    expect(lineMetrics(disc('1799', '1299', 3, '5.00')).subtotal).toBe('5127.15');
  });

  it('S00025 after the write: amount_untaxed 5754.65, margin 1356.65 (sale_order_read_after_write)', () => {
    const sale = salePricing([
      { lines: [disc('1799', '1299', 3, 5), product('80', '78', 2)] },
      { lines: [product('40', '35', 4)] },
      { lines: [product('30.75', '20.5', 10)] },
    ]);
    expect(sale.total_price).toBe('5754.65');
    expect(sale.total_margin).toBe('1356.65');
    expect(sale.total_margin_percent).toBe(23.57); // Odoo margin_percent 0.23574…
  });

  it('rounds the discounted subtotal half-up once, not the net unit price', () => {
    expect(lineMetrics(disc('0.35', '0', 1, 10)).subtotal).toBe('0.32'); // 0.315
    expect(lineMetrics(disc('0.35', '0', 3, 10)).subtotal).toBe('0.95'); // 0.945, not 3 × 0.32
    expect(lineMetrics(disc('-0.35', '0', 1, 10)).subtotal).toBe('-0.32');
    expect(lineSubtotal('0.35', 3, '10')).toBe('0.95');
  });

  it('0, null and blank are no discount; 100 % makes the line free but keeps its cost', () => {
    for (const d of [0, '0', '0.0000', null, '']) {
      expect(lineMetrics(disc('10', '4', 3, d as string))).toEqual(lineMetrics(product('10', '4', 3)));
    }
    expect(lineMetrics(disc('10', '4', 3, 100))).toEqual({
      subtotal: '0.00',
      cost_total: '12.00',
      markup_percent: -100,
      margin_percent: 0,
    });
    expect(sectionPricing([disc('10', '4', 3, 100)])).toMatchObject({ total_price: '0.00', total_cost: '12.00' });
  });

  it('notes and headers ignore a discount', () => {
    expect(lineMetrics({ kind: 'note', price: '10', quantity: 1, discount: 50 })).toEqual(lineMetrics(note));
  });

  it('a percent line is discounted after it is resolved; the base uses the discounted subtotals', () => {
    const lines = [disc('100', '50', 2, 10), { ...percent('10', '10', 1), discount: 50 }];
    // base: subtotal 180 (discounted), cost 100 → percent line 18.00 / 10.00, then 50 % off → 9.00
    expect(sectionLineMetrics(lines).map((m) => m.subtotal)).toEqual(['180.00', '9.00']);
    expect(sectionPricing(lines)).toMatchObject({ total_price: '189.00', total_cost: '110.00' });
    const resolved = resolvePercentLines(lines);
    expect(resolved[1]).toMatchObject({ price: '18.00', discount: 50, price_percentage_active: false });
    expect(sectionPricing(resolved)).toEqual(sectionPricing(lines));
  });

  it('markupPrice grosses the price up so that the net price carries the markup', () => {
    expect(markupPrice('100', 28, 20)).toBe('160.00'); // net 128
    expect(lineMetrics(disc('160', '100', 1, 20)).markup_percent).toBe(28);
    expect(markupPrice('100', 28, 0)).toBe(markupPrice('100', 28));
    expect(markupPrice('100', 28, 100)).toBe('128.00'); // nothing left to mark up: cost × (1 + m/100)
    expect(applyMarkup([disc('1', '100', 1, 20)], 28)[0]?.price).toBe('160.00');
  });

  it('netPrice and discountFactor', () => {
    expect(netPrice('1799', 5).toFixed()).toBe('1709.05');
    expect(netPrice('10', null).toFixed()).toBe('10');
    expect(discountFactor('12.5').toFixed()).toBe('0.875');
  });
});

describe('salePricingFromSections', () => {
  it('equals salePricing over the lines, for any sections (percent lines included)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(anyLineArb, { maxLength: 12 }), { maxLength: 6 }), (sections) => {
        const fromLines = salePricing(sections.map((lines) => ({ lines })));
        const fromSections = salePricingFromSections(sections.map((lines) => sectionPricing(lines)));
        expect(fromSections).toEqual(fromLines);
      }),
    );
  });

  it('is zero pricing for no sections', () => {
    expect(salePricingFromSections([])).toEqual(ZERO_SALE_PRICING);
  });
});

describe('sectionDetails', () => {
  it('equals sectionLineMetrics and sectionPricing for any section (percent lines, notes, headers)', () => {
    fc.assert(
      fc.property(fc.array(anyLineArb, { maxLength: 25 }), (lines) => {
        expect(sectionDetails(lines)).toEqual({ metrics: sectionLineMetrics(lines), pricing: sectionPricing(lines) });
      }),
      { numRuns: 500 },
    );
  });
});
