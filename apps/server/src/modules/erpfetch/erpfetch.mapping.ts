// ERP records as the rows the fetch writes (products, partners). A fetched order becomes a sale through the sales
// module's own mapping (saleImport, modules/sales/sales-erp.mapping.ts); every content hash is infra's contentHash.
import { contentHash } from '../../infra/content-hash';
import type { ProductUpsert } from '../catalog/catalog.repository';
import type { ErpCompanySave, PaymentTermSave } from '../company/company.repository';
import type { ErpCompanyDocument, ErpPartner, ErpPaymentTerm, ErpPostalDetails, ErpProduct } from '../erp/erp.types';
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

const postal = (p: ErpPostalDetails) => ({
  street: p.street,
  street2: p.street2,
  zip: p.zip,
  city: p.city,
  state: p.state,
  country: p.country,
  vat: p.vat,
  phone: p.phone,
});

export function partnerRow(p: ErpPartner): PartnerUpsert {
  const row = {
    id: p.odooId,
    name: p.name,
    email: p.email,
    active: p.active,
    ...postal(p),
    paymentTermId: p.paymentTermId,
    addresses: p.addresses.map((a) => ({ id: a.odooId, name: a.name, type: a.type, email: a.email, ...postal(a) })),
  };
  return { ...row, contentHash: contentHash(row) };
}

/** The company of customer documents as the row the fetch writes (one row; its hash makes a re-fetch write nothing). */
export function companyRow(c: ErpCompanyDocument): ErpCompanySave {
  const row = {
    odooId: c.odooId,
    name: c.name,
    street: c.street,
    street2: c.street2,
    zip: c.zip,
    city: c.city,
    state: c.state,
    country: c.country,
    countryCode: c.countryCode,
    vat: c.vat,
    phone: c.phone,
    email: c.email,
    website: c.website,
    companyRegistry: c.companyRegistry,
    logo: c.logo,
    currencyName: c.currency.name,
    currencySymbol: c.currency.symbol,
    currencyPosition: c.currency.position,
    currencyDecimalPlaces: c.currency.decimalPlaces,
    currencyRounding: c.currency.rounding,
  };
  return { ...row, contentHash: contentHash(row) };
}

export function paymentTermRow(t: ErpPaymentTerm): PaymentTermSave {
  const row = { id: t.odooId, name: t.name, note: t.note };
  return { ...row, contentHash: contentHash(row) };
}
