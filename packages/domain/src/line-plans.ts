// Planners of a section's lines: pure functions from the section's rows (in order) and a request to the rows after
// the change. The server runs a plan on either of its two write paths (the one-statement path from the rows it holds,
// or under the sale's lock from the rows it read): the same planner decides both, so an operation is written once.
// Rows are whatever the caller stores, as long as they carry an id and a position.
import { APPEND } from './constants';
import { DomainError } from './errors';
import { insertionIndex, moveItem } from './ordering';

/** What a planner needs of a row: the rest is carried along untouched. */
export interface PlannedRow {
  readonly id: string;
  readonly position: number;
}

/** Columns written over an existing line (one entry per line). */
export interface LinePatchOf<P> {
  id: string;
  patch: P;
}

/** The row at a new position; callers that keep per-row caches pass their own (to carry the cache along). */
export type Reposition<R extends PlannedRow> = (row: R, position: number) => R;
const spreadAt = <R extends PlannedRow>(row: R, position: number): R => ({ ...row, position });

/** Rows in their new order, each with its position 0..n−1 (rows already there are kept as the same objects). */
export function renumbered<R extends PlannedRow>(rows: readonly R[], at: Reposition<R> = spreadAt): R[] {
  return rows.map((row, i) => (row.position === i ? row : at(row, i)));
}

/** The rows with `ids`, in section order; NOT_FOUND when one of the ids is not a row of the section. */
export function rowsWithIds<R extends PlannedRow>(rows: readonly R[], ids: readonly string[]): R[] {
  const wanted = new Set(ids);
  const found = rows.filter((l) => wanted.has(l.id));
  if (found.length !== wanted.size) throw new DomainError('NOT_FOUND', 'Line not found');
  return found;
}

/** New rows placed at an insertion point (APPEND, or any point past the end, appends). */
export function planInsert<R extends PlannedRow>(
  rows: readonly R[],
  added: readonly R[],
  point: number,
  at?: Reposition<R>,
): R[] {
  const i = insertionIndex(point, rows.length);
  return renumbered([...rows.slice(0, i), ...added, ...rows.slice(i)], at);
}

/** The rows without `ids` (NOT_FOUND when one is not there), the others renumbered. */
export function planDelete<R extends PlannedRow>(rows: readonly R[], ids: readonly string[], at?: Reposition<R>): R[] {
  rowsWithIds(rows, ids);
  const gone = new Set(ids);
  return renumbered(
    rows.filter((l) => !gone.has(l.id)),
    at,
  );
}

/** Where a row moved to `point` lands (APPEND: the end). */
export const moveTarget = (rows: readonly unknown[], point: number): number =>
  point === APPEND ? rows.length - 1 : point;

/** The row at `index` moved to `point`; undefined when it stays where it is. INVALID_INDEX for a bad index. */
export function planMove<R extends PlannedRow>(
  rows: readonly R[],
  index: number,
  point: number,
  at?: Reposition<R>,
): R[] | undefined {
  const to = moveTarget(rows, point);
  const moved = moveItem(rows, index, to);
  return index === to ? undefined : renumbered(moved, at);
}

/** The rows with each patch written over the row of its id. */
export function patchedRows<R extends PlannedRow, P extends object>(
  rows: readonly R[],
  update: readonly LinePatchOf<P>[],
): R[] {
  const patches = new Map(update.map((u) => [u.id, u.patch]));
  return rows.map((l) => {
    const patch = patches.get(l.id);
    return patch ? { ...l, ...patch } : l;
  });
}

/** What the rows after a change need written, compared with the rows before it. */
export interface LinesWritePlan<R extends PlannedRow> {
  /** Rows that were not there (with their ids and positions). */
  insert: R[];
  /** Ids of rows no longer there. */
  remove: string[];
  /** New positions of rows that stay but move. */
  positions: { id: string; position: number }[];
}

/**
 * The inserts, removals and moves that turn `before` into `after` (both in order). A change that only writes columns
 * of existing rows (an edit) keeps every row in place: then all three are empty.
 */
export function linesWriteOf<R extends PlannedRow>(before: readonly R[], after: readonly R[]): LinesWritePlan<R> {
  const was = new Map(before.map((l) => [l.id, l]));
  const kept = new Set(after.map((l) => l.id));
  return {
    insert: after.filter((l) => !was.has(l.id)),
    remove: before.filter((l) => !kept.has(l.id)).map((l) => l.id),
    positions: after.flatMap((l) => {
      const old = was.get(l.id);
      return old && old.position !== l.position ? [{ id: l.id, position: l.position }] : [];
    }),
  };
}
