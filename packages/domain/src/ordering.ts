// Insertion points and reordering of sections and lines (docs/product/rules.md#insertion-points-and-ordering).
// All functions are pure.
import { APPEND } from './constants';
import { DomainError } from './errors';

function isIndex(n: unknown): n is number {
  return typeof n === 'number' && Number.isSafeInteger(n);
}

/**
 * Where an insertion point puts new items in a list of `length`: −1 (APPEND) or any point ≥ length appends
 * (returns length); 0…length−1 inserts there. Other negatives and non-integers throw INVALID_INSERTION_POINT.
 */
export function insertionIndex(point: number, length: number): number {
  if (!isIndex(length) || length < 0) throw new DomainError('INVALID_ARGUMENT', `Invalid length ${length}`);
  if (!isIndex(point) || point < APPEND) {
    throw new DomainError('INVALID_INSERTION_POINT', `Invalid insertion point ${point}`);
  }
  return point === APPEND || point >= length ? length : point;
}

/** 'Insert … Below' a row: the row index plus one. */
export function insertBelowPoint(rowIndex: number): number {
  if (!isIndex(rowIndex) || rowIndex < 0) throw new DomainError('INVALID_INDEX', `Invalid row index ${rowIndex}`);
  return rowIndex + 1;
}

/** A new array with `items` inserted at `point` (see insertionIndex). */
export function insertAt<T>(array: readonly T[], items: readonly T[], point: number): T[] {
  const at = insertionIndex(point, array.length);
  return [...array.slice(0, at), ...items, ...array.slice(at)];
}

/**
 * A new array where the item at `from` now sits at `to` (the others keep their order), as a drag-and-drop
 * reorder does. Both indices must be integers within the array, else INVALID_INDEX.
 */
export function moveItem<T>(array: readonly T[], from: number, to: number): T[] {
  const n = array.length;
  if (!isIndex(from) || from < 0 || from >= n) throw new DomainError('INVALID_INDEX', `Invalid from index ${from}`);
  if (!isIndex(to) || to < 0 || to >= n) throw new DomainError('INVALID_INDEX', `Invalid to index ${to}`);
  const out = [...array];
  const [item] = out.splice(from, 1) as [T];
  out.splice(to, 0, item);
  return out;
}

/**
 * A position strictly between two neighbours' positions, for fractional ordering: between a and b the midpoint;
 * before the first (a null) b − 1; after the last (b null) a + 1; in an empty list 1. Throws when a ≥ b.
 * After many bisections of the same gap the midpoint can no longer be represented; callers then renumber.
 */
export function positionBetween(before: number | null | undefined, after: number | null | undefined): number {
  const a = before ?? null;
  const b = after ?? null;
  if ((a !== null && !Number.isFinite(a)) || (b !== null && !Number.isFinite(b))) {
    throw new DomainError('INVALID_ARGUMENT', 'Positions must be finite numbers');
  }
  if (a === null && b === null) return 1;
  let p: number;
  if (a === null) p = Math.floor((b as number) - 1);
  else if (b === null) p = Math.floor(a + 1);
  else {
    if (a >= b) throw new DomainError('INVALID_ARGUMENT', `No position between ${a} and ${b}`);
    p = a + (b - a) / 2;
  }
  if ((a !== null && !(p > a)) || (b !== null && !(p < b))) {
    throw new DomainError('INVALID_ARGUMENT', 'No representable position here; renumber first');
  }
  return p;
}

/** Positions 1, 2, 3… in list order: the renumbering to apply after moves or when gaps run out. */
export function renumber<T>(items: readonly T[]): { item: T; position: number }[] {
  return items.map((item, i) => ({ item, position: i + 1 }));
}
