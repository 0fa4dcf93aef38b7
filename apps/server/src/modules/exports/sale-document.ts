// The JSON export of a sale: its document format (and the import's schema) is in packages/contracts.
import {
  SALE_DOCUMENT_FORMAT,
  SALE_DOCUMENT_VERSION,
  type SaleDocument,
  type SaleDocumentRef,
} from '@quotewright/contracts';
import { money, showDetailsOf, toDecimalOrZero } from '@quotewright/domain';
import { costString, decimalString } from '../sales/sales.dto';
import type { FullSale } from '../sales/sales.repository';

const ref = (id: number | null, name: string | null): SaleDocumentRef | null =>
  id === null ? null : { id, name: name ?? '' };

/** The export: every stored field a quote needs to be rebuilt, nothing derived (totals are recomputed). */
export function toSaleDocument({ sale: s, sections }: FullSale, now: Date): SaleDocument {
  return {
    format: SALE_DOCUMENT_FORMAT,
    version: SALE_DOCUMENT_VERSION,
    exported_on: now.toISOString(),
    sale: {
      name: s.name,
      quote_number: s.quoteNumber,
      customer: ref(s.customerId, s.customerName),
      customer_invoice: ref(s.invoiceId, s.invoiceName),
      customer_shipping: ref(s.shippingId, s.shippingName),
      template: ref(s.templateId, s.templateName),
      salesperson: ref(s.salespersonId, s.salespersonName),
      validity_days: s.validityDays,
      sections: sections.map((sec) => ({
        name: sec.name,
        presentation: sec.presentation,
        show_details: showDetailsOf(sec.presentation),
        lines: sec.lines.map((l) => ({
          product: {
            id: l.kind === 'product' ? l.productId : null,
            name: l.kind === 'product' ? (l.productName ?? '') : l.kind,
            manufacturer: { name: l.kind === 'product' ? l.manufacturer : null },
          },
          name: l.description,
          quantity: decimalString(l.quantity),
          price: money(toDecimalOrZero(l.price)),
          cost: costString(l.cost),
          discount: l.kind === 'product' ? decimalString(l.discount) : '0',
          price_percentage_active: l.pricePercentageActive,
          uom: { name: l.uom },
        })),
      })),
    },
  };
}
