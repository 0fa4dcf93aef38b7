import type { SaleLineRow, SaleSectionRow } from '@quotewright/db';
import {
  type CopyLine,
  duplicateSectionName,
  type LineMoveType,
  moveItem,
  NUMERIC_FIELDS,
  planLineMove,
  planSectionCopy,
  type SectionCopyStyle,
  toDecimal,
} from '@quotewright/domain';
import { AppError, notFound } from '../../errors';
import { type AuthUser, authorize } from '../../policy';
import type { Mutate } from './sale-mutate';
import { lineContent, pricingLine, type SectionDto, toSectionDto } from './sales.dto';
import type { NewLine, SalesQueries, SectionPatch } from './sales.repository';

export interface CopySectionsInput {
  /** Section ids of the source sale. */
  sections: string[];
  /** The source sale (may be the destination itself). */
  _id: string;
  copyStyle: SectionCopyStyle;
  mergeProducts: boolean;
}

/** A copy of a line's content for another place: no id, no ERP line, not from a template. */
function copyOfLine(l: NewLine & Record<string, unknown>): NewLine {
  return { ...lineContent(l as SaleLineRow), discount: l.discount } as NewLine;
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
     * Copy Sale Data (docs/product/rules.md#copy-and-merge-of-sections): copies sections of a source sale (readable by the actor) into the destination
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
  };
}

/** The sections of a sale: create, duplicate, rename, delete, reorder. */
export function sectionOperations(mutate: Mutate) {
  return {
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
  };
}
