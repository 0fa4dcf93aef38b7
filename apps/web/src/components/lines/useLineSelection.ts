// Row selection of the lines tables, the sale's and the template's (docs/product/screens.md#lines-table): click selects
// one row, ctrl/cmd-click toggles a row, shift-click selects the range from the last clicked row. The selection belongs
// to one version of the line data: when the lines change (a new array arrives from the server) it is empty again —
// derived, no effect needed.
import { useCallback, useMemo, useRef, useState } from 'react';

export interface ClickModifiers {
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
}

interface State<T> {
  source: readonly T[];
  ids: ReadonlySet<string>;
  anchor: number | null;
}

/** The next selection after a click on row `index` (pure; exported for tests). */
export function nextSelection(
  ids: readonly string[],
  current: ReadonlySet<string>,
  anchor: number | null,
  index: number,
  mods: ClickModifiers,
): { ids: Set<string>; anchor: number } {
  const id = ids[index];
  if (id === undefined) return { ids: new Set(current), anchor: anchor ?? index };
  if (mods.shiftKey && anchor !== null) {
    const [a, b] = anchor < index ? [anchor, index] : [index, anchor];
    const range = new Set(ids.slice(a, b + 1));
    if (mods.ctrlKey || mods.metaKey) for (const x of current) range.add(x);
    return { ids: range, anchor };
  }
  if (mods.ctrlKey || mods.metaKey) {
    const next = new Set(current);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return { ids: next, anchor: index };
  }
  return { ids: new Set([id]), anchor: index };
}

const EMPTY: ReadonlySet<string> = new Set();

export function useLineSelection<T extends { _id: string }>(lines: readonly T[]) {
  const [state, setState] = useState<State<T>>({ source: lines, ids: EMPTY, anchor: null });
  const current = state.source === lines ? state : { source: lines, ids: EMPTY, anchor: null };
  const latest = useRef(current);
  latest.current = current;
  const lineIds = useMemo(() => lines.map((l) => l._id), [lines]);
  const idsRef = useRef(lineIds);
  idsRef.current = lineIds;

  const click = useCallback((index: number, mods: ClickModifiers = {}) => {
    const cur = latest.current;
    const next = nextSelection(idsRef.current, cur.ids, cur.anchor, index, mods);
    setState({ source: cur.source, ids: next.ids, anchor: next.anchor });
  }, []);
  /** Right-click: keep a selection that holds the row, else select only it. */
  const ensure = useCallback((index: number) => {
    const cur = latest.current;
    const id = idsRef.current[index];
    if (id === undefined || cur.ids.has(id)) return;
    setState({ source: cur.source, ids: new Set([id]), anchor: index });
  }, []);
  const selectAll = useCallback(() => {
    setState({ source: latest.current.source, ids: new Set(idsRef.current), anchor: 0 });
  }, []);
  const clear = useCallback(() => {
    setState({ source: latest.current.source, ids: EMPTY, anchor: null });
  }, []);

  return { selected: current.ids, click, ensure, selectAll, clear, latest };
}

export type LineSelection<T extends { _id: string }> = ReturnType<typeof useLineSelection<T>>;
