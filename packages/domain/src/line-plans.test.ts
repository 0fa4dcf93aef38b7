import { describe, expect, it } from 'vitest';
import { isDomainError } from './errors';
import { linesWriteOf, patchedRows, planDelete, planInsert, planMove, renumbered, rowsWithIds } from './line-plans';

interface Row {
  id: string;
  position: number;
  qty?: number;
}
const rows = (...ids: string[]): Row[] => ids.map((id, position) => ({ id, position }));
const ids = (list: readonly Row[]) => list.map((r) => r.id);
const positionsHold = (list: readonly Row[]) => list.every((r, i) => r.position === i);

describe('line planners', () => {
  it('renumbered keeps the rows already in place as the very same objects', () => {
    const before = rows('a', 'b', 'c');
    const swapped = renumbered([before[0]!, before[2]!, before[1]!]);
    expect(ids(swapped)).toEqual(['a', 'c', 'b']);
    expect(positionsHold(swapped)).toBe(true);
    expect(swapped[0]).toBe(before[0]);
    expect(swapped[1]).not.toBe(before[2]);
    const seen: string[] = [];
    renumbered([before[1]!, before[0]!], (row, position) => {
      seen.push(row.id);
      return { ...row, position };
    });
    expect(seen).toEqual(['b', 'a']);
  });

  it('rowsWithIds answers the rows in section order, NOT_FOUND for an id that is not there', () => {
    const before = rows('a', 'b', 'c');
    expect(ids(rowsWithIds(before, ['c', 'a']))).toEqual(['a', 'c']);
    expect(ids(rowsWithIds(before, ['b', 'b']))).toEqual(['b']);
    let caught: unknown;
    try {
      rowsWithIds(before, ['a', 'zz']);
    } catch (e) {
      caught = e;
    }
    expect(isDomainError(caught, 'NOT_FOUND')).toBe(true);
  });

  it('planInsert puts new rows at the insertion point (−1 or past the end appends) and renumbers', () => {
    const before = rows('a', 'b');
    const added = rows('x', 'y');
    expect(ids(planInsert(before, added, 0))).toEqual(['x', 'y', 'a', 'b']);
    expect(ids(planInsert(before, added, 1))).toEqual(['a', 'x', 'y', 'b']);
    expect(ids(planInsert(before, added, -1))).toEqual(['a', 'b', 'x', 'y']);
    expect(ids(planInsert(before, added, 9))).toEqual(['a', 'b', 'x', 'y']);
    expect(positionsHold(planInsert(before, added, 1))).toBe(true);
    expect(() => planInsert(before, added, -2)).toThrow(/insertion point/);
  });

  it('planDelete removes the rows and renumbers the rest; an unknown id refuses the whole delete', () => {
    const after = planDelete(rows('a', 'b', 'c', 'd'), ['b', 'd']);
    expect(ids(after)).toEqual(['a', 'c']);
    expect(positionsHold(after)).toBe(true);
    expect(() => planDelete(rows('a'), ['a', 'q'])).toThrow('Line not found');
  });

  it('planMove moves one row (−1: to the end), answers undefined when it stays, refuses a bad index', () => {
    expect(ids(planMove(rows('a', 'b', 'c'), 0, 2)!)).toEqual(['b', 'c', 'a']);
    expect(ids(planMove(rows('a', 'b', 'c'), 2, 0)!)).toEqual(['c', 'a', 'b']);
    expect(ids(planMove(rows('a', 'b', 'c'), 0, -1)!)).toEqual(['b', 'c', 'a']);
    expect(planMove(rows('a', 'b', 'c'), 1, 1)).toBeUndefined();
    expect(planMove(rows('a', 'b', 'c'), 2, -1)).toBeUndefined();
    expect(() => planMove(rows('a', 'b'), 5, 0)).toThrow(/index/);
  });

  it('patchedRows writes each patch over its row and keeps the others as they were', () => {
    const before = rows('a', 'b');
    const after = patchedRows(before, [{ id: 'b', patch: { qty: 3 } }]);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toEqual({ id: 'b', position: 1, qty: 3 });
  });

  it('linesWriteOf: what turns the rows before into the rows after (inserts, removals, moves only)', () => {
    const before = rows('a', 'b', 'c');
    const after = planInsert(planDelete(before, ['a']), rows('x'), 1);
    expect(ids(after)).toEqual(['b', 'x', 'c']);
    const write = linesWriteOf(before, after);
    expect(ids(write.insert)).toEqual(['x']);
    expect(write.remove).toEqual(['a']);
    expect(write.positions).toEqual([{ id: 'b', position: 0 }]);
    expect(linesWriteOf(before, patchedRows(before, [{ id: 'a', patch: { qty: 1 } }]))).toEqual({
      insert: [],
      remove: [],
      positions: [],
    });
  });
});
