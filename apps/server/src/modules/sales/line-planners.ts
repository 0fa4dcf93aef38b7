// The line operations of a sale's section as planners: pure functions from the section's rows (as stored, in order)
// and a request to the change — the rows after it and the columns written over existing lines. The sales service
// runs every plan through one executor (sales.service.ts runLines), on its one-statement path from the rows it
// holds or under the sale's lock from the rows it read: each operation is decided by the same code on both paths.
// The structural part (insert, delete, move, renumber, the write a change needs) is packages/domain's line-plans.
import { randomUUID } from 'node:crypto';
import type {
  ActivityHint,
  AnyEditConflict,
  EditConflict,
  LineDto,
  LineEditBase,
  PasteLinesBody,
} from '@quotewright/contracts';
import { editConflictText } from '@quotewright/contracts';
import type { ProductRow, SaleLineRow } from '@quotewright/db';
import {
  applyLineEdit,
  applyMarkup,
  DESCRIPTION_REQUIRED,
  DomainError,
  EDIT_BASE_FIELDS,
  type EditBaseField,
  type FieldEditor,
  isDomainError,
  isMissingDescription,
  isSameFieldValue,
  lastEditorOf,
  linesWriteOf,
  markupPrice,
  NUMERIC_COLUMNS,
  NUMERIC_FIELDS,
  parseMoney,
  patchedRows,
  planDelete,
  planInsert,
  planMove,
  rowsWithIds,
  type StoredEditField,
  toDecimal,
  withEditor,
} from '@quotewright/domain';
import { AppError, validation } from '../../errors';
import type { LinesWriteOf } from '../../infra/ordered-rows.repository';
import type { AuthUser } from '../../policy';
import { type ProductLine, productLines } from './product-lines';
import { atPosition, pricingLine } from './sales.dto';
import type { LinePatch } from './sales.repository';

export interface LineEditInput {
  _id: string;
  name?: string | undefined;
  quantity?: string | undefined;
  price?: string | undefined;
  cost?: string | undefined;
  markup_percent?: string | undefined;
  /** 0–100 (checked by the route). */
  discount?: string | undefined;
  price_percentage_active?: boolean | undefined;
  /** The values the edit was based on (decision 0020): a field changed since is refused, not overwritten. */
  base?: LineEditBase | undefined;
  /** The person chose to replace someone else's value (the base is that value): they are told. */
  overwrite?: boolean | undefined;
}

/** A price computed from a markup must still fit sale_lines.price, like a price typed in. */
export function checkPrice(price: string): string {
  if (toDecimal(price).abs().gte(NUMERIC_FIELDS.price.max))
    throw new AppError('VALIDATION_FAILED', 'Price is out of range');
  return price;
}

/**
 * The columns one edit of a line writes (docs/product/rules.md#line-edits): only the fields that change; price, cost, quantity and discount
 * never apply to notes or headers; markup_percent sets price = cost × (1 + m/100), grossed up by the line's discount
 * (markupPrice). Numbers as their columns store them. Throws on a note or header left without text.
 */
function editColumns(row: SaleLineRow, edit: LineEditInput): LinePatch {
  if (edit.name !== undefined && isMissingDescription(row.kind, edit.name))
    throw validation({ name: DESCRIPTION_REQUIRED }, DESCRIPTION_REQUIRED);
  const current = { ...pricingLine(row), name: row.description };
  const patch: Partial<typeof current> = {};
  if (edit.name !== undefined) patch.name = edit.name;
  if (edit.quantity !== undefined) patch.quantity = edit.quantity;
  if (edit.cost !== undefined) patch.cost = edit.cost;
  if (edit.price !== undefined) patch.price = parseMoney(edit.price);
  if (edit.discount !== undefined) patch.discount = edit.discount;
  if (edit.price_percentage_active !== undefined) patch.price_percentage_active = edit.price_percentage_active;
  if (edit.markup_percent !== undefined)
    patch.price = checkPrice(
      markupPrice(patch.cost ?? current.cost, edit.markup_percent, patch.discount ?? current.discount),
    );
  const { line, changed } = applyLineEdit(current, patch);
  const cols: LinePatch = {};
  for (const key of changed) {
    if (key === 'name') cols.description = line.name;
    else if (key === 'quantity') cols.quantity = asStored(line.quantity, 'quantity');
    else if (key === 'price') cols.price = asStored(line.price, 'price');
    else if (key === 'cost') cols.cost = asStored(line.cost, 'cost');
    else if (key === 'discount') cols.discount = asStored(line.discount, 'discount');
    else if (key === 'price_percentage_active') cols.pricePercentageActive = line.price_percentage_active;
  }
  return cols;
}

/** The column an edit of each field writes (a markup sets the price). */
const COLUMN_OF: Record<EditBaseField, keyof LinePatch> = {
  name: 'description',
  quantity: 'quantity',
  price: 'price',
  cost: 'cost',
  discount: 'discount',
  markup_percent: 'price',
  price_percentage_active: 'pricePercentageActive',
};
/** The field each written column holds (as the line's editors name it). */
const FIELD_OF: Partial<Record<keyof LinePatch, StoredEditField>> = {
  description: 'name',
  quantity: 'quantity',
  price: 'price',
  cost: 'cost',
  discount: 'discount',
  pricePercentageActive: 'price_percentage_active',
};

/** A field's value as the line's answer shows it (what a person saw, and what a base is compared with). */
export function shownValue(dto: LineDto, field: EditBaseField): string | number | boolean {
  return dto[field];
}

/** A value a person sees, as text ("44", "Desk", "true"). */
export const asText = (v: unknown) => String(v);

/**
 * The 409 of an edit based on values that moved on (of lines, a sale's header or a section's name): the first
 * conflict in words, all of them listed.
 */
export function editConflict(conflicts: AnyEditConflict[]): AppError {
  const more = conflicts.length > 1 ? ` (and ${conflicts.length - 1} more)` : '';
  return new AppError('EDIT_CONFLICT', `${editConflictText(conflicts[0]!)}${more}`, undefined, undefined, {
    conflicts,
  });
}

/** A value an explicit overwrite replaced: who had set it is told once the change is committed. */
export interface Replaced {
  line: string;
  field: EditBaseField;
  replaced: string;
  previous: { id: string; name: string };
}

/**
 * One line's edit decided against the line as it is now (`row`, and `dto` its answer): the columns written (with
 * who set them), or the conflicts that refuse it — a field the edit changes whose base is no longer its value — and
 * the values an explicit overwrite replaces. Fields the edit does not change are never a conflict: they already hold
 * what the person wants.
 */
function planLineEdit(row: SaleLineRow, dto: LineDto | undefined, edit: LineEditInput, by: FieldEditor | undefined) {
  const cols = editColumns(row, edit);
  const conflicts: EditConflict[] = [];
  const replaced: Replaced[] = [];
  const written = Object.keys(cols) as (keyof LinePatch)[];
  if (written.length === 0) return { cols, conflicts, replaced };
  for (const field of EDIT_BASE_FIELDS) {
    if (edit[field] === undefined || cols[COLUMN_OF[field]] === undefined || !dto) continue;
    const now = shownValue(dto, field);
    const base = edit.base?.[field];
    const editor = lastEditorOf(row.editedBy, field);
    if (base !== undefined && !isSameFieldValue(field, base, now)) {
      conflicts.push({
        line: row.id,
        field,
        value: asText(now),
        base: asText(base),
        by: editor ? { id: editor.id, name: editor.name } : null,
        at: editor?.at ?? null,
      });
    } else if (edit.overwrite && editor && by && editor.id !== by.id) {
      replaced.push({ line: row.id, field, replaced: asText(now), previous: { id: editor.id, name: editor.name } });
    }
  }
  const fields = written.flatMap((c) => FIELD_OF[c] ?? []);
  if (by) cols.editedBy = withEditor(row.editedBy, fields, by);
  return { cols, conflicts, replaced };
}

/** The answer of the line `id` at index `i` of its section's answer (found by id if the index does not hold). */
function lineDtoAt(dtos: readonly LineDto[], i: number, id: string): LineDto | undefined {
  const at = dtos[i];
  return at?._id === id ? at : dtos.find((d) => d._id === id);
}

/**
 * A number as its numeric column returns it (PostgreSQL rounds to the column's scale half away from zero, as
 * toFixed does here): a change computed before its write then holds exactly the values stored.
 */
export function asStored(value: unknown, column: keyof typeof NUMERIC_COLUMNS): string {
  const d = toDecimal(value);
  return (d.isZero() ? d.abs() : d).toFixed(NUMERIC_COLUMNS[column].scale);
}

/**
 * Set Markup (docs/product/rules.md#set-markup) on the lines `ids` of `rows`: the new price of each product line whose price changes
 * (price = cost × (1 + m/100), grossed up by the line's discount); notes and headers unchanged. 404 for a line that
 * is not one of `rows`.
 */
function markupPatches(
  rows: readonly SaleLineRow[],
  input: { ids: string[]; markup: string },
  by: FieldEditor | undefined,
) {
  const found = rowsWithIds(rows, input.ids);
  const priced = applyMarkup(
    found.map((row) => ({ ...pricingLine(row), id: row.id })),
    input.markup,
  );
  return priced.flatMap((line, i) =>
    line.kind === 'product' && !toDecimal(line.price ?? 0).eq(toDecimal(found[i]!.price))
      ? [
          {
            id: line.id,
            patch: {
              price: asStored(checkPrice(String(line.price)), 'price'),
              ...(by ? { editedBy: withEditor(found[i]!.editedBy, ['price'], by) } : {}),
            } as LinePatch,
          },
        ]
      : [],
  );
}
/** What a planner decides for one section's lines (run by the sales service's executor). */
export interface LinesChange<X> {
  /** The section's rows after the change, in order with positions 0..n−1; none when the request changes nothing. */
  after?: SaleLineRow[];
  /** Columns written over existing lines (each line once): an edit keeps every line where it is. */
  update?: { id: string; patch: LinePatch }[];
  /** What the activity entry needs besides the sale before and after. */
  hint?: ActivityHint;
  /** The catalog rows new lines were made from: the one-statement write checks that they are still as read. */
  products?: ProductRow[];
  /** What the operation answers besides the sale. */
  extra: X;
}

/** What a planner is given: the section as it is on the path that runs it. */
export interface LinesPlanInput {
  saleId: string;
  sectionId: string;
  /** The section's rows, in order. */
  rows: readonly SaleLineRow[];
  /** Their answers (in the same order): an edit's bases are compared with what people saw. */
  dtos: readonly LineDto[];
  /** Catalog rows by id (the ones held on the one-statement path, read under the lock on the other). */
  products(ids: readonly number[]): Promise<ProductRow[]>;
  /** Who makes the change, and when; none where who set each field is not kept (a template's lines). */
  by: FieldEditor | undefined;
}

export type LinesPlanner<X> = (input: LinesPlanInput) => LinesChange<X> | Promise<LinesChange<X>>;

/** Who sets a value now. */
export const editorNow = (user: AuthUser): FieldEditor => ({
  id: user.id,
  name: user.name,
  at: new Date().toISOString(),
});

/** A new line's row as stored (its id chosen here, its position set by the plan). */
function newLineRow(saleId: string, sectionId: string, l: ProductLine | TextLine): SaleLineRow {
  return {
    productId: null,
    manufacturer: null,
    uom: null,
    ...l,
    id: randomUUID(),
    saleId,
    sectionId,
    position: 0,
    quantity: asStored(l.quantity, 'quantity'),
    price: asStored(l.price, 'price'),
    cost: asStored(l.cost, 'cost'),
    discount: asStored(0, 'discount'),
    pricePercentageActive: false,
    templateId: null,
    odooLineId: null,
    odooOptionId: null,
    editedBy: {},
  };
}

/** A note or a header as stored: its text as description, the kind as model, no numbers. */
export interface TextLine {
  kind: 'note' | 'header';
  productName: string;
  description: string;
  quantity: string;
  price: string;
  cost: string;
}
const textLine = (kind: TextLine['kind'], name: string): TextLine => ({
  kind,
  productName: kind,
  description: name,
  quantity: '0',
  price: '0',
  cost: '0',
});

/** New lines at an insertion point (−1 appends): the rows after, none when there is nothing to add; their ids. */
function inserted(s: LinesPlanInput, lines: readonly (ProductLine | TextLine)[], point: number) {
  const added = lines.map((l) => newLineRow(s.saleId, s.sectionId, l));
  return {
    after: added.length > 0 ? planInsert(s.rows, added, point, atPosition) : undefined,
    ids: added.map((l) => l.id),
  };
}

/** Products of the local catalog added at an insertion point; products missing or inactive are answered in `errors`. */
export const planAddProducts =
  (input: { lines: { product: number; quantity: string }[]; sequence: number }) => async (s: LinesPlanInput) => {
    const found = await s.products([...new Set(input.lines.map((l) => l.product))]);
    const { lines, errors } = productLines(found, input.lines);
    const { after, ids } = inserted(s, lines, input.sequence);
    return { after, products: found, extra: { errors, ids } };
  };

/**
 * Pasted rows at an insertion point (docs/product/rules.md#paste-from-a-spreadsheet), all in one change: a product
 * of the local catalog with its quantity and, where the person chose the sheet's values, its price, cost and
 * description; or a note. Products missing or inactive are answered in `errors` and left out.
 */
export const planPaste = (input: PasteLinesBody) => async (s: LinesPlanInput) => {
  const wanted = input.lines.flatMap((l) => ('product' in l ? [l] : []));
  const found = await s.products([...new Set(wanted.map((l) => l.product))]);
  const { lines: made, errors } = productLines(found, wanted);
  const byWanted = new Map<object, ProductLine>();
  let at = 0;
  const missing = new Set(errors.map((e) => e.product));
  for (const l of wanted) if (!missing.has(l.product)) byWanted.set(l, made[at++]!);
  const lines = input.lines.flatMap((l): (ProductLine | TextLine)[] => {
    if ('note' in l) return [textLine('note', l.note)];
    const line = byWanted.get(l);
    if (!line) return [];
    return [
      {
        ...line,
        ...(l.price !== undefined ? { price: l.price } : {}),
        ...(l.cost !== undefined ? { cost: l.cost } : {}),
        ...(l.name !== undefined ? { description: l.name } : {}),
      },
    ];
  });
  const { after, ids } = inserted(s, lines, input.sequence);
  return { after, products: found, extra: { errors, ids } };
};

/** A note or a header (its text required) at an insertion point. */
export const planAddText =
  (kind: TextLine['kind'], input: { name: string; sequence: number }) => (s: LinesPlanInput) => {
    if (isMissingDescription(kind, input.name)) throw validation({ name: DESCRIPTION_REQUIRED }, DESCRIPTION_REQUIRED);
    const { after, ids } = inserted(s, [textLine(kind, input.name)], input.sequence);
    return { after, extra: { _id: ids[0]! } };
  };

/**
 * Edits of lines (several at once; a line named twice is edited twice, the second from the first): per line only the
 * columns that change, with who set them. An edit based on values that moved on refuses the whole request (409).
 */
export const planEdits = (edits: readonly LineEditInput[]) => (s: LinesPlanInput) => {
  // Where each edited line is (a line not in the section refuses the whole request, before any conflict): a scan per
  // edit for the usual one or few, an index for many (a 2,000-line section is not indexed for a one-cell edit).
  const index = edits.length > 8 ? new Map(s.rows.map((l, i) => [l.id, i])) : undefined;
  const positions = edits.map((e) => (index ? (index.get(e._id) ?? -1) : s.rows.findIndex((l) => l.id === e._id)));
  if (positions.includes(-1)) throw new DomainError('NOT_FOUND', 'Line not found');
  const current = new Map<string, SaleLineRow>();
  const patches = new Map<string, LinePatch>();
  const conflicts: EditConflict[] = [];
  const replaced: Replaced[] = [];
  for (const [n, edit] of edits.entries()) {
    const i = positions[n]!;
    const row = current.get(edit._id) ?? s.rows[i]!;
    const plan = planLineEdit(row, lineDtoAt(s.dtos, i, row.id), edit, s.by);
    conflicts.push(...plan.conflicts);
    replaced.push(...plan.replaced);
    if (conflicts.length > 0 || Object.keys(plan.cols).length === 0) continue;
    current.set(row.id, { ...row, ...plan.cols });
    patches.set(row.id, { ...patches.get(row.id), ...plan.cols });
  }
  if (conflicts.length > 0) throw editConflict(conflicts);
  const markupEdited = new Set(edits.flatMap((e) => (e.markup_percent !== undefined ? [e._id] : [])));
  const extra = { replaced };
  if (patches.size === 0) return { hint: { markupEdited }, extra };
  const update = [...patches].map(([id, patch]) => ({ id, patch }));
  return { after: patchedRows(s.rows, update), update, hint: { markupEdited }, extra };
};

/** Set Markup on lines of the section (notes and headers unchanged). */
export const planMarkup = (input: { ids: string[]; markup: string }) => (s: LinesPlanInput) => {
  const update = markupPatches(s.rows, input, s.by);
  const hint = { markup: input.markup };
  if (update.length === 0) return { hint, extra: undefined };
  return { after: patchedRows(s.rows, update), update, hint, extra: undefined };
};

/** Lines deleted (the others renumbered). */
export const planDeleteLines = (ids: readonly string[]) => (s: LinesPlanInput) => ({
  after: planDelete(s.rows, ids, atPosition),
  extra: undefined,
});

/** The line at `index` moved to `point` (−1: the end). */
export const planReorderLine = (index: number, point: number) => (s: LinesPlanInput) => ({
  after: planMove(s.rows, index, point, atPosition),
  hint: { moved: s.rows[index]?.id },
  extra: undefined,
});

/**
 * `plan()`, or undefined when it refuses the request (an AppError or a domain error: the executor then decides it
 * again under the sale's lock, from rows that cannot be behind). Any other error is a bug and is thrown.
 */
export async function refusedAsUndefined<T>(plan: () => T | Promise<T>): Promise<T | undefined> {
  try {
    return await plan();
  } catch (e) {
    if (e instanceof AppError || isDomainError(e)) return undefined;
    throw e;
  }
}

/** Whether every updated line is where it was (a scan per line for a few, an index for many). */
function updatesInPlace(rows: readonly SaleLineRow[], after: readonly SaleLineRow[], ids: readonly string[]) {
  if (after.length !== rows.length) return false;
  const index = ids.length > 8 ? new Map(rows.map((l, i) => [l.id, i])) : undefined;
  return ids.every((id) => after[index ? (index.get(id) ?? -1) : rows.findIndex((l) => l.id === id)]?.id === id);
}

/**
 * What turns a section's rows into the rows after a change (one statement, see orderedLinesWriteSql): the columns of
 * `update` over existing lines (an edit: every line stays where it is), or the lines inserted, removed and renumbered;
 * with the catalog rows new lines were made from.
 */
export function writeOfChange(
  sectionId: string,
  rows: readonly SaleLineRow[],
  change: LinesChange<unknown>,
): LinesWriteOf<SaleLineRow, LinePatch> & { products?: readonly ProductRow[] } {
  const after = change.after;
  if (!after) throw new Error(`section ${sectionId}: a plan without rows after it writes nothing`);
  const products = change.products?.length ? { products: change.products } : {};
  if (!change.update) return { sectionId, ...products, ...linesWriteOf(rows, after) };
  // A planner that writes columns keeps the lines in place (patchedRows): anything else is a bug in it.
  if (
    !updatesInPlace(
      rows,
      after,
      change.update.map((u) => u.id),
    )
  )
    throw new Error(`section ${sectionId}: a plan that updates lines also moved some`);
  return { sectionId, ...products, update: change.update };
}
