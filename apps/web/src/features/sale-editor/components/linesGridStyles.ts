// The lines grid's styles, once for the whole table (class names, not an `sx` per row and cell): scrolling renders a
// few rows at every frame, and MUI's sx costs more than the rows themselves (docs/architecture.md#performance-targets,
// bench/scroll.ts).
import { styled } from '@mui/material';
import { CELL_PADDING_PX } from './lineColumns';

export const LinesGrid = styled('div')(({ theme }) => ({
  '& .qw-row': {
    display: 'grid',
    gridTemplateColumns: 'var(--qw-line-columns)',
    alignItems: 'center',
    minHeight: 40,
    borderBottom: `1px solid ${theme.palette.divider}`,
    position: 'relative',
    userSelect: 'none',
    fontSize: 14,
    opacity: 1,
    // A row lays out and paints on its own: a row coming into view does not make the others lay out or paint again.
    contain: 'layout style paint',
  },
  '& .qw-row:hover': { backgroundColor: theme.palette.action.hover },
  '& .qw-row[aria-selected="true"], & .qw-row[aria-selected="true"]:hover': {
    backgroundColor: theme.palette.action.selected,
  },
  '& .qw-row.qw-dragging': { opacity: 0.6, zIndex: 2 },
  '& .qw-cell': {
    padding: `6px ${CELL_PADDING_PX / 2}px`,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    textAlign: 'left',
  },
  '& .qw-cell.qw-numeric': { textAlign: 'right' },
  // a model or manufacturer wraps (anywhere in a long model code) rather than being cut
  '& .qw-cell.qw-wrap': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
  '& .qw-cell:focus, & .qw-colheader:focus': { outline: 'none' },
  '& .qw-cell:focus-visible, & .qw-colheader:focus-visible, & .qw-drag:focus-visible': {
    boxShadow: `inset 0 0 0 2px ${theme.palette.primary.main}`,
  },
  '& .qw-cell.qw-wide': { gridColumn: '2 / -1' },
  '& .qw-drag': { cursor: 'grab', display: 'flex', color: theme.palette.text.secondary, touchAction: 'none' },
  '& .qw-drag-icon': {
    width: '1em',
    height: '1em',
    fontSize: theme.typography.pxToRem(20),
    fill: 'currentColor',
    flexShrink: 0,
    userSelect: 'none',
  },
  '& .qw-money': { whiteSpace: 'nowrap' },
  // EditableCell's display, until the cell is edited (EditableCellOnDemand, LineRow.tsx)
  '& .qw-edit': {
    minHeight: 22,
    width: '100%',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    cursor: 'default',
    outline: 'none',
  },
  '& .qw-edit[role="button"]': { cursor: 'text' },
  '& .qw-edit.qw-multiline': { whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
  '& .qw-edit:focus-visible': { boxShadow: `inset 0 0 0 2px ${theme.palette.primary.main}` },
  '& .qw-negative, & .qw-warning': { color: theme.palette.error.main },
  '& .qw-note': { fontStyle: 'italic' },
  '& .qw-header': { fontWeight: 700 },
}));
