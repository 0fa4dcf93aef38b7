import { randomUUID } from 'node:crypto';
import type { ActivityHint } from '@quotewright/contracts';
import type { SaleLineRow, SaleRow, SaleSectionRow } from '@quotewright/db';
import {
  DEFAULT_PRESENTATION,
  duplicateSectionName,
  type Layout,
  type LayoutMakers,
  type LineMoveType,
  NUMERIC_FIELDS,
  planCopySections,
  planCreateSection,
  planDeleteSection,
  planDuplicateSection,
  planMoveLines,
  planReorderSections,
  planUpdateSection,
  presentationOfRequest,
  type SectionCopyStyle,
  type SectionPresentation,
  showDetailsOf,
  toDecimal,
} from '@quotewright/domain';
import { AppError, notFound } from '../../errors';
import { writeLayout } from '../../infra/ordered-rows.repository';
import { type AuthUser, authorize } from '../../policy';
import { editConflict } from './line-planners';
import type { SaleHeaderInput } from './sale-header';
import type { Change, Mutate } from './sale-mutate';
import { lineContent, pricingLine, type SectionDto, toSectionDto } from './sales.dto';
import type { SalesQueries } from './sales.repository';

export interface CopySectionsInput {
  /** Section ids of the source sale. */
  sections: string[];
  /** The source sale (may be the destination itself). */
  _id: string;
  copyStyle: SectionCopyStyle;
  mergeProducts: boolean;
}

export type SaleLayout = Layout<SaleSectionRow, SaleLineRow>;

/** What a sale mutation of another module (sales.service mutation) is given besides the transaction's queries. */
export interface MutationContext {
  locked: SaleRow;
  /** The sale's layout as locked (its sections and their lines). */
  layout(): Promise<SaleLayout>;
  /** Writes a section planner's layout (none: nothing changes). */
  commit(before: SaleLayout, after: SaleLayout | undefined): Promise<void>;
  /** Writes these header fields as well (those that differ from the locked sale); answers whether any differs. */
  header(input: SaleHeaderInput): boolean;
  hint(h: ActivityHint): void;
  unchanged(): void;
}

/** New rows of a sale's sections: a section, and a copy of a line's content (no ERP line, not from a template). */
export function saleMakers(saleId: string): LayoutMakers<SaleSectionRow, SaleLineRow> {
  return {
    section: (f) => ({
      id: randomUUID(),
      saleId,
      position: 0,
      name: f.name,
      presentation: f.presentation,
      showDetails: showDetailsOf(f.presentation),
      merge: f.merge ?? false,
      odooLineId: null,
      version: 1,
    }),
    copyLine: (l, sectionId) => ({
      ...lineContent(l),
      discount: l.discount,
      id: randomUUID(),
      saleId,
      sectionId,
      position: 0,
      templateId: null,
      odooLineId: null,
      odooOptionId: null,
      editedBy: {},
    }),
  };
}

/** A line with a copy's merged quantity (its quantity editor dropped: nobody typed it); range-checked. */
function withQuantity(line: SaleLineRow, quantity: string): SaleLineRow {
  const q = toDecimal(quantity);
  if (q.abs().gte(NUMERIC_FIELDS.quantity.max)) throw new AppError('VALIDATION_FAILED', 'Quantity is out of range');
  if (q.eq(toDecimal(line.quantity))) return line;
  const { quantity: _, ...editors } = line.editedBy ?? {};
  return { ...line, quantity: q.toFixed(), editedBy: editors };
}

/** The sale's layout as locked: its sections and their rows (held by the read before the change, else read). */
export async function layoutOf(r: SalesQueries, change: Change): Promise<SaleLayout> {
  const lines = new Map<string, readonly SaleLineRow[]>();
  const missing: string[] = [];
  for (const h of change.heads) {
    const rows = change.lineRows(h.id);
    if (rows) lines.set(h.id, rows);
    else missing.push(h.id);
  }
  if (missing.length > 0) {
    const read = await r.linesOfSections(missing);
    for (const id of missing) lines.set(id, read.get(id) ?? []);
  }
  return { sections: change.heads, lines };
}

/**
 * The executor of a sale's section operations (inside mutate, under the sale's lock): the planner's layout is
 * written (infra writeLayout); no layout (the request changes nothing) writes nothing and keeps the version.
 */
export async function commitLayout(
  r: SalesQueries,
  saleId: string,
  change: Change,
  before: SaleLayout,
  after: SaleLayout | undefined,
): Promise<void> {
  if (!after) {
    change.changed = false;
    return;
  }
  await writeLayout(r, saleId, before, after);
}

export async function section(r: SalesQueries, saleId: string, sectionId: string) {
  const s = await r.findSection(saleId, sectionId);
  if (!s) throw notFound('Section');
  return s;
}

async function sectionDto(r: SalesQueries, saleId: string, sectionId: string): Promise<SectionDto> {
  const s = await section(r, saleId, sectionId);
  return toSectionDto({ ...s, lines: await r.sectionLines(sectionId) });
}

/** Copy Sale Data and moving or copying lines between sections: changes of several sections at once. */
export function copyOperations(mutate: Mutate) {
  return {
    /**
     * Copy Sale Data (docs/product/rules.md#copy-and-merge-of-sections): copies sections of a source sale (readable
     * by the actor) into the destination (draft/sent, editable by the actor) with the domain's planCopySections: new
     * appends copies; merge goes into the same-named section (mergeProducts adds quantities of lines with the same
     * product, price and cost); overwrite replaces the lines of the same-named section. Source and destination may
     * be the same sale. Only the destination is locked. Answers the destination sale.
     */
    async copySections(actor: AuthUser | null, destinationId: string, input: CopySectionsInput) {
      authorize(actor, 'sales.view');
      return (
        await mutate(actor, destinationId, 'copied', async (r, change, locked) => {
          const before = await layoutOf(r, change);
          const same = input._id === destinationId;
          const source = same ? undefined : await r.findFull(input._id);
          if (!same && !source) throw notFound('Source sale');
          const wanted = new Set(input.sections);
          const chosen = source
            ? source.sections
                .filter((s) => wanted.has(s.id))
                .map((s) => ({ section: s as SaleSectionRow, lines: s.lines }))
            : before.sections
                .filter((s) => wanted.has(s.id))
                .map((s) => ({ section: s, lines: before.lines.get(s.id)! }));
          if (chosen.length !== wanted.size) throw notFound('Section');
          const from = source?.sale ?? locked;
          change.activity = {
            source: {
              id: from.id,
              quote_number: from.quoteNumber,
              name: from.name,
              sections: chosen.map((c) => c.section.name),
              count: chosen.length,
              same,
            },
            style: input.copyStyle,
          };
          const after = planCopySections(
            before,
            chosen,
            {
              style: input.copyStyle,
              mergeProducts: input.mergeProducts,
              view: (row) => ({ ...pricingLine(row), product_id: row.productId }),
              withQuantity,
            },
            saleMakers(destinationId),
          );
          await commitLayout(r, destinationId, change, before, after);
          return {};
        })
      ).delta;
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
        const before = await layoutOf(r, change);
        change.activity = { of: sectionIn(before, fromId).name };
        sectionIn(before, toId);
        await commitLayout(
          r,
          saleId,
          change,
          before,
          planMoveLines(before, fromId, toId, ids, type, saleMakers(saleId)),
        );
        return {
          originSection: await sectionDto(r, saleId, fromId),
          destinationSection: await sectionDto(r, saleId, toId),
        };
      });
      return { originSection: res.originSection, destinationSection: res.destinationSection, ...res.delta };
    },
  };
}

/** The section of the layout (404 when the sale has no such section). */
function sectionIn(layout: SaleLayout, id: string): SaleSectionRow {
  const s = layout.sections.find((x) => x.id === id);
  if (!s) throw notFound('Section');
  return s;
}

/** A section's name and presentation as a request sets them (show_details: from clients before presentations). */
export interface SectionInput {
  name?: string | undefined;
  presentation?: SectionPresentation | undefined;
  show_details?: boolean | undefined;
}

/** A change of a sale's section: with a rename, the name it was based on (decision 0020). */
export interface SectionEdit extends SectionInput {
  base?: { name: string } | undefined;
  /** The person chose to replace the name a 409 named (the base is that name). */
  overwrite?: boolean | undefined;
}

/**
 * The conflict that refuses a rename (decision 0020): the name changes, its base is given and no longer the section's
 * name (`current`, as locked). Who named a section is not kept: nobody is named.
 */
export function sectionNameConflicts(sectionId: string, edit: SectionEdit, current: string | undefined) {
  const { name, base } = edit;
  if (name === undefined || base === undefined || current === undefined) return [];
  if (current === name || current === base.name) return [];
  return [{ section: sectionId, field: 'name' as const, value: current, base: base.name, by: null, at: null }];
}

/** The sections of a sale: create, duplicate, rename, delete, reorder (packages/domain section-plans.ts). */
export function sectionOperations(mutate: Mutate) {
  return {
    async createSection(actor: AuthUser | null, saleId: string, input: SectionInput & { name: string }) {
      return (
        await mutate(actor, saleId, 'section_created', async (r, change) => {
          const before = await layoutOf(r, change);
          const fields = { name: input.name, presentation: presentationOfRequest(input) ?? DEFAULT_PRESENTATION };
          const planned = planCreateSection(before, fields, saleMakers(saleId));
          await commitLayout(r, saleId, change, before, planned.layout);
          return { _id: planned.id };
        })
      ).delta;
    },

    /** A copy of the section and its lines, right after it. */
    async duplicateSection(actor: AuthUser | null, saleId: string, sectionId: string) {
      return (
        await mutate(actor, saleId, 'section_duplicated', async (r, change) => {
          const before = await layoutOf(r, change);
          const planned = planDuplicateSection(before, sectionId, duplicateSectionName, saleMakers(saleId));
          change.activity = { of: planned.of };
          await commitLayout(r, saleId, change, before, planned.layout);
          return {};
        })
      ).delta;
    },

    /** A rename based on a name changed since is refused (409 EDIT_CONFLICT), nothing written. */
    async updateSection(actor: AuthUser | null, saleId: string, sectionId: string, input: SectionEdit) {
      return (
        await mutate(actor, saleId, 'section_updated', async (r, change) => {
          const head = change.heads.find((s) => s.id === sectionId);
          const conflicts = sectionNameConflicts(sectionId, input, head?.name);
          if (conflicts.length > 0) throw editConflict(conflicts);
          const before = await layoutOf(r, change);
          const current = before.sections.find((s) => s.id === sectionId)?.presentation;
          const presentation = presentationOfRequest(input, current);
          const after = planUpdateSection(before, sectionId, { name: input.name, presentation });
          await commitLayout(r, saleId, change, before, after);
          return {};
        })
      ).delta;
    },

    async deleteSection(actor: AuthUser | null, saleId: string, sectionId: string) {
      return (
        await mutate(actor, saleId, 'section_deleted', async (r, change) => {
          const before = await layoutOf(r, change);
          await commitLayout(r, saleId, change, before, planDeleteSection(before, sectionId));
          return {};
        })
      ).delta;
    },

    async reorderSections(actor: AuthUser | null, saleId: string, from: number, to: number) {
      return (
        await mutate(actor, saleId, 'sections_moved', async (r, change) => {
          const before = await layoutOf(r, change);
          const planned = planReorderSections(before, from, to);
          change.activity = { moved: planned.moved };
          await commitLayout(r, saleId, change, before, planned.layout);
          return {};
        })
      ).delta;
    },
  };
}
