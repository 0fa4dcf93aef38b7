import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APPEND } from './constants';
import { isDomainError } from './errors';
import { insertAt, insertBelowPoint, insertionIndex, moveItem, positionBetween, renumber } from './ordering';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return isDomainError(e) ? e.code : 'OTHER';
  }
  return undefined;
}

describe('insertionIndex', () => {
  it('-1 appends', () => {
    expect(insertionIndex(APPEND, 0)).toBe(0);
    expect(insertionIndex(-1, 5)).toBe(5);
  });
  it('a point within the list inserts there', () => {
    expect(insertionIndex(0, 5)).toBe(0);
    expect(insertionIndex(3, 5)).toBe(3);
    expect(insertionIndex(4, 5)).toBe(4);
  });
  it('a point at or beyond the end appends', () => {
    expect(insertionIndex(5, 5)).toBe(5);
    expect(insertionIndex(99, 5)).toBe(5);
    expect(insertionIndex(0, 0)).toBe(0);
  });
  it('rejects other negatives and non-integers', () => {
    expect(codeOf(() => insertionIndex(-2, 5))).toBe('INVALID_INSERTION_POINT');
    expect(codeOf(() => insertionIndex(1.5, 5))).toBe('INVALID_INSERTION_POINT');
    expect(codeOf(() => insertionIndex(Number.NaN, 5))).toBe('INVALID_INSERTION_POINT');
    expect(codeOf(() => insertionIndex(0, -1))).toBe('INVALID_ARGUMENT');
  });
});

describe('insertBelowPoint', () => {
  it('is the row index plus one', () => {
    expect(insertBelowPoint(0)).toBe(1);
    expect(insertBelowPoint(7)).toBe(8);
  });
  it('rejects invalid rows', () => {
    expect(codeOf(() => insertBelowPoint(-1))).toBe('INVALID_INDEX');
    expect(codeOf(() => insertBelowPoint(0.5))).toBe('INVALID_INDEX');
  });
  it('inserting below the last row appends', () => {
    const rows = ['a', 'b', 'c'];
    expect(insertAt(rows, ['x'], insertBelowPoint(2))).toEqual(['a', 'b', 'c', 'x']);
    expect(insertAt(rows, ['x'], insertBelowPoint(0))).toEqual(['a', 'x', 'b', 'c']);
  });
});

describe('insertAt', () => {
  it('inserts several items at a point without mutating', () => {
    const rows = ['a', 'b', 'c'];
    expect(insertAt(rows, ['x', 'y'], 1)).toEqual(['a', 'x', 'y', 'b', 'c']);
    expect(insertAt(rows, ['x'], APPEND)).toEqual(['a', 'b', 'c', 'x']);
    expect(insertAt(rows, ['x'], 0)).toEqual(['x', 'a', 'b', 'c']);
    expect(insertAt(rows, [], 1)).toEqual(rows);
    expect(insertAt([], ['x'], -1)).toEqual(['x']);
    expect(rows).toEqual(['a', 'b', 'c']);
  });
  it('throws on an invalid point', () => {
    expect(codeOf(() => insertAt(['a'], ['x'], -3))).toBe('INVALID_INSERTION_POINT');
  });
  it('property: the result is the inserted items at insertionIndex with the rest around them', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer(), { maxLength: 20 }),
        fc.array(fc.integer(), { maxLength: 5 }),
        fc.integer({ min: -1, max: 30 }),
        (arr, items, point) => {
          const out = insertAt(arr, items, point);
          const at = insertionIndex(point, arr.length);
          expect(out).toHaveLength(arr.length + items.length);
          expect(out.slice(at, at + items.length)).toEqual(items);
          expect([...out.slice(0, at), ...out.slice(at + items.length)]).toEqual(arr);
        },
      ),
    );
  });
});

describe('moveItem', () => {
  it('moves one item from index to index', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c', 'd'], 1, 3)).toEqual(['a', 'c', 'd', 'b']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a'], 0, 0)).toEqual(['a']);
  });
  it('is pure', () => {
    const arr = ['a', 'b', 'c'];
    const out = moveItem(arr, 0, 2);
    expect(arr).toEqual(['a', 'b', 'c']);
    expect(out).not.toBe(arr);
  });
  it('validates indices', () => {
    expect(codeOf(() => moveItem(['a', 'b'], -1, 0))).toBe('INVALID_INDEX');
    expect(codeOf(() => moveItem(['a', 'b'], 0, 2))).toBe('INVALID_INDEX');
    expect(codeOf(() => moveItem(['a', 'b'], 2, 0))).toBe('INVALID_INDEX');
    expect(codeOf(() => moveItem(['a', 'b'], 0.5, 0))).toBe('INVALID_INDEX');
    expect(codeOf(() => moveItem([], 0, 0))).toBe('INVALID_INDEX');
  });
  it('keeps undefined items', () => {
    expect(moveItem([undefined, 1], 0, 1)).toEqual([1, undefined]);
  });
  const arrayWithIndices = fc
    .array(fc.integer(), { minLength: 1, maxLength: 30 })
    .chain((arr) => fc.tuple(fc.constant(arr), fc.nat(arr.length - 1), fc.nat(arr.length - 1)));
  it('property: moveItem is a permutation', () => {
    fc.assert(
      fc.property(arrayWithIndices, ([arr, from, to]) => {
        const out = moveItem(arr, from, to);
        expect([...out].sort((a, b) => a - b)).toEqual([...arr].sort((a, b) => a - b));
      }),
    );
  });
  it('property: the moved item lands at `to` and the others keep their relative order', () => {
    fc.assert(
      fc.property(arrayWithIndices, ([arr, from, to]) => {
        const tagged = arr.map((v, i) => ({ v, i }));
        const out = moveItem(tagged, from, to);
        expect(out[to]).toBe(tagged[from]);
        expect(out.filter((x) => x !== tagged[from])).toEqual(tagged.filter((_, i) => i !== from));
      }),
    );
  });
  it('property: moving back undoes the move', () => {
    fc.assert(
      fc.property(arrayWithIndices, ([arr, from, to]) => {
        expect(moveItem(moveItem(arr, from, to), to, from)).toEqual(arr);
      }),
    );
  });
});

describe('positionBetween / renumber', () => {
  it('picks positions around neighbours', () => {
    expect(positionBetween(null, null)).toBe(1);
    expect(positionBetween(1, 2)).toBe(1.5);
    expect(positionBetween(null, 1)).toBe(0);
    expect(positionBetween(3, null)).toBe(4);
    expect(positionBetween(undefined, 0.5)).toBe(-1);
    expect(positionBetween(-0.5, undefined)).toBe(0);
  });
  it('rejects impossible requests', () => {
    expect(codeOf(() => positionBetween(2, 2))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => positionBetween(3, 2))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => positionBetween(Number.NaN, 2))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => positionBetween(1, 1 + Number.EPSILON))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => positionBetween(1e300, null))).toBe('INVALID_ARGUMENT');
  });
  it('property: the position is strictly between its neighbours', () => {
    fc.assert(
      fc.property(
        fc.option(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { nil: null }),
        fc.option(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { nil: null }),
        (a, b) => {
          fc.pre(a === null || b === null || b - a > 1e-6);
          const p = positionBetween(a, b);
          if (a !== null) expect(p).toBeGreaterThan(a);
          if (b !== null) expect(p).toBeLessThan(b);
        },
      ),
    );
  });
  it('renumbers 1..n in order', () => {
    expect(renumber(['a', 'b', 'c'])).toEqual([
      { item: 'a', position: 1 },
      { item: 'b', position: 2 },
      { item: 'c', position: 3 },
    ]);
    expect(renumber([])).toEqual([]);
  });
});
