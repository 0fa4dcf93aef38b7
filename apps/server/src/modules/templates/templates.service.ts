// Templates (docs/product/rules.md#templates). Reading needs sales view rights, every change
// sales full rights (docs/product/roles.md#sales). A template's sections and lines follow the
// sale rules of packages/domain (ordering, line edits, duplicate names, Based-on-Total pricing).

import { randomUUID } from 'node:crypto';
import type { PasteLinesBody, TemplateDto } from '@quotewright/contracts';
import type { TemplateLineRow, TemplateSectionRow } from '@quotewright/db';
import {
  DEFAULT_PRESENTATION,
  duplicateSectionName,
  isDomainError,
  type Layout,
  type LayoutMakers,
  MAX_SALE_LINES,
  MAX_SALE_TOTAL,
  planCreateSection,
  planDeleteSection,
  planDuplicateSection,
  planReorderSections,
  planUpdateSection,
  presentationOfRequest,
  showDetailsOf,
  toDecimal,
} from '@quotewright/domain';
import { AppError, domainProblem, notFound } from '../../errors';
import { writeLayout } from '../../infra/ordered-rows.repository';
import { type AuthUser, authorize } from '../../policy';
import {
  type LinesPlanner,
  planAddProducts,
  planAddText,
  planDeleteLines,
  planEdits,
  planPaste,
  planReorderLine,
  writeOfChange,
} from '../sales/line-planners';
import type { SectionInput } from '../sales/sale-sections';
import type { SectionDto } from '../sales/sales.dto';
import { asSaleLineRow, asTemplateLineInsert, toTemplateDto, toTemplateListItem } from './templates.dto';
import type { TemplateQueries, TemplatesRepository } from './templates.repository';

export interface TemplateLineEdit {
  _id: string;
  name?: string | undefined;
  quantity?: string | undefined;
  price?: string | undefined;
  cost?: string | undefined;
  price_percentage_active?: boolean | undefined;
}

/** A product of the local catalog as a new line (model, description, manufacturer, price, cost, UOM). */
const actorOf = (u: AuthUser) => ({ id: u.id, name: u.name });

export function templatesService(repo: TemplatesRepository) {
  /**
   * Every change of a template: full rights first, then one transaction that locks the template, runs `fn`, checks
   * the limits, recomputes the cached total and marks the change (version + 1, who, when). Answers `fn`'s result
   * and the template as it is after the change.
   */
  async function mutate<T>(
    actor: AuthUser | null,
    templateId: string,
    fn: (r: TemplateQueries) => Promise<T>,
    set: { name?: string } = {},
  ): Promise<{ result: T; template: TemplateDto }> {
    const user = authorize(actor, 'sales.full');
    try {
      return await repo.transaction(async (r) => {
        if (!(await r.lock(templateId))) throw notFound('Template');
        const result = await fn(r);
        const before = (await r.findFull(templateId))!;
        const lines = before.sections.reduce((n, s) => n + s.lines.length, 0);
        if (lines > MAX_SALE_LINES)
          throw new AppError('VALIDATION_FAILED', `A template holds at most ${MAX_SALE_LINES} lines`);
        const dto = toTemplateDto(before);
        if (toDecimal(dto.total_price).abs().gte(MAX_SALE_TOTAL))
          throw new AppError('VALIDATION_FAILED', 'The template total would be too large');
        await r.touch(templateId, actorOf(user), { ...set, totalPrice: dto.total_price });
        return { result, template: dto };
      });
    } catch (e) {
      throw isDomainError(e) ? domainProblem(e) : e;
    }
  }

  const sectionOf = (t: TemplateDto, id: string): SectionDto => {
    const s = t.sections.find((x) => x._id === id);
    if (!s) throw notFound('Section');
    return s;
  };

  async function section(r: TemplateQueries, templateId: string, sectionId: string) {
    const s = await r.findSection(templateId, sectionId);
    if (!s) throw notFound('Section');
    return s;
  }

  /**
   * The executor of a template section's line operations: the sales' planners (sales/line-planners.ts) decide the
   * change from the section's rows — seen as sale lines without discount or editors — and one statement writes it,
   * under the template's lock (mutate). Answers the planner's extra and the template after the change.
   */
  async function runLines<X>(actor: AuthUser | null, templateId: string, sectionId: string, plan: LinesPlanner<X>) {
    const { result, template } = await mutate(actor, templateId, async (r) => {
      await section(r, templateId, sectionId);
      const rows = (await r.sectionLines(sectionId)).map(asSaleLineRow);
      const planned = await plan({
        saleId: templateId,
        sectionId,
        rows,
        dtos: [],
        products: (ids) => r.productsByIds(ids),
        by: undefined,
      });
      if (planned.after) {
        const { update, insert, remove, positions } = writeOfChange(sectionId, rows, planned);
        await r.writeLines({
          sectionId,
          ...(update ? { update } : {}),
          ...(insert ? { insert: insert.map(asTemplateLineInsert) } : {}),
          ...(remove ? { remove } : {}),
          ...(positions ? { positions } : {}),
        });
      }
      return planned.extra;
    });
    return { extra: result, template };
  }

  const list = async () => (await repo.list()).map(toTemplateListItem);

  const ops = { mutate, section, sectionOf, runLines };
  return { ...templateOperations(), ...templateSectionOperations(ops), ...templateLineOperations(ops) };

  /** The templates themselves: list, read, create, rename, delete. */
  function templateOperations() {
    return {
      async list(actor: AuthUser | null) {
        authorize(actor, 'sales.view');
        return list();
      },

      async get(actor: AuthUser | null, id: string): Promise<TemplateDto> {
        authorize(actor, 'sales.view');
        const full = await repo.findFull(id);
        if (!full) throw notFound('Template');
        return toTemplateDto(full);
      },

      async create(actor: AuthUser | null, input: { name: string }): Promise<TemplateDto> {
        const user = authorize(actor, 'sales.full');
        const id = await repo.create({ name: input.name, by: actorOf(user) });
        return toTemplateDto((await repo.findFull(id))!);
      },

      /** Renames; answers the whole list. */
      async update(actor: AuthUser | null, id: string, input: { name?: string | undefined }) {
        await mutate(actor, id, async () => undefined, input.name !== undefined ? { name: input.name } : {});
        return list();
      },

      /** Answers the whole list. Sales it was applied to keep their lines (Remove still works there). */
      async remove(actor: AuthUser | null, id: string) {
        authorize(actor, 'sales.full');
        if (!(await repo.remove(id))) throw notFound('Template');
        return list();
      },
    };
  }
}
export type TemplatesService = ReturnType<typeof templatesService>;

interface TemplateOps {
  mutate: <T>(
    actor: AuthUser | null,
    templateId: string,
    fn: (r: TemplateQueries) => Promise<T>,
    set?: { name?: string },
  ) => Promise<{ result: T; template: TemplateDto }>;
  section: (r: TemplateQueries, templateId: string, sectionId: string) => Promise<TemplateSectionRow>;
  sectionOf: (t: TemplateDto, id: string) => SectionDto;
  runLines: <X>(
    actor: AuthUser | null,
    templateId: string,
    sectionId: string,
    plan: LinesPlanner<X>,
  ) => Promise<{ extra: X; template: TemplateDto }>;
}

/** New rows of a template's sections: a section, and a copy of a line (a new id). */
function templateMakers(templateId: string): LayoutMakers<TemplateSectionRow, TemplateLineRow> {
  return {
    section: (f) => ({
      id: randomUUID(),
      templateId,
      position: 0,
      name: f.name,
      presentation: f.presentation,
      showDetails: showDetailsOf(f.presentation),
    }),
    copyLine: (l, sectionId) => ({ ...l, id: randomUUID(), templateId, sectionId }),
  };
}

/**
 * The executor of a template's section operations: under the template's lock (mutate), the planner (packages/domain
 * section-plans.ts, the same as a sale's) decides from the template's layout, and infra writeLayout writes it.
 */
async function runLayout<X>(
  mutate: TemplateOps['mutate'],
  actor: AuthUser | null,
  templateId: string,
  plan: (
    layout: TemplateLayout,
    make: LayoutMakers<TemplateSectionRow, TemplateLineRow>,
  ) => {
    layout: TemplateLayout | undefined;
    extra: X;
  },
) {
  const { result, template } = await mutate(actor, templateId, async (r) => {
    const full = (await r.findFull(templateId))!;
    const before: TemplateLayout = {
      sections: full.sections.map(({ lines: _, ...s }) => s),
      lines: new Map(full.sections.map((s) => [s.id, s.lines])),
    };
    const planned = plan(before, templateMakers(templateId));
    if (planned.layout) await writeLayout(r, templateId, before, planned.layout);
    return planned.extra;
  });
  return { extra: result, template };
}
type TemplateLayout = Layout<TemplateSectionRow, TemplateLineRow>;

/** A template's sections: create, duplicate, rename, delete, reorder (the planners of a sale's sections). */
function templateSectionOperations({ mutate, sectionOf }: TemplateOps) {
  return {
    // ─── Sections ──────────────────────────────────────────────────────────────────────────────────────────────

    async createSection(actor: AuthUser | null, templateId: string, input: SectionInput & { name: string }) {
      const fields = { name: input.name, presentation: presentationOfRequest(input) ?? DEFAULT_PRESENTATION };
      const { extra, template } = await runLayout(mutate, actor, templateId, (layout, make) => {
        const planned = planCreateSection(layout, fields, make);
        return { layout: planned.layout, extra: planned.id };
      });
      return sectionOf(template, extra);
    },

    /** A copy of the section and its lines, right after it. */
    async duplicateSection(actor: AuthUser | null, templateId: string, sectionId: string) {
      const { extra, template } = await runLayout(mutate, actor, templateId, (layout, make) => {
        const planned = planDuplicateSection(layout, sectionId, duplicateSectionName, make);
        return { layout: planned.layout, extra: planned.id };
      });
      return sectionOf(template, extra);
    },

    async updateSection(actor: AuthUser | null, templateId: string, sectionId: string, input: SectionInput) {
      const { template } = await runLayout(mutate, actor, templateId, (layout) => {
        const current = layout.sections.find((s) => s.id === sectionId)?.presentation;
        const patch = { name: input.name, presentation: presentationOfRequest(input, current) };
        return { layout: planUpdateSection(layout, sectionId, patch), extra: undefined };
      });
      return sectionOf(template, sectionId);
    },

    /** Answers the remaining sections. */
    async deleteSection(actor: AuthUser | null, templateId: string, sectionId: string) {
      const { template } = await runLayout(mutate, actor, templateId, (layout) => ({
        layout: planDeleteSection(layout, sectionId),
        extra: undefined,
      }));
      return template.sections;
    },

    async reorderSections(actor: AuthUser | null, templateId: string, from: number, to: number) {
      const { template } = await runLayout(mutate, actor, templateId, (layout) => ({
        layout: planReorderSections(layout, from, to).layout,
        extra: undefined,
      }));
      return template.sections;
    },
  };
}

/** A template section's lines: the sales' planners run by the template's executor. */
function templateLineOperations({ runLines, sectionOf }: TemplateOps) {
  return {
    // ─── Lines ─────────────────────────────────────────────────────────────────────────────────────────────────

    /** Products of the local catalog at an insertion point; missing or inactive ones go to `errors`. */
    async createLines(
      actor: AuthUser | null,
      templateId: string,
      sectionId: string,
      input: { lines: { product: number; quantity: string }[]; sequence: number },
    ) {
      const { extra, template } = await runLines(actor, templateId, sectionId, planAddProducts(input));
      const ids = new Set(extra.ids);
      return { lines: sectionOf(template, sectionId).lines.filter((l) => ids.has(l._id)), errors: extra.errors };
    },

    /**
     * Pasted lines (docs/product/rules.md#paste-from-a-spreadsheet) at an insertion point as one change: the sale's
     * planner (products with the sheet's values where given, notes). Answers the new lines in order and the products
     * not added (missing or inactive).
     */
    async pasteLines(actor: AuthUser | null, templateId: string, sectionId: string, input: PasteLinesBody) {
      const { extra, template } = await runLines(actor, templateId, sectionId, planPaste(input));
      const byId = new Map(sectionOf(template, sectionId).lines.map((l) => [l._id, l]));
      return { lines: extra.ids.flatMap((id) => byId.get(id) ?? []), errors: extra.errors };
    },

    async createTextLine(
      actor: AuthUser | null,
      templateId: string,
      sectionId: string,
      kind: 'note' | 'header',
      input: { name: string; sequence: number },
    ) {
      const { extra, template } = await runLines(actor, templateId, sectionId, planAddText(kind, input));
      return { lines: sectionOf(template, sectionId).lines.filter((l) => l._id === extra._id) };
    },

    /**
     * Edits lines: only changed fields are written; price, cost, quantity and Based on Total never apply to notes or
     * headers. With Based on Total on, price and cost are percents. Answers the edited lines.
     */
    async updateLines(actor: AuthUser | null, templateId: string, sectionId: string, edits: TemplateLineEdit[]) {
      const { template } = await runLines(actor, templateId, sectionId, planEdits(edits));
      const ids = new Set(edits.map((e) => e._id));
      return { lines: sectionOf(template, sectionId).lines.filter((l) => ids.has(l._id)) };
    },

    async deleteLines(actor: AuthUser | null, templateId: string, sectionId: string, ids: string[]) {
      await runLines(actor, templateId, sectionId, planDeleteLines(ids));
      return { ids: [...new Set(ids)] };
    },

    /** Moves the line at `index` to `point` (−1: the end); answers the section's lines. */
    async reorderLines(actor: AuthUser | null, templateId: string, sectionId: string, index: number, point: number) {
      const { template } = await runLines(actor, templateId, sectionId, planReorderLine(index, point));
      return { lines: sectionOf(template, sectionId).lines };
    },
  };
}
