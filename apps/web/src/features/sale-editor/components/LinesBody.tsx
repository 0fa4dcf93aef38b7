// biome-ignore-all lint/a11y/useSemanticElements: a virtualized grid of divs with ARIA table roles (a <table> cannot hold the virtual padding and grid rows)
// The lines grid's rows, virtualized (@tanstack/react-virtual) so 2,000 lines stay responsive: only the rows in view
// (and a few beyond) are rendered, each estimated from its description until it is measured.
import { Box } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, memo, useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import type { SaleLine } from '../api/types';
import type { GridNavigation } from '../hooks/useGridNavigation';
import { LineRow, type RowProps } from './LineRow';
import type { LineColumn } from './lineGridColumns';

/** Line height, cell padding and average character width of the rows' 14 px text (the estimates below). */
const ROW_LINE_PX = 21;
const ROW_PADDING_PX = 13;
const ROW_MIN_PX = 41;
const CHAR_PX = 7;

/** A row's height before it is measured: its description's lines at the width they wrap in. */
export function estimateRowHeight(line: SaleLine | undefined, tableWidth: number, otherColumnsWidth: number): number {
  if (!line) return ROW_MIN_PX;
  // notes and headers span every column but the drag handle's
  const width = line.kind === 'product' ? tableWidth - otherColumnsWidth : tableWidth - 36;
  const perLine = Math.max(10, Math.floor((width - 16) / CHAR_PX));
  let rows = 0;
  for (const paragraph of (line.name || ' ').split('\n')) rows += Math.max(1, Math.ceil(paragraph.length / perLine));
  return Math.max(ROW_MIN_PX, ROW_PADDING_PX + rows * ROW_LINE_PX);
}

/** Rows rendered beyond the visible ones, above and below. */
const OVERSCAN = 8;

/**
 * The scrolled, virtualized rows. Their own component, so that scrolling (the virtualizer's state) re-renders only
 * the rows that come into view, never the table's toolbar, header or menus.
 */
export const LinesBody = memo(function LinesBody({
  lines,
  ids,
  columns,
  selected,
  editable,
  onRowClick,
  onRowMenu,
  onCommit,
  onKeyDown,
  navigation,
}: {
  lines: readonly SaleLine[];
  /** The lines' ids in order: the same array while the order is the same. */
  ids: readonly string[];
  columns: LineColumn[];
  selected: ReadonlySet<string>;
  editable: boolean;
  onRowClick: RowProps['onRowClick'];
  onRowMenu: RowProps['onRowMenu'];
  onCommit: RowProps['onCommit'];
  onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => void;
  navigation: GridNavigation;
}) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  // The width the descriptions wrap in: the table's width less the other columns' (at most their maximum).
  const otherColumns = useMemo(
    () =>
      columns
        .filter((c) => c.id !== 'description')
        .reduce((w, c) => w + (Number(/(\d+)px\)?$/.exec(c.width)?.[1]) || 0), 0),
    [columns],
  );
  const widthRef = useRef(1200);
  const getItemKey = useCallback((i: number) => ids[i] ?? i, [ids]);
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    // Estimated from the description's length (measured heights replace the estimates): a good estimate keeps the
    // scroll bar steady and spares a render and a layout when a row comes into view and is measured.
    estimateSize: (i) => estimateRowHeight(lines[i], widthRef.current, otherColumns),
    overscan: OVERSCAN,
    // Stable while the lines' order is: the virtualizer then keeps its measurements when a line's values change
    // (a new function would make it recompute all of them, for every row of the section, at every edit).
    getItemKey,
    initialRect: { width: 1200, height: 640 },
  });
  widthRef.current = virtualizer.scrollRect?.width ?? widthRef.current;
  // The keyboard reaches rows that are not rendered: the header is the grid's first row, the lines follow.
  navigation.attach({
    scrollToRow: (row) => virtualizer.scrollToIndex(row - 2, { align: 'auto' }),
    pageRows: () => Math.floor((scrollRef.current?.clientHeight ?? 0) / ROW_MIN_PX) - 1,
  });
  useLayoutEffect(() => navigation.rowsRendered());
  // The rows are narrower than the grid by the scroll bar's gutter (0 where scroll bars overlay the content): the
  // grid's least width makes room for it, so the rows never scroll sideways.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el)
      el.closest<HTMLElement>('[data-lines-grid]')?.style.setProperty(
        '--qw-gutter',
        `${el.offsetWidth - el.clientWidth}px`,
      );
  }, []);
  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  return (
    <Box
      ref={scrollRef}
      // An opaque scroll area lets Chromium scroll it on the compositor instead of repainting it at every frame.
      sx={{
        maxHeight: 'max(360px, calc(100vh - 330px))',
        minHeight: 120,
        overflowY: 'auto',
        // the same room for the scroll bar with few lines or many: the rows keep their width
        scrollbarGutter: 'stable',
        bgcolor: 'background.paper',
      }}
      data-testid="lines-scroll"
      // Delete, Ctrl+A and Escape work on the selection from a focused cell (or after a click on the rows); not a
      // tab stop: the grid's active cell is. The rows' group (a grid holds rows and row groups only).
      role="rowgroup"
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <div role="presentation" style={{ paddingTop: padTop, paddingBottom: padBottom }}>
        {items.map((item) => {
          const line = lines[item.index];
          if (!line) return null;
          return (
            <LineRow
              key={line._id}
              line={line}
              index={item.index}
              columns={columns}
              selected={selected.has(line._id)}
              editable={editable}
              measure={virtualizer.measureElement}
              onRowClick={onRowClick}
              onRowMenu={onRowMenu}
              onCommit={onCommit}
            />
          );
        })}
      </div>
      {lines.length === 0 && (
        <Box sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
          No lines yet.
          {editable ? ' Add a product, drop one here from the product list, or add a note or header.' : ''}
        </Box>
      )}
    </Box>
  );
});
