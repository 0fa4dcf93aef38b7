// ERP records as the rows the fetch writes (products, partners). A fetched order becomes a sale through the sales
// module's own mapping (saleImport, modules/sales/sales-erp.mapping.ts); every content hash is infra's contentHash.
import { contentHash } from '../../infra/content-hash';
import type { ProductUpsert } from '../catalog/catalog.repository';
import type { ErpPartner, ErpProduct } from '../erp/erp.types';
import type { PartnerUpsert } from '../partners/partners.repository';

export function productRow(p: ErpProduct): ProductUpsert {
  const row = {
    id: p.odooId,
    model: p.model,
    name: p.name,
    description: p.description,
    category: p.category,
    manufacturer: p.manufacturer,
    price: p.price,
    cost: p.cost,
    uom: p.uom,
    active: p.active,
    isBundle: p.related.length > 0,
    related: p.related.map((r) => ({ relatedId: r.odooId, quantity: r.quantity })),
  };
  // A product without a part number hashes as before part numbers existed: an upgrade rewrites only those that have one.
  const hashed = p.partNumber === null ? row : { ...row, partNumber: p.partNumber };
  return { ...row, partNumber: p.partNumber, contentHash: contentHash(hashed) };
}

export function partnerRow(p: ErpPartner): PartnerUpsert {
  const row = {
    id: p.odooId,
    name: p.name,
    email: p.email,
    active: p.active,
    addresses: p.addresses.map((a) => ({ id: a.odooId, name: a.name, type: a.type })),
  };
  return { ...row, contentHash: contentHash(row) };
}
