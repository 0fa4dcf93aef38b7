// What the customer PDF prints (docs/product/rules.md#the-customer-pdf): who the quote is from (the ERP company), to
// whom (the sale's invoice and delivery addresses), until when, by whom, on which terms, and the sections as each is
// presented — built once from the sale and the ERP data, then drawn by pdf.ts. Nothing here is drawn and nothing in
// pdf.ts reads the database: the document can be built from any sale, a revision, or a preview's overrides.
import type { CoverLetterBody } from '@quotewright/contracts';
import { formatMoney } from '@quotewright/domain';
import type { FullSale } from '../sales/sales.repository';
import { type SaleView, saleView, type ViewLine } from './sale-view';

/** How a section is printed (decision 0032): its lines with prices, with quantities only, as one line, or optional. */
export type Presentation = 'details' | 'quantities' | 'total' | 'optional';

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

/** The sections of a sale's view with a presentation each (Show Details off prints as its total). */
export function documentSections(
  view: SaleView,
  presentationOf: (index: number) => Presentation | undefined = () => undefined,
): DocumentSection[] {
  return view.sections.map((s, i) => ({
    name: s.name,
    presentation: presentationOf(i) ?? (s.showDetails ? 'details' : 'total'),
    lines: s.lines,
    total: Number(s.pricing.total_price),
  }));
}

/** What a document is built from besides the sale: the day, the letter, and what a preview overrides. */
export interface DocumentInput {
  now: Date;
  coverLetter: CoverLetterBody | null;
}

/** The customer document of a sale. */
export function quoteDocument(full: FullSale, input: DocumentInput): QuoteDocument {
  const { sale } = full;
  const view = saleView(full);
  const sections = documentSections(view);
  const customer = sale.customerName ?? '';
  const invoiceName = sale.invoiceName ?? customer;
  return {
    quoteNumber: sale.quoteNumber,
    name: sale.name,
    date: input.now,
    expiry: null,
    seller: null,
    invoice: invoiceName ? { name: invoiceName, lines: [] } : null,
    delivery:
      sale.shippingName && sale.shippingId !== (sale.invoiceId ?? sale.customerId)
        ? { name: sale.shippingName, lines: [] }
        : null,
    customerReference: null,
    salesperson: sale.salespersonName ? { name: sale.salespersonName, email: null } : null,
    paymentTerms: null,
    sections,
    untaxed: Number(view.pricing.total_price),
    erp: null,
    money: (v) => formatMoney(v),
    paper: 'LETTER',
    coverLetter: input.coverLetter,
  };
}
