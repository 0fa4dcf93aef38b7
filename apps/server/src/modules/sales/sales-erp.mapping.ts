// An ERP order as the sale it becomes (ErpSaleImport): read by the sales fetch (modules/erpfetch) and by a
// publish/sync reading its order back (sale-sync.service.ts). Its content hash is the one the fetch compares.
import { mapOdooSaleState, salePricing } from '@quotewright/domain';
import { contentHash } from '../../infra/content-hash';
import type { ErpSale } from '../erp/erp.types';
import { NO_SECTION_LINE } from '../erp/publish';
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
      current = { name: l.name, odooLineId: l.odooId, lines: [] };
      sections.push(current);
      continue;
    }
    if (!current) {
      current = { name: s.name, odooLineId: NO_SECTION_LINE, lines: [] };
      sections.push(current);
    }
    const info = l.productOdooId !== null ? productInfo(l.productOdooId) : undefined;
    const kind = l.kind === 'product' ? 'product' : l.kind === 'note' ? 'note' : 'header';
    current.lines.push({
      kind,
      productId: kind === 'product' ? l.productOdooId : null,
      productName: kind === 'product' ? (info?.model ?? null) : kind,
      manufacturer: kind === 'product' ? (info?.manufacturer ?? null) : null,
      description: l.name,
      quantity: kind === 'product' ? l.quantity : '0',
      price: kind === 'product' ? l.priceUnit : '0',
      cost: kind === 'product' ? l.cost : '0',
      // Only when there is one: the content hash of an order without discounts stays what it was before discounts
      // were read, so such orders are not rewritten.
      ...(kind === 'product' && Number(l.discount) !== 0 ? { discount: l.discount } : {}),
      uom: kind === 'product' ? l.uom : null,
      odooLineId: l.odooId,
    });
  }
  const totalPrice = salePricing(sections.map((sec) => ({ lines: sec.lines }))).total_price;
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
    sections,
  };
  // The creation time identifies the order; it is not content (a change of it must not rewrite the sale).
  return { ...body, contentHash: contentHash(body), createdAt: s.createdAt };
}
