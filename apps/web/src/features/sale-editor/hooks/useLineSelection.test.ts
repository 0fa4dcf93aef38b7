import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { nextSelection, useLineSelection } from './useLineSelection';

const ids = ['a', 'b', 'c', 'd', 'e'];
const sorted = (s: Set<string>) => [...s].sort();

describe('line selection', () => {
  it('click selects one row, ctrl-click adds and removes, shift-click selects a range from the anchor', () => {
    let s = nextSelection(ids, new Set(), null, 1, {});
    expect(sorted(s.ids)).toEqual(['b']);
    s = nextSelection(ids, s.ids, s.anchor, 3, { ctrlKey: true });
    expect(sorted(s.ids)).toEqual(['b', 'd']);
    s = nextSelection(ids, s.ids, s.anchor, 1, { metaKey: true });
    expect(sorted(s.ids)).toEqual(['d']);
    // the anchor is the last plain or ctrl click (b): shift-click on d selects b…d
    s = nextSelection(ids, s.ids, s.anchor, 3, { shiftKey: true });
    expect(sorted(s.ids)).toEqual(['b', 'c', 'd']);
    s = nextSelection(ids, s.ids, s.anchor, 0, { shiftKey: true });
    expect(sorted(s.ids)).toEqual(['a', 'b']);
    s = nextSelection(ids, s.ids, s.anchor, 4, {});
    expect(sorted(s.ids)).toEqual(['e']);
  });

  it('resets when the line data changes', () => {
    const first = ids.map((_id) => ({ _id }));
    const { result, rerender } = renderHook(({ lines }) => useLineSelection(lines), { initialProps: { lines: first } });
    act(() => result.current.click(0));
    act(() => result.current.click(2, { shiftKey: true }));
    expect(sorted(new Set(result.current.selected))).toEqual(['a', 'b', 'c']);
    rerender({ lines: first });
    expect(result.current.selected.size).toBe(3);
    rerender({ lines: first.map((l) => ({ ...l })) });
    expect(result.current.selected.size).toBe(0);
  });
});
