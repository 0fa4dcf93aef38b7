import { PassThrough, type Readable } from 'node:stream';
import {
  lineKindFromProductName,
  saleExcelFileName,
  saleJsonFileName,
  salePricing,
  sanitizeFileName,
  toDecimal,
} from '@quotewright/domain';
import { AppError, notFound, validation } from '../../errors';
import { type AuthUser, authorize } from '../../policy';
import { type SaleDto, toSaleDto } from '../sales/sales.dto';
import type { NewLine, SalesRepository } from '../sales/sales.repository';
import { writeSaleWorkbook } from './excel';
import type { ExportsRepository } from './exports.repository';
import { salePdf } from './pdf';
import {
  countDocumentLines,
  issuesToFieldErrors,
  MAX_IMPORT_LINES,
  type ParsedSaleDocument,
  type SaleDocument,
  saleDocumentSchema,
  toSaleDocument,
} from './sale-document';
import { saleView } from './sale-view';

/** A product line of an imported quote whose product is missing from the local catalog or inactive. */
export interface ImportProblem {
  product: number | null;
  /** The model, as written in the document. */
  name: string;
  /** Indexes in the document. */
  section: number;
  line: number;
}

/** Totals beyond this do not fit sales.total_price (numeric(16,2)). */
const MAX_TOTAL = toDecimal('1e13');
/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters. */
const INSERT_CHUNK = 1000;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('INVALID_JSON', 'Invalid JSON');
  }
}

/** The document from the body: itself, a JSON text, or { json: "<text>" } (the upload dialog's raw text). */
function documentOf(body: unknown): unknown {
  if (typeof body === 'string') return parseJson(body);
  if (body && typeof body === 'object' && 'json' in body) {
    const { json, ...rest } = body as { json: unknown };
    if (Object.keys(rest).length > 0)
      throw validation(Object.fromEntries(Object.keys(rest).map((k) => [k, 'Unknown field'])));
    if (typeof json !== 'string') throw validation({ json: 'Expected the quote as JSON text' });
    return parseJson(json);
  }
  return body;
}

export function exportsService(deps: { sales: SalesRepository; exports: ExportsRepository; now?: () => number }) {
  const now = () => new Date(deps.now?.() ?? Date.now());

  async function load(actor: AuthUser | null, id: string) {
    const user = authorize(actor, 'sales.view');
    const full = await deps.sales.snapshot((r) => r.findFull(id));
    if (!full) throw notFound('Sale');
    return { user, full };
  }

  return {
    /** The .xlsx of a sale; the requesting user's discrete mode leaves cost, margin and markup out. */
    async excel(actor: AuthUser | null, id: string): Promise<{ fileName: string; stream: Readable }> {
      const { user, full } = await load(actor, id);
      const { discreteMode } = await deps.exports.preferencesOf(user.id);
      const out = new PassThrough();
      writeSaleWorkbook(saleView(full), { discrete: discreteMode, now: now() }, out).catch((e) => out.destroy(e));
      return { fileName: saleExcelFileName(full.sale.name, full.sale.quoteNumber), stream: out };
    },

    /** The lossless JSON document of a sale. */
    async json(actor: AuthUser | null, id: string): Promise<{ fileName: string; document: SaleDocument }> {
      const { full } = await load(actor, id);
      return {
        fileName: saleJsonFileName(full.sale.name, full.sale.quoteNumber),
        document: toSaleDocument(full, now()),
      };
    },

    /** The customer PDF (no cost, margin or markup, whatever the user's preferences). */
    async pdf(actor: AuthUser | null, id: string): Promise<{ fileName: string; stream: Readable }> {
      const { full } = await load(actor, id);
      return {
        fileName: `${sanitizeFileName(`${full.sale.name}_${full.sale.quoteNumber}`, 'sale')}.pdf`,
        stream: salePdf(saleView(full), { now: now() }),
      };
    },

    /**
     * Imports a quote from its JSON document (full rights, SPEC §6) as a new draft with a new quote number, in ONE
     * transaction: any error writes nothing. Lines keep the document's prices, costs and descriptions; product
     * lines whose product is missing from the local catalog or inactive are imported as given and listed in
     * `errors` (docs/decisions/0005-json-import.md).
     */
    async importSale(actor: AuthUser | null, body: unknown): Promise<{ sale: SaleDto; errors: ImportProblem[] }> {
      const user = authorize(actor, 'sales.full');
      const raw = documentOf(body);
      const count = countDocumentLines(raw);
      if (count > MAX_IMPORT_LINES) {
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `The quote has ${count.toLocaleString('en-US')} lines: at most ${MAX_IMPORT_LINES.toLocaleString('en-US')} can be imported`,
        );
      }
      const parsed = saleDocumentSchema.safeParse(raw);
      if (!parsed.success) {
        throw validation(issuesToFieldErrors(parsed.error.issues), 'The file is not a valid Quotewright quote');
      }
      const doc: ParsedSaleDocument = parsed.data;
      const sections = doc.sale.sections.map((s) => ({
        ...s,
        lines: s.lines.map((l): NewLine => {
          const kind = lineKindFromProductName(l.product.name);
          if (kind !== 'product') {
            return { kind, productName: kind, description: l.name, quantity: '0', price: '0', cost: '0' };
          }
          return {
            kind,
            productId: l.product.id,
            productName: l.product.name,
            manufacturer: l.product.manufacturer.name,
            description: l.name,
            quantity: l.quantity,
            price: l.price,
            cost: l.cost,
            discount: l.discount,
            pricePercentageActive: l.price_percentage_active,
            uom: l.uom.name,
          };
        }),
      }));
      const pricing = salePricing(
        sections.map((s) => ({
          lines: s.lines.map((l) => ({
            kind: l.kind!,
            price: l.price,
            cost: l.cost,
            quantity: l.quantity,
            discount: l.discount ?? null,
            price_percentage_active: l.pricePercentageActive ?? false,
          })),
        })),
      );
      if (toDecimal(pricing.total_price).abs().gte(MAX_TOTAL)) {
        throw new AppError('VALIDATION_FAILED', 'The sale total would be too large');
      }
      const s = doc.sale;
      return deps.sales.transaction(async (r) => {
        const wanted = sections.flatMap((sec) => sec.lines.flatMap((l) => (l.productId ? [l.productId] : [])));
        const active = new Set((await r.productsByIds([...new Set(wanted)])).filter((p) => p.active).map((p) => p.id));
        const errors: ImportProblem[] = [];
        sections.forEach((sec, si) =>
          sec.lines.forEach((l, li) => {
            if (l.kind === 'product' && (l.productId == null || !active.has(l.productId)))
              errors.push({ product: l.productId ?? null, name: l.productName ?? '', section: si, line: li });
          }),
        );
        const id = await r.create({
          name: s.name,
          customerId: s.customer?.id ?? null,
          customerName: s.customer?.name ?? null,
          invoiceId: s.customer_invoice?.id ?? null,
          invoiceName: s.customer_invoice?.name ?? null,
          shippingId: s.customer_shipping?.id ?? null,
          shippingName: s.customer_shipping?.name ?? null,
          templateId: s.template?.id ?? null,
          templateName: s.template?.name ?? null,
          salespersonId: s.salesperson?.id ?? null,
          salespersonName: s.salesperson?.name ?? null,
          totalPrice: pricing.total_price,
          createdById: user.id,
          createdByName: user.name,
        });
        for (const [position, sec] of sections.entries()) {
          const sectionId = await r.insertSection(id, { name: sec.name, showDetails: sec.show_details, position });
          for (let at = 0; at < sec.lines.length; at += INSERT_CHUNK) {
            await r.insertLines(
              id,
              sectionId,
              sec.lines.slice(at, at + INSERT_CHUNK).map((l, i) => ({ ...l, position: at + i })),
            );
          }
        }
        return { sale: toSaleDto((await r.findFull(id))!), errors };
      });
    },
  };
}
export type ExportsService = ReturnType<typeof exportsService>;
