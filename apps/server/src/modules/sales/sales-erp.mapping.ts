// An ERP order as the sale it becomes (ErpSaleImport): read by the sales fetch (modules/erpfetch) and by a
// publish/sync reading its order back (sale-sync.service.ts). Its content hash is the one the fetch compares.
import { mapOdooSaleState, salePricing } from '@quotewright/domain';
import { contentHash } from '../../infra/content-hash';
import type { ErpSale } from '../erp/erp.types';
import { NO_SECTION_LINE, OPTIONS_SECTION } from '../erp/publish';
import type { ErpSaleImport } from './sales-erp.repository';

const ref = (r: { odooId: number; name: string } | null) => (r ? { id: r.odooId, name: r.name } : null);

/**
 * An ERP order as local sections: each section line opens a section; lines before the first section go into one
 * named after the order (with NO_SECTION_LINE: a sync adds no section line for it); subsections become headers,
 * notes stay notes (docs/product/erp-mapping.md#sections-notes-and-headers).
 */
export function saleImport(
  s: ErpSale,
  productInfo: (odooId: number) => { model: string; manufacturer: string | null } | undefined,
): ErpSaleImport {
  const sections: ErpSaleImport['sections'] = [];
  let current: ErpSaleImport['sections'][number] | undefined;
  for (const l of s.lines) {
    if (l.kind === 'section') {
      // Odoo 19: the lines after an is_optional section (by sequence: parent_id cannot be searched) are optional.
      current = {
        name: l.name,
        odooLineId: l.odooId,
        ...(l.optional ? { presentation: 'optional' as const } : {}),
        lines: [],
      };
      sections.push(current);
      continue;
    }
    if (!current) {
      current = { name: s.name, odooLineId: NO_SECTION_LINE, lines: [] };
      sections.push(current);
    }
    const info = l.productOdooId !== null ? productInfo(l.productOdooId) : undefined;
    const kind = l.kind === 'product' ? 'product' : l.kind === 'note' ? 'note' : 'header';
    // A quantity-0 optional line (what a publish sends, and Odoo's own templates) is the offered unit: 1.
    const offered = current.presentation === 'optional' && Number(l.quantity) === 0 ? '1' : l.quantity;
    current.lines.push({
      kind,
      productId: kind === 'product' ? l.productOdooId : null,
      productName: kind === 'product' ? (info?.model ?? null) : kind,
      manufacturer: kind === 'product' ? (info?.manufacturer ?? null) : null,
      description: l.name,
      quantity: kind === 'product' ? offered : '0',
      price: kind === 'product' ? l.priceUnit : '0',
      cost: kind === 'product' ? l.cost : '0',
      // Only when there is one: the content hash of an order without discounts stays what it was before discounts
      // were read, so such orders are not rewritten.
      ...(kind === 'product' && Number(l.discount) !== 0 ? { discount: l.discount } : {}),
      uom: kind === 'product' ? l.uom : null,
      odooLineId: l.odooId,
    });
  }
  // Odoo 18: the order's options, one section "Optional Products" at the end (decision 0032); no order line.
  if (s.options && s.options.length > 0)
    sections.push({
      name: OPTIONS_SECTION,
      odooLineId: null,
      presentation: 'optional',
      lines: s.options.map((o) => {
        const info = o.productOdooId !== null ? productInfo(o.productOdooId) : undefined;
        return {
          kind: 'product' as const,
          productId: o.productOdooId,
          productName: info?.model ?? null,
          manufacturer: info?.manufacturer ?? null,
          description: o.name,
          quantity: o.quantity,
          price: o.priceUnit,
          cost: '0',
          ...(Number(o.discount) !== 0 ? { discount: o.discount } : {}),
          uom: o.uom,
          odooLineId: null,
          odooOptionId: o.odooId,
        };
      }),
    });
  // Without optional sections, as Odoo's amount_untaxed; the optional sections' total apart.
  const pricing = salePricing(sections.map((sec) => ({ presentation: sec.presentation, lines: sec.lines })));
  const totalPrice = pricing.total_price;
  const body = {
    odooId: s.odooId,
    odooName: s.name,
    origin: s.origin,
    state: mapOdooSaleState(s.state, false),
    customer: ref(s.partner),
    invoice: ref(s.partnerInvoice),
    shipping: ref(s.partnerShipping),
    salesperson: ref(s.salesperson),
    template: ref(s.template),
    totalPrice,
    // Odoo's figures: content, so a change of the order's taxes or terms alone is fetched too.
    erp: {
      untaxed: s.amountUntaxed,
      tax: s.amountTax,
      total: s.amountTotal,
      paymentTerm: s.paymentTerm?.name ?? null,
      validityDate: s.validityDate,
    },
    sections,
  };
  // The creation time identifies the order; it is not content (a change of it must not rewrite the sale). The
  // optional total follows from the sections (content already): left out of the hash, which stays as it was.
  return { ...body, optionalTotal: pricing.optional_total, contentHash: contentHash(body), createdAt: s.createdAt };
}
