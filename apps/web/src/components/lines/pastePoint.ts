// Where pasted lines go in a lines table (docs/product/screens.md#paste-lines): below the last selected line, else at
// the section's end; and whether a paste event is the table's (no cell editor or other input has the focus).
import { APPEND, insertBelowPoint } from '@quotewright/domain';

/** The insertion point of a paste: below the last selected line, or −1 (the end) with none selected. */
export function pastePoint(lines: readonly { _id: string }[], selected: ReadonlySet<string>): number {
  if (selected.size === 0) return APPEND;
  let last = -1;
  lines.forEach((l, i) => {
    if (selected.has(l._id)) last = i;
  });
  return last < 0 ? APPEND : insertBelowPoint(last);
}

/** The text/plain of a paste into the table itself; undefined when it goes into a field (a cell editor, a search). */
export function tablePasteText(e: {
  target: EventTarget | null;
  clipboardData: DataTransfer | null;
}): string | undefined {
  const t = e.target;
  if (
    t instanceof HTMLInputElement ||
    t instanceof HTMLTextAreaElement ||
    t instanceof HTMLSelectElement ||
    (t instanceof HTMLElement && t.isContentEditable)
  )
    return undefined;
  const text = e.clipboardData?.getData('text/plain') ?? '';
  return text.trim() === '' ? undefined : text;
}
