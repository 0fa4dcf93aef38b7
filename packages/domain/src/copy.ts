// Copy Sale Data, template application and line move/copy (docs/product/rules.md#copy-and-merge-of-sections).
//
// These functions plan the result on plain objects; they never invent ids. Every section or line created by a
// copy is a shallow copy of its source WITHOUT `id` / `_id` and with `isNew: true`; the server inserts those and
// assigns ids and positions. Existing destination objects keep their ids; one whose lines change is a new object
// (`{ ...section, lines }`), a merged line is `{ ...line, quantity }`. Lines absent from the result that were in
// the destination (overwrite) are to be deleted. Extra fields are preserved as they are, including derived ones
// such as `pricing` or positions: recompute those after applying the plan.
import { APPEND } from './constants';
import { DomainError } from './errors';
import { toDecimalOrZero } from './money';
import { insertAt } from './ordering';
import type { PricingLine } from './pricing';

export const SECTION_COPY_STYLES = ['new', 'merge', 'overwrite'] as const;
export type SectionCopyStyle = (typeof SECTION_COPY_STYLES)[number];
export const DEFAULT_SECTION_COPY_STYLE: SectionCopyStyle = 'new';

export const TEMPLATE_COPY_STYLES = ['merge', 'overwrite'] as const;
export type TemplateCopyStyle = (typeof TEMPLATE_COPY_STYLES)[number];
export const DEFAULT_TEMPLATE_COPY_STYLE: TemplateCopyStyle = 'merge';

export const LINE_MOVE_TYPES = ['move', 'copy'] as const;
export type LineMoveType = (typeof LINE_MOVE_TYPES)[number];

export function isSectionCopyStyle(x: unknown): x is SectionCopyStyle {
  return typeof x === 'string' && (SECTION_COPY_STYLES as readonly string[]).includes(x);
}
export function isTemplateCopyStyle(x: unknown): x is TemplateCopyStyle {
  return typeof x === 'string' && (TEMPLATE_COPY_STYLES as readonly string[]).includes(x);
}
export function isLineMoveType(x: unknown): x is LineMoveType {
  return typeof x === 'string' && (LINE_MOVE_TYPES as readonly string[]).includes(x);
}

type Id = string | number;
type IdKey = 'id' | '_id';

/** A copied object: ids optional (absent on new objects), `isNew: true` on objects created by the plan. */
export type Planned<T> = Omit<T, IdKey> & Partial<Pick<T, Extract<keyof T, IdKey>>> & { isNew?: true };

/** What copying reads from a line: its kind, money, quantity and product identity. */
export interface CopyLine extends PricingLine {
  product_id?: Id | null;
  product?: { id?: Id | null } | null;
}

export interface CopySection<L extends CopyLine = CopyLine> {
  name: string;
  lines: readonly L[];
}

/** The line type of a section type. */
export type LineOf<S extends CopySection> = S['lines'][number];

export type PlannedSection<S extends CopySection> = Planned<Omit<S, 'lines'>> & {
  lines: Planned<LineOf<S>>[];
};

export interface MergeOptions<L> {
  /** The product identity of a line; default `product_id ?? product.id`. Lines without one never merge. */
  productKey?: (line: L) => Id | null | undefined;
}

function defaultProductKey(line: CopyLine): Id | null | undefined {
  return line.product_id ?? line.product?.id;
}

/**
 * Product lines with the same product, price, cost, discount and Based-on-Total flag merge; null for lines that
 * never do.
 */
function mergeKey<L extends CopyLine>(line: L, productKey: (line: L) => Id | null | undefined): string | null {
  if (line.kind !== 'product') return null;
  const product = productKey(line);
  if (product === null || product === undefined || product === '') return null;
  return JSON.stringify([
    String(product),
    line.price_percentage_active === true,
    toDecimalOrZero(line.price).toFixed(),
    toDecimalOrZero(line.cost).toFixed(),
    toDecimalOrZero(line.discount).toFixed(),
  ]);
}

function addQuantity<L extends CopyLine>(target: L, extra: L): L {
  const sum = toDecimalOrZero(target.quantity).plus(toDecimalOrZero(extra.quantity));
  const asNumber =
    typeof target.quantity === 'number' || (target.quantity == null && typeof extra.quantity === 'number');
  return { ...target, quantity: asNumber ? sum.toNumber() : sum.toFixed() };
}

/** Appends `incoming` to `target`, adding each mergeable line's quantity to the first line with the same key. */
function mergeInto<L extends CopyLine>(
  target: readonly L[],
  incoming: readonly L[],
  productKey: (line: L) => Id | null | undefined,
): L[] {
  const out = [...target];
  const firstByKey = new Map<string, number>();
  out.forEach((line, i) => {
    const key = mergeKey(line, productKey);
    if (key !== null && !firstByKey.has(key)) firstByKey.set(key, i);
  });
  for (const line of incoming) {
    const key = mergeKey(line, productKey);
    const at = key === null ? undefined : firstByKey.get(key);
    if (at === undefined) {
      if (key !== null) firstByKey.set(key, out.length);
      out.push(line);
    } else {
      out[at] = addQuantity(out[at] as L, line);
    }
  }
  return out;
}

/**
 * Merges product lines with the same product, price AND cost (and Based-on-Total flag) by adding quantities into
 * the first occurrence, which keeps its place and other fields. Notes, headers and lines without a product never
 * merge. Prices compare by value ("10.00" = 10). A merged quantity is a number if the first line's was, else an
 * exact decimal string.
 */
export function mergeProductLines<L extends CopyLine>(lines: readonly L[], options: MergeOptions<L> = {}): L[] {
  return mergeInto([], lines, options.productKey ?? defaultProductKey);
}

function stripIds<T extends object>(obj: T): Planned<T> {
  const { id: _i, _id: _u, ...rest } = obj as T & { id?: unknown; _id?: unknown };
  return { ...rest, isNew: true } as unknown as Planned<T>;
}

/** A new line copied from `line`: same fields, no id, `isNew: true`. */
export function copyLine<L extends object>(line: L): Planned<L> {
  return stripIds(line);
}

function sectionKey(name: string | null | undefined): string {
  return (name ?? '').trim().toLowerCase();
}

/**
 * Plans copying `sourceSections` into a destination sale or template and returns the destination's sections
 * afterwards (destination order kept, new sections appended in source order):
 * - new: every source section is appended as a new section.
 * - merge: its lines go to the end of the destination section with the same name (trimmed, case-insensitive;
 *   the first such section), else it is appended as a new section. With `mergeProducts`, a copied product line
 *   whose product, price and cost equal a line already there adds its quantity to that line instead.
 * - overwrite: the lines of the same-named destination section are replaced by the copied ones, else the section
 *   is appended. Several source sections with one name all land in that section (the first replaces, the
 *   others append), so nothing copied is lost.
 * `mergeProducts` only applies to merge. Throws INVALID_ARGUMENT for an unknown style.
 */
export function planSectionCopy<S extends CopySection>(
  destinationSections: readonly S[],
  sourceSections: readonly S[],
  style: SectionCopyStyle,
  mergeProducts = false,
  options: MergeOptions<LineOf<S>> = {},
): PlannedSection<S>[] {
  type L = LineOf<S>;
  if (!isSectionCopyStyle(style)) throw new DomainError('INVALID_ARGUMENT', `Unknown copy style ${String(style)}`);
  const productKey = options.productKey ?? defaultProductKey;
  const merging = style === 'merge' && mergeProducts;
  const result: PlannedSection<S>[] = destinationSections.map((s) => s as unknown as PlannedSection<S>);
  const replaced = new Set<PlannedSection<S>>();

  for (const source of sourceSections) {
    const copied = source.lines.map((l) => copyLine(l)) as unknown as L[];
    const at = style === 'new' ? -1 : result.findIndex((s) => sectionKey(s.name) === sectionKey(source.name));
    const target = at < 0 ? undefined : result[at];
    if (target === undefined) {
      const section = {
        ...stripIds(source),
        lines: merging ? mergeInto([], copied, productKey) : copied,
      } as unknown as PlannedSection<S>;
      result.push(section);
      if (style === 'overwrite') replaced.add(section);
      continue;
    }
    const existing = target.lines as unknown as L[];
    let lines: L[];
    if (style === 'overwrite' && !replaced.has(target)) lines = copied;
    else if (merging) lines = mergeInto(existing, copied, productKey);
    else lines = [...existing, ...copied];
    const next = { ...target, lines } as unknown as PlannedSection<S>;
    if (style === 'overwrite') replaced.add(next);
    result[at] = next;
  }
  return result;
}

function idOf(line: object): Id | undefined {
  const l = line as { _id?: Id | null; id?: Id | null };
  return l._id ?? l.id ?? undefined;
}

/**
 * Plans the Lines Move/Copy dialog: the lines of `origin` whose id (`_id` or `id`) is in `ids`, in origin order,
 * go to `destination` at `point` (default APPEND). move: they leave the origin and keep their ids; copy: the
 * origin is unchanged and the destination gets new copies (no id, `isNew: true`). When origin and destination
 * are the same array both results are that section's new lines. Ids not found are reported in `missing`.
 */
export function planLineMove<L extends object>(
  origin: readonly L[],
  destination: readonly L[],
  ids: readonly Id[],
  type: LineMoveType,
  point: number = APPEND,
): { origin: Planned<L>[]; destination: Planned<L>[]; missing: Id[] } {
  if (!isLineMoveType(type)) throw new DomainError('INVALID_ARGUMENT', `Unknown move type ${String(type)}`);
  const wanted = new Set(ids.map(String));
  const found = new Set<string>();
  const selected: L[] = [];
  const rest: L[] = [];
  for (const line of origin) {
    const id = idOf(line);
    if (id !== undefined && wanted.has(String(id))) {
      selected.push(line);
      found.add(String(id));
    } else rest.push(line);
  }
  const missing = ids.filter((id) => !found.has(String(id)));
  const same = origin === destination;
  const moving: Planned<L>[] = type === 'move' ? (selected as Planned<L>[]) : selected.map((l) => copyLine(l));
  const newOrigin = (type === 'move' ? rest : [...origin]) as Planned<L>[];
  const base = same ? newOrigin : ([...destination] as Planned<L>[]);
  const newDestination = insertAt(base, moving, point);
  return { origin: same ? newDestination : newOrigin, destination: newDestination, missing };
}

/** The name of a duplicated section: '<name> (copy)', so the two can be told apart. */
export function duplicateSectionName(name: string): string {
  return `${name} (copy)`;
}
