// What the customer PDF prints (docs/product/rules.md#the-customer-pdf): who the quote is from (the ERP company), to
// whom (the sale's invoice and delivery addresses), until when, by whom, on which terms, and the sections as each is
// presented — built once from the sale and the ERP data, then drawn by pdf.ts. Nothing here is drawn and nothing in
// pdf.ts reads the database: the document can be built from any sale, a revision, or a preview's overrides.
import type { CoverLetterBody } from '@quotewright/contracts';
import {
  effectiveValidityDays,
  formatMoney,
  QUOTE_VALIDITY_DEFAULT_DAYS,
  quoteExpiryDate,
  type SectionPresentation,
} from '@quotewright/domain';
import { currencyOf, type ErpCompanyRow } from '../company/company.repository';
import type { PartyDetails } from '../partners/partners.repository';
import type { FullSale } from '../sales/sales.repository';
import { type SaleView, saleView, type ViewLine } from './sale-view';

/** How a section is printed (decision 0032): its lines with prices, with quantities only, as one line, or optional. */
export type Presentation = SectionPresentation;

export interface DocumentParty {
  name: string;
  /** Street, city line, country… each printed on its own line; empty lines are left out. */
  lines: string[];
}

export interface DocumentSeller extends DocumentParty {
  /** The company's logo (PNG or JPEG bytes); a logo pdfkit cannot read is left out. */
  logo: Buffer | null;
  vat: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
}

export interface DocumentSection {
  name: string;
  presentation: Presentation;
  lines: ViewLine[];
  /** The section's untaxed total, as packages/domain computes it. */
  total: number;
}

/** Odoo's own figures for the order, read back after publish (never computed here). */
export interface ErpAmounts {
  untaxed: number;
  tax: number;
  total: number;
}

export type PaperSize = 'A4' | 'LETTER';

export interface QuoteDocument {
  quoteNumber: string;
  name: string;
  date: Date;
  /** The date the quote is valid until (the document's date + the sale's validity), if known. */
  expiry: Date | null;
  seller: DocumentSeller | null;
  invoice: DocumentParty | null;
  /** Left out when it is the invoice address. */
  delivery: DocumentParty | null;
  customerReference: string | null;
  salesperson: { name: string; email: string | null } | null;
  paymentTerms: string | null;
  sections: DocumentSection[];
  /** The quote's untaxed total: the sections that are not optional. */
  untaxed: number;
  erp: ErpAmounts | null;
  /** Money as the ERP company's currency writes it. */
  money: (value: number) => string;
  paper: PaperSize;
  coverLetter: CoverLetterBody | null;
}

/**
 * Countries whose paper is US Letter (the Americas that use it and the Philippines); everyone else prints A4. Without
 * a company country the document keeps the Letter size it always had.
 */
const LETTER_COUNTRIES = new Set(['US', 'CA', 'MX', 'PH', 'PR', 'CL', 'CO', 'VE', 'GT', 'DO', 'CR', 'PA', 'SV', 'NI']);

export function paperFor(countryCode: string | null | undefined): PaperSize {
  if (!countryCode) return 'LETTER';
  return LETTER_COUNTRIES.has(countryCode.toUpperCase()) ? 'LETTER' : 'A4';
}

/** The sections of a sale's view as they print. */
export function documentSections(view: SaleView): DocumentSection[] {
  return view.sections.map((s) => ({
    name: s.name,
    presentation: s.presentation,
    lines: s.lines,
    total: Number(s.pricing.total_price),
  }));
}

/** What a document is built from besides the sale: the day, the letter, and the ERP's data when there is some. */
export interface DocumentInput {
  now: Date;
  coverLetter: CoverLetterBody | null;
  company?: ErpCompanyRow | undefined;
  /** Settings' "Quote validity (days)" (the default when unset). */
  validityDays?: number | undefined;
  /** The sale's customer and addresses (partners repository `parties`: `customer:<id>`, `address:<id>`). */
  parties?: ReadonlyMap<string, PartyDetails>;
  salespersonEmail?: string | null;
  /** The customer's payment term from the ERP (before the order's own is read back). */
  customerPaymentTerm?: string | null;
}

const clean = (v: string | null | undefined) => (v ?? '').trim();

/** Street, street 2, "zip city", "state, country" — the lines of an address that are there. */
export function addressLines(p: {
  street?: string | null;
  street2?: string | null;
  zip?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
}): string[] {
  const place = [clean(p.zip), clean(p.city)].filter(Boolean).join(' ');
  const region = [clean(p.state), clean(p.country)].filter(Boolean).join(', ');
  return [clean(p.street), clean(p.street2), place, region].filter(Boolean);
}

function sellerOf(c: ErpCompanyRow): DocumentSeller {
  return {
    name: c.name,
    logo: c.logo ? Buffer.from(c.logo, 'base64') : null,
    lines: addressLines(c),
    vat: c.vat || null,
    phone: c.phone || null,
    email: c.email || null,
    website: c.website || null,
  };
}

function partyOf(name: string, details: PartyDetails | undefined): DocumentParty {
  return { name: details?.name || name, lines: details ? addressLines(details) : [] };
}

const num = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));

/** The customer document of a sale. */
export function quoteDocument(full: FullSale, input: DocumentInput): QuoteDocument {
  const { sale } = full;
  const view = saleView(full);
  const parties = input.parties ?? new Map<string, PartyDetails>();
  const customer = sale.customerId !== null ? parties.get(`customer:${sale.customerId}`) : undefined;
  const invoiceId = sale.invoiceId ?? sale.customerId;
  const invoiceName = sale.invoiceName ?? sale.customerName ?? '';
  const invoiceDetails = invoiceId !== null ? (parties.get(`address:${invoiceId}`) ?? customer) : undefined;
  const shippingId = sale.shippingId;
  const delivery =
    shippingId !== null && shippingId !== invoiceId
      ? partyOf(sale.shippingName ?? '', parties.get(`address:${shippingId}`))
      : null;
  const c = input.company;
  const currency = currencyOf(c);
  const days = effectiveValidityDays(sale.validityDays, input.validityDays ?? QUOTE_VALIDITY_DEFAULT_DAYS);
  const untaxed = num(sale.erpAmountUntaxed);
  const tax = num(sale.erpAmountTax);
  const total = num(sale.erpAmountTotal);
  return {
    quoteNumber: sale.quoteNumber,
    name: sale.name,
    date: input.now,
    expiry: new Date(`${quoteExpiryDate(input.now, days)}T00:00:00Z`),
    seller: c ? sellerOf(c) : null,
    invoice: invoiceName || invoiceDetails ? partyOf(invoiceName, invoiceDetails) : null,
    delivery,
    // Published as the order's client_order_ref (erp/publish.ts): the reference the customer knows the quote by.
    customerReference: sale.name.trim() || null,
    salesperson: sale.salespersonName ? { name: sale.salespersonName, email: input.salespersonEmail ?? null } : null,
    paymentTerms: sale.erpPaymentTerm ?? input.customerPaymentTerm ?? null,
    sections: documentSections(view),
    untaxed: Number(view.pricing.total_price),
    // Odoo's figures (read back after each publish/sync, never computed here) while the order is what the sale
    // says; a sale changed since is printed with its own untaxed total until the next sync.
    erp: sale.odooSynced && untaxed !== null && tax !== null && total !== null ? { untaxed, tax, total } : null,
    money: (v) => formatMoney(v, currency),
    paper: paperFor(c?.countryCode),
    coverLetter: input.coverLetter,
  };
}
