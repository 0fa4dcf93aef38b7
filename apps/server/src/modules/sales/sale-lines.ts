import {
  type ActivityHint,
  type ActivityKind,
  diffSales,
  type SaleDelta,
  type ValueReplacedEvent,
} from '@quotewright/contracts';
import type { ProductRow, SaleLineRow, SaleRow, SaleSectionRow } from '@quotewright/db';
import { isEditableState, MAX_SALE_LINES, salePricingFromSections, toDecimal } from '@quotewright/domain';
import { notFound } from '../../errors';
import type { SaleEvents } from '../../infra/sale-events';
import { type AuthUser, authorize } from '../../policy';
import {
  asText,
  editorNow,
  type LinesPlanner,
  type Replaced,
  refusedAsUndefined,
  shownValue,
  writeOfChange,
} from './line-planners';
import { activityEntry, actorOf, type Change, linesOnly, type Mutate, saleTotalsOf } from './sale-mutate';
import type { SaleReads } from './sale-reads';

/** How many catalog rows the sales service keeps for appended lines (a few MB at most). */
const CATALOG_ROWS = 10_000;

import { editedSectionDto, pricedSection, type SaleDto, type SectionDto, saleDtoOf, toSectionDto } from './sales.dto';
import type { LinesWrite, SalesQueries, SalesRepository } from './sales.repository';

/**
 * The one-statement path of a section's line change: from the sale as last committed here (held in memory), the
 * change is written in ONE statement only if the sale is still as held (see commitHeld).
 */
export function heldPath(repo: SalesRepository, reads: SaleReads, events: SaleEvents | undefined) {
  const { sections, held, remember } = reads;

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
    // The predicted sections' pricing, computed once: the totals written, the activity's "after", and the answer
    // when the rows come back as predicted.
    const predictedPricing = salePricingFromSections(predicted.map(pricedSection));
    const totals = saleTotalsOf(predictedPricing);
    if (!totals) return undefined;
    const saleBefore = saleDtoOf(h.sale, h.sections);
    const set = { ...totals, odooSynced: false };
    const provisional: SaleRow = {
      ...h.sale,
      ...set,
      version: h.sale.version + 1,
      updatedById: user.id,
      updatedByName: user.name,
    };
    const entry = activityEntry(user, kind, saleBefore, saleDtoOf(provisional, predicted, predictedPricing), hint);
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
    // Rows as predicted: the totals written are these sections' (computed above). Else the values were computed as
    // the columns store them, so the totals cannot differ; but if they ever did, the stored ones are put right before
    // anyone is answered.
    const pricing = same ? predictedPricing : salePricingFromSections(sectionsAfter.map(pricedSection));
    if (
      !same &&
      (!toDecimal(pricing.total_price).eq(toDecimal(sale.totalPrice)) ||
        !toDecimal(pricing.optional_total).eq(toDecimal(sale.optionalTotal)))
    ) {
      const totals = { totalPrice: pricing.total_price, optionalTotal: pricing.optional_total };
      sale = (await repo.correctTotal(sale.id, sale.version, totals)) ?? sale;
    }
    remember({
      sale,
      heads: heads as SaleSectionRow[],
      sections: sectionsAfter,
      fresh: [{ id: head.id, version, dto, rows }],
    });
    const saleAfter = saleDtoOf(sale, sectionsAfter, pricing);
    const delta = diffSales(saleBefore, saleAfter, actorOf(user));
    events?.publish({ type: 'sale_changed', delta });
    return { sale: saleAfter, delta };
  }

  return { heldSale, commitHeld };
}

/**
 * THE executor of a section's line operations (runLines): each operation is a planner of line-planners.ts, run on
 * the one-statement path when it can be, under the sale's lock otherwise.
 */
export function lineExecutor(repo: SalesRepository, reads: SaleReads, mutate: Mutate, events: SaleEvents | undefined) {
  const { sections } = reads;
  const { heldSale, commitHeld } = heldPath(repo, reads, events);

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

  /** A section of the sale and its line rows in order: from the cache when it holds this version, else read. */
  async function sectionRows(r: SalesQueries, change: Change, sectionId: string) {
    const head = change.heads.find((h) => h.id === sectionId);
    if (!head) throw notFound('Section');
    return { head, rows: sections.rows(head.id, head.version) ?? (await r.sectionLines(sectionId)) };
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

  return { runLines, tellReplaced };
}
export type LineExecutor = ReturnType<typeof lineExecutor>;
