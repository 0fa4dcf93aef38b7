// biome-ignore-all lint/a11y/useSemanticElements: a virtualized grid of divs with ARIA table roles (a <table> cannot hold the virtual padding and grid rows)
// One row of the lines grid (docs/product/screens.md#lines-table): its drag handle, who else is in it (RowPresence) and
// its cells. Rows are memoized and cell edits are local to the cell, so an edit renders only its own row.
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { isLineMarkupWarning, type LineWarningField, lineWarnings } from '@quotewright/domain';
import {
  type ComponentProps,
  type MouseEvent,
  memo,
  type ReactNode,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { lineText } from '../../../components/lines/columns';
import { WithValueWarning } from '../../../components/lines/ValueWarning';
import { formatMoney, formatPercent } from '../../../lib/format';
import type { SaleLine } from '../api/types';
import { ApprovalMark } from '../approvals/ApprovalMark';
import type { ClickModifiers } from '../hooks/useLineSelection';
import type { LineField } from '../lineField';
import { type CellRefusal, type CellSave, EditableCell } from './EditableCell';
import type { LineColumn } from './lineGridColumns';
import { RowPresence } from './RowPresence';

export interface RowProps {
  line: SaleLine;
  index: number;
  columns: LineColumn[];
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

type EditableCellProps = ComponentProps<typeof EditableCell>;

/**
 * An EditableCell mounted only when the user starts editing the cell: until then its display as plain elements, with
 * the same role, name, focus and keys (double-click, Enter or F2 starts editing). A product row has six editable
 * cells; scrolling renders a few rows at every frame, and six styled cells per row were most of their cost.
 */
function EditableCellOnDemand(props: EditableCellProps) {
  const [mounted, setMounted] = useState(false);
  const host = useRef<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    // The cell was asked to edit: EditableCell starts editing on a double-click of its display.
    if (mounted) host.current?.firstElementChild?.dispatchEvent(new MouseEvent('dblclick', { bubbles: true }));
  }, [mounted]);
  if (mounted) {
    return (
      <div ref={host} className="qw-edit-host">
        <EditableCell {...props} tabIndex={-1} />
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

  // a figure's cell: its value edited as a number, shown as `display`; labelled by its column
  const figure = (c: LineColumn, field: LineField, value: string, display: ReactNode) => (
    <EditableCellOnDemand
      value={value}
      display={display}
      editable={editable}
      numeric
      label={c.header}
      onCommit={commit(field)}
      watch={watch(field)}
    />
  );

  const cell = (c: LineColumn): ReactNode => {
    switch (c.id) {
      case 'drag':
        return null;
      case 'model':
        return lineText(line, 'model');
      case 'manufacturer':
        return lineText(line, 'manufacturer');
      case 'description':
        return (
          <EditableCellOnDemand
            value={line.name}
            editable={editable}
            multiline
            label={c.header}
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
        const shown = (
          <WithValueWarning warning={warningOf('quantity')}>
            <span className={negative ? 'qw-negative' : undefined} data-negative={negative}>
              {line.quantity}
            </span>
          </WithValueWarning>
        );
        return figure(c, 'quantity', line.quantity, shown);
      }
      case 'price':
        return figure(
          c,
          'price',
          line.price,
          <WithValueWarning warning={warningOf('price')}>{money(line.price)}</WithValueWarning>,
        );
      case 'discount':
        return figure(c, 'discount', String(line.discount), formatPercent(line.discount));
      case 'cost':
        return figure(
          c,
          'cost',
          line.cost,
          <WithValueWarning warning={warningOf('cost')}>{money(line.cost)}</WithValueWarning>,
        );
      case 'markup': {
        const warn = isLineMarkupWarning(line);
        const shown = (
          <span className={warn ? 'qw-warning' : undefined} data-warning={warn}>
            {formatPercent(line.markup_percent)}
          </span>
        );
        return figure(c, 'markup_percent', String(line.markup_percent), shown);
      }
      case 'uom':
        return lineText(line, 'uom');
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

export const LineRow = memo(function LineRow({
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
        <ApprovalMark id={line._id} />
      </div>
      <LineCells line={line} columns={columns} editable={editable} onCommit={onCommit} />
    </div>
  );
});
