// The JSON import (docs/product/rules.md#json-export-and-import): it creates a sale, so it lives with sales.
// The document format and its schema are in packages/contracts (the export writes the same shape).
import {
  type ActivityKind,
  activityDetail,
  countDocumentLines,
  EMPTY_ACTIVITY_SALE,
  type ImportProblem,
  MAX_IMPORT_LINES,
  type ParsedSaleDocument,
  saleDocumentSchema,
} from '@quotewright/contracts';
import {
  DESCRIPTION_REQUIRED,
  isDomainError,
  isMissingDescription,
  lineKindFromProductName,
  MAX_SALE_TOTAL,
  type SalePricing,
  salePricing,
  toDecimal,
} from '@quotewright/domain';
import { AppError, type FieldErrors, fieldErrorsFromIssues, validation } from '../../errors';
import type { SaleEvents } from '../../infra/sale-events';
import { type AuthUser, authorize } from '../../policy';
import { saleTotalsOf } from './sale-mutate';
import { type SaleDto, toSaleDto } from './sales.dto';
import type { NewLine, SalesRepository, SaleTotals } from './sales.repository';

const TOO_LARGE = 'The sale total would be too large';

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

type ImportSection = Omit<ParsedSaleDocument['sale']['sections'][number], 'lines'> & { lines: NewLine[] };

function toNewLines(doc: ParsedSaleDocument): ImportSection[] {
  return doc.sale.sections.map((s) => ({
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
}

/**
 * Lines the sale cannot take, named by their path: a note or header without text (a blank row), or a product line
 * whose price × quantity alone cannot fit a sale total (decision 0010).
 */
function lineProblems(sections: ImportSection[]): FieldErrors {
  const errors: FieldErrors = {};
  sections.forEach((sec, si) =>
    sec.lines.forEach((l, li) => {
      if (isMissingDescription(l.kind ?? 'product', l.description)) {
        errors[`sale.sections.${si}.lines.${li}.name`] = DESCRIPTION_REQUIRED;
        return;
      }
      if (l.kind !== 'product') return;
      const subtotal = toDecimal(l.price).times(toDecimal(l.quantity)).abs();
      const costTotal = toDecimal(l.cost).times(toDecimal(l.quantity)).abs();
      if (subtotal.gte(MAX_SALE_TOTAL) || costTotal.gte(MAX_SALE_TOTAL)) {
        errors[`sale.sections.${si}.lines.${li}.quantity`] = 'Price × quantity is too large';
      }
    }),
  );
  return errors;
}

/** The new sale's totals (without and with its optional sections), refused when they would not fit a sale total. */
function importTotals(sections: ImportSection[]): SaleTotals {
  let pricing: SalePricing;
  try {
    pricing = salePricing(
      sections.map((sec) => ({
        presentation: sec.presentation,
        lines: sec.lines.map((l) => ({
          kind: l.kind!,
          price: l.price,
          cost: l.cost,
          discount: l.discount ?? null,
          quantity: l.quantity,
          price_percentage_active: l.pricePercentageActive ?? false,
        })),
      })),
    );
  } catch (e) {
    if (isDomainError(e)) throw new AppError('VALIDATION_FAILED', TOO_LARGE);
    throw e;
  }
  const totals = saleTotalsOf(pricing);
  if (!totals) throw new AppError('VALIDATION_FAILED', TOO_LARGE);
  return totals;
}

export function saleImportService(deps: { sales: SalesRepository; events?: SaleEvents }) {
  return {
    /**
     * Imports a quote from its JSON document (full rights, docs/product/roles.md#sales) as a new draft with a new quote number, in ONE
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
        throw validation(fieldErrorsFromIssues(parsed.error.issues), 'The file is not a valid Quotewright quote');
      }
      const s = parsed.data.sale;
      const sections = toNewLines(parsed.data);
      const problems = lineProblems(sections);
      if (Object.keys(problems).length > 0) throw validation(problems, 'The file is not a valid Quotewright quote');
      const totals = importTotals(sections);
      const imported = await deps.sales.transaction(async (r) => {
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
          validityDays: s.validity_days,
          ...totals,
          createdById: user.id,
          createdByName: user.name,
        });
        for (const [position, sec] of sections.entries()) {
          const sectionId = await r.insertSection(id, { name: sec.name, presentation: sec.presentation, position });
          await r.insertLines(
            id,
            sectionId,
            sec.lines.map((l, i) => ({ ...l, position: i })),
          );
        }
        const sale = toSaleDto((await r.findFull(id))!);
        await r.recordActivity({
          saleId: id,
          version: sale.version,
          user: { id: user.id, name: user.name },
          kind: 'imported' satisfies ActivityKind,
          detail: activityDetail(EMPTY_ACTIVITY_SALE, sale) ?? {},
        });
        return { sale, errors };
      });
      deps.events?.publish({
        type: 'sale_created',
        saleId: imported.sale._id,
        version: imported.sale.version,
        by: { id: user.id, name: user.name },
      });
      return imported;
    },
  };
}
export type SaleImportService = ReturnType<typeof saleImportService>;
