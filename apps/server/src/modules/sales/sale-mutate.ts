import {
  type ActivityHint,
  type ActivityKind,
  activityDetail,
  diffSales,
  type SaleDelta,
} from '@quotewright/contracts';
import type { SaleLineRow, SaleRow, SaleSectionRow } from '@quotewright/db';
import {
  isDomainError,
  isEditableState,
  MAX_SALE_LINES,
  MAX_SALE_TOTAL,
  type SalePricing,
  salePricingFromSections,
  saleStateLabel,
  toDecimal,
} from '@quotewright/domain';
import { AppError, domainProblem, notFound } from '../../errors';
import type { SaleEvents } from '../../infra/sale-events';
import { type AuthUser, authorize } from '../../policy';
import type { SaleReads } from './sale-reads';
import { pricedSection, type SaleDto, type SectionDto, saleDtoOf } from './sales.dto';
import type {
  ActivityEntry,
  SaleHeader,
  SaleState,
  SalesQueries,
  SalesRepository,
  SaleTotals,
} from './sales.repository';

export const saleNotEditable = (state: SaleState) =>
  new AppError(
    'SALE_NOT_EDITABLE',
    `This sale is ${saleStateLabel(state)} (${state}): only quotes in draft or sent can be changed`,
  );

export const actorOf = (user: AuthUser) => ({ id: user.id, name: user.name });

/**
 * The totals a sale stores from its pricing (the list shows both): undefined when either would not fit a sale total
 * (the change is then refused).
 */
export function saleTotalsOf(pricing: Pick<SalePricing, 'total_price' | 'optional_total'>): SaleTotals | undefined {
  const tooLarge = (x: string) => toDecimal(x).abs().gte(MAX_SALE_TOTAL);
  if (tooLarge(pricing.total_price) || tooLarge(pricing.optional_total)) return undefined;
  return { totalPrice: pricing.total_price, optionalTotal: pricing.optional_total };
}

/** What a change of a sale (mutate's `fn`) tells the mutation. */
export interface Change {
  /** Set false when the request turned out to change nothing: then nothing is written, version stays. */
  changed: boolean;
  /**
   * Sections whose complete new line rows the mutation holds exactly (rows the database returned, the others
   * from the cache at the version locked): the sale after is computed from them without reading those sections.
   */
  lines?: Map<string, readonly SaleLineRow[]>;
  /**
   * Set (by linesOnly) when the change wrote only the lines of the sections in `lines`: the sale's sections are
   * otherwise as locked, so they are not read again (their new versions come back with the touch).
   */
  sectionsKept?: boolean;
  /** The sale's sections as locked (before `fn`): looking one up needs no query. */
  readonly heads: readonly SaleSectionRow[];
  /** Their answers (in the same order): what people see of the sale before the change. */
  readonly sections: readonly SectionDto[];
  /** The line rows of a section as locked, when this process holds them (else the caller reads them). */
  readonly lineRows: (sectionId: string) => readonly SaleLineRow[] | undefined;
  /** What the activity entry needs besides the sale before and after (a markup, a copy's source…). */
  activity?: ActivityHint;
  /** Header fields a content change also writes (a restore puts back the revision's header). */
  header?: SaleHeader;
}

/** The activity entry of a change (modules/sales/activity.*); none when the change shows no difference. */
export function activityEntry(
  user: AuthUser,
  kind: ActivityKind,
  before: SaleDto,
  after: SaleDto,
  hint?: ActivityHint,
): ActivityEntry | null {
  const detail = activityDetail(before, after, hint);
  return detail ? { user: actorOf(user), kind, detail } : null;
}

/** Records that `fn` wrote only the lines of `sectionId`, whose rows are now `rows` (see Change.sectionsKept). */
export function linesOnly(change: Change, sectionId: string, rows: readonly SaleLineRow[]) {
  change.lines = new Map([[sectionId, rows]]);
  change.sectionsKept = true;
}

/** The one transaction every locking change of a sale goes through (mutate). */
export function saleMutator(repo: SalesRepository, reads: SaleReads, events: SaleEvents | undefined) {
  const { readSale, withVersions, remember, sections: cache } = reads;

  /**
   * Every mutation of a sale goes through here: access first, then ONE transaction that locks the sale row (edits of
   * one sale queue up, edits of different sales do not), refuses a sale that is not draft/sent, runs `fn`, and then
   * marks the change (version + 1, who/when), recomputes the total with packages/domain for content changes and
   * marks the sale not synced. Domain errors (a bad index…) become 400 and roll everything back. Only the sections
   * the change touched are recomputed (section versions, see section-cache.ts). `kind` names the change for the
   * sale's activity feed, recorded in the same transaction; `{header}` is a header change.
   */
  async function mutate<T>(
    actor: AuthUser | null,
    saleId: string,
    kind: ActivityKind | { header: SaleHeader },
    fn: (r: SalesQueries, change: Change, locked: SaleRow) => Promise<T>,
  ): Promise<T & { sale: SaleDto; delta: SaleDelta }> {
    const user = authorize(actor, 'sales.edit');
    try {
      const { result, read, before, saleBefore, saleAfter } = await repo.transaction(async (r) => {
        // The lock and the sale's sections in one statement.
        const held = await r.lockSaleWithHeads(saleId);
        if (!held) throw notFound('Sale');
        const locked = held.sale;
        if (!isEditableState(locked.state)) throw saleNotEditable(locked.state);
        // The sale as it was, for the delta (unchanged sections come from the cache, by identity).
        const before = (await readSale(r, saleId, locked, held.heads))!;
        const saleBefore = saleDtoOf(before.sale, before.sections);
        const lineRows = (id: string) => {
          const head = before.heads.find((h) => h.id === id);
          if (!head) return undefined;
          return before.fresh.find((f) => f.id === id)?.rows ?? cache.rows(id, head.version);
        };
        const change: Change = { changed: true, heads: before.heads, sections: before.sections, lineRows };
        const result = await fn(r, change, locked);
        // Nothing written: the sale is as it was.
        if (!change.changed) return { result, read: before, before, saleBefore, saleAfter: saleBefore };
        // A change of lines only keeps the sale's sections: the locked ones serve (the touch below answers their
        // new versions). Any other change reads them again.
        const kept = change.sectionsKept === true && change.lines !== undefined;
        const heads = kept ? before.heads : await r.sectionHeads(saleId);
        // The sale row itself is not changed by `fn` (only by the touch, below): the locked row serves.
        let read = (await readSale(r, saleId, locked, heads, change.lines, before.fresh))!;
        let set: SaleHeader & Partial<SaleTotals> & { odooSynced: boolean };
        if (typeof kind === 'string') {
          const lineCount = read.sections.reduce((n, sec) => n + sec.lines.length, 0);
          if (lineCount > MAX_SALE_LINES) {
            throw new AppError(
              'VALIDATION_FAILED',
              `A sale holds at most ${MAX_SALE_LINES.toLocaleString('en-US')} lines (this change would make ${lineCount.toLocaleString('en-US')})`,
            );
          }
          const totals = saleTotalsOf(salePricingFromSections(read.sections.map(pricedSection)));
          if (!totals) throw new AppError('VALIDATION_FAILED', 'The sale total would be too large');
          set = { ...change.header, ...totals, odooSynced: false };
        } else {
          set = { ...kind.header, odooSynced: false };
        }
        // The activity entry compares the sale before with the sale after; it is written by the touch's statement.
        const provisional: SaleRow = {
          ...locked,
          ...set,
          version: locked.version + 1,
          updatedById: user.id,
          updatedByName: user.name,
        };
        const entry = activityEntry(
          user,
          typeof kind === 'string' ? kind : 'header_updated',
          saleBefore,
          saleDtoOf(provisional, read.sections),
          change.activity,
        );
        const touched = await r.touchRecorded(saleId, user, set, entry);
        read.sale = touched.sale;
        if (kept)
          read =
            withVersions(read, touched.heads) ??
            (await readSale(r, saleId, touched.sale, touched.heads, change.lines))!;
        // Each DTO is assembled once more with the stored row (its time and version).
        const saleAfter = saleDtoOf(read.sale, read.sections);
        return { result, read, before, saleBefore, saleAfter };
      });
      remember(before);
      remember(read);
      const sale = saleAfter;
      // Only what changed is answered, and (after commit) sent to the sale's room (modules/realtime).
      const delta = diffSales(saleBefore, sale, actorOf(user));
      if (sale.version !== before.sale.version) events?.publish({ type: 'sale_changed', delta });
      return { ...result, sale, delta };
    } catch (e) {
      throw isDomainError(e) ? domainProblem(e) : e;
    }
  }

  return mutate;
}
export type Mutate = ReturnType<typeof saleMutator>;
