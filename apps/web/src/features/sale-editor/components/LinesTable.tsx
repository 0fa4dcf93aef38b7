// biome-ignore-all lint/a11y/useSemanticElements: a virtualized grid of divs with ARIA table roles (a <table> cannot hold the virtual padding and grid rows)
// The lines of one section (docs/product/screens.md#lines-table). A virtualized grid (@tanstack/react-virtual) so 2,000
// lines stay responsive: rows are memoized and cell edits are local to the cell. Selection: click / ctrl-click /
// shift-click, reset when the line data changes. Right-click menu, drag to reorder (dnd-kit), and products dropped from
// a product list (HTML5 drag data, which also crosses from the detached Product List window) are added. Ctrl+V on the
// table (no cell being edited) opens Paste lines with the clipboard's text, below the selection.
import { Box, Divider, Paper } from '@mui/material';
import { type CSSProperties, useCallback, useRef } from 'react';
import { useDiscreteColumns } from '../../../app/discrete';
import { breakableHeader } from '../../../components/BreakableHeader';
import { pastePoint, tablePasteText } from '../../../components/lines/pastePoint';
import { QuickAddRow } from '../../../components/lines/QuickAddRow';
import { useLineSelection } from '../../../components/lines/useLineSelection';
import { useProductDrop } from '../../../components/lines/useProductDrop';
import { useGridNavigation } from '../hooks/useGridNavigation';
import { useLinesTableEvents } from '../hooks/useLinesTableEvents';
import { LineMenu } from './LineMenu';
import { LinesSelectionBar, LinesTitleBar } from './LinesToolbar';
import { CELL_PADDING_PX, useFigureColumns } from './lineColumns';
import { LINE_GRID_COLUMNS, type LineColumn } from './lineGridColumns';
import { LinesGrid } from './linesGridStyles';
import type { LinesTableProps } from './linesTableTypes';
import { SortableLines } from './SortableLines';

export type { LinesTableHandlers } from './linesTableTypes';

/** The header row: its columns laid out as the rows' are. */
function LinesHeaderRow({ columns, gridTemplate }: { columns: LineColumn[]; gridTemplate: string }) {
  return (
    <Box
      role="row"
      aria-rowindex={1}
      // the rows' scroll bar gutter, so the headers stand over their columns
      sx={{
        overflowY: 'hidden',
        scrollbarGutter: 'stable',
        display: 'grid',
        gridTemplateColumns: gridTemplate,
        borderBottom: 1,
        borderColor: 'divider',
        fontWeight: 600,
        fontSize: 14,
        bgcolor: 'background.default',
      }}
    >
      {columns.map((c, i) => (
        <Box
          key={c.id}
          role="columnheader"
          aria-colindex={i + 1}
          // read by its whole name where its text may break inside a word
          aria-label={breakableHeader(c.header) === c.header ? undefined : c.header}
          tabIndex={-1}
          className="qw-colheader"
          // a header wraps between its words (its column is at least as wide as its longest word)
          sx={{
            px: `${CELL_PADDING_PX / 2}px`,
            py: 1,
            textAlign: c.numeric ? 'right' : 'left',
            alignSelf: 'end',
            minWidth: 0,
            overflow: 'hidden',
            whiteSpace: 'normal',
          }}
        >
          {breakableHeader(c.header)}
        </Box>
      ))}
    </Box>
  );
}

/** Over the lines while a product from a product list is dragged over them. */
function DropOverlay() {
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        border: 2,
        borderStyle: 'dashed',
        borderColor: 'primary.main',
        bgcolor: 'action.hover',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        pointerEvents: 'none',
        fontWeight: 600,
      }}
    >
      Add product here
    </Box>
  );
}

export function LinesTable({ section, editable, handlers, toolbar }: LinesTableProps) {
  const lines = section.lines;
  const columns = useFigureColumns(useDiscreteColumns(LINE_GRID_COLUMNS), lines);
  const gridTemplate = columns.map((c) => c.width).join(' ');
  const minGridWidth = columns.reduce((w, c) => w + (Number.parseInt(c.width.replace('minmax(', ''), 10) || 0), 0);
  const selection = useLineSelection(lines);
  const { selected } = selection;
  // one tab stop into the grid, the first line's first column after the drag handle
  const navigation = useGridNavigation({ row: 2, col: 2 });
  const { onRowClick, onCommit, onRowMenu, onKeyDown, menu, closeMenu, selectedIds } = useLinesTableEvents(
    lines,
    editable,
    handlers,
    selection,
  );
  const drop = useProductDrop(editable, (productId) => handlers.dropProduct(productId));
  const paste = editable && handlers.pasteLines ? handlers.pasteLines : undefined;
  const tableRef = useRef<HTMLDivElement | null>(null);
  const tableOf = useCallback(() => tableRef.current, []);
  const quickAdd = editable ? handlers.quickAdd : undefined;

  return (
    <Paper
      ref={tableRef}
      variant="outlined"
      data-testid="lines-table"
      onPaste={(e) => {
        const text = paste && tablePasteText(e);
        if (!paste || text === undefined) return;
        e.preventDefault();
        paste(pastePoint(lines, selection.latest.current.ids), text);
      }}
    >
      <LinesTitleBar
        section={section}
        editable={editable}
        handlers={handlers}
        toolbar={toolbar}
        onPasteLines={paste && (() => paste(pastePoint(lines, selection.latest.current.ids), ''))}
      />
      <LinesSelectionBar count={selected.size} editable={editable} handlers={handlers} selectedIds={selectedIds} />
      <Divider />
      <Box
        role="grid"
        aria-label={`Lines of ${section.name}`}
        aria-rowcount={lines.length + 1}
        aria-colcount={columns.length}
        aria-multiselectable
        // "Skip to content" lands in the grid
        data-skip-target
        {...navigation.gridProps}
        sx={{ position: 'relative', overflowX: 'auto' }}
        {...drop.dropProps}
        data-testid="lines-drop-zone"
      >
        {/* The rows' columns, as a custom property of an element that scrolling does not render again (the rows'
            parent changes its padding at every frame). */}
        <LinesGrid
          data-lines-grid
          style={
            {
              minWidth: `calc(${minGridWidth}px + var(--qw-gutter, 0px))`,
              '--qw-line-columns': gridTemplate,
            } as CSSProperties
          }
        >
          <LinesHeaderRow columns={columns} gridTemplate={gridTemplate} />
          <SortableLines
            lines={lines}
            columns={columns}
            selected={selected}
            editable={editable}
            onRowClick={onRowClick}
            onRowMenu={onRowMenu}
            onCommit={onCommit}
            onKeyDown={onKeyDown}
            navigation={navigation}
            onReorder={(from, to) => handlers.reorder(from, to)}
          />
        </LinesGrid>
        {drop.active && <DropOverlay />}
      </Box>
      {quickAdd && (
        <>
          <Divider />
          <QuickAddRow onAdd={quickAdd} table={tableOf} />
        </>
      )}
      <LineMenu menu={menu} editable={editable} handlers={handlers} selectedIds={selectedIds} onClose={closeMenu} />
    </Paper>
  );
}
