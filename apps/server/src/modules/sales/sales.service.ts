import {
  type ActivityKind,
  activityDetail,
  EMPTY_ACTIVITY_SALE,
  type PasteLinesBody,
  type SaleDelta,
} from '@quotewright/contracts';
import type { SaleLineRow } from '@quotewright/db';
import { money, SALES_PAGE_SIZE, saleGroupLabel, toDecimal } from '@quotewright/domain';
import { AppError, notFound } from '../../errors';
import type { CachedJson } from '../../infra/cached-json';
import type { SaleEvents } from '../../infra/sale-events';
import { type AuthUser, authorize } from '../../policy';
import type { ErpConnector } from '../erp/erp.types';
import {
  editConflict,
  type LineEditInput,
  planAddProducts,
  planAddText,
  planDeleteLines,
  planEdits,
  planMarkup,
  planPaste,
  planReorderLine,
} from './line-planners';
import {
  headerColumns,
  headerConflicts,
  headerDiff,
  requireNameOrCustomer,
  type SaleHeaderEdit,
  type SaleHeaderInput,
} from './sale-header';
import { type LineExecutor, lineExecutor } from './sale-lines';
import { actorOf, type Mutate, saleMutator } from './sale-mutate';
import { type SaleReads, saleJson, saleReads } from './sale-reads';
import { revertOperations } from './sale-revert';
import { commitLayout, copyOperations, layoutOf, type MutationContext, sectionOperations } from './sale-sections';
import { saleWarnings } from './sale-sync.draft';
import { type SaleDto, saleDtoOf, toSaleListItemDto } from './sales.dto';
import type { SaleGroupBy, SaleHeader, SaleQuery, SalesQueries, SalesRepository } from './sales.repository';

/** How the validity check names a line: its model and description. */
function invalidLineLabel(l: SaleLineRow): string {
  const model = l.productName?.trim();
  return model && l.description && model !== l.description ? `${model} — ${l.description}` : model || l.description;
}

interface ServiceOptions {
  erp?: Pick<ErpConnector, 'saleUrl'>;
  events?: SaleEvents;
  /** Told each time a sale is serialized (a GET, or ahead of one: see sale-reads.ts saleJson). */
  onSerialized?: (saleId: string, tag: string) => void;
}

/**
 * The sales service: access first in every operation, then the sale read (sale-reads.ts), changed under its lock
 * (sale-mutate.ts) or, for a section's lines, by the line executor (sale-lines.ts running line-planners.ts).
 */
export function salesService(repo: SalesRepository, opts: ServiceOptions = {}) {
  const reads = saleReads();
  const json = saleJson(repo, reads, opts);
  const mutate = saleMutator(repo, reads, opts.events);
  const lines = lineExecutor(repo, reads, mutate, opts.events);
  return {
    ...saleReadOperations(repo, json, opts),
    ...saleHeaderOperations(repo, reads, mutate, opts),
    ...sectionOperations(mutate),
    ...copyOperations(mutate),
    ...revertOperations(mutate),
    ...lineOperations(lines),
  };
}
export type SalesService = ReturnType<typeof salesService>;

async function listPage(repo: SalesRepository, q: SaleQuery) {
  const { items, total } = await repo.list(q);
  return { items: items.map(toSaleListItemDto), total };
}

/** Reading sales: the list, its groups, a sale as JSON, its version, the validity check, its page in the ERP. */
function saleReadOperations(repo: SalesRepository, json: ReturnType<typeof saleJson>, opts: ServiceOptions) {
  const { serializedSale } = json;
  return {
    // ─── Sales ─────────────────────────────────────────────────────────────────────────────────────────────────

    async list(actor: AuthUser | null, q: SaleQuery & { page: number; pageSize: number }) {
      authorize(actor, 'sales.view');
      return { ...(await listPage(repo, q)), page: q.page, pageSize: q.pageSize };
    },

    /** The grouped list: a page of groups, each with the count and total of all its sales. */
    async listGroups(actor: AuthUser | null, q: SaleQuery & { groupBy: SaleGroupBy; page: number; pageSize: number }) {
      authorize(actor, 'sales.view');
      const { groups, total, sales } = await repo.listGroups(q);
      return {
        groupBy: q.groupBy,
        groups: groups.map((g) => ({
          key: g.value ?? '',
          value: g.value,
          label: saleGroupLabel(q.groupBy, g.value),
          count: g.count,
          total_price: money(toDecimal(g.totalPrice)),
        })),
        total,
        sales,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    /**
     * GET of a whole sale as JSON text, serialized once and reused while its tag holds. The tag is the sale's
     * version plus its sections' versions (which the database's trigger bumps on any line change, even one written
     * by another program), so a stale copy is never served. `knownTag` (the client's ETag): when it is current,
     * only the tag is answered (304).
     */
    async getJson(actor: AuthUser | null, id: string, knownTag?: string): Promise<{ tag: string; json?: CachedJson }> {
      authorize(actor, 'sales.view');
      return serializedSale(id, knownTag);
    },

    /**
     * The version of a sale the actor may watch live (the realtime `identify`): view rights, then the sale's version
     * now, or undefined when it does not exist.
     */
    async watchVersion(actor: AuthUser | null, id: string): Promise<number | undefined> {
      authorize(actor, 'sales.view');
      return repo.versionOf(id);
    },

    /**
     * The validity check (docs/product/rules.md#validity-check): per section, the product lines whose product is missing from the local catalog
     * or inactive. Sections without such lines are left out; valid when there are none. Values the customer should
     * not see by accident (negative quantities, prices or costs, zero quantities) come as warnings: they never make
     * it invalid.
     */
    async checkProducts(actor: AuthUser | null, id: string) {
      authorize(actor, 'sales.view');
      return repo.snapshot(async (r) => {
        const full = await r.findFull(id);
        if (!full) throw notFound('Sale');
        const productLines = full.sections.flatMap((s) => s.lines.filter((l) => l.kind === 'product'));
        const ids = [...new Set(productLines.flatMap((l) => (l.productId === null ? [] : [l.productId])))];
        const active = new Set((await r.productsByIds(ids)).filter((p) => p.active).map((p) => p.id));
        const sections = full.sections.flatMap((s) => {
          const bad = s.lines.filter((l) => l.kind === 'product' && (l.productId === null || !active.has(l.productId)));
          if (bad.length === 0) return [];
          return [{ name: s.name, lines: bad.map(invalidLineLabel) }];
        });
        return { valid: sections.length === 0, sections, warnings: saleWarnings(full) };
      });
    },

    /** The sale's page in the ERP (docs/product/screens.md#sync-button); 409 when the sale is not linked. */
    async odooUrl(actor: AuthUser | null, id: string): Promise<{ url: string }> {
      authorize(actor, 'sales.view');
      const sale = await repo.findSale(id);
      if (!sale) throw notFound('Sale');
      if (sale.odooId === null) {
        throw new AppError('SALE_NOT_LINKED', 'This sale is not linked to Odoo yet: publish it first');
      }
      const url = opts.erp?.saleUrl(sale.odooId) ?? '';
      if (!url) throw new AppError('SALE_NOT_LINKED', 'No ERP connection is configured');
      return { url };
    },
  };
}

/** A sale's creation, header, deletion, and the changes other modules make through the same lock. */
function saleHeaderOperations(repo: SalesRepository, reads: SaleReads, mutate: Mutate, opts: ServiceOptions) {
  const { readSale, remember } = reads;
  const { events } = opts;
  return {
    /**
     * A sale mutation of another module (modules/templates: apply, refresh, remove a template) on the same path as
     * every edit here: edit rights, the sale locked, draft/sent only, version, activity, total and delta. `fn` gets
     * the transaction's queries and may name the activity's hints or report that nothing changed; a section
     * planner's layout is written by `commit` (the section operations' executor).
     */
    async mutation(
      actor: AuthUser | null,
      saleId: string,
      kind: ActivityKind,
      fn: (r: SalesQueries, ctx: MutationContext) => Promise<void>,
    ): Promise<SaleDelta> {
      const res = await mutate(actor, saleId, kind, async (r, change, locked) => {
        await fn(r, {
          locked,
          layout: () => layoutOf(r, change),
          commit: (before, after) => commitLayout(r, saleId, change, before, after),
          header: (input) => {
            change.header = headerDiff(input, locked);
            return Object.keys(change.header).length > 0;
          },
          hint: (h) => {
            change.activity = h;
          },
          unchanged: () => {
            change.changed = false;
          },
        });
        return {};
      });
      return res.delta;
    },

    /** A new draft with the next quote number, created and updated by the actor; it needs a name or a customer. */
    async create(actor: AuthUser | null, input: SaleHeaderInput): Promise<SaleDto> {
      const user = authorize(actor, 'sales.edit');
      requireNameOrCustomer(input.name, input.customer?.id);
      return repo
        .transaction(async (r) => {
          const id = await r.create({ ...headerColumns(input), createdById: user.id, createdByName: user.name });
          const read = (await readSale(r, id))!;
          const sale = saleDtoOf(read.sale, read.sections);
          // A created sale is recorded even though it is empty.
          await r.recordActivity({
            saleId: sale._id,
            version: sale.version,
            user: actorOf(user),
            kind: 'created',
            detail: activityDetail(EMPTY_ACTIVITY_SALE, sale) ?? {},
          });
          return { read, sale };
        })
        .then(({ read, sale }) => {
          remember(read);
          events?.publish({ type: 'sale_created', saleId: sale._id, version: sale.version, by: actorOf(user) });
          return sale;
        });
    },

    /**
     * Header fields: only those sent AND different from the stored ones are written. A change that would leave the
     * quote with neither a name nor a customer is refused (a quote without either, made before, may keep that). A
     * field changed since the base the edit carries refuses the whole edit (409 EDIT_CONFLICT, decision 0020).
     */
    async update(actor: AuthUser | null, id: string, input: SaleHeaderEdit): Promise<SaleDelta> {
      const header: SaleHeader = {};
      // The locked row holds the header: no need to read the sale's lines to compare it.
      const res = await mutate(actor, id, { header }, async (_r, change, current) => {
        const conflicts = headerConflicts(input, current);
        if (conflicts.length > 0) throw editConflict(conflicts);
        Object.assign(header, headerDiff(input, current));
        if (header.name !== undefined || header.customerId !== undefined)
          requireNameOrCustomer(
            header.name ?? current.name,
            header.customerId !== undefined ? header.customerId : current.customerId,
          );
        change.changed = Object.keys(header).length > 0;
        return {};
      });
      return res.delta;
    },

    /** Admin only; answers the list's first page. */
    async remove(actor: AuthUser | null, id: string) {
      const user = authorize(actor, 'sales.delete');
      if (!(await repo.remove(id))) throw notFound('Sale');
      events?.publish({ type: 'sale_deleted', saleId: id, by: actorOf(user) });
      return { ...(await listPage(repo, { offset: 0, limit: SALES_PAGE_SIZE })), page: 0, pageSize: SALES_PAGE_SIZE };
    },
  };
}

/** A section's lines: each operation is a planner (line-planners.ts) run by the line executor. */
function lineOperations({ runLines, tellReplaced }: LineExecutor) {
  return {
    // ─── Lines ─────────────────────────────────────────────────────────────────────────────────────────────────

    /**
     * Adds products from the local catalog at an insertion point. Products missing or inactive go to `errors` and
     * are not added. Answers the created lines, the errors and the sale.
     */
    async createLines(
      actor: AuthUser | null,
      saleId: string,
      sectionId: string,
      input: { lines: { product: number; quantity: string }[]; sequence: number },
    ) {
      const res = await runLines(actor, saleId, sectionId, 'lines_added', planAddProducts(input));
      // The created lines as the recomputed section shows them (same metrics, no second read).
      const created = new Set(res.extra.ids);
      const lines =
        res.sale.sections.find((sec) => sec._id === sectionId)?.lines.filter((l) => created.has(l._id)) ?? [];
      return { lines, errors: res.extra.errors, ...res.delta };
    },

    /**
     * Pasted lines at an insertion point as ONE edit (one version, one activity entry "pasted N lines", one delta).
     * Answers the new lines' ids in order, the products not added (missing or inactive) and the delta.
     */
    async pasteLines(actor: AuthUser | null, saleId: string, sectionId: string, input: PasteLinesBody) {
      const res = await runLines(actor, saleId, sectionId, 'lines_pasted', planPaste(input));
      return { ids: res.extra.ids, errors: res.extra.errors, ...res.delta };
    },

    /** A note or a header (description only) at an insertion point. */
    async createTextLine(
      actor: AuthUser | null,
      saleId: string,
      sectionId: string,
      kind: 'note' | 'header',
      input: { name: string; sequence: number },
    ) {
      return (await runLines(actor, saleId, sectionId, 'lines_added', planAddText(kind, input))).delta;
    },

    /**
     * Edits several lines at once: per line only the fields that change are written (so concurrent edits of other
     * fields or lines survive); price, cost, quantity and discount never apply to notes or headers. markup_percent
     * sets price = cost × (1 + m/100), grossed up by the line's discount (markupPrice). An edit based on values
     * that moved on is refused (409); whoever's value an explicit overwrite replaced is told.
     */
    async updateLines(actor: AuthUser | null, saleId: string, sectionId: string, edits: LineEditInput[]) {
      const res = await runLines(actor, saleId, sectionId, 'line_updated', planEdits(edits));
      tellReplaced(authorize(actor, 'sales.edit'), res.sale, sectionId, res.extra.replaced);
      return res.delta;
    },

    async deleteLines(actor: AuthUser | null, saleId: string, sectionId: string, ids: string[]) {
      return (await runLines(actor, saleId, sectionId, 'lines_deleted', planDeleteLines(ids))).delta;
    },

    /** Moves the line at `index` to `point` (−1: to the end). */
    async reorderLines(actor: AuthUser | null, saleId: string, sectionId: string, index: number, point: number) {
      return (await runLines(actor, saleId, sectionId, 'lines_moved', planReorderLine(index, point))).delta;
    },

    /**
     * Set Markup on the selected lines: price = cost × (1 + m/100), grossed up by each line's discount so the net
     * price carries the markup; notes and headers unchanged.
     */
    async setMarkup(
      actor: AuthUser | null,
      saleId: string,
      sectionId: string,
      input: { ids: string[]; markup: string },
    ) {
      return (await runLines(actor, saleId, sectionId, 'markup_set', planMarkup(input))).delta;
    },
  };
}
