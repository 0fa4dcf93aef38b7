// After a quick-add (QuickAddRow): the new line's quantity opened for typing, and the focus handed back when that
// field closes. The lines table is virtualized: its scroll area goes to the end (a new line is the last) and the row
// is awaited as it renders.

/** How long a new row may take to show before the entry row takes the focus back instead. */
const ROW_WAIT_MS = 3000;

function rowOf(table: HTMLElement, id: string): HTMLElement | null {
  return table.querySelector<HTMLElement>(`[data-line-id="${CSS.escape(id)}"]`);
}

/** The row of line `id` once the table renders it (the scroll area brought to the end), or null after a while. */
function renderedRow(table: HTMLElement, id: string): Promise<HTMLElement | null> {
  const scroll = table.querySelector<HTMLElement>('[data-testid="lines-scroll"]');
  if (scroll) scroll.scrollTop = scroll.scrollHeight;
  const now = rowOf(table, id);
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const seen = new MutationObserver(() => {
      const row = rowOf(table, id);
      if (!row) {
        if (scroll) scroll.scrollTop = scroll.scrollHeight;
        return;
      }
      finish(row);
    });
    const timer = setTimeout(() => finish(null), ROW_WAIT_MS);
    const finish = (row: HTMLElement | null) => {
      seen.disconnect();
      clearTimeout(timer);
      resolve(row);
    };
    seen.observe(table, { childList: true, subtree: true });
  });
}

/**
 * Opens the quantity of line `id` in `table` and calls `done` once its field closes (Enter, Tab, Escape or a click
 * elsewhere); `done` at once when the line does not show.
 */
export async function openQuantityOf(table: HTMLElement | null, id: string, done: () => void): Promise<void> {
  const row = table && (await renderedRow(table, id));
  const widget = row?.querySelector<HTMLElement>('[data-column="quantity"] [role="button"]');
  if (!row || !widget) {
    done();
    return;
  }
  widget.focus();
  // the cell's widget edits on a double click (as the grid does for Enter)
  widget.dispatchEvent(new MouseEvent('dblclick', { bubbles: true }));
  // its field closes (Enter, Tab, Escape or a click elsewhere): it leaves the row
  const field = () => row.querySelector('input, textarea');
  let opened = field() !== null;
  const closed = new MutationObserver(() => {
    if (field()) {
      opened = true;
      return;
    }
    if (!opened) return;
    closed.disconnect();
    // after the cell has saved and given the focus back to the grid
    requestAnimationFrame(() => done());
  });
  closed.observe(row, { childList: true, subtree: true });
  // a field that never opened (the line went away meanwhile): the entry row takes the focus back
  setTimeout(() => {
    if (opened) return;
    closed.disconnect();
    done();
  }, ROW_WAIT_MS);
}
