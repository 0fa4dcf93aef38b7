// Keyboard navigation of a data grid (the WAI-ARIA grid pattern): one tab stop into the grid (a roving tabindex:
// the active cell's focus target has tabIndex 0, every other cell -1), the arrow keys between cells, Home/End in a
// row, Ctrl+Home/Ctrl+End to the first and last line, PageUp/PageDown by a screenful; Enter or F2 edits (the
// cell's own widget does that), and when an edit ends with Enter or Escape the focus returns to the cell.
//
// One keydown handler on the grid (event delegation): the rows and cells carry only attributes, so moving the focus
// never renders a row. The grid is read from the DOM:
// - rows: [role="row"] with aria-rowindex (1-based, the header row included), the grid's aria-rowcount rows in all;
// - cells: a row's [role="gridcell"] / [role="columnheader"] with aria-colindex (and aria-colspan for a cell that
//   spans several columns), the grid's aria-colcount columns in all;
// - a cell's focus target: its widget (the first [role="button"] in it), else the cell itself.
// Rows may be virtualized: a move to a row that is not rendered asks `scrollToRow` for it and focuses it once it is
// rendered (the rows' component calls `rowsRendered` after each render).
import { type FocusEvent, type KeyboardEvent, useState } from 'react';

export interface GridPosition {
  /** aria-rowindex of the row. */
  row: number;
  /** aria-colindex of the cell. */
  col: number;
}

export interface GridBounds {
  rowCount: number;
  colCount: number;
  /** The first row below the header rows. */
  firstBodyRow: number;
  /** Rows moved by PageUp / PageDown. */
  pageRows: number;
}

/**
 * Where a key moves the focus from the cell at `from` (spanning `span` columns), or null when the key does not move
 * it. The answer's `col` is the column to land in (a spanning cell that covers it is the cell); `keepGoal` says that
 * the column remembered from the last sideways move still applies (up and down through a spanning cell come back
 * to the column they left).
 */
export function gridKeyTarget(
  key: string,
  ctrl: boolean,
  from: GridPosition & { span: number },
  goal: number,
  bounds: GridBounds,
): (GridPosition & { keepGoal: boolean }) | null {
  const clampRow = (r: number) => Math.min(Math.max(r, 1), Math.max(bounds.rowCount, 1));
  const clampCol = (c: number) => Math.min(Math.max(c, 1), Math.max(bounds.colCount, 1));
  switch (key) {
    case 'ArrowRight':
      return { row: from.row, col: clampCol(from.col + from.span), keepGoal: false };
    case 'ArrowLeft':
      return { row: from.row, col: clampCol(from.col - 1), keepGoal: false };
    case 'ArrowDown':
      return { row: clampRow(from.row + 1), col: goal, keepGoal: true };
    case 'ArrowUp':
      return { row: clampRow(from.row - 1), col: goal, keepGoal: true };
    case 'PageDown':
      return { row: clampRow(from.row + bounds.pageRows), col: goal, keepGoal: true };
    case 'PageUp':
      return { row: clampRow(from.row - bounds.pageRows), col: goal, keepGoal: true };
    case 'Home':
      return ctrl
        ? { row: clampRow(Math.min(bounds.firstBodyRow, bounds.rowCount)), col: 1, keepGoal: false }
        : { row: from.row, col: 1, keepGoal: false };
    case 'End':
      return ctrl
        ? { row: clampRow(bounds.rowCount), col: clampCol(bounds.colCount), keepGoal: false }
        : { row: from.row, col: clampCol(bounds.colCount), keepGoal: false };
    default:
      return null;
  }
}

const CELL = '[role="gridcell"], [role="columnheader"]';

const numberAttr = (el: Element, name: string, fallback: number) => {
  const n = Number(el.getAttribute(name));
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

function isTyping(el: Element): boolean {
  return (
    el instanceof HTMLInputElement ||
    el instanceof HTMLTextAreaElement ||
    el instanceof HTMLSelectElement ||
    (el instanceof HTMLElement && el.isContentEditable)
  );
}

/** The cell's focus target: its widget, else the cell. */
function focusTarget(cell: HTMLElement): HTMLElement {
  return cell.querySelector<HTMLElement>('[role="button"]') ?? cell;
}

function positionOf(cell: Element): (GridPosition & { span: number }) | null {
  const row = cell.closest('[role="row"]');
  if (!row) return null;
  return {
    row: numberAttr(row, 'aria-rowindex', 0),
    col: numberAttr(cell, 'aria-colindex', 0),
    span: numberAttr(cell, 'aria-colspan', 1),
  };
}

export interface GridNavigation {
  /** Props for the element with role="grid". */
  gridProps: {
    ref: (el: HTMLElement | null) => void;
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => void;
    onKeyDownCapture: (e: KeyboardEvent<HTMLElement>) => void;
    onFocus: (e: FocusEvent<HTMLElement>) => void;
  };
  /** The virtualized rows: how to bring a row (aria-rowindex) into view, and how many rows a screenful holds. */
  attach(rows: { scrollToRow: (row: number) => void; pageRows: () => number }): void;
  /** Called after the rows render: focuses a row asked for while it was not rendered, keeps the one tab stop. */
  rowsRendered(): void;
}

/**
 * A grid's keyboard navigation. `initial` is the cell that takes the tab stop first (the first line's first data
 * cell, say); the header row's cell in the same column takes it while the grid has no such row.
 */
export function createGridNavigation(initial: GridPosition = { row: 2, col: 1 }): GridNavigation {
  let grid: HTMLElement | null = null;
  let active: GridPosition = { ...initial };
  let goal = initial.col;
  /** The element with tabIndex 0. */
  let stop: HTMLElement | null = null;
  /** The focus is being moved by a key (the column to come back to stays). */
  let moving = false;
  /** The tab stop is a stand-in (the active cell's row is not rendered). */
  let stopIsFallback = false;
  /** A row asked for that was not rendered yet. */
  let pending: GridPosition | null = null;
  let rows: { scrollToRow: (row: number) => void; pageRows: () => number } | null = null;

  const bounds = (): GridBounds => ({
    rowCount: grid ? numberAttr(grid, 'aria-rowcount', 1) : 1,
    colCount: grid ? numberAttr(grid, 'aria-colcount', 1) : 1,
    firstBodyRow: initial.row,
    pageRows: Math.max(1, rows?.pageRows() ?? 10),
  });

  /** The cell covering column `col` of row `row`, if that row is rendered. */
  const cellAt = (row: number, col: number): HTMLElement | null => {
    const rowEl = grid?.querySelector(`[role="row"][aria-rowindex="${row}"]`);
    if (!rowEl) return null;
    let best: HTMLElement | null = null;
    for (const cell of rowEl.querySelectorAll<HTMLElement>(CELL)) {
      if (cell.closest('[role="row"]') !== rowEl) continue;
      const start = numberAttr(cell, 'aria-colindex', 0);
      const span = numberAttr(cell, 'aria-colspan', 1);
      if (col >= start && col < start + span) return cell;
      // past the row's last cell: its last cell
      if (start <= col) best = cell;
    }
    return best;
  };

  const setStop = (el: HTMLElement) => {
    if (stop === el) {
      if (el.tabIndex !== 0) el.tabIndex = 0;
      return;
    }
    if (stop?.isConnected) stop.tabIndex = -1;
    stop = el;
    el.tabIndex = 0;
  };

  /** Gives the tab stop to the active cell, or to its column's header while that row is not rendered. */
  const syncStop = () => {
    if (!grid) return;
    // the tab stop follows its line when lines are added or moved above it
    if (!stopIsFallback && stop?.isConnected && grid.contains(stop)) {
      const cell = stop.closest<HTMLElement>(CELL);
      const pos = cell && positionOf(cell);
      if (pos && pos.row > 0) {
        active = { row: pos.row, col: pos.col };
        if (stop.tabIndex !== 0) stop.tabIndex = 0;
        return;
      }
    }
    // a row past the last (lines deleted) is the last; the header stands in while there are no lines
    const row = Math.min(active.row, bounds().rowCount);
    const cell = row >= initial.row || active.row < initial.row ? cellAt(row, goal) : null;
    if (cell) {
      stopIsFallback = false;
      setStop(focusTarget(cell));
      return;
    }
    const fallback = cellAt(1, goal) ?? grid.querySelector<HTMLElement>(CELL);
    if (fallback) {
      stopIsFallback = true;
      setStop(focusTarget(fallback));
    }
  };

  const focusCell = (cell: HTMLElement) => {
    const target = focusTarget(cell);
    stopIsFallback = false;
    setStop(target);
    target.focus();
  };

  const moveTo = (row: number, col: number) => {
    active = { row, col };
    const cell = cellAt(row, col);
    if (cell) {
      pending = null;
      moving = true;
      try {
        focusCell(cell);
      } finally {
        moving = false;
      }
      return;
    }
    pending = { row, col };
    rows?.scrollToRow(row);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const target = e.target as HTMLElement;
    // keys from a portal (an open cell's notice) bubble through React, not through the grid's elements
    if (!grid?.contains(target) || isTyping(target) || e.altKey) return;
    // a row being moved with the keyboard (dnd-kit) uses the arrows itself
    if (target.getAttribute('aria-pressed') === 'true') return;
    const cell = target.closest<HTMLElement>(CELL);
    if (!cell || !grid.contains(cell)) return;
    const from = positionOf(cell);
    if (!from) return;
    if ((e.key === 'Enter' || e.key === 'F2') && target === cell) {
      // the cell itself has the focus (a click beside its value): its widget edits
      const widget = cell.querySelector<HTMLElement>('[role="button"]');
      if (widget) {
        e.preventDefault();
        widget.focus();
        widget.dispatchEvent(new MouseEvent('dblclick', { bubbles: true }));
      }
      return;
    }
    const to = gridKeyTarget(e.key, e.ctrlKey || e.metaKey, from, goal, bounds());
    if (!to) return;
    e.preventDefault();
    if (!to.keepGoal) {
      const landed = cellAt(to.row, to.col);
      goal = landed ? numberAttr(landed, 'aria-colindex', to.col) : to.col;
    }
    moveTo(to.row, to.keepGoal ? goal : to.col);
  };

  // An edit that ends with Enter or Escape closes its field: the focus goes back to the cell (to the grid).
  const onKeyDownCapture = (e: KeyboardEvent<HTMLElement>) => {
    const target = e.target as HTMLElement;
    if (!grid?.contains(target) || !isTyping(target)) return;
    if (e.key !== 'Escape' && !(e.key === 'Enter' && !e.shiftKey)) return;
    const cell = target.closest<HTMLElement>(CELL);
    const pos = cell && positionOf(cell);
    if (!pos) return;
    // after the cell has handled the key and rendered
    setTimeout(() => {
      const now = document.activeElement;
      if (now && now !== document.body && now.isConnected) return;
      const again = cellAt(pos.row, pos.col);
      if (again) {
        active = { row: pos.row, col: pos.col };
        focusCell(again);
      }
    }, 0);
  };

  const onFocus = (e: FocusEvent<HTMLElement>) => {
    const target = e.target as HTMLElement;
    if (!grid?.contains(target)) return;
    const cell = target.closest<HTMLElement>(CELL);
    const pos = cell && positionOf(cell);
    if (!cell || !pos) return;
    active = { row: pos.row, col: pos.col };
    if (!moving) goal = pos.col;
    pending = null;
    stopIsFallback = false;
    setStop(isTyping(target) ? focusTarget(cell) : target);
  };

  const nav: GridNavigation = {
    gridProps: {
      ref: (el) => {
        grid = el;
        if (el) syncStop();
      },
      onKeyDown,
      onKeyDownCapture,
      onFocus,
    },
    attach: (r) => {
      rows = r;
    },
    rowsRendered: () => {
      if (!grid) return;
      if (pending) {
        const cell = cellAt(pending.row, pending.col);
        const now = document.activeElement;
        const focusInGrid = !now || now === document.body || grid.contains(now);
        if (cell) {
          pending = null;
          if (focusInGrid) {
            moving = true;
            try {
              focusCell(cell);
            } finally {
              moving = false;
            }
          } else {
            stopIsFallback = false;
            setStop(focusTarget(cell));
          }
          return;
        }
      }
      syncStop();
    },
  };
  return nav;
}

/** The grid's navigation, made once: moving the focus renders nothing. `initial` is read on the first render. */
export function useGridNavigation(initial?: GridPosition): GridNavigation {
  const [nav] = useState(() => createGridNavigation(initial));
  return nav;
}
