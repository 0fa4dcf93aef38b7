// Planners of a document's sections (a sale's or a template's): pure functions from the document's layout (its
// sections in order and the lines of each) and a request to the layout after the change. `layoutWriteOf` compares
// the two and says what to write (sections inserted, patched, removed, renumbered; per section, the lines inserted,
// removed, moved in from another section, renumbered or patched). The server runs them under the document's lock:
// the same planners decide a sale's and a template's section operations. Copying and moving lines between sections
// reuse copy.ts (docs/product/rules.md#copy-and-merge-of-sections). Planners never invent ids or rows themselves:
// the caller's `LayoutMakers` make new sections and copies of lines (with new ids).
import {
  type CopyLine,
  type CopySection,
  type LineMoveType,
  planLineMove,
  planSectionCopy,
  type SectionCopyStyle,
} from './copy';
import { DomainError } from './errors';
import { type PlannedRow, renumbered } from './line-plans';
import { moveItem } from './ordering';
import type { SectionPresentation } from './presentation';

/** What the planners read of a section: the rest of the row is carried along untouched. */
export interface LayoutSection extends PlannedRow {
  readonly name: string;
  readonly presentation: SectionPresentation;
}

/** A document's sections in order and the lines of each, in order (every section has an entry). */
export interface Layout<S extends LayoutSection, L extends PlannedRow> {
  readonly sections: readonly S[];
  readonly lines: ReadonlyMap<string, readonly L[]>;
}

/** The fields a new section is made with. */
export interface NewSectionFields {
  name: string;
  presentation: SectionPresentation;
  merge?: boolean | undefined;
}

/** How the caller makes rows: a new section (a new id), a copy of a line for a section (a new id, no ERP link). */
export interface LayoutMakers<S, L> {
  section(fields: NewSectionFields): S;
  copyLine(line: L, sectionId: string): L;
}

const sectionNotFound = () => new DomainError('NOT_FOUND', 'Section not found');

function indexOfSection<S extends LayoutSection>(layout: Layout<S, PlannedRow>, id: string): number {
  const at = layout.sections.findIndex((s) => s.id === id);
  if (at < 0) throw sectionNotFound();
  return at;
}

/** The lines of a section as planned (NOT_FOUND for a section the layout does not have). */
export function linesOf<S extends LayoutSection, L extends PlannedRow>(layout: Layout<S, L>, id: string): readonly L[] {
  const lines = layout.lines.get(id);
  if (!lines) throw sectionNotFound();
  return lines;
}

/**
 * The layout with `sections` (renumbered) and, for the sections in `lines`, their new lines (renumbered); sections
 * left out of `sections` lose their lines too.
 */
export function layoutWith<S extends LayoutSection, L extends PlannedRow>(
  layout: Layout<S, L>,
  sections: readonly S[],
  lines: readonly (readonly [string, readonly L[]])[] = [],
): Layout<S, L> {
  const map = new Map(layout.lines);
  for (const [id, rows] of lines) map.set(id, renumbered(rows));
  if (sections.length < map.size) {
    const kept = new Set(sections.map((s) => s.id));
    for (const id of map.keys()) if (!kept.has(id)) map.delete(id);
  }
  return { sections: renumbered(sections), lines: map };
}

/** A new section (with no lines) at the end. */
export function planCreateSection<S extends LayoutSection, L extends PlannedRow>(
  layout: Layout<S, L>,
  fields: NewSectionFields,
  make: LayoutMakers<S, L>,
): { layout: Layout<S, L>; id: string } {
  const added = make.section(fields);
  return { layout: layoutWith(layout, [...layout.sections, added], [[added.id, []]]), id: added.id };
}

/** A copy of the section and its lines right after it, named by `name` (see duplicateSectionName). */
export function planDuplicateSection<
  S extends LayoutSection & { readonly merge?: boolean | null },
  L extends PlannedRow,
>(
  layout: Layout<S, L>,
  id: string,
  name: (of: string) => string,
  make: LayoutMakers<S, L>,
): { layout: Layout<S, L>; id: string; of: string } {
  const at = indexOfSection(layout, id);
  const source = layout.sections[at]!;
  const copy = make.section({
    name: name(source.name),
    presentation: source.presentation,
    merge: source.merge ?? undefined,
  });
  const sections = [...layout.sections];
  sections.splice(at + 1, 0, copy);
  const lines = linesOf(layout, id).map((l) => make.copyLine(l, copy.id));
  return { layout: layoutWith(layout, sections, [[copy.id, lines]]), id: copy.id, of: source.name };
}

/** The section's name and/or presentation set; undefined when neither changes. */
export function planUpdateSection<S extends LayoutSection, L extends PlannedRow>(
  layout: Layout<S, L>,
  id: string,
  patch: { name?: string | undefined; presentation?: SectionPresentation | undefined },
): Layout<S, L> | undefined {
  const at = indexOfSection(layout, id);
  const s = layout.sections[at]!;
  const name = patch.name !== undefined && patch.name !== s.name ? { name: patch.name } : {};
  const details =
    patch.presentation !== undefined && patch.presentation !== s.presentation
      ? { presentation: patch.presentation }
      : {};
  if (!('name' in name) && !('presentation' in details)) return undefined;
  const sections = [...layout.sections];
  sections[at] = { ...s, ...name, ...details };
  return layoutWith(layout, sections);
}

/** The layout without the section (and its lines); the others renumbered. */
export function planDeleteSection<S extends LayoutSection, L extends PlannedRow>(
  layout: Layout<S, L>,
  id: string,
): Layout<S, L> {
  indexOfSection(layout, id);
  return layoutWith(
    layout,
    layout.sections.filter((s) => s.id !== id),
  );
}

/** The section at `from` moved to `to` (INVALID_INDEX for a bad index); undefined when it stays. */
export function planReorderSections<S extends LayoutSection, L extends PlannedRow>(
  layout: Layout<S, L>,
  from: number,
  to: number,
): { layout: Layout<S, L> | undefined; moved: string | undefined } {
  const sections = moveItem(layout.sections, from, to);
  const moved = layout.sections[from]?.id;
  return { layout: from === to ? undefined : layoutWith(layout, sections), moved };
}

/** A section of another document (or of this one) as copying reads it: the row, its lines and their copy view. */
export interface CopySource<S, L> {
  section: S;
  lines: readonly L[];
}

/**
 * Copy Sale Data / a template applied (copy.ts planSectionCopy) as a layout: `view` says how copying reads a line
 * (its kind, money, quantity, product); merged quantities come back through `withQuantity`. New sections and
 * copied lines are made by `make`.
 */
export function planCopySections<S extends LayoutSection & { readonly merge?: boolean | null }, L extends PlannedRow>(
  layout: Layout<S, L>,
  sources: readonly CopySource<S, L>[],
  options: {
    style: SectionCopyStyle;
    mergeProducts: boolean;
    view: (line: L) => CopyLine;
    withQuantity: (line: L, quantity: string) => L;
  },
  make: LayoutMakers<S, L>,
): Layout<S, L> {
  type Item = CopyLine & { row: L };
  type Sec = CopySection<Item> & { row?: S };
  const items = (lines: readonly L[]): Item[] => lines.map((row) => ({ ...options.view(row), row }));
  const before: Sec[] = layout.sections.map((s) => ({ name: s.name, row: s, lines: items(linesOf(layout, s.id)) }));
  const chosen: Sec[] = sources.map((s) => ({ name: s.section.name, row: s.section, lines: items(s.lines) }));
  const planned = planSectionCopy(before, chosen, options.style, options.mergeProducts);
  const sections: S[] = [];
  const changed: [string, L[]][] = [];
  for (const p of planned) {
    const original = p.isNew ? undefined : before.find((b) => b === (p as unknown));
    if (original) {
      sections.push(original.row!);
      continue;
    }
    const row =
      p.isNew || !p.row
        ? make.section({ name: p.row!.name, presentation: p.row!.presentation, merge: p.row!.merge ?? undefined })
        : p.row;
    sections.push(row);
    changed.push([
      row.id,
      p.lines.map((l) => {
        const line = l.isNew ? make.copyLine(l.row, row.id) : l.row;
        const quantity = String(l.quantity ?? 0);
        return String(options.view(l.row).quantity ?? 0) === quantity ? line : options.withQuantity(line, quantity);
      }),
    ]);
  }
  return layoutWith(layout, sections, changed);
}

/**
 * The Lines Move/Copy dialog (copy.ts planLineMove) as a layout: the lines `ids` of section `from`, in their order,
 * moved or copied to the end of section `to` (the same section: to its end). NOT_FOUND for a line not in `from`.
 */
export function planMoveLines<S extends LayoutSection, L extends PlannedRow>(
  layout: Layout<S, L>,
  from: string,
  to: string,
  ids: readonly string[],
  type: LineMoveType,
  make: LayoutMakers<S, L>,
): Layout<S, L> {
  const origin = linesOf(layout, from);
  const destination = from === to ? origin : linesOf(layout, to);
  const plan = planLineMove(origin, destination, ids, type);
  if (plan.missing.length > 0) throw new DomainError('NOT_FOUND', 'Line not found');
  const rows = (planned: typeof plan.destination, sectionId: string) =>
    planned.map((l) => (l.isNew ? make.copyLine(l as unknown as L, sectionId) : (l as unknown as L)));
  const changes: [string, L[]][] = [[to, rows(plan.destination, to)]];
  if (from !== to && type === 'move') changes.push([from, rows(plan.origin, from)]);
  return layoutWith(layout, layout.sections, changes);
}

/** What one section's lines need written (each line named once). */
export interface SectionLinesWrite<L> {
  sectionId: string;
  /** New rows (their ids and positions set). */
  insert: L[];
  /** Ids of lines of this section no longer anywhere. */
  remove: string[];
  /** Lines of another section of the document moved here, with their positions here. */
  arrive: { id: string; position: number }[];
  /** New positions of lines that stay in this section but move. */
  positions: { id: string; position: number }[];
  /** Columns written over lines that stay in this section (their position unchanged). */
  update: { id: string; patch: Partial<L> }[];
}

/** What a layout change writes. */
export interface LayoutWrite<S, L> {
  insertSections: S[];
  removeSections: string[];
  /** Changed name/presentation of sections that stay. */
  updateSections: { id: string; patch: Partial<Pick<S & LayoutSection, 'name' | 'presentation'>> }[];
  /** New positions of sections that stay but move. */
  sectionPositions: { id: string; position: number }[];
  /** The sections whose lines change (new sections included), in the layout's order. */
  lines: SectionLinesWrite<L>[];
}

/** The columns of `after` that differ from `before` (a line's position is not a column of the patch). */
function patchOf<L extends object>(before: L, after: L): Partial<L> {
  const patch: Partial<L> = {};
  for (const key of Object.keys(after) as (keyof L)[]) {
    if (key === 'position' || key === 'sectionId') continue;
    if (after[key] !== before[key]) patch[key] = after[key];
  }
  return patch;
}

/** The write that turns `before` into `after` (a layout a planner made from it). */
export function layoutWriteOf<S extends LayoutSection, L extends PlannedRow>(
  before: Layout<S, L>,
  after: Layout<S, L>,
): LayoutWrite<S, L> {
  const was = new Map(before.sections.map((s) => [s.id, s]));
  const stays = new Set(after.sections.map((s) => s.id));
  const write: LayoutWrite<S, L> = {
    insertSections: after.sections.filter((s) => !was.has(s.id)),
    removeSections: before.sections.filter((s) => !stays.has(s.id)).map((s) => s.id),
    updateSections: [],
    sectionPositions: [],
    lines: [],
  };
  for (const s of after.sections) {
    const old = was.get(s.id);
    if (!old) continue;
    if (old.position !== s.position) write.sectionPositions.push({ id: s.id, position: s.position });
    const patch = {
      ...(old.name !== s.name ? { name: s.name } : {}),
      ...(old.presentation !== s.presentation ? { presentation: s.presentation } : {}),
    };
    if (Object.keys(patch).length > 0) write.updateSections.push({ id: s.id, patch });
  }
  // The lines of every section whose lines are not the same array as before.
  const changed = after.sections.filter((s) => after.lines.get(s.id) !== before.lines.get(s.id));
  const home = new Map<string, { sectionId: string; row: L }>();
  for (const s of before.sections) {
    const lines = before.lines.get(s.id);
    if (stays.has(s.id) && lines !== after.lines.get(s.id))
      for (const row of lines ?? []) home.set(row.id, { sectionId: s.id, row });
  }
  const seen = new Set<string>();
  for (const s of changed) {
    const w: SectionLinesWrite<L> = { sectionId: s.id, insert: [], remove: [], arrive: [], positions: [], update: [] };
    for (const row of after.lines.get(s.id) ?? []) {
      seen.add(row.id);
      const old = home.get(row.id);
      if (!old) w.insert.push(row);
      else if (old.sectionId !== s.id) w.arrive.push({ id: row.id, position: row.position });
      else if (old.row.position !== row.position) w.positions.push({ id: row.id, position: row.position });
      if (old && old.row !== row) {
        const patch = patchOf(old.row, row);
        if (Object.keys(patch).length > 0) w.update.push({ id: row.id, patch });
      }
    }
    write.lines.push(w);
  }
  for (const [id, { sectionId }] of home) {
    if (seen.has(id)) continue;
    let w = write.lines.find((x) => x.sectionId === sectionId);
    if (!w) {
      w = { sectionId, insert: [], remove: [], arrive: [], positions: [], update: [] };
      write.lines.push(w);
    }
    w.remove.push(id);
  }
  return write;
}
