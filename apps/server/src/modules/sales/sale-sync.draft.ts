// Pure: a local sale as the ERP connector receives it (ErpSaleDraft), its untaxed total, and the problems the ERP
// would refuse it for (the pre-publish check). No I/O here.
import type { SyncProblem, SyncWarning } from '@quotewright/contracts';
import type { SaleLineRow } from '@quotewright/db';
import { lineWarnings, money, resolvePercentLines, salePricing, toDecimal } from '@quotewright/domain';
import type { ErpDraftLine, ErpLineLink, ErpSaleDraft } from '../erp/erp.types';
import { NO_SECTION_LINE } from '../erp/publish';
import { decimalString, pricingLine } from './sales.dto';
import type { FullSale } from './sales.repository';

/** How a line is named to the user: its model and description. */
export function lineLabel(l: Pick<SaleLineRow, 'kind' | 'productName' | 'description'>): string {
  if (l.kind !== 'product') return l.description || l.kind;
  const model = l.productName?.trim();
  return model && l.description && model !== l.description ? `${model} — ${l.description}` : model || l.description;
}

/** The catalog facts the check needs about a product (null: not in the local catalog). */
export type CatalogLookup = (productId: number) => { active: boolean } | undefined;

/**
 * What the ERP would refuse (or what would publish something else than the sale shows): no customer, a product
 * line without a product, with a product the local catalog (the ERP's, as last fetched) does not have, or has as
 * archived. Each problem names its section (1-based position and name) and line (1-based within the section).
 */
export function saleProblems(full: FullSale, catalog: CatalogLookup): SyncProblem[] {
  const problems: SyncProblem[] = [];
  if (full.sale.customerId === null)
    problems.push({
      code: 'NO_CUSTOMER',
      message: 'The sale has no customer: choose one before publishing',
      section: null,
      line: null,
    });
  full.sections.forEach((s, si) => {
    s.lines.forEach((l, li) => {
      if (l.kind !== 'product') return;
      const where = {
        section: { index: si + 1, name: s.name },
        line: { number: li + 1, id: l.id, label: lineLabel(l) },
      };
      const at = `section ${si + 1} "${s.name}", line ${li + 1}`;
      if (l.productId === null) {
        problems.push({ code: 'NO_PRODUCT', message: `${at} has no product`, ...where });
        return;
      }
      const p = catalog(l.productId);
      if (!p)
        problems.push({
          code: 'PRODUCT_UNKNOWN',
          message: `${at}: product ${l.productId} (${lineLabel(l)}) is not in the product catalog fetched from the ERP`,
          ...where,
        });
      else if (!p.active)
        problems.push({
          code: 'PRODUCT_INACTIVE',
          message: `${at}: product ${lineLabel(l)} is archived in the ERP`,
          ...where,
        });
    });
  });
  return problems;
}

/**
 * Values the ERP accepts but the customer should not see by accident: negative quantities, prices or costs and zero
 * quantities (returns, trade-ins and discount lines are legitimate, so they never block). Each names its section
 * and line like a problem does; the message is the lines table's tooltip.
 */
export function saleWarnings(full: FullSale): SyncWarning[] {
  const out: SyncWarning[] = [];
  full.sections.forEach((s, si) => {
    s.lines.forEach((l, li) => {
      if (l.kind !== 'product') return;
      for (const w of lineWarnings(pricingLine(l))) {
        out.push({
          ...w,
          section: { index: si + 1, name: s.name },
          line: { number: li + 1, id: l.id, label: lineLabel(l) },
        });
      }
    });
  });
  return out;
}

/** One line of text listing the problems (the refusal's message). */
export function problemsText(problems: readonly SyncProblem[], shown = 5): string {
  const list = problems.slice(0, shown).map((p) => p.message);
  const more = problems.length > shown ? `; and ${problems.length - shown} more` : '';
  const n = problems.length;
  return `The sale cannot be published: ${n} problem${n === 1 ? '' : 's'} to fix first: ${list.join('; ')}${more}`;
}

/** The sale's untaxed total as the ERP computes it: the sum of the rounded (discounted) line subtotals. */
export function saleUntaxedTotal(full: FullSale): string {
  // Without optional sections (decision 0032): Odoo leaves 18's options and 19's qty-0 optional lines out too.
  return salePricing(full.sections.map((s) => ({ presentation: s.presentation, lines: s.lines.map(pricingLine) })))
    .total_price;
}

/**
 * The sale as the connector sends it. "Based on Total" lines go as the money they stand for now (resolved against
 * their section, as the totals are); stored ERP line ids let a sync diff by id. `origin`: the idempotency key
 * (the quote number, or another one for 'Sync to new Sale').
 */
export function saleDraft(full: FullSale, origin: string): ErpSaleDraft {
  const { sale } = full;
  return {
    quoteNumber: origin,
    name: sale.name || null,
    partnerId: sale.customerId ?? 0,
    partnerInvoiceId: sale.invoiceId,
    partnerShippingId: sale.shippingId,
    salespersonId: sale.salespersonId,
    templateId: sale.templateId,
    sections: full.sections.map((s) => {
      const priced = resolvePercentLines(s.lines.map((row) => ({ ...pricingLine(row), row })));
      return {
        localId: s.id,
        name: s.name,
        odooLineId: s.odooLineId,
        ...(s.presentation === 'optional' ? { optional: true } : {}),
        lines: priced.map(({ row, price, cost }): ErpDraftLine => {
          if (row.kind !== 'product')
            return {
              localId: row.id,
              kind: row.kind,
              productId: null,
              description: row.description,
              quantity: 0,
              priceUnit: 0,
              cost: 0,
              odooLineId: row.odooLineId,
            };
          return {
            localId: row.id,
            kind: 'product',
            productId: row.productId,
            description: row.description,
            quantity: decimalString(row.quantity),
            priceUnit: money(toDecimal(price ?? 0)),
            cost: decimalString(String(cost ?? '0')),
            discount: decimalString(row.discount),
            odooLineId: row.odooLineId,
            odooOptionId: row.odooOptionId,
          };
        }),
      };
    }),
  };
}

/** The draft with the ERP line (and Odoo 18 option) ids a publish answered (the sync that follows diffs by them). */
export function withLineIds(
  draft: ErpSaleDraft,
  links: readonly ErpLineLink[],
  optionLinks: readonly ErpLineLink[] = [],
): ErpSaleDraft {
  const ids = new Map(links.map((l) => [l.localId, l.odooLineId]));
  const optionIds = new Map(optionLinks.map((l) => [l.localId, l.odooLineId]));
  return {
    ...draft,
    sections: draft.sections.map((s) => ({
      ...s,
      // The mark of an ERP order that had no section line above its first lines is not a link: it stays.
      odooLineId: ids.get(s.localId) ?? (s.odooLineId === NO_SECTION_LINE ? NO_SECTION_LINE : null),
      lines: s.lines.map((l) => ({
        ...l,
        odooLineId: ids.get(l.localId) ?? null,
        odooOptionId: optionIds.get(l.localId) ?? null,
      })),
    })),
  };
}

/** Sections and lines of a draft (what a fresh publish creates). */
export function draftSize(draft: ErpSaleDraft): number {
  return draft.sections.reduce((n, s) => n + 1 + s.lines.length, 0);
}
