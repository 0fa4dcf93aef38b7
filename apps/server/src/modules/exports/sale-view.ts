// What a customer document or a spreadsheet shows of a sale: lines with concrete unit money (a "Based on Total"
// line resolved against its section), metrics and totals, all from packages/domain. Plain numbers for cells.
import {
  type LineKind,
  type Pricing,
  resolvePercentLines,
  type SalePricing,
  type SectionPresentation,
  salePricing,
  sectionLineMetrics,
  sectionPricing,
  showDetailsOf,
  toDecimalOrZero,
} from '@quotewright/domain';
import { pricingLine } from '../sales/sales.dto';
import type { FullSale } from '../sales/sales.repository';

export interface ViewLine {
  kind: LineKind;
  model: string;
  manufacturer: string;
  description: string;
  quantity: number;
  price: number;
  cost: number;
  /** Discount % on the price (12.5 = 12.5 %); 0 on notes and headers. */
  discount: number;
  /** A percent (12.5 = 12.5 %), of the net (discounted) price. */
  markupPercent: number;
  uom: string;
  subtotal: number;
}
export interface ViewSection {
  name: string;
  /** How it prints (decision 0032); showDetails is false exactly when it is `total`. */
  presentation: SectionPresentation;
  showDetails: boolean;
  lines: ViewLine[];
  pricing: Pricing;
}
export interface SaleView {
  name: string;
  quoteNumber: string;
  customer: string;
  salesperson: string;
  sections: ViewSection[];
  /** Without the optional sections; `optional_total` and `total_with_optional` beside. */
  pricing: SalePricing;
}

const num = (v: string | number | null | undefined) => toDecimalOrZero(v).toNumber();

export function saleView({ sale, sections }: FullSale): SaleView {
  const viewSections = sections.map((s): ViewSection => {
    const pricing = s.lines.map(pricingLine);
    const metrics = sectionLineMetrics(pricing);
    const concrete = resolvePercentLines(pricing);
    return {
      name: s.name,
      presentation: s.presentation,
      showDetails: showDetailsOf(s.presentation),
      pricing: sectionPricing(pricing),
      lines: s.lines.map((l, i) => {
        const product = l.kind === 'product';
        return {
          kind: l.kind,
          model: product ? (l.productName ?? '') : '',
          manufacturer: product ? (l.manufacturer ?? '') : '',
          description: l.description,
          quantity: product ? num(l.quantity) : 0,
          price: product ? num(concrete[i]!.price) : 0,
          cost: product ? num(concrete[i]!.cost) : 0,
          discount: product ? num(l.discount) : 0,
          markupPercent: metrics[i]!.markup_percent,
          uom: product ? (l.uom ?? '') : '',
          subtotal: num(metrics[i]!.subtotal),
        };
      }),
    };
  });
  return {
    name: sale.name,
    quoteNumber: sale.quoteNumber,
    customer: sale.customerName ?? '',
    salesperson: sale.salespersonName ?? '',
    sections: viewSections,
    pricing: salePricing(sections.map((s) => ({ presentation: s.presentation, lines: s.lines.map(pricingLine) }))),
  };
}
