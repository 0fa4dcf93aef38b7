// The Paste lines dialog's review (docs/product/screens.md#paste-lines): the rows with their matches and the person's
// choices, the sources of prices, costs and descriptions, and what follows from them (the lines, their totals, what
// holds the confirmation back). A change of one row replaces only that row's object, and every callback handed to
// the rows is the same function for the review's life: the memoized rows that did not change do not render again.
import type { NumberSeparators } from '@quotewright/domain';
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  type Choice,
  type NumberColumn,
  noteText,
  pasteLines,
  pastePricing,
  type ReviewRow,
  reviewState,
  type Sources,
  withNumber,
} from './pasteReview';

/** Row `i` replaced by `change(row)` (the same array when it does not change). */
function replaced(rows: ReviewRow[], i: number, change: (row: ReviewRow) => ReviewRow): ReviewRow[] {
  const row = rows[i];
  if (!row) return rows;
  const next = [...rows];
  next[i] = change(row);
  return next;
}

export function usePasteReview(initial: ReviewRow[], initialSources: Sources, sep: NumberSeparators) {
  const [rows, setRows] = useState(initial);
  const [sources, setSources] = useState(initialSources);
  const sepRef = useRef(sep);
  sepRef.current = sep;

  const setChoice = useCallback(
    (i: number, choice: Choice) => setRows((rs) => replaced(rs, i, (r) => ({ ...r, choice }))),
    [],
  );
  const setNumber = useCallback(
    (i: number, column: NumberColumn, text: string) =>
      setRows((rs) => replaced(rs, i, (r) => withNumber(r, column, text, sepRef.current))),
    [],
  );
  /** Every row still undecided becomes a note (a row without text: skipped) or is skipped. */
  const decideRest = useCallback(
    (kind: 'note' | 'skip') =>
      setRows((rs) =>
        rs.map((r) =>
          r.choice.kind !== 'none'
            ? r
            : { ...r, choice: kind === 'note' && noteText(r) !== '' ? { kind: 'note' } : { kind: 'skip' } },
        ),
      ),
    [],
  );

  const state = useMemo(() => reviewState(rows, sources), [rows, sources]);
  const pricing = useMemo(() => pastePricing(rows, sources), [rows, sources]);
  return {
    rows,
    sources,
    setSources,
    setChoice,
    setNumber,
    decideRest,
    state,
    pricing,
    lines: () => pasteLines(rows, sources),
  };
}
export type PasteReview = ReturnType<typeof usePasteReview>;
