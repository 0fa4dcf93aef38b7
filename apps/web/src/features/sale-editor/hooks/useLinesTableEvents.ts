// What the lines grid's rows and keys do (docs/product/screens.md#lines-table): clicks select, a right-click opens the
// row's menu, a cell's edit is checked and sent, Escape / Ctrl+A / Delete work on the selection. Every callback handed
// to the rows is the same function for the table's life (it reads the latest lines, selection and handlers through
// refs), so that a render of the table never renders the memoized rows again.
import { type KeyboardEvent, type MouseEvent, useCallback, useRef, useState } from 'react';
import type { ClickModifiers, LineSelection } from '../../../components/lines/useLineSelection';
import type { SaleLine } from '../api/types';
import type { CellRefusal, CellSave } from '../components/EditableCell';
import { checkCellValue, lineEditChanges } from '../components/lineEdits';
import type { LinesTableHandlers } from '../components/linesTableTypes';
import type { LineField } from '../lineField';

/** The row whose menu is open, and where. */
export interface RowMenu {
  x: number;
  y: number;
  index: number;
}

const isTyping = (target: EventTarget) => target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;

export function useLinesTableEvents(
  lines: readonly SaleLine[],
  editable: boolean,
  handlers: LinesTableHandlers,
  selection: LineSelection<SaleLine>,
) {
  const { selected, click, ensure, selectAll, clear, latest } = selection;
  const [menu, setMenu] = useState<RowMenu | null>(null);
  const linesRef = useRef(lines);
  linesRef.current = lines;
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  // A double-click on a cell of a multi-selection edits it for all selected rows: its first click must not reduce
  // the selection to one row, so a plain click inside a multi-selection applies only once no second click follows.
  const pendingClick = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onRowClick = useCallback(
    (index: number, mods: ClickModifiers, detail: number) => {
      if (pendingClick.current) {
        clearTimeout(pendingClick.current);
        pendingClick.current = null;
      }
      if (detail > 1) return;
      const id = linesRef.current[index]?._id;
      const plain = !mods.ctrlKey && !mods.metaKey && !mods.shiftKey;
      const sel = latest.current.ids;
      if (plain && id !== undefined && sel.size > 1 && sel.has(id)) {
        pendingClick.current = setTimeout(() => {
          pendingClick.current = null;
          click(index, mods);
        }, 300);
        return;
      }
      click(index, mods);
    },
    [click, latest],
  );

  // The same checks as the server's, before sending: a refused value stays in its cell with the reason.
  const onCommit = useCallback(
    (lineId: string, field: LineField, raw: string, refused: CellRefusal, save: CellSave): string | undefined => {
      const target = linesRef.current.find((l) => l._id === lineId);
      const checked = checkCellValue(field, raw, target);
      if (!checked.ok) return checked.message;
      const changes = lineEditChanges(linesRef.current, latest.current.ids, lineId, field, checked.value, save);
      if (changes.length > 0) handlersRef.current.commit(changes, refused);
      return undefined;
    },
    [latest],
  );
  const onRowMenu = useCallback(
    (index: number, e: MouseEvent) => {
      e.preventDefault();
      ensure(index);
      setMenu({ x: e.clientX, y: e.clientY, index });
    },
    [ensure],
  );
  const closeMenu = () => setMenu(null);

  const selectedIds = () => lines.filter((l) => selected.has(l._id)).map((l) => l._id);
  // The scroll area's keys (Escape, Ctrl+A, Delete): one stable function, so the rows' component is not rendered
  // again by a render of the table.
  const keyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') clear();
    if (e.key === 'a' && (e.ctrlKey || e.metaKey) && !isTyping(e.target)) {
      e.preventDefault();
      selectAll();
    }
    if (e.key === 'Delete' && editable && selected.size > 0 && !isTyping(e.target)) {
      e.preventDefault();
      handlers.remove(selectedIds());
    }
  };
  const keyDownRef = useRef(keyDown);
  keyDownRef.current = keyDown;
  const onKeyDown = useCallback((e: KeyboardEvent<HTMLDivElement>) => keyDownRef.current(e), []);

  return { onRowClick, onCommit, onRowMenu, onKeyDown, menu, closeMenu, selectedIds };
}
