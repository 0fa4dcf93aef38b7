import {
  type ActivityHint,
  type ActivityKind,
  activityDetail,
  diffSales,
  EMPTY_ACTIVITY_SALE,
  type SaleDelta,
  type ValueReplacedEvent,
} from '@quotewright/contracts';
import type { ProductRow, SaleLineRow, SaleRow, SaleSectionRow } from '@quotewright/db';
import {
  type CopyLine,
  duplicateSectionName,
  hasNameOrCustomer,
  isDomainError,
  isEditableState,
  type LineMoveType,
  MAX_SALE_LINES,
  MAX_SALE_TOTAL,
  money,
  moveItem,
  NAME_OR_CUSTOMER_REQUIRED,
  NUMERIC_FIELDS,
  planLineMove,
  planSectionCopy,
  SALES_PAGE_SIZE,
  type SectionCopyStyle,
  saleGroupLabel,
  salePricingFromSections,
  saleStateLabel,
  toDecimal,
} from '@quotewright/domain';
import { AppError, domainProblem, notFound, validation } from '../../errors';
import { CachedJson } from '../../infra/cached-json';
import type { SaleEvents } from '../../infra/sale-events';
import { type AuthUser, authorize } from '../../policy';
import type { ErpConnector } from '../erp/erp.types';
import {
  asText,
  editorNow,
  type LineEditInput,
  type LinesPlanner,
  planAddProducts,
  planAddText,
  planDeleteLines,
  planEdits,
  planMarkup,
  planReorderLine,
  type Replaced,
  refusedAsUndefined,
  shownValue,
  writeOfChange,
} from './line-planners';
import { saleWarnings } from './sale-sync.draft';
import {
  editedSectionDto,
  pricingLine,
  type Ref,
  type SaleDto,
  type SectionDto,
  saleDtoOf,
  saleJsonBytes,
  toSaleListItemDto,
  toSectionDto,
} from './sales.dto';
import type {
  ActivityEntry,
  LinesWrite,
  NewLine,
  SaleGroupBy,
  SaleHeader,
  SaleQuery,
  SaleState,
  SalesQueries,
  SalesRepository,
  SectionPatch,
} from './sales.repository';
import { sectionCache } from './section-cache';

export interface SaleHeaderInput {
  name?: string | undefined;
  customer?: Ref | undefined;
  customer_invoice?: Ref | undefined;
  customer_shipping?: Ref | undefined;
  template?: Ref | undefined;
  salesperson?: Ref | undefined;
}

export interface CopySectionsInput {
  /** Section ids of the source sale. */
  sections: string[];
  /** The source sale (may be the destination itself). */
  _id: string;
  copyStyle: SectionCopyStyle;
  mergeProducts: boolean;
}

export const saleNotEditable = (state: SaleState) =>
  new AppError(
    'SALE_NOT_EDITABLE',
    `This sale is ${saleStateLabel(state)} (${state}): only quotes in draft or sent can be changed`,
  );

/** Refuses a header that leaves a quote with neither a name nor a customer: it would be a blank row in the list. */
function requireNameOrCustomer(name: string | null | undefined, customerId: number | null | undefined) {
  if (
    !hasNameOrCustomer({ name, customer: customerId === null || customerId === undefined ? null : { id: customerId } })
  )
    throw validation(
      { name: NAME_OR_CUSTOMER_REQUIRED, customer: NAME_OR_CUSTOMER_REQUIRED },
      NAME_OR_CUSTOMER_REQUIRED,
    );
}

function headerColumns(input: SaleHeaderInput): SaleHeader {
  const out: SaleHeader = {};
  if (input.name !== undefined) out.name = input.name;
  const refs = [
    ['customer', 'customerId', 'customerName'],
    ['customer_invoice', 'invoiceId', 'invoiceName'],
    ['customer_shipping', 'shippingId', 'shippingName'],
    ['template', 'templateId', 'templateName'],
    ['salesperson', 'salespersonId', 'salespersonName'],
  ] as const;
  for (const [key, idCol, nameCol] of refs) {
    const v = input[key];
    if (v === undefined) continue;
    out[idCol] = v?.id ?? null;
    out[nameCol] = v?.name ?? null;
  }
  return out;
}

/** A copy of a line's content for another place: no id, no ERP line, not from a template. */
function copyOfLine(l: NewLine & Record<string, unknown>): NewLine {
  return {
    kind: l.kind,
    productId: l.productId,
    productName: l.productName,
    manufacturer: l.manufacturer,
    description: l.description,
    quantity: l.quantity,
    price: l.price,
    cost: l.cost,
    discount: l.discount,
    pricePercentageActive: l.pricePercentageActive,
    uom: l.uom,
  } as NewLine;
}

type CopyRow = CopyLine & { id: string; row: SaleLineRow };
type CopySectionIn = { id: string; name: string; row: SaleSectionRow; lines: CopyRow[] };
function forCopy(s: SaleSectionRow & { lines: SaleLineRow[] }): CopySectionIn {
  return {
    id: s.id,
    name: s.name,
    row: s,
    lines: s.lines.map((row) => ({ ...pricingLine(row), product_id: row.productId, id: row.id, row })),
  };
}

/** How the validity check names a line: its model and description. */
function invalidLineLabel(l: SaleLineRow): string {
  const model = l.productName?.trim();
  return model && l.description && model !== l.description ? `${model} — ${l.description}` : model || l.description;
}

const actorOf = (user: AuthUser) => ({ id: user.id, name: user.name });

/** How long a sale's editing must pause before its JSON is serialized again ahead of a GET (see rebuilds). */
const REBUILD_AFTER_MS = 100;

/** How many serialized sales GET keeps (a 2,000-line sale is ~750 KB of JSON). */
const SERIALIZED_SALES = 64;

/** A small LRU of sale JSON texts, each valid for one tag (see getJson). */
function serializedSales(max: number) {
  const map = new Map<string, { tag: string; json: CachedJson }>();
  return {
    /** The sale's entry; `touch` (default) makes it the most recently used. */
    get(id: string, touch = true) {
      const hit = map.get(id);
      if (hit && touch) {
        map.delete(id);
        map.set(id, hit);
      }
      return hit;
    },
    put(id: string, tag: string, json: CachedJson) {
      map.delete(id);
      map.set(id, { tag, json });
      if (map.size > max) map.delete(map.keys().next().value!);
    },
  };
}

/** How many catalog rows the sales service keeps for appended lines (a few MB at most). */
const CATALOG_ROWS = 10_000;

/** How many sales the one-statement edits hold (their row and sections' versions; the lines are in the section cache). */
const HELD_SALES = 1024;

/**
 * The last committed row and sections of each sale this process read or wrote (LRU): an edit starts from it and
 * its write checks that the sale is still at that version (see SalesQueries.commitLinesAt). Never newer than the
 * database; an older entry only makes that write find the sale moved on.
 */
function heldSales(max: number) {
  const map = new Map<string, { sale: SaleRow; heads: readonly SaleSectionRow[] }>();
  return {
    get(id: string) {
      return map.get(id);
    },
    /** Call only with what a committed transaction read or wrote; an older version than the one held is ignored. */
    put(sale: SaleRow, heads: readonly SaleSectionRow[]) {
      const old = map.get(sale.id);
      if (old && old.sale.version > sale.version) return;
      map.delete(sale.id);
      map.set(sale.id, { sale, heads });
      if (map.size > max) map.delete(map.keys().next().value!);
    },
  };
}

export function salesService(
  repo: SalesRepository,
  opts: {
    erp?: Pick<ErpConnector, 'saleUrl'>;
    events?: SaleEvents;
    /** Told each time a sale is serialized (a GET, or ahead of one: see rebuilds). */
    onSerialized?: (saleId: string, tag: string) => void;
  } = {},
) {
  const { events } = opts;
  interface Change {
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
    /** What the activity entry needs besides the sale before and after (a markup, a copy's source…). */
    activity?: ActivityHint;
  }

  /**
   * Every mutation of a sale goes through here: access first, then ONE transaction that locks the sale row (edits of
   * one sale queue up, edits of different sales do not), refuses a sale that is not draft/sent, runs `fn`, and then
   * marks the change (version + 1, who/when), recomputes the total with packages/domain for content changes and
   * marks the sale not synced. Domain errors (a bad index…) become 400 and roll everything back.
   */
  const sections = sectionCache();
  /** Whole sales as JSON text by version (GET): big quotes are read far more often than they change. */
  const serialized = serializedSales(SERIALIZED_SALES);
  const held = heldSales(HELD_SALES);

  /**
   * The sale as its DTO, computing only the sections whose version the cache does not hold. `fresh` lists what was
   * computed: the caller puts it in the cache once the reading transaction has committed.
   */
  /** `known`: the sale row when the caller already holds it (a mutation read it when locking). */
  async function readSale(
    r: SalesQueries,
    saleId: string,
    known?: SaleRow,
    knownHeads?: SaleSectionRow[],
    knownLines?: ReadonlyMap<string, readonly SaleLineRow[]>,
    /** Sections computed earlier in the same transaction (the read before a change): reused at the same version. */
    computedBefore?: readonly { id: string; version: number; dto: SectionDto }[],
  ) {
    const earlier = new Map(computedBefore?.map((f) => [f.id, f]));
    const sale = known ?? (await r.saleRow(saleId));
    if (!sale) return undefined;
    const heads = knownHeads ?? (await r.sectionHeads(saleId));
    const dtos: SectionDto[] = new Array(heads.length);
    const missing: number[] = [];
    const fresh: { id: string; version: number; dto: SectionDto; rows: readonly SaleLineRow[] }[] = [];
    const compute = (i: number, rows: readonly SaleLineRow[]) => {
      const h = heads[i]!;
      const dto = toSectionDto({ ...h, lines: rows as SaleLineRow[] });
      dtos[i] = dto;
      fresh.push({ id: h.id, version: h.version, dto, rows });
    };
    heads.forEach((h, i) => {
      const prior = earlier.get(h.id);
      const hit = prior?.version === h.version ? prior.dto : sections.get(h.id, h.version);
      const given = knownLines?.get(h.id);
      // Rows the mutation holds come first: with the locked heads their version is the one before the change.
      if (given) compute(i, given);
      else if (hit) dtos[i] = hit;
      else missing.push(i);
    });
    if (missing.length > 0) {
      const lines = await r.linesOfSections(missing.map((i) => heads[i]!.id));
      for (const i of missing) compute(i, lines.get(heads[i]!.id) ?? []);
    }
    return { sale, heads, sections: dtos, fresh };
  }
  type ReadSale = NonNullable<Awaited<ReturnType<typeof readSale>>>;

  /** The activity entry of a change (modules/sales/activity.*); none when the change shows no difference. */
  function activityEntry(
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
  function linesOnly(change: Change, sectionId: string, rows: readonly SaleLineRow[]) {
    change.lines = new Map([[sectionId, rows]]);
    change.sectionsKept = true;
  }

  /**
   * The sale read after a lines-only change (with the locked heads) given the sections as they are now: the same
   * sections in the same order get their new versions (the computed ones are cached under them). Undefined when the
   * sections differ from the locked ones (then the sale is computed again from `heads`).
   */
  function withVersions(read: ReadSale, heads: SaleSectionRow[]): ReadSale | undefined {
    const same =
      heads.length === read.heads.length &&
      heads.every((h, i) => {
        const o = read.heads[i]!;
        return h.id === o.id && h.name === o.name && h.showDetails === o.showDetails && h.merge === o.merge;
      });
    if (!same) return undefined;
    const version = new Map(heads.map((h) => [h.id, h.version]));
    return {
      ...read,
      heads,
      fresh: read.fresh.map((f) => ({ ...f, version: version.get(f.id)! })),
    };
  }

  /** After commit: the computed sections become reusable, and the sale is held for the next edit. */
  function remember(read: ReadSale): void {
    for (const f of read.fresh) sections.put(f.id, f.version, f.dto, f.rows);
    held.put(read.sale, read.heads);
  }

  const tagOf = (row: SaleRow, heads: SaleSectionRow[]) =>
    `${row.version}-${heads.reduce((h, s) => (Math.imul(h, 31) + s.version) | 0, heads.length) >>> 0}`;

  /**
   * The sale as JSON text, serialized once and reused while its tag holds (getJson). The tag is the sale's version
   * plus its sections' versions (which the database's trigger bumps on any line change, even one written by another
   * program), so a stale copy is never served. `knownTag` (the client's ETag): when it is current, only the tag is
   * answered (304).
   */
  async function serializedSale(id: string, knownTag?: string): Promise<{ tag: string; json?: CachedJson }> {
    // The tag needs only the sale row and its sections: one statement, no transaction. Only a sale not serialized at
    // that tag is read whole, in one snapshot.
    const head = await repo.saleWithHeads(id);
    if (!head) throw notFound('Sale');
    const tag = tagOf(head.sale, head.heads);
    if (knownTag === tag) return { tag };
    const hit = serialized.get(id);
    if (hit?.tag === tag) return hit;
    // Every section computed at the versions just read (the usual case after an edit made here): the sale is
    // assembled from them, with no further statement.
    const cached = head.heads.map((h) => sections.get(h.id, h.version));
    if (cached.every((dto) => dto !== undefined)) {
      held.put(head.sale, head.heads);
      const json = new CachedJson(saleJsonBytes(saleDtoOf(head.sale, cached)), hit?.json);
      serialized.put(id, tag, json);
      opts.onSerialized?.(id, tag);
      return { tag, json };
    }
    return repo.snapshot(async (r) => {
      const now = await r.saleWithHeads(id);
      if (!now) throw notFound('Sale');
      const read = (await readSale(r, id, now.sale, now.heads))!;
      const current = tagOf(now.sale, now.heads);
      const json = new CachedJson(saleJsonBytes(answer(read)), hit?.json);
      serialized.put(id, current, json);
      opts.onSerialized?.(id, current);
      return { tag: current, json };
    });
  }

  /**
   * A sale someone has opened (its JSON is kept) is serialized again, and compressed as it was asked for, once its
   * editing pauses (REBUILD_AFTER_MS after its last change here), off any request: the next person opening it, or a
   * browser coming back to it, does not wait for that work. Edits never wait for it either (it runs after them).
   */
  const rebuilds = new Map<string, NodeJS.Timeout>();
  events?.subscribe((e) => {
    if (e.type !== 'sale_changed' || !serialized.get(e.delta.saleId, false)) return;
    const id = e.delta.saleId;
    clearTimeout(rebuilds.get(id));
    const timer = setTimeout(() => {
      rebuilds.delete(id);
      serializedSale(id).then(
        ({ json }) => json?.warm(),
        () => undefined, // (deleted meanwhile, or the database away: the next GET reads it as usual)
      );
    }, REBUILD_AFTER_MS);
    timer.unref();
    rebuilds.set(id, timer);
  });

  /** After commit: the computed sections become reusable; the DTO is assembled. */
  function answer(read: ReadSale): SaleDto {
    remember(read);
    return saleDtoOf(read.sale, read.sections);
  }

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
        const change: Change = { changed: true, heads: before.heads, sections: before.sections };
        const result = await fn(r, change, locked);
        // Nothing written: the sale is as it was.
        if (!change.changed) return { result, read: before, before, saleBefore, saleAfter: saleBefore };
        // A change of lines only keeps the sale's sections: the locked ones serve (the touch below answers their
        // new versions). Any other change reads them again.
        const kept = change.sectionsKept === true && change.lines !== undefined;
        const heads = kept ? before.heads : await r.sectionHeads(saleId);
        // The sale row itself is not changed by `fn` (only by the touch, below): the locked row serves.
        let read = (await readSale(r, saleId, locked, heads, change.lines, before.fresh))!;
        let set: SaleHeader & { totalPrice?: string; odooSynced: boolean };
        if (typeof kind === 'string') {
          const lineCount = read.sections.reduce((n, sec) => n + sec.lines.length, 0);
          if (lineCount > MAX_SALE_LINES) {
            throw new AppError(
              'VALIDATION_FAILED',
              `A sale holds at most ${MAX_SALE_LINES.toLocaleString('en-US')} lines (this change would make ${lineCount.toLocaleString('en-US')})`,
            );
          }
          const pricing = salePricingFromSections(read.sections.map((sec) => sec.pricing));
          if (toDecimal(pricing.total_price).abs().gte(MAX_SALE_TOTAL)) {
            throw new AppError('VALIDATION_FAILED', 'The sale total would be too large');
          }
          set = { totalPrice: pricing.total_price, odooSynced: false };
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

  /**
   * The sale as last committed, held in memory with every section computed at its version, when it is editable and
   * `sectionId` is one of its sections; else undefined.
   */
  function heldSale(saleId: string, sectionId: string) {
    const h = held.get(saleId);
    if (!h || !isEditableState(h.sale.state)) return undefined;
    const index = h.heads.findIndex((head) => head.id === sectionId);
    const rows = index < 0 ? undefined : sections.rows(sectionId, h.heads[index]!.version);
    if (!rows) return undefined;
    const dtos: SectionDto[] = [];
    for (const head of h.heads) {
      const dto = sections.get(head.id, head.version);
      if (!dto) return undefined;
      dtos.push(dto);
    }
    return { sale: h.sale, heads: h.heads, sections: dtos, index, rows };
  }
  type HeldSale = NonNullable<ReturnType<typeof heldSale>>;

  /**
   * A change of one section's lines in ONE statement (no transaction, no lock): from the sale held in memory, the
   * section's rows after the change (`after`, in order, positions and values as stored) give the section, the sale's
   * total and the activity entry, and repo.commitLinesAt writes them (`write`: what turns the held rows into
   * `after`, see linesWrite) only if the sale is still as held. Undefined when this path cannot be
   * taken (a limit reached, the sale moved on): the caller then runs the change through mutate, which reads and
   * decides everything again under the sale's lock. Answers as mutate does.
   */
  async function commitHeld(
    user: AuthUser,
    h: HeldSale,
    after: SaleLineRow[],
    kind: ActivityKind,
    hint: ActivityHint | undefined,
    write: LinesWrite,
  ): Promise<{ sale: SaleDto; delta: SaleDelta } | undefined> {
    const head = h.heads[h.index]!;
    const updated = new Set(write.update?.map((u) => u.id));
    const predicted = [...h.sections];
    // An edit or an append moves the section's totals by the lines it changes; anything else computes it whole.
    const appended = !write.update && after.length > h.rows.length && h.rows.every((l, i) => after[i] === l);
    predicted[h.index] =
      write.update || appended
        ? editedSectionDto(
            head,
            h.sections[h.index]!,
            h.rows,
            after,
            h.rows.flatMap((l, i) => (after[i] === l ? [] : [i])),
          )
        : toSectionDto({ ...head, lines: after });
    if (predicted.reduce((n, sec) => n + sec.lines.length, 0) > MAX_SALE_LINES) return undefined;
    const pricing = salePricingFromSections(predicted.map((sec) => sec.pricing));
    if (toDecimal(pricing.total_price).abs().gte(MAX_SALE_TOTAL)) return undefined;
    const saleBefore = saleDtoOf(h.sale, h.sections);
    const set = { totalPrice: pricing.total_price, odooSynced: false };
    const provisional: SaleRow = {
      ...h.sale,
      ...set,
      version: h.sale.version + 1,
      updatedById: user.id,
      updatedByName: user.name,
    };
    const entry = activityEntry(user, kind, saleBefore, saleDtoOf(provisional, predicted), hint);
    const at = {
      saleId: h.sale.id,
      version: h.sale.version,
      sections: h.heads.map((x) => `${x.id}:${x.version}`).join(','),
    };
    const done = await repo.commitLinesAt(at, actorOf(user), set, entry, write);
    if (!done) return undefined;
    // The rows as stored (the written ones as the database returned them); the section moved by exactly one version.
    // The values were computed as their columns store them, so the section computed before holds unless a written
    // row came back different (then it is computed again from what is stored).
    const expected = updated.size + (write.insert?.length ?? 0) + (write.positions?.length ?? 0);
    if (done.lines.length !== expected || done.removed !== (write.remove?.length ?? 0))
      throw new Error(`sale ${h.sale.id}: the guarded write wrote ${done.lines.length}/${done.removed} of ${expected}`);
    // `after` is in position order: each written row is compared with the predicted one at its position.
    const same = done.lines.every((w) => {
      const l = after[w.position];
      // (who set the fields is an object: written as predicted, from the held row)
      return (
        l?.id === w.id && (Object.keys(w) as (keyof SaleLineRow)[]).every((k) => k === 'editedBy' || w[k] === l[k])
      );
    });
    const written = same ? undefined : new Map(done.lines.map((l) => [l.id, l]));
    const rows = written ? after.map((l) => written.get(l.id) ?? l) : after;
    const version = head.version + 1;
    const dto = same ? predicted[h.index]! : toSectionDto({ ...head, version, lines: rows });
    const sectionsAfter = [...h.sections];
    sectionsAfter[h.index] = dto;
    const heads = h.heads.map((x, i) => (i === h.index ? { ...x, version } : x));
    let sale: SaleRow = { ...provisional, version: done.version, updatedAt: done.updatedAt };
    const total = salePricingFromSections(sectionsAfter.map((sec) => sec.pricing)).total_price;
    // The values were computed as the columns store them: the total cannot differ, but if it ever did, the stored
    // one is put right before anyone is answered.
    if (!toDecimal(total).eq(toDecimal(sale.totalPrice)))
      sale = (await repo.correctTotal(sale.id, sale.version, total)) ?? sale;
    remember({
      sale,
      heads: heads as SaleSectionRow[],
      sections: sectionsAfter,
      fresh: [{ id: head.id, version, dto, rows }],
    });
    const saleAfter = saleDtoOf(sale, sectionsAfter);
    const delta = diffSales(saleBefore, saleAfter, actorOf(user));
    events?.publish({ type: 'sale_changed', delta });
    return { sale: saleAfter, delta };
  }

  /**
   * Catalog rows by id as last read (added lines are made from them): the write that uses them checks that they
   * are still as read (SalesQueries.commitLinesAt), so a row changed since only sends that write the locking way.
   */
  const catalog = new Map<number, ProductRow>();
  async function catalogRows(ids: readonly number[]): Promise<ProductRow[]> {
    const missing = ids.filter((id) => !catalog.has(id));
    if (missing.length > 0) {
      for (const p of await repo.productsByIds(missing)) {
        if (catalog.size >= CATALOG_ROWS) catalog.delete(catalog.keys().next().value!);
        catalog.set(p.id, p);
      }
    }
    return ids.flatMap((id) => catalog.get(id) ?? []);
  }

  /**
   * THE executor of a section's line operations: `plan` decides the change from the section's rows. First on the
   * one-statement path, from the sale held in memory (commitHeld); when the sale is not held, when the guard of that
   * write misses (the sale moved on, a product changed), when the plan refuses (the held rows may be behind a change
   * another server made) or changes nothing, the change is planned again from the rows read under the sale's lock and
   * written there (mutate), which decides and words every refusal. Any other error of a planner is a bug: it fails
   * the request (logged as such), never falls back silently.
   */
  async function runLines<X>(
    actor: AuthUser | null,
    saleId: string,
    sectionId: string,
    kind: ActivityKind,
    plan: LinesPlanner<X>,
  ): Promise<{ sale: SaleDto; delta: SaleDelta; extra: X }> {
    const user = authorize(actor, 'sales.edit');
    const by = editorNow(user);
    const h = heldSale(saleId, sectionId);
    if (h) {
      const held = await refusedAsUndefined(() =>
        plan({ saleId, sectionId, rows: h.rows, dtos: h.sections[h.index]!.lines, products: catalogRows, by }),
      );
      if (held?.after) {
        const write = writeOfChange(sectionId, h.rows, held);
        const done = await commitHeld(user, h, held.after, kind, held.hint, write);
        if (done) return { ...done, extra: held.extra };
        // The write may have been refused because a product changed: read them again next time.
        for (const p of held.products ?? []) catalog.delete(p.id);
      }
    }
    return mutate(actor, saleId, kind, async (r, change) => {
      const { head, rows } = await sectionRows(r, change, sectionId);
      const dtos = change.sections[change.heads.indexOf(head)]?.lines ?? [];
      const planned = await plan({ saleId, sectionId, rows, dtos, products: (ids) => r.productsByIds(ids), by });
      change.activity = planned.hint;
      if (!planned.after) {
        change.changed = false;
        return { extra: planned.extra };
      }
      const stored = await r.writeLines(writeOfChange(sectionId, rows, planned));
      linesOnly(
        change,
        sectionId,
        planned.after.map((l) => stored.get(l.id) ?? l),
      );
      return { extra: planned.extra };
    });
  }

  /** Tells whoever had set the values an explicit overwrite replaced (after commit; `sale` as it is now). */
  function tellReplaced(user: AuthUser, sale: SaleDto, sectionId: string, replaced: readonly Replaced[]) {
    if (replaced.length === 0 || !events) return;
    const section = sale.sections.find((sec) => sec._id === sectionId);
    for (const r of replaced) {
      const position = section?.lines.findIndex((l) => l._id === r.line) ?? -1;
      const line = section?.lines[position];
      if (!line) continue;
      const event: ValueReplacedEvent = {
        saleId: sale._id,
        section: sectionId,
        line: r.line,
        position: position + 1,
        label: line.kind === 'product' ? line.product.name || line.name : line.name,
        field: r.field,
        replaced: r.replaced,
        value: asText(shownValue(line, r.field)),
        previous: r.previous,
        by: actorOf(user),
      };
      events.publish({ type: 'value_replaced', event });
    }
  }

  async function section(r: SalesQueries, saleId: string, sectionId: string) {
    const s = await r.findSection(saleId, sectionId);
    if (!s) throw notFound('Section');
    return s;
  }

  /** A section of the sale and its line rows in order: from the cache when it holds this version, else read. */
  async function sectionRows(r: SalesQueries, change: Change, sectionId: string) {
    const head = change.heads.find((h) => h.id === sectionId);
    if (!head) throw notFound('Section');
    return { head, rows: sections.rows(head.id, head.version) ?? (await r.sectionLines(sectionId)) };
  }

  async function sectionDto(r: SalesQueries, saleId: string, sectionId: string): Promise<SectionDto> {
    const s = await section(r, saleId, sectionId);
    return toSectionDto({ ...s, lines: await r.sectionLines(sectionId) });
  }

  async function list(q: SaleQuery) {
    const { items, total } = await repo.list(q);
    return { items: items.map(toSaleListItemDto), total };
  }

  return {
    /**
     * A sale mutation of another module (modules/templates: apply, refresh, remove a template) on the same path as
     * every edit here: edit rights, the sale locked, draft/sent only, version, activity, total and delta. `fn` gets
     * the transaction's queries and may name the activity's hints or report that nothing changed.
     */
    async mutation(
      actor: AuthUser | null,
      saleId: string,
      kind: ActivityKind,
      fn: (r: SalesQueries, ctx: { locked: SaleRow; hint(h: ActivityHint): void; unchanged(): void }) => Promise<void>,
    ): Promise<SaleDelta> {
      const res = await mutate(actor, saleId, kind, async (r, change, locked) => {
        await fn(r, {
          locked,
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

    // ─── Sales ─────────────────────────────────────────────────────────────────────────────────────────────────

    async list(actor: AuthUser | null, q: SaleQuery & { page: number; pageSize: number }) {
      authorize(actor, 'sales.view');
      return { ...(await list(q)), page: q.page, pageSize: q.pageSize };
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
     * quote with neither a name nor a customer is refused (a quote without either, made before, may keep that).
     */
    async update(actor: AuthUser | null, id: string, input: SaleHeaderInput): Promise<SaleDelta> {
      const wanted = headerColumns(input);
      const header: SaleHeader = {};
      // The locked row holds the header: no need to read the sale's lines to compare it.
      const res = await mutate(actor, id, { header }, async (_r, change, current) => {
        for (const [k, v] of Object.entries(wanted) as [keyof SaleHeader, never][]) {
          if (current[k] !== v) header[k] = v;
        }
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
      return { ...(await list({ offset: 0, limit: SALES_PAGE_SIZE })), page: 0, pageSize: SALES_PAGE_SIZE };
    },

    /**
     * The validity check (SPEC §2): per section, the product lines whose product is missing from the local catalog
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

    /** The sale's page in the ERP (SPEC §2 'Open in {ERP}'); 409 when the sale is not linked. */
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

    // ─── Sections ──────────────────────────────────────────────────────────────────────────────────────────────

    /**
     * Copy Sale Data (DESIGN §5): copies sections of a source sale (readable by the actor) into the destination
     * (draft/sent, editable by the actor) with the domain's planSectionCopy: new appends copies; merge goes into
     * the same-named section (mergeProducts adds quantities of lines with the same product, price and cost);
     * overwrite replaces the lines of the same-named section. Source and destination may be the same sale. Only
     * the destination is locked. Answers the destination sale.
     */
    async copySections(actor: AuthUser | null, destinationId: string, input: CopySectionsInput) {
      authorize(actor, 'sales.view');
      return (
        await mutate(actor, destinationId, 'copied', async (r, change) => {
          const dest = (await r.findFull(destinationId))!;
          const source = input._id === destinationId ? dest : await r.findFull(input._id);
          if (!source) throw notFound('Source sale');
          const wanted = new Set(input.sections);
          const chosen = source.sections.filter((s) => wanted.has(s.id));
          if (chosen.length !== wanted.size) throw notFound('Section');
          change.activity = {
            source: {
              id: source.sale.id,
              quote_number: source.sale.quoteNumber,
              name: source.sale.name,
              sections: chosen.map((c) => c.name),
              count: chosen.length,
              same: source === dest,
            },
            style: input.copyStyle,
          };
          const before = dest.sections.map(forCopy);
          const plan = planSectionCopy(before, chosen.map(forCopy), input.copyStyle, input.mergeProducts);
          const order: string[] = [];
          for (const [position, planned] of plan.entries()) {
            const original = planned.isNew ? undefined : before.find((s) => s.id === planned.id);
            if (original && original === (planned as unknown)) {
              order.push(original.id);
              continue;
            }
            const sectionId =
              original?.id ??
              (await r.insertSection(destinationId, {
                name: planned.row.name,
                showDetails: planned.row.showDetails,
                merge: planned.row.merge,
                position,
              }));
            order.push(sectionId);
            const kept = new Set(planned.lines.flatMap((l) => (l.id ? [l.id] : [])));
            await r.deleteLines((original?.lines ?? []).filter((l) => !kept.has(l.id)).map((l) => l.id));
            const fresh: (NewLine & { position: number })[] = [];
            for (const [at, line] of planned.lines.entries()) {
              const quantity = toDecimal(line.quantity ?? 0);
              if (quantity.abs().gte(NUMERIC_FIELDS.quantity.max))
                throw new AppError('VALIDATION_FAILED', 'Quantity is out of range');
              if (!line.id) fresh.push({ ...copyOfLine(line.row), quantity: quantity.toFixed(), position: at });
              else if (!quantity.eq(toDecimal(line.row.quantity)))
                await r.updateLine(line.id, { quantity: quantity.toFixed() });
            }
            const newIds = (await r.insertLines(destinationId, sectionId, fresh)).map((l) => l.id);
            await r.orderLines(planned.lines.map((l) => l.id ?? newIds.shift()!));
          }
          await r.orderSections(order);
          return {};
        })
      ).delta;
    },

    async createSection(actor: AuthUser | null, saleId: string, input: { name: string; show_details?: boolean }) {
      return (
        await mutate(actor, saleId, 'section_created', async (r) => {
          const sections = await r.sectionOrder(saleId);
          const _id = await r.insertSection(saleId, {
            name: input.name,
            showDetails: input.show_details ?? true,
            position: sections.length,
          });
          return { _id };
        })
      ).delta;
    },

    /** A copy of the section and its lines, right after it. */
    async duplicateSection(actor: AuthUser | null, saleId: string, sectionId: string) {
      return (
        await mutate(actor, saleId, 'section_duplicated', async (r, change) => {
          const source = await section(r, saleId, sectionId);
          change.activity = { of: source.name };
          const sections = await r.sectionOrder(saleId);
          const at = sections.findIndex((s) => s.id === sectionId) + 1;
          const copyId = await r.insertSection(saleId, {
            name: duplicateSectionName(source.name),
            showDetails: source.showDetails,
            merge: source.merge,
            position: at,
          });
          const lines = await r.sectionLines(sectionId);
          await r.insertLines(
            saleId,
            copyId,
            lines.map((l, position) => ({ ...copyOfLine(l), position })),
          );
          const order = sections.map((s) => s.id);
          order.splice(at, 0, copyId);
          await r.orderSections(order);
          return {};
        })
      ).delta;
    },

    async updateSection(
      actor: AuthUser | null,
      saleId: string,
      sectionId: string,
      input: { name?: string | undefined; show_details?: boolean | undefined },
    ) {
      return (
        await mutate(actor, saleId, 'section_updated', async (r, change) => {
          const s = await section(r, saleId, sectionId);
          const patch: SectionPatch = {};
          if (input.name !== undefined && input.name !== s.name) patch.name = input.name;
          if (input.show_details !== undefined && input.show_details !== s.showDetails)
            patch.showDetails = input.show_details;
          change.changed = Object.keys(patch).length > 0;
          await r.updateSection(sectionId, patch);
          return {};
        })
      ).delta;
    },

    async deleteSection(actor: AuthUser | null, saleId: string, sectionId: string) {
      return (
        await mutate(actor, saleId, 'section_deleted', async (r) => {
          await section(r, saleId, sectionId);
          await r.deleteSection(sectionId);
          await r.orderSections((await r.sectionOrder(saleId)).map((s) => s.id));
          return {};
        })
      ).delta;
    },

    async reorderSections(actor: AuthUser | null, saleId: string, from: number, to: number) {
      return (
        await mutate(actor, saleId, 'sections_moved', async (r, change) => {
          const ids = (await r.sectionOrder(saleId)).map((s) => s.id);
          change.activity = { moved: ids[from] };
          await r.orderSections(moveItem(ids, from, to));
          change.changed = from !== to;
          return {};
        })
      ).delta;
    },

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

    /** Moves or copies lines (in their order) to the end of another (or the same) section of the sale. */
    async moveLines(
      actor: AuthUser | null,
      saleId: string,
      fromId: string,
      toId: string,
      type: LineMoveType,
      ids: string[],
    ) {
      const res = await mutate(actor, saleId, type === 'move' ? 'lines_moved' : 'lines_copied', async (r, change) => {
        change.activity = { of: (await section(r, saleId, fromId)).name };
        await section(r, saleId, toId);
        const origin = (await r.sectionLines(fromId)).map((row) => ({ _id: row.id, row }));
        const destination =
          fromId === toId ? origin : (await r.sectionLines(toId)).map((row) => ({ _id: row.id, row }));
        const plan = planLineMove(origin, destination, ids, type);
        if (plan.missing.length > 0) throw notFound('Line');
        const copies = plan.destination.flatMap((item, position) =>
          item.isNew ? [{ ...copyOfLine(item.row), position }] : [],
        );
        const newIds = (await r.insertLines(saleId, toId, copies)).map((l) => l.id);
        const destOrder = plan.destination.map((item) => (item.isNew ? newIds.shift()! : item._id!));
        if (type === 'move' && fromId !== toId) {
          await r.moveLines(ids, toId);
          await r.orderLines(plan.origin.map((item) => item._id!));
        }
        await r.orderLines(destOrder);
        return {
          originSection: await sectionDto(r, saleId, fromId),
          destinationSection: await sectionDto(r, saleId, toId),
        };
      });
      return { originSection: res.originSection, destinationSection: res.destinationSection, ...res.delta };
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
export type SalesService = ReturnType<typeof salesService>;
