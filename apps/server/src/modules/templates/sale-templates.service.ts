// Templates applied to a sale (docs/product/rules.md#templates). Each call is a sale mutation on the sales
// service's own path (edit rights, the sale locked, draft/sent, version, activity feed, delta to the sale's room).
// Every line copied from a template remembers it (sale_lines.template_id): Refresh replaces exactly those lines with
// the template's current ones, Remove deletes them and the sections they leave empty. Based-on-Total lines become
// money against the sale section they land in (packages/domain resolveTemplateLines).
import type { SaleLineRow, SaleSectionRow } from '@quotewright/db';
import {
  type LayoutMakers,
  layoutWith,
  planCopySections,
  planTemplateRemoval,
  replaceTemplateLines,
  resolveTemplateLines,
  type TemplateCopyStyle,
} from '@quotewright/domain';
import { AppError, notFound } from '../../errors';
import { type AuthUser, authorize } from '../../policy';
import { type SaleLayout, saleMakers } from '../sales/sale-sections';
import { pricingLine } from '../sales/sales.dto';
import type { SalesService } from '../sales/sales.service';
import { asSaleLineRow, asSaleSectionRow } from './templates.dto';
import type { FullTemplate, TemplatesRepository } from './templates.repository';

type TemplateSection = FullTemplate['sections'][number];

const sectionKey = (name: string) => name.trim().toLowerCase();

/** New rows of a sale from a template: copies of the template's lines remember it (sale_lines.template_id). */
function fromTemplateMakers(saleId: string, templateId: string): LayoutMakers<SaleSectionRow, SaleLineRow> {
  const make = saleMakers(saleId);
  return { section: make.section, copyLine: (l, sectionId) => ({ ...make.copyLine(l, sectionId), templateId }) };
}

/** A template's section as a sale section and lines to copy (its lines seen as sale lines, not yet priced). */
const asSource = (s: TemplateSection, saleId: string) => ({
  section: asSaleSectionRow(s, saleId),
  lines: s.lines.map(asSaleLineRow),
});

/**
 * The sections of `after` whose lines changed, with the lines new there (`isNew`) priced against their section:
 * Based-on-Total lines of a template become money (packages/domain resolveTemplateLines).
 */
function priced(before: SaleLayout, after: SaleLayout, isNew: (l: SaleLineRow) => boolean): SaleLayout {
  const changes: [string, SaleLineRow[]][] = [];
  for (const s of after.sections) {
    const lines = after.lines.get(s.id)!;
    if (lines === before.lines.get(s.id)) continue;
    const views = lines.map((row) => ({ ...pricingLine(row), row }));
    const resolved = resolveTemplateLines(views, (v) => isNew(v.row));
    changes.push([
      s.id,
      resolved.map((p) =>
        isNew(p.row)
          ? {
              ...p.row,
              price: String(p.price),
              cost: String(p.cost),
              pricePercentageActive: p.price_percentage_active === true,
            }
          : p.row,
      ),
    ]);
  }
  return layoutWith(after, after.sections, changes);
}

/** Apply: the template's sections copied into the sale's layout (merge or overwrite by section name). */
export function planApplyTemplate(
  layout: SaleLayout,
  saleId: string,
  templateId: string,
  chosen: readonly TemplateSection[],
  style: TemplateCopyStyle,
): SaleLayout {
  const copied = planCopySections(
    layout,
    chosen.map((s) => asSource(s, saleId)),
    {
      style,
      mergeProducts: false,
      view: (row) => ({ ...pricingLine(row), product_id: row.productId }),
      withQuantity: (l) => l,
    },
    fromTemplateMakers(saleId, templateId),
  );
  const stored = new Set([...layout.lines.values()].flatMap((lines) => lines.map((l) => l.id)));
  return priced(layout, copied, (l) => !stored.has(l.id));
}

/**
 * Refresh: in each sale section holding lines of the template, those lines are replaced by the current lines of
 * the template section of the same name (none when it has no such section any more). Undefined when no section
 * holds any.
 */
export function planRefreshTemplate(
  layout: SaleLayout,
  saleId: string,
  template: FullTemplate,
): SaleLayout | undefined {
  const templateId = template.template.id;
  const byName = new Map<string, TemplateSection>();
  for (const s of template.sections) if (!byName.has(sectionKey(s.name))) byName.set(sectionKey(s.name), s);
  const make = fromTemplateMakers(saleId, templateId);
  const fromTemplate = (l: SaleLineRow) => l.templateId === templateId;
  const fresh = new Set<SaleLineRow>();
  const changes: [string, SaleLineRow[]][] = [];
  for (const s of layout.sections) {
    const lines = layout.lines.get(s.id)!;
    if (!lines.some(fromTemplate)) continue;
    const copies = (byName.get(sectionKey(s.name))?.lines ?? []).map((l) => make.copyLine(asSaleLineRow(l), s.id));
    for (const c of copies) fresh.add(c);
    changes.push([s.id, replaceTemplateLines(lines, fromTemplate, copies)]);
  }
  if (changes.length === 0) return undefined;
  const ids = new Set([...fresh].map((l) => l.id));
  return priced(layout, layoutWith(layout, layout.sections, changes), (l) => ids.has(l.id));
}

/** Remove: the template's lines leave the sale, with the sections they leave empty. Undefined when none are there. */
export function planRemoveTemplate(layout: SaleLayout, templateId: string): SaleLayout | undefined {
  const sections = layout.sections.map((s) => ({ ...s, lines: layout.lines.get(s.id)! }));
  const plan = planTemplateRemoval(sections, (l: SaleLineRow) => l.templateId === templateId);
  if (plan.length === 0) return undefined;
  const removed = new Set(plan.filter((p) => p.remove).map((p) => p.section.id));
  return layoutWith(
    layout,
    layout.sections.filter((s) => !removed.has(s.id)),
    plan.filter((p) => !p.remove).map((p) => [p.section.id, p.kept] as [string, SaleLineRow[]]),
  );
}

export function saleTemplatesService(deps: { sales: SalesService; templates: TemplatesRepository }) {
  const { sales, templates } = deps;

  async function template(actor: AuthUser | null, id: string): Promise<FullTemplate> {
    authorize(actor, 'sales.edit');
    const t = await templates.findFull(id);
    if (!t) throw notFound('Template');
    return t;
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
        const before = await ctx.layout();
        await ctx.commit(before, planApplyTemplate(before, saleId, templateId, chosen, input.copyStyle));
        await r.setTemplateIds(saleId, applied(ctx.locked.templateIds, t));
      });
    },

    /**
     * Replaces the template's lines in each sale section holding some with the current lines of the template section
     * of the same name (none when the template has no such section any more); Based-on-Total lines are recomputed.
     */
    async refresh(actor: AuthUser | null, saleId: string, templateId: string) {
      const t = await template(actor, templateId);
      return sales.mutation(actor, saleId, 'template_refreshed', async (r, ctx) => {
        // The template's lines come back as new rows: the feed pairs them with the ones they replace.
        ctx.hint({ of: t.template.name, replaced: true });
        const before = await ctx.layout();
        const after = planRefreshTemplate(before, saleId, t);
        const isApplied = ctx.locked.templateIds.some((x) => x._id === templateId);
        if (!isApplied && !after) throw new AppError('CONFLICT', 'This template is not applied to the sale');
        if (after) await ctx.commit(before, after);
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
        const before = await ctx.layout();
        const after = planRemoveTemplate(before, templateId);
        if (!entry && !after) throw new AppError('CONFLICT', 'This template is not applied to the sale');
        if (after) await ctx.commit(before, after);
        await r.setTemplateIds(
          saleId,
          ctx.locked.templateIds.filter((x) => x._id !== templateId),
        );
      });
    },
  };
}
export type SaleTemplatesService = ReturnType<typeof saleTemplatesService>;
