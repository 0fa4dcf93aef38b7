import { PassThrough, type Readable } from 'node:stream';
import type { CoverLetter, CoverLetterBody, SaleDocument, SaleDocumentRevision } from '@quotewright/contracts';
import {
  DEFAULT_CURRENCY,
  type MoneyCurrency,
  saleExcelFileName,
  saleJsonFileName,
  sanitizeFileName,
} from '@quotewright/domain';
import { notFound } from '../../errors';
import { type AuthUser, authorize } from '../../policy';
import type { CompanyRepository } from '../company/company.repository';
import type { PartnersRepository } from '../partners/partners.repository';
import type { FullSale, SalesRepository } from '../sales/sales.repository';
import { writeSaleWorkbook } from './excel';
import type { ExportsRepository } from './exports.repository';
import { salePdf } from './pdf';
import { type DocumentInput, quoteDocument } from './quote-document';
import { toSaleDocument } from './sale-document';
import { saleView } from './sale-view';

function letterOf(row: { body: CoverLetterBody; updatedAt: Date; updatedByName: string } | undefined): CoverLetter {
  return row
    ? { body: row.body, updated_on: row.updatedAt.toISOString(), updated_by: { name: row.updatedByName } }
    : { body: [], updated_on: null, updated_by: null };
}

export function exportsService(deps: {
  sales: SalesRepository;
  exports: ExportsRepository;
  now?: () => number;
  /** The sale's revisions with their documents, oldest first (modules/revisions), for the JSON export. */
  revisions?: (saleId: string, quoteNumber: string) => Promise<SaleDocumentRevision[]>;
  /** The ERP's data customer documents print (decision 0031): the company, its currency, addresses, terms. */
  company?: Pick<CompanyRepository, 'companyWithLogo' | 'currency' | 'quoteValidityDays' | 'paymentTerm'>;
  partners?: Pick<PartnersRepository, 'parties' | 'salespersonEmail'>;
}) {
  const now = () => new Date(deps.now?.() ?? Date.now());

  async function load(actor: AuthUser | null, id: string) {
    const user = authorize(actor, 'sales.view');
    const full = await deps.sales.snapshot((r) => r.findFull(id));
    if (!full) throw notFound('Sale');
    return { user, full };
  }

  /** What the customer PDF prints of the ERP: its company, the sale's parties, the salesperson's e-mail, the terms. */
  async function documentInput(full: FullSale, coverLetter: CoverLetterBody | null): Promise<DocumentInput> {
    const { sale } = full;
    const addresses = [sale.invoiceId, sale.shippingId].filter((x): x is number => x !== null);
    const customers = sale.customerId !== null ? [sale.customerId] : [];
    const [company, validityDays, parties, salespersonEmail] = await Promise.all([
      deps.company?.companyWithLogo(),
      deps.company?.quoteValidityDays(),
      deps.partners?.parties({ customers, addresses }),
      sale.salespersonId !== null ? deps.partners?.salespersonEmail(sale.salespersonId) : null,
    ]);
    const termId = sale.customerId !== null ? parties?.get(`customer:${sale.customerId}`)?.paymentTermId : null;
    const term = termId ? await deps.company?.paymentTerm(termId) : undefined;
    return {
      now: now(),
      coverLetter,
      company,
      validityDays,
      ...(parties ? { parties } : {}),
      salespersonEmail: salespersonEmail ?? null,
      customerPaymentTerm: term?.name ?? null,
    };
  }

  /** The currency amounts are written in: the ERP company's (dollars until it is known). */
  const currency = async (): Promise<MoneyCurrency> => deps.company?.currency() ?? DEFAULT_CURRENCY;

  return {
    /** The .xlsx of a sale; the requesting user's discrete mode leaves cost, margin and markup out. */
    async excel(actor: AuthUser | null, id: string): Promise<{ fileName: string; stream: Readable }> {
      const { user, full } = await load(actor, id);
      const [{ discreteMode }, money] = await Promise.all([deps.exports.preferencesOf(user.id), currency()]);
      const out = new PassThrough();
      writeSaleWorkbook(saleView(full), { discrete: discreteMode, now: now(), currency: money }, out).catch((e) =>
        out.destroy(e),
      );
      return { fileName: saleExcelFileName(full.sale.name, full.sale.quoteNumber), stream: out };
    },

    /** The lossless JSON document of a sale; with `revisions`, the sale's revisions too. */
    async json(
      actor: AuthUser | null,
      id: string,
      opts: { revisions?: boolean } = {},
    ): Promise<{ fileName: string; document: SaleDocument }> {
      const { full } = await load(actor, id);
      const document = toSaleDocument(full, now());
      if (opts.revisions && deps.revisions) document.revisions = await deps.revisions(id, full.sale.quoteNumber);
      return { fileName: saleJsonFileName(full.sale.name, full.sale.quoteNumber), document };
    },

    /** The customer PDF (no cost, margin or markup, whatever the user's preferences), its cover letter first. */
    async pdf(actor: AuthUser | null, id: string): Promise<{ fileName: string; stream: Readable }> {
      const { full } = await load(actor, id);
      const letter = await deps.exports.coverLetter(id);
      const input = await documentInput(full, letter?.body ?? null);
      return {
        fileName: `${sanitizeFileName(`${full.sale.name}_${full.sale.quoteNumber}`, 'sale')}.pdf`,
        stream: salePdf(quoteDocument(full, input)),
      };
    },

    /** The sale's cover letter (the document editor); an empty one when none was saved. */
    async coverLetter(actor: AuthUser | null, id: string): Promise<CoverLetter> {
      authorize(actor, 'sales.view');
      const row = await deps.exports.coverLetter(id);
      if (!row && !(await deps.sales.exists(id))) throw notFound('Sale');
      return letterOf(row);
    },

    /** Saves the sale's cover letter (sales edit rights; any state: the letter is not part of the order). */
    async saveCoverLetter(actor: AuthUser | null, id: string, body: CoverLetterBody): Promise<CoverLetter> {
      const user = authorize(actor, 'sales.edit');
      const row = await deps.exports.saveCoverLetter(id, body, user);
      if (!row) throw notFound('Sale');
      return letterOf(row);
    },
  };
}
export type ExportsService = ReturnType<typeof exportsService>;
