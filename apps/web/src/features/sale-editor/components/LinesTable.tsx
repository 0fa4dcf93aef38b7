// biome-ignore-all lint/a11y/useSemanticElements: a virtualized grid of divs with ARIA table roles (a <table> cannot hold the virtual padding and grid rows)
// The lines of one section (docs/product/screens.md#lines-table). A virtualized grid (@tanstack/react-virtual) so 2,000
// lines stay responsive: rows are memoized and cell edits are local to the cell. Selection: click / ctrl-click /
// shift-click, reset when the line data changes. Right-click menu, drag to reorder (dnd-kit), and products dropped from
// a product list (HTML5 drag data, which also crosses from the detached Product List window) are added.
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import NotesIcon from '@mui/icons-material/Notes';
import PercentIcon from '@mui/icons-material/Percent';
import TitleIcon from '@mui/icons-material/Title';
import { Box, Button, Divider, ListItemIcon, Menu, MenuItem, Paper, styled, Typography } from '@mui/material';
import {
  DESCRIPTION_REQUIRED,
  DISCOUNT_OUT_OF_RANGE,
  NUMERIC_FIELDS as FIELD_LIMITS,
  insertBelowPoint,
  isLineMarkupWarning,
  isMissingDescription,
  isValidDiscount,
  type LineWarningField,
  lineWarnings,
  type NumericField,
  parseNumberInput as parseLimitedNumber,
} from '@quotewright/domain';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type ComponentProps,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  memo,
  type ReactNode,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useDiscreteColumns, useHideMoney } from '../../../app/discrete';
import { breakableHeader } from '../../../components/BreakableHeader';
import { WithValueWarning } from '../../../components/lines/ValueWarning';
import type { SensitiveKind } from '../../../lib/discreteColumns';
import { SORTABLE_AUTO_SCROLL } from '../../../lib/dnd';
import { formatMoney, formatPercent } from '../../../lib/format';
import { draggedProductId, isProductDrag } from '../../../lib/products';
import type { LineChanges, SaleLine, SaleSection } from '../api/types';
import { type GridNavigation, useGridNavigation } from '../hooks/useGridNavigation';
import { type ClickModifiers, useLineSelection } from '../hooks/useLineSelection';
import type { LineField } from '../lineField';
import { type CellRefusal, type CellSave, EditableCell as MountedEditableCell } from './EditableCell';
import { CELL_PADDING_PX, type FigureColumn, useFigureColumns } from './lineColumns';
import { RowPresence } from './RowPresence';

export const DELETE_LINES_MESSAGE = 'Are you sure you want to delete the following line(s)?';
/** A typed value that is not a number at all. */
export const ENTER_A_NUMBER = 'Enter a number, such as 2, -1 or 12.50';

type ColumnId =
  | 'drag'
  | 'model'
  | 'manufacturer'
  | 'description'
  | 'quantity'
  | 'price'
  | 'discount'
  | 'cost'
  | 'markup'
  | 'uom'
  | 'subtotal';

interface Column extends FigureColumn {
  id: ColumnId;
  header: string;
  numeric?: boolean;
  meta?: { sensitive?: SensitiveKind };
}

// Text columns give way before the figures do: in widescreen the lines share the row with the product list (at
// 1440 px, ~800 px for the lines). Model and manufacturer wrap, headers wrap between words, and each figure column
// is as wide as its widest figure (lineColumns.ts), at least the width given here (its header's longest word).
const COLUMNS: Column[] = [
  { id: 'drag', header: '', width: '32px' },
  { id: 'model', header: 'Model', width: 'minmax(64px, 140px)' },
  { id: 'manufacturer', header: 'Manufacturer', width: 'minmax(72px, 130px)' },
  { id: 'description', header: 'Description', width: 'minmax(120px, 1fr)' },
  { id: 'quantity', header: 'Qty', width: '44px', numeric: true, figure: { field: 'quantity', kind: 'quantity' } },
  {
    id: 'price',
    header: 'Price',
    width: '52px',
    numeric: true,
    meta: { sensitive: 'price' },
    figure: { field: 'price', kind: 'money' },
  },
  // A percent of the price: it reveals pricing, so discrete mode hides it with the price.
  {
    id: 'discount',
    header: 'Disc. %',
    width: '52px',
    numeric: true,
    meta: { sensitive: 'price' },
    figure: { field: 'discount', kind: 'percent' },
  },
  {
    id: 'cost',
    header: 'Cost',
    width: '52px',
    numeric: true,
    meta: { sensitive: 'cost' },
    figure: { field: 'cost', kind: 'money' },
  },
  {
    id: 'markup',
    header: 'Markup %',
    width: '68px',
    numeric: true,
    meta: { sensitive: 'markup' },
    figure: { field: 'markup_percent', kind: 'percent' },
  },
  { id: 'uom', header: 'UOM', width: '52px' },
  {
    id: 'subtotal',
    header: 'Subtotal',
    width: '72px',
    numeric: true,
    meta: { sensitive: 'price' },
    figure: { field: 'subtotal', kind: 'money' },
  },
];

const NUMERIC_FIELDS: readonly LineField[] = ['quantity', 'price', 'discount', 'cost', 'markup_percent'];
/** The bounds the server checks each number against (the columns' sizes). */
const LIMITS: Record<Exclude<LineField, 'name'>, NumericField> = {
  quantity: FIELD_LIMITS.quantity,
  price: FIELD_LIMITS.price,
  discount: FIELD_LIMITS.discount,
  cost: FIELD_LIMITS.cost,
  markup_percent: FIELD_LIMITS.markup,
};

/** A number typed by a user ("1,234.50", "$12", "35%") as a decimal string, or null. */
export function parseNumberInput(text: string): string | null {
  const cleaned = text.replace(/[$,%\s]/g, '');
  if (cleaned === '' || !/^-?\d*\.?\d+$|^-?\d+\.$/.test(cleaned)) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? cleaned.replace(/\.$/, '') : null;
}

function currentValue(line: SaleLine, field: LineField): string {
  if (field === 'markup_percent') return String(line.markup_percent);
  if (field === 'discount') return String(line.discount);
  return line[field];
}

/**
 * The update calls for an edit of `field` on `target` (docs/product/rules.md#line-edits): with several rows selected
 * (the target among them) the change applies to all of them; price, discount, cost, quantity and markup never apply to
 * notes or headers; unchanged lines are left out. Each carries the value it is based on: the target's from `save` (what
 * its cell showed when editing started), the others' as shown now; an explicit overwrite is based on the values it
 * replaces.
 */
export function lineEditChanges(
  lines: readonly SaleLine[],
  selected: ReadonlySet<string>,
  targetId: string,
  field: LineField,
  value: string,
  save?: CellSave,
): LineChanges[] {
  const targets =
    selected.size > 1 && selected.has(targetId)
      ? lines.filter((l) => selected.has(l._id))
      : lines.filter((l) => l._id === targetId);
  const numeric = NUMERIC_FIELDS.includes(field);
  const out: LineChanges[] = [];
  for (const line of targets) {
    if (numeric && line.kind !== 'product') continue;
    // a note or header never loses its text (it would be a blank row)
    if (field === 'name' && isMissingDescription(line.kind, value)) continue;
    const old = currentValue(line, field);
    if (numeric ? Number(old) === Number(value) : old === value) continue;
    const replaces = save?.overwrite?.get(line._id);
    const base = replaces ?? (line._id === targetId && save ? save.base : old);
    out.push({
      _id: line._id,
      [field]: value,
      base: { [field]: base },
      ...(replaces !== undefined && { overwrite: true }),
    });
  }
  return out;
}

export interface LinesTableHandlers {
  back(): void;
  /**
   * Sends an edit. `refused` shows the server's refusal in the edited cell, with the typed text kept (false when the
   * cell cannot show it any more: report it another way). Values refused before sending never get here: the cell
   * shows why.
   */
  commit(changes: LineChanges[], refused?: CellRefusal): void;
  remove(ids: string[]): void;
  addText(kind: 'note' | 'header', sequence: number): void;
  insertProduct(sequence: number): void;
  dropProduct(productId: number): void;
  setMarkup(ids: string[]): void;
  moveCopy(ids: string[]): void;
  reorder(from: number, to: number): void;
}

interface RowProps {
  line: SaleLine;
  index: number;
  columns: Column[];
  selected: boolean;
  editable: boolean;
  measure: (el: Element | null) => void;
  onRowClick: (index: number, mods: ClickModifiers, detail: number) => void;
  onRowMenu: (index: number, e: MouseEvent) => void;
  /** Sends an edit of a cell; answers why it is refused before it is sent, if it is. */
  onCommit: (
    lineId: string,
    field: LineField,
    value: string,
    refused: CellRefusal,
    save: CellSave,
  ) => string | undefined;
}

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

type EditableCellProps = ComponentProps<typeof MountedEditableCell>;

/**
 * An EditableCell mounted only when the user starts editing the cell: until then its display as plain elements, with
 * the same role, name, focus and keys (double-click, Enter or F2 starts editing). A product row has six editable
 * cells; scrolling renders a few rows at every frame, and six styled cells per row were most of their cost.
 */
function EditableCell(props: EditableCellProps) {
  const [mounted, setMounted] = useState(false);
  const host = useRef<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    // The cell was asked to edit: EditableCell starts editing on a double-click of its display.
    if (mounted) host.current?.firstElementChild?.dispatchEvent(new MouseEvent('dblclick', { bubbles: true }));
  }, [mounted]);
  if (mounted) {
    return (
      <div ref={host} className="qw-edit-host">
        <MountedEditableCell {...props} tabIndex={-1} />
      </div>
    );
  }
  const { value, display, editable, multiline, label } = props;
  const className = multiline ? 'qw-edit qw-multiline' : 'qw-edit';
  if (!editable) return <div className={className}>{display ?? value}</div>;
  return (
    // not a tab stop: the grid moves the focus between cells (useGridNavigation)
    <div
      role="button"
      tabIndex={-1}
      aria-label={`Edit ${label}`}
      className={className}
      onDoubleClick={() => setMounted(true)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === 'F2') {
          e.preventDefault();
          setMounted(true);
        }
      }}
    >
      {display ?? value}
    </div>
  );
}

/** The drag handle's icon (MUI's DragIndicator path) as a plain element: an SvgIcon per row costs a styled render. */
const DRAG_ICON = (
  <svg className="qw-drag-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d="M11 18c0 1.1-.9 2-2 2s-2-.9-2-2 .9-2 2-2 2 .9 2 2m-2-8c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0-6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m6 4c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2" />
  </svg>
);

/** A money figure as MoneyCell shows it ($, 2 decimals, negatives in the error colour), without a styled element. */
function money(value: string): ReactNode {
  return <span className={Number(value) < 0 ? 'qw-money qw-negative' : 'qw-money'}>{formatMoney(value)}</span>;
}

/**
 * The rows' styles, once for the whole table (class names, not an `sx` per row and cell): scrolling renders a few
 * rows at every frame, and MUI's sx costs more than the rows themselves (docs/architecture.md#performance-targets,
 * bench/scroll.ts).
 */
const LinesGrid = styled('div')(({ theme }) => ({
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
  // EditableCell's display, until the cell is edited (see EditableCell below)
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

/**
 * A row's cells but the drag handle. Their own memoized component: dnd-kit re-renders every sortable row whenever a
 * row mounts or unmounts (it registers itself), which scrolling does at every frame; the cells then stay as they are.
 */
const LineCells = memo(function LineCells({
  line,
  columns,
  editable,
  onCommit,
}: Pick<RowProps, 'line' | 'columns' | 'editable' | 'onCommit'>) {
  const isProduct = line.kind === 'product';
  const commit = (field: LineField) => (value: string, refused: CellRefusal, save: CellSave) =>
    onCommit(line._id, field, value, refused, save);
  // an open cell is told when someone else changes its field (EditableCell)
  const watch = (field: LineField) => ({ line: line._id, field });
  // values allowed but marked (negative quantity, price or cost; zero quantity), worked out once per row
  const warnings = isProduct ? lineWarnings(line) : [];
  const warningOf = (field: LineWarningField) => warnings.find((w) => w.field === field);

  const cell = (c: Column): ReactNode => {
    switch (c.id) {
      case 'drag':
        return null;
      case 'model':
        return line.product.name;
      case 'manufacturer':
        return line.product.manufacturer.name ?? '';
      case 'description':
        return (
          <EditableCell
            value={line.name}
            editable={editable}
            multiline
            label="Description"
            onCommit={commit('name')}
            watch={watch('name')}
            display={
              line.kind === 'product' ? undefined : (
                <span className={line.kind === 'note' ? 'qw-note' : 'qw-header'}>
                  {line.name || (line.kind === 'note' ? '(empty note)' : '(empty header)')}
                </span>
              )
            }
          />
        );
      case 'quantity': {
        // a negative or zero quantity is allowed (returns, trade-ins, options) but must stand out
        const negative = Number(line.quantity) < 0;
        return (
          <EditableCell
            value={line.quantity}
            display={
              <WithValueWarning warning={warningOf('quantity')}>
                <span className={negative ? 'qw-negative' : undefined} data-negative={negative}>
                  {line.quantity}
                </span>
              </WithValueWarning>
            }
            editable={editable}
            numeric
            label="Qty"
            onCommit={commit('quantity')}
            watch={watch('quantity')}
          />
        );
      }
      case 'price':
        return (
          <EditableCell
            value={line.price}
            display={<WithValueWarning warning={warningOf('price')}>{money(line.price)}</WithValueWarning>}
            editable={editable}
            numeric
            label="Price"
            onCommit={commit('price')}
            watch={watch('price')}
          />
        );
      case 'discount':
        return (
          <EditableCell
            value={String(line.discount)}
            display={formatPercent(line.discount)}
            editable={editable}
            numeric
            label="Disc. %"
            onCommit={commit('discount')}
            watch={watch('discount')}
          />
        );
      case 'cost':
        return (
          <EditableCell
            value={line.cost}
            display={<WithValueWarning warning={warningOf('cost')}>{money(line.cost)}</WithValueWarning>}
            editable={editable}
            numeric
            label="Cost"
            onCommit={commit('cost')}
            watch={watch('cost')}
          />
        );
      case 'markup': {
        const warn = isLineMarkupWarning(line);
        return (
          <EditableCell
            value={String(line.markup_percent)}
            display={
              <span className={warn ? 'qw-warning' : undefined} data-warning={warn}>
                {formatPercent(line.markup_percent)}
              </span>
            }
            editable={editable}
            numeric
            label="Markup %"
            onCommit={commit('markup_percent')}
            watch={watch('markup_percent')}
          />
        );
      }
      case 'uom':
        return line.uom.name ?? '';
      case 'subtotal':
        return money(line.subtotal);
    }
  };

  const visible = columns.filter((c) => c.id !== 'drag' && (isProduct || c.id === 'description'));
  return visible.map((c) => (
    <div
      key={c.id}
      role="gridcell"
      tabIndex={-1}
      aria-colindex={columns.indexOf(c) + 1}
      aria-colspan={isProduct ? undefined : columns.length - 1}
      data-column={c.id}
      className={
        c.numeric
          ? 'qw-cell qw-numeric'
          : c.id === 'description' && !isProduct
            ? 'qw-cell qw-wide'
            : c.id === 'model' || c.id === 'manufacturer'
              ? 'qw-cell qw-wrap'
              : 'qw-cell'
      }
    >
      {cell(c)}
    </div>
  ));
});

const LineRow = memo(function LineRow({
  line,
  index,
  columns,
  selected,
  editable,
  measure,
  onRowClick,
  onRowMenu,
  onCommit,
}: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: line._id,
    disabled: !editable,
  });
  const ref = useCallback(
    (el: HTMLDivElement | null) => {
      setNodeRef(el);
      measure(el);
    },
    [setNodeRef, measure],
  );
  return (
    // biome-ignore lint/a11y: a grid row: the grid moves the focus between its cells (useGridNavigation), the rows' group takes Ctrl+A, Delete and Escape
    <div
      ref={ref}
      data-index={index}
      data-testid="line-row"
      data-kind={line.kind}
      data-line-id={line._id}
      aria-selected={selected}
      aria-rowindex={index + 2}
      role="row"
      className={isDragging ? 'qw-row qw-dragging' : 'qw-row'}
      style={transform || transition ? { transform: CSS.Transform.toString(transform), transition } : undefined}
      onClick={(e) => onRowClick(index, { ctrlKey: e.ctrlKey, metaKey: e.metaKey, shiftKey: e.shiftKey }, e.detail)}
      onContextMenu={(e) => onRowMenu(index, e)}
    >
      <div role="gridcell" tabIndex={-1} aria-colindex={1} data-column="drag" className="qw-cell">
        {editable ? (
          // biome-ignore lint/a11y: dnd-kit's attributes make the handle a role="button" (KeyboardSensor); the grid moves the focus to it
          <span
            ref={setActivatorNodeRef}
            className="qw-drag"
            aria-label="Drag to reorder"
            onClick={(e) => e.stopPropagation()}
            {...attributes}
            {...listeners}
            tabIndex={-1}
          >
            {DRAG_ICON}
          </span>
        ) : null}
        <RowPresence line={line._id} />
      </div>
      <LineCells line={line} columns={columns} editable={editable} onCommit={onCommit} />
    </div>
  );
});

/**
 * The scrolled, virtualized rows. Their own component, so that scrolling (the virtualizer's state) re-renders only
 * the rows that come into view, never the table's toolbar, header or menus.
 */
const LinesBody = memo(function LinesBody({
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
  columns: Column[];
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

export function LinesTable({
  section,
  editable,
  handlers,
  toolbar,
}: {
  section: SaleSection;
  editable: boolean;
  handlers: LinesTableHandlers;
  toolbar?: ReactNode;
}) {
  const lines = section.lines;
  const columns = useFigureColumns(useDiscreteColumns(COLUMNS), lines);
  const gridTemplate = columns.map((c) => c.width).join(' ');
  const minGridWidth = columns.reduce((w, c) => w + (Number.parseInt(c.width.replace('minmax(', ''), 10) || 0), 0);
  const { selected, click, ensure, selectAll, clear, latest } = useLineSelection(lines);
  // one tab stop into the grid, the first line's first column after the drag handle
  const navigation = useGridNavigation({ row: 2, col: 2 });
  const hideMoney = useHideMoney();
  const [menu, setMenu] = useState<{ x: number; y: number; index: number } | null>(null);
  const [dropActive, setDropActive] = useState(false);
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
      let value = raw;
      if (field !== 'name') {
        const parsed = parseNumberInput(raw);
        if (parsed === null) return ENTER_A_NUMBER;
        if (field === 'discount' && !isValidDiscount(parsed)) return DISCOUNT_OUT_OF_RANGE;
        const checked = parseLimitedNumber(parsed, LIMITS[field]);
        if (!checked.ok) return checked.message;
        value = parsed;
      }
      const target = linesRef.current.find((l) => l._id === lineId);
      if (field === 'name' && target && isMissingDescription(target.kind, value)) return DESCRIPTION_REQUIRED;
      const changes = lineEditChanges(linesRef.current, latest.current.ids, lineId, field, value, save);
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

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // The same array while the lines' order is the same: an edit of a line's values does not make every visible
  // row's sortable hook render again.
  const idsRef = useRef<string[]>([]);
  const ids = useMemo(() => {
    const prev = idsRef.current;
    const same = prev.length === lines.length && lines.every((l, i) => l._id === prev[i]);
    if (!same) idsRef.current = lines.map((l) => l._id);
    return idsRef.current;
  }, [lines]);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) handlers.reorder(from, to);
  };

  const selectedIds = () => lines.filter((l) => selected.has(l._id)).map((l) => l._id);
  const closeMenu = () => setMenu(null);
  const menuAction = (fn: () => void) => () => {
    closeMenu();
    fn();
  };
  // The scroll area's keys (Escape, Ctrl+A, Delete): one stable function, so the rows' component is not rendered
  // again by a render of the table.
  const keyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') clear();
    if (
      e.key === 'a' &&
      (e.ctrlKey || e.metaKey) &&
      !(e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement)
    ) {
      e.preventDefault();
      selectAll();
    }
    const typing = e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement;
    if (e.key === 'Delete' && editable && selected.size > 0 && !typing) {
      e.preventDefault();
      handlers.remove(selectedIds());
    }
  };
  const keyDownRef = useRef(keyDown);
  keyDownRef.current = keyDown;
  const onKeyDown = useCallback((e: KeyboardEvent<HTMLDivElement>) => keyDownRef.current(e), []);

  return (
    <Paper variant="outlined" data-testid="lines-table">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, pt: 1.5, pb: 0.5, flexWrap: 'wrap' }}>
        <Button startIcon={<ArrowBackIcon />} onClick={handlers.back}>
          Back
        </Button>
        <Typography variant="subtitle1" fontWeight={600} data-testid="lines-title">
          {section.name}
        </Typography>
        {!hideMoney && (
          <Typography variant="body2" color="text.secondary" data-testid="section-totals">
            {formatMoney(section.pricing.total_price)} · margin {formatPercent(section.pricing.total_margin_percent)}
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {toolbar}
        {editable && (
          <>
            <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => handlers.insertProduct(-1)}>
              Add product
            </Button>
            <Button
              size="small"
              variant="outlined"
              startIcon={<NotesIcon />}
              onClick={() => handlers.addText('note', -1)}
            >
              Add note
            </Button>
            <Button
              size="small"
              variant="outlined"
              startIcon={<TitleIcon />}
              onClick={() => handlers.addText('header', -1)}
            >
              Add header
            </Button>
          </>
        )}
      </Box>
      {/* The selection bar is always laid out, so selecting a row never moves the rows under the pointer. */}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, pb: 0.5, minHeight: 36 }}>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ minWidth: 90 }}
          data-testid={selected.size > 0 ? 'selection-count' : undefined}
        >
          {selected.size > 0 ? `${selected.size} selected` : editable ? 'No lines selected' : ''}
        </Typography>
        {editable && (
          <>
            <Button
              size="small"
              startIcon={<PercentIcon />}
              disabled={selected.size === 0}
              onClick={() => handlers.setMarkup(selectedIds())}
            >
              Set Markup
            </Button>
            <Button
              size="small"
              startIcon={<DriveFileMoveIcon />}
              disabled={selected.size === 0}
              onClick={() => handlers.moveCopy(selectedIds())}
            >
              Move/Copy to...
            </Button>
            <Button
              size="small"
              color="error"
              startIcon={<DeleteIcon />}
              disabled={selected.size === 0}
              onClick={() => handlers.remove(selectedIds())}
            >
              Delete
            </Button>
          </>
        )}
      </Box>
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
        onDragOver={(e) => {
          if (!editable || !isProductDrag(e.dataTransfer)) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
          if (!dropActive) setDropActive(true);
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDropActive(false);
        }}
        onDrop={(e) => {
          setDropActive(false);
          if (!editable) return;
          const id = draggedProductId(e.dataTransfer);
          if (id === null) return;
          e.preventDefault();
          handlers.dropProduct(id);
        }}
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
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            autoScroll={SORTABLE_AUTO_SCROLL}
            onDragEnd={onDragEnd}
            // the drag announcements' live region goes outside the table, which may hold rows only
            accessibility={{ container: document.body }}
          >
            <SortableContext items={ids} strategy={verticalListSortingStrategy}>
              <LinesBody
                lines={lines}
                ids={ids}
                columns={columns}
                selected={selected}
                editable={editable}
                onRowClick={onRowClick}
                onRowMenu={onRowMenu}
                onCommit={onCommit}
                onKeyDown={onKeyDown}
                navigation={navigation}
              />
            </SortableContext>
          </DndContext>
        </LinesGrid>
        {dropActive && (
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
        )}
      </Box>
      <Menu
        open={menu !== null && editable}
        onClose={closeMenu}
        anchorReference="anchorPosition"
        anchorPosition={menu ? { top: menu.y, left: menu.x } : undefined}
      >
        {menu && [
          <MenuItem key="product" onClick={menuAction(() => handlers.insertProduct(insertBelowPoint(menu.index)))}>
            <ListItemIcon>
              <AddIcon fontSize="small" />
            </ListItemIcon>
            Insert Product Below
          </MenuItem>,
          <MenuItem key="note" onClick={menuAction(() => handlers.addText('note', insertBelowPoint(menu.index)))}>
            <ListItemIcon>
              <NotesIcon fontSize="small" />
            </ListItemIcon>
            Insert Note Below
          </MenuItem>,
          <MenuItem key="header" onClick={menuAction(() => handlers.addText('header', insertBelowPoint(menu.index)))}>
            <ListItemIcon>
              <TitleIcon fontSize="small" />
            </ListItemIcon>
            Insert Header Below
          </MenuItem>,
          <MenuItem key="markup" onClick={menuAction(() => handlers.setMarkup(selectedIds()))}>
            <ListItemIcon>
              <PercentIcon fontSize="small" />
            </ListItemIcon>
            Set Markup
          </MenuItem>,
          <MenuItem key="move" onClick={menuAction(() => handlers.moveCopy(selectedIds()))}>
            <ListItemIcon>
              <DriveFileMoveIcon fontSize="small" />
            </ListItemIcon>
            Move/Copy to...
          </MenuItem>,
          <Divider key="d" />,
          <MenuItem
            key="delete"
            onClick={menuAction(() => handlers.remove(selectedIds()))}
            sx={{ color: 'error.main' }}
          >
            <ListItemIcon>
              <DeleteIcon fontSize="small" color="error" />
            </ListItemIcon>
            Delete
          </MenuItem>,
        ]}
      </Menu>
    </Paper>
  );
}
