// Undo and redo (docs/product/rules.md#undo-and-redo): a step of the person's own edits put back as ONE new edit.
// The browser sends what the step left (`expect`) and what to put back (`restore`) for the sections and lines it
// touched, and the orders it changed (packages/contracts undo.ts). planRevert checks `expect` against the sale as
// locked — anything someone has changed since refuses the whole revert with what and who — and plans the layout with
// `restore` laid over it: lines and sections re-created under their old ids, changed back, removed, and the orders
// put back around whatever others added meanwhile. The section executor (commitLayout) writes it.
import { randomUUID } from 'node:crypto';
import { remapRevertSide, type revertBodySchema } from '@quotewright/contracts';
import type { ProductRow, SaleLineRow, SaleSectionRow } from '@quotewright/db';
import {
  type FieldEditor,
  layoutWith,
  presentationOfRequest,
  type SectionPresentation,
  type StoredEditField,
  showDetailsOf,
  toDecimal,
} from '@quotewright/domain';
import type { z } from 'zod';
import { AppError } from '../../errors';
import { type AuthUser, authorize } from '../../policy';
import { asStored, editorNow } from './line-planners';
import type { Mutate } from './sale-mutate';
import { commitLayout, layoutOf, type SaleLayout } from './sale-sections';

type Revert = z.output<typeof revertBodySchema>;
type Side = Revert['expect'];
type LineState = NonNullable<Side['lines'][number]['state']>;
type SectionState = NonNullable<Side['sections'][number]['state']>;

const refused = (what: string) => new AppError('CONFLICT', `This can no longer be undone: ${what}`);

const FIELD_LABELS: Record<StoredEditField, string> = {
  name: 'Description',
  quantity: 'Qty',
  price: 'Price',
  cost: 'Cost',
  discount: 'Disc. %',
  price_percentage_active: 'Based on Total',
};

/** What a person calls a line: its model, else its text. */
const labelOf = (row: SaleLineRow) =>
  (row.kind === 'product' ? row.productName || row.description : row.description).slice(0, 60) || 'a line';

/** The first field of `row` that is not as `state` says (a move to another section counts), or undefined. */
function differingField(row: SaleLineRow, state: LineState): StoredEditField | 'section' | 'product' | undefined {
  if (row.sectionId !== state.section) return 'section';
  if (row.kind !== state.kind || (row.kind === 'product' && row.productId !== state.product)) return 'product';
  if (row.description !== state.name) return 'name';
  const numbers: [StoredEditField, string, string][] = [
    ['quantity', row.quantity, state.quantity],
    ['price', row.price, state.price],
    ['cost', row.cost, state.cost],
    ['discount', row.discount, state.discount],
  ];
  for (const [field, stored, wanted] of numbers) if (!toDecimal(stored).eq(toDecimal(wanted))) return field;
  if (row.pricePercentageActive !== state.price_percentage_active) return 'price_percentage_active';
  return undefined;
}

/**
 * The section shows the state's presentation: the same one; or, for a step from a browser that predates
 * presentations (show_details only), the same show_details.
 */
function showsPresentation(presentation: SectionPresentation, state: SectionState): boolean {
  return state.presentation !== undefined
    ? state.presentation === presentation
    : state.show_details === showDetailsOf(presentation);
}

/** Why the sale no longer shows `expect` (the first difference found, worded for the person), or undefined. */
function conflictOf(layout: SaleLayout, expect: Side, rows: ReadonlyMap<string, SaleLineRow>): string | undefined {
  const sections = new Map(layout.sections.map((s) => [s.id, s]));
  for (const { id, state } of expect.sections) {
    const s = sections.get(id);
    if (!state && s) return `section ${s.name} has been added again since`;
    if (state && !s) return `section ${state.name} has been deleted since`;
    if (state && s && (s.name !== state.name || !showsPresentation(s.presentation, state)))
      return `section ${state.name} has been changed since`;
  }
  for (const { id, state } of expect.lines) {
    const row = rows.get(id);
    if (!state) {
      if (row) return `${labelOf(row)} is back in the sale`;
      continue;
    }
    if (!row) return `${state.name.slice(0, 60) || 'a line'} has been deleted since`;
    const field = differingField(row, state);
    if (!field) continue;
    if (field === 'section') return `${labelOf(row)} has been moved since`;
    if (field === 'product') return `${labelOf(row)} has been changed since`;
    const who = row.editedBy?.[field]?.name ?? 'someone';
    return `${who} changed ${FIELD_LABELS[field]} of ${labelOf(row)} since`;
  }
  return undefined;
}

/**
 * `wanted` (an order the step had) laid over `present` (the ids there now, in their order), keeping only ids in
 * `kept`: the wanted ones in the wanted order, each other present id right before the one it precedes now (so what
 * the step brings back keeps its place after the line it followed), and ids in `kept` that neither names at the end.
 */
export function mergeOrder(wanted: readonly string[], present: readonly string[], kept: ReadonlySet<string>): string[] {
  const out = wanted.filter((id) => kept.has(id));
  const placed = new Set(out);
  let next: string | undefined;
  for (let i = present.length - 1; i >= 0; i--) {
    const id = present[i]!;
    if (!kept.has(id)) continue;
    if (!placed.has(id)) {
      out.splice(next === undefined ? out.length : out.indexOf(next), 0, id);
      placed.add(id);
    }
    next = id;
  }
  for (const id of kept) if (!placed.has(id)) out.push(id);
  return out;
}

/** What planRevert needs besides the layout and the request. */
export interface RevertContext {
  saleId: string;
  user: AuthUser;
  /** Catalog rows of the products of lines re-created or given another product. */
  products: ReadonlyMap<number, ProductRow>;
  /** A new section id. */
  newId(): string;
}

/** The line row `state` asks for: `row` changed (who set each changed field: the reverting person), or a new one. */
function restoredLine(id: string, row: SaleLineRow | undefined, state: LineState, ctx: RevertContext): SaleLineRow {
  const by: FieldEditor = editorNow(ctx.user);
  const productChanged = !row || row.kind !== state.kind || row.productId !== (state.product ?? null);
  const product = state.kind === 'product' && state.product !== null ? ctx.products.get(state.product) : undefined;
  if (productChanged && state.kind === 'product' && !product)
    throw refused(`the product of ${state.name.slice(0, 60) || 'a line'} is no longer in the catalog`);
  const identity = productChanged
    ? {
        kind: state.kind,
        productId: product?.id ?? null,
        productName: product ? product.model || product.name : state.kind,
        manufacturer: product?.manufacturer ?? null,
        uom: product?.uom ?? null,
      }
    : {};
  const values = {
    sectionId: state.section,
    description: state.name,
    quantity: asStored(state.quantity, 'quantity'),
    price: asStored(state.price, 'price'),
    cost: asStored(state.cost, 'cost'),
    discount: asStored(state.discount, 'discount'),
    pricePercentageActive: state.price_percentage_active,
  };
  if (!row)
    return {
      id,
      saleId: ctx.saleId,
      position: 0,
      templateId: null,
      odooLineId: null,
      odooOptionId: null,
      kind: state.kind,
      productId: null,
      productName: state.kind,
      manufacturer: null,
      uom: null,
      ...identity,
      ...values,
      editedBy: {},
    };
  const editedBy = { ...row.editedBy };
  const changed = differingField(row, state) !== undefined;
  if (!changed) return row;
  if (row.description !== values.description) editedBy.name = by;
  for (const f of ['quantity', 'price', 'cost', 'discount'] as const)
    if (!toDecimal(row[f]).eq(toDecimal(values[f]))) editedBy[f] = by;
  if (row.pricePercentageActive !== values.pricePercentageActive) editedBy.price_percentage_active = by;
  return { ...row, ...identity, ...values, editedBy };
}

/** A section row `state` asks for: `row` renamed or switched, or a new one under its old id. */
function restoredSection(id: string, row: SaleSectionRow | undefined, state: SectionState, saleId: string) {
  if (row) {
    if (row.name === state.name && showsPresentation(row.presentation, state)) return row;
    const presentation = presentationOfRequest(state, row.presentation)!;
    return { ...row, name: state.name, presentation, showDetails: showDetailsOf(presentation) };
  }
  const presentation = presentationOfRequest(state)!;
  return {
    id,
    saleId,
    position: 0,
    name: state.name,
    presentation,
    showDetails: showDetailsOf(presentation),
    merge: false,
    odooLineId: null,
    version: 1,
  } satisfies SaleSectionRow;
}

/** The ids of the lines `restore` re-creates (the layout does not have them now). */
export function recreatedLines(layout: SaleLayout, restore: Side): string[] {
  const lines = new Set([...layout.lines.values()].flatMap((rows) => rows.map((l) => l.id)));
  return restore.lines.filter((l) => l.state && !lines.has(l.id)).map((l) => l.id);
}

/** The product ids of lines `restore` re-creates or gives another product (their catalog rows are needed). */
export function productsNeeded(layout: SaleLayout, restore: Side): number[] {
  const rows = new Map([...layout.lines.values()].flatMap((ls) => ls.map((l) => [l.id, l] as const)));
  const ids = new Set<number>();
  for (const { id, state } of restore.lines) {
    if (!state || state.kind !== 'product' || state.product === null) continue;
    if (rows.get(id)?.productId !== state.product) ids.add(state.product);
  }
  return [...ids];
}

/**
 * The layout with the step put back, or a refusal (409) naming what changed since. `expect` and `restore` must name
 * the same sections and lines (400 otherwise).
 */
export function planRevert(
  layout: SaleLayout,
  revert: Revert,
  ctx: RevertContext,
): { layout: SaleLayout; sections: Record<string, string> } {
  const { expect } = revert;
  const ids = (s: Side) => [
    s.sections
      .map((x) => x.id)
      .sort()
      .join(),
    s.lines
      .map((x) => x.id)
      .sort()
      .join(),
  ];
  if (expect.sections.length + expect.lines.length + expect.order.length === 0 && !expect.sectionOrder)
    throw new AppError('VALIDATION_FAILED', 'Nothing to undo');
  if (ids(expect).join('|') !== ids(revert.restore).join('|'))
    throw new AppError('VALIDATION_FAILED', 'The step names different sections or lines before and after');
  const rows = new Map<string, SaleLineRow>();
  for (const [, ls] of layout.lines) for (const l of ls) rows.set(l.id, l);
  const conflict = conflictOf(layout, expect, rows);
  if (conflict) throw refused(conflict);
  // A section brought back is a new section (a new id: what was cached of the old one must never be taken for it).
  const present = new Set(layout.sections.map((s) => s.id));
  const sections: Record<string, string> = {};
  for (const s of revert.restore.sections) if (s.state && !present.has(s.id)) sections[s.id] = ctx.newId();
  const restore = remapRevertSide(revert.restore, sections);

  // Sections: restored, removed, ordered.
  const heads = new Map(layout.sections.map((s) => [s.id, s]));
  for (const { id, state } of restore.sections) {
    if (state) heads.set(id, restoredSection(id, heads.get(id), state, ctx.saleId));
    else heads.delete(id);
  }
  const kept = new Set(heads.keys());
  const sectionOrder = mergeOrder(
    restore.sectionOrder ?? [],
    layout.sections.map((s) => s.id),
    kept,
  );

  // Lines: each touched line where `restore` puts it (or gone); the others stay where they are.
  const home = new Map<string, SaleLineRow>(rows);
  for (const { id, state } of restore.lines) {
    if (!state) home.delete(id);
    else {
      if (!heads.has(state.section)) throw refused('its section is not in the sale');
      home.set(id, restoredLine(id, rows.get(id), state, ctx));
    }
  }
  const bySection = new Map<string, string[]>(sectionOrder.map((id) => [id, []]));
  for (const l of home.values()) {
    const list = bySection.get(l.sectionId);
    if (!list) throw refused(`${labelOf(l)} is in a section the step takes away`);
    list.push(l.id);
  }
  const wanted = new Map(restore.order.map((o) => [o.section, o.ids]));
  const changedLines: [string, SaleLineRow[]][] = [];
  for (const sectionId of sectionOrder) {
    const present = layout.lines.get(sectionId)?.map((l) => l.id) ?? [];
    const order = mergeOrder(wanted.get(sectionId) ?? [], present, new Set(bySection.get(sectionId)));
    const next = order.map((id) => home.get(id)!);
    const was = layout.lines.get(sectionId);
    if (was && was.length === next.length && was.every((l, i) => l === next[i])) continue;
    changedLines.push([sectionId, next]);
  }
  return {
    layout: layoutWith(
      layout,
      sectionOrder.map((id) => heads.get(id)!),
      changedLines,
    ),
    sections,
  };
}

/** Undo and redo of a sale: one locking change (mutate) of the layout planRevert makes. */
export function revertOperations(mutate: Mutate) {
  return {
    async revert(actor: AuthUser | null, saleId: string, revert: Revert) {
      // (the answer: the delta and the sections brought back under new ids)
      const user = authorize(actor, 'sales.edit');
      const kind = revert.undo ? 'edit_undone' : 'edit_redone';
      const res = await mutate(actor, saleId, kind, async (r, change) => {
        const before = await layoutOf(r, change);
        const again = recreatedLines(before, revert.restore);
        if (again.length > 0 && (await r.linesInUse(again)).length > 0)
          throw refused('what it brings back is in use elsewhere');
        const found = await r.productsByIds(productsNeeded(before, revert.restore));
        const products = new Map(found.map((p) => [p.id, p]));
        const planned = planRevert(before, revert, { saleId, user, products, newId: randomUUID });
        await commitLayout(r, saleId, change, before, planned.layout);
        return { sections: planned.sections };
      });
      return { ...res.delta, sections: res.sections };
    },
  };
}
