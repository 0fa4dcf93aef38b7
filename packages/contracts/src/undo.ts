// Undo and redo of a person's own edits (docs/product/rules.md#undo-and-redo). The browser keeps the steps: each is
// what one of its edits changed — the sections and lines it touched as they were before and after, and the orders it
// changed — built here from the sale before the edit and the edit's delta. Undoing sends POST /api/sales/revert with
// the step's `after` as what the sale must still show (`expect`) and its `before` as what to put back (`restore`);
// redoing swaps them. The server checks `expect` first: anything someone else has changed since refuses the whole
// revert, so nothing of theirs is overwritten. Pure functions, shared by the web app and the server's tests.

import { MAX_SALE_LINES, SECTION_PRESENTATIONS } from '@quotewright/domain';
import { z } from 'zod';
import { applySaleDelta } from './apply-delta';
import { costInput, discountInput, erpIdInput, priceInput, quantityInput } from './inputs';
import { type SaleDelta, saleDeltaSchema } from './realtime';
import { type LineDto, lineKindSchema, type SaleDto, type SectionDto } from './sales';

const id = z.uuid('Unknown id');

/** What a revert compares and restores of a line: its section and the fields a person sets. */
export const revertLineSchema = z.strictObject({
  section: id,
  kind: lineKindSchema,
  product: erpIdInput('product').nullable(),
  name: z.string().max(20_000),
  quantity: quantityInput,
  price: priceInput,
  cost: costInput,
  discount: discountInput,
  price_percentage_active: z.boolean(),
});
/** A line's state as the browser sends it (numbers as the API wrote them). */
export type RevertLine = z.input<typeof revertLineSchema>;

/**
 * What a revert compares and restores of a section: its name and presentation. `show_details` is derived (false
 * exactly for `total`); a browser that predates presentations sends only it.
 */
export const revertSectionSchema = z.strictObject({
  name: z.string().max(500),
  presentation: z.enum(SECTION_PRESENTATIONS).optional(),
  show_details: z.boolean(),
});
export type RevertSection = z.infer<typeof revertSectionSchema>;

/** One side of a step: the touched sections and lines (null: not there), and the orders the edit changed. */
export const revertSideSchema = z.strictObject({
  sections: z.array(z.strictObject({ id, state: revertSectionSchema.nullable() })).max(500),
  lines: z.array(z.strictObject({ id, state: revertLineSchema.nullable() })).max(MAX_SALE_LINES),
  /** The whole order of line ids of each section whose order the edit changed. */
  order: z.array(z.strictObject({ section: id, ids: z.array(id).max(MAX_SALE_LINES) })).max(500),
  /** The order of section ids, when the edit changed it. */
  sectionOrder: z.array(id).max(500).optional(),
});
export type RevertSide = z.input<typeof revertSideSchema>;

/** POST /api/sales/revert/:saleId: `restore` put back where the sale still shows `expect`. */
export const revertBodySchema = z.strictObject({
  /** true: an undo; false: a redo (the activity feed says which). */
  undo: z.boolean(),
  expect: revertSideSchema,
  restore: revertSideSchema,
});
export type RevertBody = z.input<typeof revertBodySchema>;

/**
 * The answer of a revert: the delta, and the sections it brought back, by the id the step knew them by → their new
 * id (a section taken away and brought back is a new section: its lines keep their ids).
 */
export const revertAnswerSchema = saleDeltaSchema.extend({ sections: z.record(z.string(), z.string()) });
export type RevertAnswer = z.infer<typeof revertAnswerSchema>;

/** One edit as it can be undone: the touched parts before and after it. */
export interface RevertStep {
  before: RevertSide;
  after: RevertSide;
}

/** A line as a revert compares it. */
export function revertLineOf(line: LineDto, section: string): RevertLine {
  return {
    section,
    kind: line.kind,
    product: line.kind === 'product' ? line.product.id : null,
    name: line.name,
    quantity: line.quantity,
    price: line.price,
    cost: line.cost,
    discount: line.discount,
    price_percentage_active: line.price_percentage_active,
  };
}

export const revertSectionOf = (s: Pick<SectionDto, 'name' | 'presentation' | 'show_details'>): RevertSection => ({
  name: s.name,
  presentation: s.presentation,
  show_details: s.show_details,
});

/** Two line states alike (the same fields, the same values as the API writes them). */
export const sameRevertLine = (a: RevertLine | null, b: RevertLine | null) =>
  a === b || (a !== null && b !== null && (Object.keys(a) as (keyof RevertLine)[]).every((k) => a[k] === b[k]));
export const sameRevertSection = (a: RevertSection | null, b: RevertSection | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.name === b.name &&
    a.show_details === b.show_details &&
    (a.presentation ?? null) === (b.presentation ?? null));
const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Where each line of the sale is: its section and the line. */
function linesById(sale: SaleDto): Map<string, { section: string; line: LineDto }> {
  const out = new Map<string, { section: string; line: LineDto }>();
  for (const s of sale.sections) for (const line of s.lines) out.set(line._id, { section: s._id, line });
  return out;
}

/** The line changes of a step: every line the delta touched (a removed section's lines included) that differs. */
function lineChanges(before: SaleDto, delta: SaleDelta, step: RevertStep) {
  const was = linesById(before);
  const now = new Map<string, RevertLine | null>();
  for (const { section, line } of delta.changes.lines?.changed ?? []) now.set(line._id, revertLineOf(line, section));
  for (const lineId of delta.changes.lines?.removed ?? []) now.set(lineId, null);
  const removedSections = new Set(delta.changes.sections?.removed ?? []);
  for (const s of before.sections)
    if (removedSections.has(s._id)) for (const line of s.lines) if (!now.has(line._id)) now.set(line._id, null);
  for (const [lineId, after] of now) {
    const old = was.get(lineId);
    const prior = old ? revertLineOf(old.line, old.section) : null;
    if (sameRevertLine(prior, after)) continue;
    step.before.lines.push({ id: lineId, state: prior });
    step.after.lines.push({ id: lineId, state: after });
  }
}

/**
 * The step that undoes `delta` (an edit of the person's own, applied to `before`, the sale at the version before it);
 * undefined when it changed nothing a person can undo (only totals), or when the delta does not follow `before`.
 */
export function revertStepOf(before: SaleDto, delta: SaleDelta): RevertStep | undefined {
  const after = applySaleDelta(before, delta);
  if (after === 'refetch') return undefined;
  const step: RevertStep = {
    before: { sections: [], lines: [], order: [] },
    after: { sections: [], lines: [], order: [] },
  };
  const sectionOf = new Map(before.sections.map((s) => [s._id, s]));
  const sections = delta.changes.sections;
  for (const head of sections?.changed ?? []) {
    const old = sectionOf.get(head._id);
    const prior = old ? revertSectionOf(old) : null;
    if (sameRevertSection(prior, revertSectionOf(head))) continue;
    step.before.sections.push({ id: head._id, state: prior });
    step.after.sections.push({ id: head._id, state: revertSectionOf(head) });
  }
  for (const gone of sections?.removed ?? []) {
    const old = sectionOf.get(gone);
    if (!old) continue;
    step.before.sections.push({ id: gone, state: revertSectionOf(old) });
    step.after.sections.push({ id: gone, state: null });
  }
  const sectionIds = (sale: SaleDto) => sale.sections.map((s) => s._id);
  if (!sameIds(sectionIds(before), sectionIds(after))) {
    step.before.sectionOrder = sectionIds(before);
    step.after.sectionOrder = sectionIds(after);
  }
  lineChanges(before, delta, step);
  // The line order of every section whose lines are not the same ids in the same order (a section that came or
  // went included: its lines come back in their order).
  const orderOf = (sale: SaleDto) => new Map(sale.sections.map((s) => [s._id, s.lines.map((l) => l._id)]));
  const was = orderOf(before);
  const now = orderOf(after);
  for (const section of new Set([...was.keys(), ...now.keys()])) {
    const a = was.get(section) ?? [];
    const b = now.get(section) ?? [];
    if (sameIds(a, b)) continue;
    step.before.order.push({ section, ids: a });
    step.after.order.push({ section, ids: b });
  }
  const empty = (s: RevertSide) =>
    s.sections.length === 0 && s.lines.length === 0 && s.order.length === 0 && !s.sectionOrder;
  return empty(step.before) && empty(step.after) ? undefined : step;
}

/** The body that undoes (or redoes) a step. */
export function revertBodyOf(step: RevertStep, undo: boolean): RevertBody {
  return undo ? { undo, expect: step.after, restore: step.before } : { undo, expect: step.before, restore: step.after };
}

/** The side with section ids replaced by `ids` (old → new; ids not in it stay). */
export function remapRevertSide<T extends RevertSide | z.output<typeof revertSideSchema>>(
  side: T,
  ids: Readonly<Record<string, string>>,
): T {
  const to = (id: string) => ids[id] ?? id;
  return {
    ...side,
    sections: side.sections.map((s) => ({ ...s, id: to(s.id) })),
    lines: side.lines.map((l) => (l.state ? { ...l, state: { ...l.state, section: to(l.state.section) } } : l)),
    order: side.order.map((o) => ({ ...o, section: to(o.section) })),
    ...(side.sectionOrder ? { sectionOrder: side.sectionOrder.map(to) } : {}),
  };
}

/**
 * A step with the sections a revert re-created under new ids (its answer's `sections`) named by them: a section
 * taken away and brought back is a new section, so every step that names it must name the new one.
 */
export function remapRevertStep(step: RevertStep, ids: Readonly<Record<string, string>>): RevertStep {
  if (Object.keys(ids).length === 0) return step;
  return { before: remapRevertSide(step.before, ids), after: remapRevertSide(step.after, ids) };
}
