// Templates (SPEC §2 Template list/editor, §7 Templates; DESIGN §5). Reading needs sales view rights, every change
// sales full rights (SPEC §6: the Templates screen and template editing). A template's sections and lines follow the
// sale rules of packages/domain (ordering, line edits, duplicate names, Based-on-Total pricing).
import type { TemplateDto } from '@quotewright/contracts';
import type { TemplateLineRow } from '@quotewright/db';
import {
  APPEND,
  applyLineEdit,
  DESCRIPTION_REQUIRED,
  duplicateSectionName,
  insertionIndex,
  isDomainError,
  isMissingDescription,
  MAX_SALE_LINES,
  MAX_SALE_TOTAL,
  moveItem,
  parseMoney,
  toDecimal,
} from '@quotewright/domain';
import { AppError, domainProblem, notFound, validation } from '../../errors';
import { type AuthUser, authorize } from '../../policy';
import { productLines } from '../sales/product-lines';
import { pricingLine, type SectionDto } from '../sales/sales.dto';
import { asSaleLineRow, toTemplateDto, toTemplateListItem } from './templates.dto';
import type { NewTemplateLine, TemplateLinePatch, TemplateQueries, TemplatesRepository } from './templates.repository';

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

  function rowsWithIds(rows: readonly TemplateLineRow[], ids: readonly string[]): TemplateLineRow[] {
    const wanted = new Set(ids);
    const found = rows.filter((l) => wanted.has(l.id));
    if (found.length !== wanted.size) throw notFound('Line');
    return found;
  }

  /** Inserts lines at an insertion point (−1 appends) and renumbers the section. */
  async function insertAtPoint(
    r: TemplateQueries,
    templateId: string,
    sectionId: string,
    lines: NewTemplateLine[],
    point: number,
  ): Promise<string[]> {
    const current = await r.sectionLines(sectionId);
    const at = insertionIndex(point, current.length);
    const inserted = await r.insertLines(
      templateId,
      sectionId,
      lines.map((l, i) => ({ ...l, position: at + i })),
    );
    if (at < current.length)
      await r.orderLines([...current.slice(0, at), ...inserted, ...current.slice(at)].map((l) => l.id));
    return inserted.map((l) => l.id);
  }

  const list = async () => (await repo.list()).map(toTemplateListItem);

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

    /** Renames; answers the whole list (SPEC §7). */
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

    // ─── Sections ──────────────────────────────────────────────────────────────────────────────────────────────

    async createSection(actor: AuthUser | null, templateId: string, input: { name: string; show_details?: boolean }) {
      const { result, template } = await mutate(actor, templateId, async (r) => {
        const order = await r.sectionOrder(templateId);
        return r.insertSection(templateId, {
          name: input.name,
          showDetails: input.show_details ?? true,
          position: order.length,
        });
      });
      return sectionOf(template, result);
    },

    /** A copy of the section and its lines, right after it. */
    async duplicateSection(actor: AuthUser | null, templateId: string, sectionId: string) {
      const { result, template } = await mutate(actor, templateId, async (r) => {
        const source = await section(r, templateId, sectionId);
        const order = await r.sectionOrder(templateId);
        const at = order.findIndex((s) => s.id === sectionId) + 1;
        const copyId = await r.insertSection(templateId, {
          name: duplicateSectionName(source.name),
          showDetails: source.showDetails,
          position: at,
        });
        const lines = await r.sectionLines(sectionId);
        await r.insertLines(
          templateId,
          copyId,
          lines.map(({ id: _id, templateId: _t, sectionId: _s, ...l }, position) => ({ ...l, position })),
        );
        const ids = order.map((s) => s.id);
        ids.splice(at, 0, copyId);
        await r.orderSections(ids);
        return copyId;
      });
      return sectionOf(template, result);
    },

    async updateSection(
      actor: AuthUser | null,
      templateId: string,
      sectionId: string,
      input: { name?: string | undefined; show_details?: boolean | undefined },
    ) {
      const { template } = await mutate(actor, templateId, async (r) => {
        await section(r, templateId, sectionId);
        await r.updateSection(sectionId, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.show_details !== undefined ? { showDetails: input.show_details } : {}),
        });
      });
      return sectionOf(template, sectionId);
    },

    /** Answers the remaining sections. */
    async deleteSection(actor: AuthUser | null, templateId: string, sectionId: string) {
      const { template } = await mutate(actor, templateId, async (r) => {
        await section(r, templateId, sectionId);
        await r.deleteSection(sectionId);
        await r.orderSections((await r.sectionOrder(templateId)).map((s) => s.id));
      });
      return template.sections;
    },

    async reorderSections(actor: AuthUser | null, templateId: string, from: number, to: number) {
      const { template } = await mutate(actor, templateId, async (r) => {
        const ids = (await r.sectionOrder(templateId)).map((s) => s.id);
        await r.orderSections(moveItem(ids, from, to));
      });
      return template.sections;
    },

    // ─── Lines ─────────────────────────────────────────────────────────────────────────────────────────────────

    /** Products of the local catalog at an insertion point; missing or inactive ones go to `errors`. */
    async createLines(
      actor: AuthUser | null,
      templateId: string,
      sectionId: string,
      input: { lines: { product: number; quantity: string }[]; sequence: number },
    ) {
      const { result, template } = await mutate(actor, templateId, async (r) => {
        await section(r, templateId, sectionId);
        const found = await r.productsByIds([...new Set(input.lines.map((l) => l.product))]);
        const { lines, errors } = productLines(found, input.lines);
        const ids = lines.length ? await insertAtPoint(r, templateId, sectionId, lines, input.sequence) : [];
        return { ids: new Set(ids), errors };
      });
      const lines = sectionOf(template, sectionId).lines.filter((l) => result.ids.has(l._id));
      return { lines, errors: result.errors };
    },

    async createTextLine(
      actor: AuthUser | null,
      templateId: string,
      sectionId: string,
      kind: 'note' | 'header',
      input: { name: string; sequence: number },
    ) {
      if (isMissingDescription(kind, input.name))
        throw validation({ name: DESCRIPTION_REQUIRED }, DESCRIPTION_REQUIRED);
      const { result, template } = await mutate(actor, templateId, async (r) => {
        await section(r, templateId, sectionId);
        const line = { kind, productName: kind, description: input.name, quantity: '0', price: '0', cost: '0' };
        return insertAtPoint(r, templateId, sectionId, [line], input.sequence);
      });
      return { lines: sectionOf(template, sectionId).lines.filter((l) => result.includes(l._id)) };
    },

    /**
     * Edits lines (SPEC §5): only changed fields are written; price, cost, quantity and Based on Total never apply to
     * notes or headers. With Based on Total on, price and cost are percents. Answers the edited lines.
     */
    async updateLines(actor: AuthUser | null, templateId: string, sectionId: string, edits: TemplateLineEdit[]) {
      const { template } = await mutate(actor, templateId, async (r) => {
        await section(r, templateId, sectionId);
        const all = await r.sectionLines(sectionId);
        const rows = new Map(rowsWithIds(all, [...new Set(edits.map((e) => e._id))]).map((l) => [l.id, l]));
        for (const edit of edits) {
          const row = rows.get(edit._id)!;
          if (edit.name !== undefined && isMissingDescription(row.kind, edit.name))
            throw validation({ name: DESCRIPTION_REQUIRED }, DESCRIPTION_REQUIRED);
          const current = { ...pricingLine(asSaleLineRow(row)), name: row.description };
          const patch: Partial<typeof current> = {};
          if (edit.name !== undefined) patch.name = edit.name;
          if (edit.quantity !== undefined) patch.quantity = edit.quantity;
          if (edit.price !== undefined) patch.price = parseMoney(edit.price);
          if (edit.cost !== undefined) patch.cost = edit.cost;
          if (edit.price_percentage_active !== undefined) patch.price_percentage_active = edit.price_percentage_active;
          const { line, changed } = applyLineEdit(current, patch);
          const cols: TemplateLinePatch = {};
          for (const key of changed) {
            if (key === 'name') cols.description = line.name;
            else if (key === 'quantity') cols.quantity = String(line.quantity);
            else if (key === 'price') cols.price = String(line.price);
            else if (key === 'cost') cols.cost = String(line.cost);
            else if (key === 'price_percentage_active') cols.pricePercentageActive = line.price_percentage_active;
          }
          await r.updateLine(row.id, cols);
          // The next edit of the same line in this request starts from this one.
          rows.set(row.id, { ...row, ...cols });
        }
      });
      const ids = new Set(edits.map((e) => e._id));
      return { lines: sectionOf(template, sectionId).lines.filter((l) => ids.has(l._id)) };
    },

    async deleteLines(actor: AuthUser | null, templateId: string, sectionId: string, ids: string[]) {
      await mutate(actor, templateId, async (r) => {
        await section(r, templateId, sectionId);
        const rows = await r.sectionLines(sectionId);
        rowsWithIds(rows, ids);
        const gone = new Set(ids);
        await r.deleteLines([...gone]);
        await r.orderLines(rows.filter((l) => !gone.has(l.id)).map((l) => l.id));
      });
      return { ids: [...new Set(ids)] };
    },

    /** Moves the line at `index` to `point` (−1: the end); answers the section's lines. */
    async reorderLines(actor: AuthUser | null, templateId: string, sectionId: string, index: number, point: number) {
      const { template } = await mutate(actor, templateId, async (r) => {
        await section(r, templateId, sectionId);
        const rows = await r.sectionLines(sectionId);
        const to = point === APPEND ? rows.length - 1 : point;
        await r.orderLines(moveItem(rows, index, to).map((l) => l.id));
      });
      return { lines: sectionOf(template, sectionId).lines };
    },
  };
}
export type TemplatesService = ReturnType<typeof templatesService>;
