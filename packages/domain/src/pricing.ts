// Line metrics and section/sale totals (docs/product/rules.md#pricing). Inputs accept DB rows (numeric strings) and
// numbers; money outputs are 2-decimal strings, percents are numbers rounded to 2 decimals (see money.ts).
import { MARGIN_WARNING_PERCENT, MARKUP_WARNING_PERCENT } from './constants';
import type { Decimal, MoneyString, Numeric } from './money';
import { money, percentOf, round2, toDecimal, toDecimalOrZero } from './money';
import { isOptionalSection, type SectionPresentation } from './presentation';

export const LINE_KINDS = ['product', 'note', 'header'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

export function isLineKind(x: unknown): x is LineKind {
  return typeof x === 'string' && (LINE_KINDS as readonly string[]).includes(x);
}

/**
 * A product named 'note' / 'header' marks notes and headers. Only the JSON import/export boundary uses this
 * mapping (docs/product/rules.md#line-kinds); everywhere else a line has a `kind`.
 */
export function lineKindFromProductName(name: string | null | undefined): LineKind {
  return name === 'note' || name === 'header' ? name : 'product';
}

/** The part of a line that pricing reads. Notes and headers carry no money or quantity: their values are ignored. */
export interface PricingLine {
  kind: LineKind;
  price?: Numeric | null;
  cost?: Numeric | null;
  quantity?: Numeric | null;
  /**
   * Discount % on the price (Odoo's sale.order.line.discount; null/blank = 0). The line is priced at the net unit
   * price = price × (1 − discount/100): subtotal, markup and margin use it; cost is never discounted.
   */
  discount?: Numeric | null;
  /** "Based on Total": price and cost are percents of the section's other (non-percent) product lines. */
  price_percentage_active?: boolean | null;
}

export interface LineMetrics {
  subtotal: MoneyString;
  cost_total: MoneyString;
  markup_percent: number;
  margin_percent: number;
}

/** What a "Based on Total" line's percents apply to: sums over the section's non-percent product lines. */
export interface PercentBase {
  subtotal: Numeric;
  cost_total: Numeric;
}

/** Pricing of a section or a sale (docs/product/rules.md#data-model). */
export interface Pricing {
  total_price: MoneyString;
  total_cost: MoneyString;
  total_margin: MoneyString;
  total_margin_percent: number;
  total_markup_percent: number;
}

export const ZERO_PRICING: Readonly<Pricing> = Object.freeze({
  total_price: '0.00',
  total_cost: '0.00',
  total_margin: '0.00',
  total_margin_percent: 0,
  total_markup_percent: 0,
});

const ONE = toDecimal(1);

const ZERO_METRICS: Readonly<LineMetrics> = Object.freeze({
  subtotal: '0.00',
  cost_total: '0.00',
  markup_percent: 0,
  margin_percent: 0,
});

export function isProductLine(line: Pick<PricingLine, 'kind'>): boolean {
  return line.kind === 'product';
}

export function isPercentLine(line: Pick<PricingLine, 'kind' | 'price_percentage_active'>): boolean {
  return line.kind === 'product' && line.price_percentage_active === true;
}

/** Line markup % = (price − cost) / cost × 100; 0 when cost is 0 (docs/product/rules.md#line-figures). */
export function markupPercentOf(price: Numeric | null | undefined, cost: Numeric | null | undefined): number {
  const c = toDecimalOrZero(cost);
  return percentOf(toDecimalOrZero(price).minus(c), c);
}

/** Line margin % = (price − cost) / price × 100; 0 when cost or price is 0 (docs/product/rules.md#line-figures). */
export function marginPercentOf(price: Numeric | null | undefined, cost: Numeric | null | undefined): number {
  const c = toDecimalOrZero(cost);
  if (c.isZero()) return 0;
  const p = toDecimalOrZero(price);
  return percentOf(p.minus(c), p);
}

/** The unrounded markup (a Decimal), for round trips that must not lose precision. */
export function exactMarkupPercent(price: Numeric | null | undefined, cost: Numeric | null | undefined): Decimal {
  const c = toDecimalOrZero(cost);
  if (c.isZero()) return c;
  return toDecimalOrZero(price).minus(c).div(c).times(100);
}

/** The factor (1 − discount/100) that turns a list price into the net price; 1 without a discount. */
export function discountFactor(discount: Numeric | null | undefined): Decimal {
  // The hot path (every line of a 2,000-line sale): most lines have none, as a DB numeric(7,4) "0.0000".
  if (discount === '0.0000' || discount === 0 || discount === '0' || discount == null) return ONE;
  const d = toDecimalOrZero(discount);
  return d.isZero() ? ONE : ONE.minus(d.div(100));
}

/** The exact (unrounded) net unit price: price × (1 − discount/100). */
export function netPrice(price: Numeric | null | undefined, discount?: Numeric | null): Decimal {
  const p = toDecimalOrZero(price);
  const f = discountFactor(discount);
  return f === ONE ? p : p.times(f);
}

/** round2(price × qty × (1 − discount/100)) as a Decimal: Odoo's price_subtotal (without taxes). */
function discountedTotal(price: Decimal, qty: Decimal, factor: Decimal): Decimal {
  return round2(factor === ONE ? price.times(qty) : price.times(qty).times(factor));
}

/**
 * Markup price: the list price whose NET price has the markup, round2(cost × (1 + markup/100) / (1 − discount/100)),
 * as a money string; without a discount that is round2(cost × (1 + m/100)) (docs/product/rules.md#set-markup). A 100 %
 * discount leaves nothing to mark up: the price is then cost × (1 + m/100).
 */
export function markupPrice(
  cost: Numeric | null | undefined,
  markupPercent: Numeric,
  discount?: Numeric | null,
): MoneyString {
  const net = toDecimalOrZero(cost).times(toDecimal(markupPercent).div(100).plus(1));
  const f = discountFactor(discount);
  return money(f === ONE || f.isZero() ? net : net.div(f));
}

/** The concrete unit price and cost of a line: percent lines resolved against `base`, money rounded to cents. */
function unitMoney(line: PricingLine, base: PercentBase | undefined): { price: Decimal; cost: Decimal } {
  if (isPercentLine(line)) {
    const b = base ?? { subtotal: 0, cost_total: 0 };
    return {
      price: round2(toDecimal(b.subtotal).times(toDecimalOrZero(line.price)).div(100)),
      cost: round2(toDecimal(b.cost_total).times(toDecimalOrZero(line.cost)).div(100)),
    };
  }
  return { price: toDecimalOrZero(line.price), cost: toDecimalOrZero(line.cost) };
}

/** Rounded subtotal (discounted) and cost total of a line as Decimals (the totals path: no percents, no strings). */
function lineTotals(line: PricingLine, base: PercentBase | undefined): { price: Decimal; cost: Decimal } {
  const { price, cost } = unitMoney(line, base);
  const qty = toDecimalOrZero(line.quantity);
  return { price: discountedTotal(price, qty, discountFactor(line.discount)), cost: round2(cost.times(qty)) };
}

/**
 * Metrics of one line. Notes and headers are all zero. A "Based on Total" line needs its section's `base`
 * (see percentBase / sectionLineMetrics); without one it resolves against 0.
 * subtotal = round2(price × qty × (1 − discount/100)), cost_total = round2(cost × qty); the percents use the net
 * unit price (price × (1 − discount/100)) and the unit cost.
 */
export function lineMetrics(line: PricingLine, base?: PercentBase): LineMetrics {
  if (!isProductLine(line)) return { ...ZERO_METRICS };
  const { price, cost } = unitMoney(line, base);
  const qty = toDecimalOrZero(line.quantity);
  const f = discountFactor(line.discount);
  const net = f === ONE ? price : price.times(f);
  return {
    subtotal: discountedTotal(price, qty, f).toFixed(2),
    cost_total: money(cost.times(qty)),
    markup_percent: markupPercentOf(net, cost),
    margin_percent: marginPercentOf(net, cost),
  };
}

/** Sums of the rounded subtotals / cost totals of a section's non-percent product lines. */
export function percentBase(lines: readonly PricingLine[]): { subtotal: MoneyString; cost_total: MoneyString } {
  let subtotal = toDecimal(0);
  let cost = toDecimal(0);
  for (const line of lines) {
    if (!isProductLine(line) || isPercentLine(line)) continue;
    const t = lineTotals(line, undefined);
    subtotal = subtotal.plus(t.price);
    cost = cost.plus(t.cost);
  }
  return { subtotal: money(subtotal), cost_total: money(cost) };
}

/** Metrics of every line of one section, percent lines resolved against that section. */
export function sectionLineMetrics(lines: readonly PricingLine[]): LineMetrics[] {
  const base = lines.some(isPercentLine) ? percentBase(lines) : undefined;
  return lines.map((line) => lineMetrics(line, base));
}

/**
 * One line of a section parsed once, with its own totals and metrics when they do not depend on the section (every
 * product line but a "Based on Total" one); null for notes and headers. Parts are immutable: a caller that keeps the
 * line objects may keep their parts too, and recompute a section from them (sectionDetailsOf) after one line changed.
 */
export interface LinePart {
  readonly percent: boolean;
  readonly price: Decimal;
  readonly cost: Decimal;
  readonly qty: Decimal;
  readonly factor: Decimal;
  /**
   * Non-percent lines: rounded subtotal, rounded cost total (also as whole cents, which a section sums exactly and
   * cheaply: a one-line edit of a 1,000-line section re-adds 2,000 integers, not 2,000 decimals) and the metrics.
   */
  readonly own?: {
    readonly tp: Decimal;
    readonly tc: Decimal;
    readonly tpCents: bigint;
    readonly tcCents: bigint;
    readonly metrics: LineMetrics;
  };
}

export function linePart(line: PricingLine): LinePart | null {
  if (!isProductLine(line)) return null;
  const price = toDecimalOrZero(line.price);
  const cost = toDecimalOrZero(line.cost);
  const qty = toDecimalOrZero(line.quantity);
  const factor = discountFactor(line.discount);
  if (isPercentLine(line)) return { percent: true, price, cost, qty, factor };
  const tp = discountedTotal(price, qty, factor);
  const tc = round2(cost.times(qty));
  const net = factor === ONE ? price : price.times(factor);
  const metrics: LineMetrics = {
    subtotal: tp.toFixed(2),
    cost_total: tc.toFixed(2),
    markup_percent: markupPercentOf(net, cost),
    margin_percent: marginPercentOf(net, cost),
  };
  const own = { tp, tc, tpCents: cents(tp), tcCents: cents(tc), metrics };
  return { percent: false, price, cost, qty, factor, own };
}

/** A 2-decimal amount as whole cents. */
const cents = (x: Decimal): bigint => BigInt(x.times(100).toFixed(0));
/** Whole cents as an amount. */
const fromCents = (c: bigint): Decimal => toDecimal(c.toString()).div(100);

/** A section's line metrics and pricing from its lines' parts (see linePart). */
export function sectionDetailsOf(parts: readonly (LinePart | null)[]): { metrics: LineMetrics[]; pricing: Pricing } {
  const metrics: LineMetrics[] = new Array(parts.length);
  let subtotalCents = 0n;
  let costCents = 0n;
  let hasPercent = false;
  parts.forEach((p, i) => {
    if (!p) {
      metrics[i] = { ...ZERO_METRICS };
      return;
    }
    if (!p.own) {
      hasPercent = true;
      return;
    }
    subtotalCents += p.own.tpCents;
    costCents += p.own.tcCents;
    metrics[i] = p.own.metrics;
  });
  const subtotal = fromCents(subtotalCents);
  const costTotal = fromCents(costCents);
  let price = subtotal;
  let cost = costTotal;
  if (hasPercent) {
    parts.forEach((p, i) => {
      if (!p || p.own) return;
      const unitPrice = round2(subtotal.times(p.price).div(100));
      const unitCost = round2(costTotal.times(p.cost).div(100));
      const tp = discountedTotal(unitPrice, p.qty, p.factor);
      const tc = round2(unitCost.times(p.qty));
      const net = p.factor === ONE ? unitPrice : unitPrice.times(p.factor);
      price = price.plus(tp);
      cost = cost.plus(tc);
      metrics[i] = {
        subtotal: tp.toFixed(2),
        cost_total: tc.toFixed(2),
        markup_percent: markupPercentOf(net, unitCost),
        margin_percent: marginPercentOf(net, unitCost),
      };
    });
  }
  return { metrics, pricing: pricingFromTotals(price, cost) };
}

/**
 * A section's line metrics and pricing in one pass, each value parsed once: the same results as
 * sectionLineMetrics(lines) and sectionPricing(lines) (property-tested), for the hot path that builds a whole sale.
 */
export function sectionDetails(lines: readonly PricingLine[]): { metrics: LineMetrics[]; pricing: Pricing } {
  return sectionDetailsOf(lines.map(linePart));
}

/** A line after resolution/markup: price and cost may have become money strings. */
export type PricedLine<T extends PricingLine> = {
  [K in keyof T]: K extends 'price' | 'cost' ? T[K] | MoneyString : T[K];
};

/**
 * Makes the "Based on Total" lines of one section concrete: price and cost become money strings resolved against
 * the section's other non-percent product lines, and price_percentage_active becomes false. Used when a template
 * is applied to (or refreshed in) a sale. Other lines are returned unchanged (same objects). Totals are unchanged.
 */
export function resolvePercentLines<T extends PricingLine>(lines: readonly T[]): PricedLine<T>[] {
  if (!lines.some(isPercentLine)) return [...lines] as PricedLine<T>[];
  const base = percentBase(lines);
  return lines.map((line) => {
    if (!isPercentLine(line)) return line;
    const { price, cost } = unitMoney(line, base);
    return { ...line, price: price.toFixed(2), cost: cost.toFixed(2), price_percentage_active: false };
  }) as PricedLine<T>[];
}

/** Pricing from a total price and a total cost (margin = price − cost). */
export function pricingFromTotals(totalPrice: Numeric, totalCost: Numeric): Pricing {
  const price = round2(totalPrice);
  const cost = round2(totalCost);
  const margin = price.minus(cost);
  return {
    total_price: price.toFixed(2),
    total_cost: cost.toFixed(2),
    total_margin: money(margin),
    total_margin_percent: percentOf(margin, price),
    total_markup_percent: percentOf(margin, cost),
  };
}

function sectionSums(lines: readonly PricingLine[]): { price: Decimal; cost: Decimal } {
  let price = toDecimal(0);
  let cost = toDecimal(0);
  let hasPercent = false;
  for (const line of lines) {
    if (!isProductLine(line)) continue;
    if (isPercentLine(line)) {
      hasPercent = true;
      continue;
    }
    const t = lineTotals(line, undefined);
    price = price.plus(t.price);
    cost = cost.plus(t.cost);
  }
  if (hasPercent) {
    // The base is the sums so far: exactly the non-percent product lines.
    const base = { subtotal: price, cost_total: cost };
    let extraPrice = toDecimal(0);
    let extraCost = toDecimal(0);
    for (const line of lines) {
      if (!isPercentLine(line)) continue;
      const t = lineTotals(line, base);
      extraPrice = extraPrice.plus(t.price);
      extraCost = extraCost.plus(t.cost);
    }
    price = price.plus(extraPrice);
    cost = cost.plus(extraCost);
  }
  return { price, cost };
}

/** Section totals: sums of the ROUNDED line subtotals / cost totals of its product lines (notes/headers add 0). */
export function sectionPricing(lines: readonly PricingLine[]): Pricing {
  const { price, cost } = sectionSums(lines);
  return pricingFromTotals(price, cost);
}

/**
 * Pricing of a sale: its sections' totals WITHOUT the optional sections (docs/product/rules.md#section-presentation),
 * and the optional sections' total apart. `total_price` is what the sale costs the customer (stored as
 * sales.total_price and compared with Odoo's amount_untaxed); the optional sections are offered, not ordered.
 */
export interface SalePricing extends Pricing {
  /** Σ of the optional sections' total prices ('0.00' when there are none). */
  optional_total: MoneyString;
  /** total_price + optional_total: what the sale would cost with every optional section taken. */
  total_with_optional: MoneyString;
}

export const ZERO_SALE_PRICING: Readonly<SalePricing> = Object.freeze({
  ...ZERO_PRICING,
  optional_total: '0.00',
  total_with_optional: '0.00',
});

/** A section as the sale's totals see it: an optional one is kept apart. */
export interface PresentedSection {
  readonly presentation?: SectionPresentation | null | undefined;
}

function salePricingOf(price: Decimal, cost: Decimal, optional: Decimal): SalePricing {
  const pricing = pricingFromTotals(price, cost);
  return {
    ...pricing,
    optional_total: money(optional),
    total_with_optional: money(toDecimal(pricing.total_price).plus(optional)),
  };
}

/** Sale totals: the sum over its non-optional sections (each section resolves its own percent lines). */
export function salePricing(
  sections: readonly (PresentedSection & { readonly lines: readonly PricingLine[] })[],
): SalePricing {
  let price = toDecimal(0);
  let cost = toDecimal(0);
  let optional = toDecimal(0);
  for (const section of sections) {
    const s = sectionSums(section.lines);
    if (isOptionalSection(section)) {
      optional = optional.plus(round2(s.price));
      continue;
    }
    price = price.plus(s.price);
    cost = cost.plus(s.cost);
  }
  return salePricingOf(price, cost, optional);
}

/**
 * Sale totals from its sections' pricing: the same as salePricing over the lines (section totals are sums of
 * rounded line totals, so adding them is exact), without touching a line — used when sections are cached.
 */
export function salePricingFromSections(
  sections: readonly (PresentedSection & Pick<Pricing, 'total_price' | 'total_cost'>)[],
): SalePricing {
  let price = toDecimal(0);
  let cost = toDecimal(0);
  let optional = toDecimal(0);
  for (const s of sections) {
    if (isOptionalSection(s)) {
      optional = optional.plus(s.total_price);
      continue;
    }
    price = price.plus(s.total_price);
    cost = cost.plus(s.total_cost);
  }
  return salePricingOf(price, cost, optional);
}

/**
 * Set Markup (docs/product/rules.md#set-markup): every product line gets price = round2(cost × (1 + m/100)), grossed up
 * by its discount so that the net price carries the markup (markupPrice). No bound is checked. Notes and headers are
 * returned unchanged. On a "Based on Total" line the percents scale: price % = cost % × (1 + m/100).
 */
export function applyMarkup<T extends PricingLine>(lines: readonly T[], markupPercent: Numeric): PricedLine<T>[] {
  const m = toDecimal(markupPercent);
  return lines.map((line) =>
    isProductLine(line) ? { ...line, price: markupPrice(line.cost, m, line.discount) } : line,
  ) as PricedLine<T>[];
}

/** Totals' margin warning: margin % below 22. */
export function isMarginWarning(percent: number): boolean {
  return percent < MARGIN_WARNING_PERCENT;
}

/** Totals' markup warning: markup % below 28. */
export function isMarkupWarning(percent: number): boolean {
  return percent < MARKUP_WARNING_PERCENT;
}

/**
 * A product line whose markup % is below 28 shows in red. Notes and headers never warn. A line with cost 0 has
 * markup 0 (docs/product/rules.md#warnings) and therefore warns, consistent with the 0.00 % it displays.
 */
export function isLineMarkupWarning(line: PricingLine, base?: PercentBase): boolean {
  return isProductLine(line) && isMarkupWarning(lineMetrics(line, base).markup_percent);
}
