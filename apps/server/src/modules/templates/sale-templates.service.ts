// Templates applied to a sale (docs/product/rules.md#templates). Each call is a sale mutation on the sales
// service's own path (edit rights, the sale locked, draft/sent, version, activity feed, delta to the sale's room).
// Every line copied from a template remembers it (sale_lines.template_id): Refresh replaces exactly those lines with
// the template's current ones, Remove deletes them and the sections they leave empty. Based-on-Total lines become
// money against the sale section they land in (packages/domain resolveTemplateLines).
import type { SaleLineRow, SaleSectionRow } from '@quotewright/db';
import {
  type CopyLine,
  planSectionCopy,
  planTemplateRemoval,
  replaceTemplateLines,
  resolveTemplateLines,
  type TemplateCopyStyle,
} from '@quotewright/domain';
import { AppError, notFound } from '../../errors';
import { type AuthUser, authorize } from '../../policy';
import { lineContent, pricingLine } from '../sales/sales.dto';
import type { NewLine, SalesQueries } from '../sales/sales.repository';
import type { SalesService } from '../sales/sales.service';
import { asSaleLineRow } from './templates.dto';
import type { FullTemplate, TemplatesRepository } from './templates.repository';

/** A line as the copy plan and the pricing rules read it; `row` is the stored line, `fresh` a template's line. */
type PlanLine = CopyLine & { id?: string; row?: SaleLineRow; fresh?: NewLine };
type PlanSection = { id?: string; name: string; row?: SaleSectionRow; showDetails: boolean; lines: PlanLine[] };

const sectionKey = (name: string) => name.trim().toLowerCase();

/** A template line as a new sale line of the template `templateId` (not yet priced). */
function freshLine(l: FullTemplate['sections'][number]['lines'][number], templateId: string): PlanLine {
  const row = asSaleLineRow(l);
  const fresh: NewLine = { ...lineContent(l), templateId };
  return { ...pricingLine(row), product_id: l.productId, fresh };
}

const storedLine = (row: SaleLineRow): PlanLine => ({
  ...pricingLine(row),
  product_id: row.productId,
  id: row.id,
  row,
});

export function saleTemplatesService(deps: { sales: SalesService; templates: TemplatesRepository }) {
  const { sales, templates } = deps;

  async function template(actor: AuthUser | null, id: string): Promise<FullTemplate> {
    authorize(actor, 'sales.edit');
    const t = await templates.findFull(id);
    if (!t) throw notFound('Template');
    return t;
  }

  /**
   * Writes a section's planned lines: stored lines not planned any more are deleted, new ones inserted with their
   * Based-on-Total lines resolved against the section, and the section put in the planned order.
   */
  async function writeSection(
    r: SalesQueries,
    saleId: string,
    sectionId: string,
    before: readonly SaleLineRow[],
    planned: readonly PlanLine[],
  ) {
    const priced = resolveTemplateLines(planned, (l) => l.fresh !== undefined);
    const kept = new Set(planned.flatMap((l) => (l.id ? [l.id] : [])));
    await r.deleteLines(before.filter((l) => !kept.has(l.id)).map((l) => l.id));
    const inserts: (NewLine & { position: number })[] = [];
    priced.forEach((l, position) => {
      if (!l.fresh) return;
      inserts.push({
        ...l.fresh,
        price: String(l.price),
        cost: String(l.cost),
        pricePercentageActive: l.price_percentage_active === true,
        position,
      });
    });
    const ids = (await r.insertLines(saleId, sectionId, inserts)).map((l) => l.id);
    await r.orderLines(planned.map((l) => l.id ?? ids.shift()!));
  }

  const applied = (list: readonly { _id: string; name: string }[], t: FullTemplate) => [
    ...list.filter((x) => x._id !== t.template.id),
    { _id: t.template.id, name: t.template.name },
  ];

  return {
    /**
     * Adds sections of a template (all when `sections` is empty): merge appends their lines to the sale section of
     * the same name, else a new section; overwrite replaces that section's lines.
     */
    async apply(
      actor: AuthUser | null,
      saleId: string,
      templateId: string,
      input: { sections: string[]; copyStyle: TemplateCopyStyle },
    ) {
      const t = await template(actor, templateId);
      const wanted = new Set(input.sections);
      const chosen = wanted.size ? t.sections.filter((s) => wanted.has(s.id)) : t.sections;
      if (chosen.length !== (wanted.size || t.sections.length)) throw notFound('Section');
      return sales.mutation(actor, saleId, 'template_applied', async (r, ctx) => {
        ctx.hint({ of: t.template.name, style: input.copyStyle });
        const sale = (await r.findFull(saleId))!;
        const before: PlanSection[] = sale.sections.map((s) => ({
          id: s.id,
          name: s.name,
          row: s,
          showDetails: s.showDetails,
          lines: s.lines.map(storedLine),
        }));
        const sources: PlanSection[] = chosen.map((s) => ({
          name: s.name,
          showDetails: s.showDetails,
          lines: s.lines.map((l) => freshLine(l, templateId)),
        }));
        const plan = planSectionCopy(before, sources, input.copyStyle);
        const order: string[] = [];
        for (const [position, planned] of plan.entries()) {
          const original = planned.isNew ? undefined : before.find((s) => s.id === planned.id);
          if (original && original === (planned as unknown)) {
            order.push(original.id!);
            continue;
          }
          const sectionId =
            original?.id ??
            (await r.insertSection(saleId, { name: planned.name, showDetails: planned.showDetails, position }));
          order.push(sectionId);
          const stored = original ? (sale.sections.find((s) => s.id === sectionId)?.lines ?? []) : [];
          await writeSection(r, saleId, sectionId, stored, planned.lines);
        }
        await r.orderSections(order);
        await r.setTemplateIds(saleId, applied(ctx.locked.templateIds, t));
      });
    },

    /**
     * Replaces the template's lines in each sale section holding some with the current lines of the template section
     * of the same name (none when the template has no such section any more); Based-on-Total lines are recomputed.
     */
    async refresh(actor: AuthUser | null, saleId: string, templateId: string) {
      const t = await template(actor, templateId);
      const byName = new Map<string, FullTemplate['sections'][number]>();
      for (const s of t.sections) if (!byName.has(sectionKey(s.name))) byName.set(sectionKey(s.name), s);
      return sales.mutation(actor, saleId, 'template_refreshed', async (r, ctx) => {
        // The template's lines come back as new rows: the feed pairs them with the ones they replace.
        ctx.hint({ of: t.template.name, replaced: true });
        const sale = (await r.findFull(saleId))!;
        const isApplied = ctx.locked.templateIds.some((x) => x._id === templateId);
        const fromTemplate = (l: PlanLine) => l.row?.templateId === templateId;
        let held = false;
        for (const s of sale.sections) {
          const lines = s.lines.map(storedLine);
          if (!lines.some(fromTemplate)) continue;
          held = true;
          const fresh = (byName.get(sectionKey(s.name))?.lines ?? []).map((l) => freshLine(l, templateId));
          await writeSection(r, saleId, s.id, s.lines, replaceTemplateLines(lines, fromTemplate, fresh));
        }
        if (!isApplied && !held) throw new AppError('CONFLICT', 'This template is not applied to the sale');
        await r.setTemplateIds(saleId, applied(ctx.locked.templateIds, t));
      });
    },

    /** Deletes the template's lines from the sale and the sections they leave empty. The template may be gone. */
    async remove(actor: AuthUser | null, saleId: string, templateId: string) {
      authorize(actor, 'sales.edit');
      // Read before the sale's transaction (never a second connection inside it).
      const current = (await templates.findFull(templateId))?.template.name;
      return sales.mutation(actor, saleId, 'template_removed', async (r, ctx) => {
        const entry = ctx.locked.templateIds.find((x) => x._id === templateId);
        ctx.hint({ of: entry?.name ?? current ?? '' });
        const sale = (await r.findFull(saleId))!;
        const plan = planTemplateRemoval(sale.sections, (l: SaleLineRow) => l.templateId === templateId);
        if (!entry && plan.length === 0) throw new AppError('CONFLICT', 'This template is not applied to the sale');
        for (const p of plan) {
          if (p.remove) await r.deleteSection(p.section.id);
          else {
            await r.deleteLines(p.section.lines.filter((l) => l.templateId === templateId).map((l) => l.id));
            await r.orderLines(p.kept.map((l) => l.id));
          }
        }
        if (plan.some((p) => p.remove)) await r.orderSections((await r.sectionOrder(saleId)).map((s) => s.id));
        await r.setTemplateIds(
          saleId,
          ctx.locked.templateIds.filter((x) => x._id !== templateId),
        );
      });
    },
  };
}
export type SaleTemplatesService = ReturnType<typeof saleTemplatesService>;
