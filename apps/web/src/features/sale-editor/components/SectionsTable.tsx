// Sections of a sale (docs/product/screens.md#sections-table): drag handle (dnd-kit), Name, Presentation and the four
// pricing columns (sensitive: removed in discrete mode by the shared mechanism), inline add, rename, delete, duplicate,
// copy. A rename is based on the name shown when it started (decision 0020): when someone else renamed the section
// meanwhile, the server refuses it and the name editor opens again with the typed name and asks, as a line's cell
// does (ConflictPrompt): Keep theirs / Use mine (an explicit overwrite).
import { closestCenter, DndContext } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import FileCopyIcon from '@mui/icons-material/FileCopy';
import {
  Box,
  Button,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { SECTION_NAME_LABEL, type SectionEditConflict } from '@quotewright/contracts';
import {
  isMarginWarning,
  isMarkupWarning,
  isOptionalSection,
  type SectionPresentation,
  salePricingFromSections,
} from '@quotewright/domain';
import { memo, type ReactNode, useEffect, useState } from 'react';
import { useDiscreteColumns, useHideMoney } from '../../../app/discrete';
import { useDelegatedTooltip } from '../../../components/DelegatedTooltip';
import { PresentationSelect } from '../../../components/lines/PresentationSelect';
import { AddSectionButton } from '../../../components/lines/SectionActions';
import { MoneyCell } from '../../../components/MoneyCell';
import type { SensitiveKind } from '../../../lib/discreteColumns';
import { reorderOnDragEnd, SORTABLE_AUTO_SCROLL, useSortableSensors } from '../../../lib/dnd';
import { formatMoney, formatPercent } from '../../../lib/format';
import type { SaleSection } from '../api/types';
import { ApprovalMark } from '../approvals/ApprovalMark';
import { sectionConflictOf } from '../hooks/editConflicts';
import { ConflictPrompt } from './ConflictPrompt';

type ColumnId =
  | 'drag'
  | 'name'
  | 'presentation'
  | 'total_price'
  | 'total_cost'
  | 'margin'
  | 'margin_percent'
  | 'markup';

interface Column {
  id: ColumnId;
  header: string;
  align?: 'right' | 'center';
  width?: number;
  meta?: { sensitive?: SensitiveKind };
}

const COLUMNS: Column[] = [
  { id: 'drag', header: '', width: 40 },
  { id: 'name', header: 'Name' },
  { id: 'presentation', header: 'Presentation', width: 170 },
  { id: 'total_price', header: 'Total Price', align: 'right', meta: { sensitive: 'price' } },
  { id: 'total_cost', header: 'Total Cost', align: 'right', meta: { sensitive: 'cost' } },
  { id: 'margin', header: 'Margin $', align: 'right', meta: { sensitive: 'margin' } },
  { id: 'margin_percent', header: 'Margin %', align: 'right', meta: { sensitive: 'margin' } },
  { id: 'markup', header: 'Markup %', align: 'right', meta: { sensitive: 'markup' } },
];

export interface SectionHandlers {
  open(section: SaleSection): void;
  create(name: string): Promise<boolean>;
  /** `save`: the name the rename is based on, and who asks about a refusal (true: it took it). */
  rename(section: SaleSection, name: string, save?: RenameSave): Promise<boolean>;
  setPresentation(section: SaleSection, value: SectionPresentation): void;
  remove(section: SaleSection): void;
  duplicate(section: SaleSection): void;
  copy(section: SaleSection): void;
  reorder(from: number, to: number): void;
}

/** How a rename is sent: based on `base` (`overwrite`: the person chose to replace it); `refused` asks about a 409. */
export interface RenameSave {
  base: string;
  overwrite?: boolean;
  refused(message: string, err: unknown): boolean;
}

/** A rename open in a row: the text to start from, the name it is based on, and the refusal to ask about. */
interface Renaming {
  typed: string;
  base: string;
  conflict?: SectionEditConflict;
}

/** Percent in the error colour when it is under the warning threshold (docs/product/rules.md#warnings). */
export function WarningPercent({ value, warn }: { value: number; warn: boolean }) {
  return (
    <Box component="span" sx={{ color: warn ? 'error.main' : undefined }} data-warning={warn}>
      {formatPercent(value)}
    </Box>
  );
}

function cellContent(column: ColumnId, s: SaleSection): ReactNode {
  const p = s.pricing;
  switch (column) {
    case 'total_price':
      return <MoneyCell value={p.total_price} />;
    case 'total_cost':
      return <MoneyCell value={p.total_cost} />;
    case 'margin':
      return <MoneyCell value={p.total_margin} />;
    case 'margin_percent':
      return <WarningPercent value={p.total_margin_percent} warn={isMarginWarning(p.total_margin_percent)} />;
    case 'markup':
      return <WarningPercent value={p.total_markup_percent} warn={isMarkupWarning(p.total_markup_percent)} />;
    default:
      return null;
  }
}

function NameEditor({
  initial,
  onSave,
  onCancel,
  label,
  conflict,
  onUse,
}: {
  initial: string;
  onSave: (name: string) => Promise<boolean>;
  onCancel: () => void;
  label: string;
  /** Someone else's name, which the typed one was refused over: Keep theirs (onCancel) or Use mine (onUse). */
  conflict?: SectionEditConflict;
  onUse?: (name: string) => void;
}) {
  const [value, setValue] = useState(initial);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!value.trim() || busy) return;
    setBusy(true);
    const ok = await onSave(value.trim());
    setBusy(false);
    if (ok) onCancel();
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }} onClick={(e) => e.stopPropagation()}>
      <TextField
        size="small"
        autoFocus
        label={label}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void submit();
          if (e.key === 'Escape') onCancel();
        }}
        disabled={busy}
        sx={{ minWidth: 220 }}
      />
      <Button size="small" variant="contained" onClick={submit} disabled={busy || !value.trim()}>
        Save
      </Button>
      <Button size="small" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      {conflict && (
        <ConflictPrompt
          by={conflict.by?.name ?? 'Someone'}
          label={SECTION_NAME_LABEL}
          theirs={conflict.value}
          mine={value.trim()}
          onKeep={onCancel}
          onUse={() => onUse?.(value.trim())}
        />
      )}
    </Box>
  );
}

/** An icon button of a row's actions: its name is its label and the table's shared tooltip (data-tooltip). */
function RowAction({
  tip,
  label = tip,
  icon: Icon,
  color,
  onClick,
}: {
  tip: string;
  label?: string;
  icon: typeof DeleteIcon;
  color?: 'error';
  onClick(): void;
}) {
  return (
    <IconButton data-tooltip={tip} size="small" color={color} aria-label={label} onClick={onClick}>
      <Icon fontSize="small" />
    </IconButton>
  );
}

/** One section's row: rendered again only when its own props change (the handlers stay the same object). */
const SectionRow = memo(function SectionRow({
  section,
  columns,
  editable,
  canCopy,
  handlers,
}: {
  section: SaleSection;
  columns: Column[];
  editable: boolean;
  canCopy: boolean;
  handlers: SectionHandlers;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: section._id,
    disabled: !editable,
  });
  const [renaming, setRenaming] = useState<Renaming | null>(null);
  // Someone else renames the section while the person's name editor is open: asked at once, as a line's open cell.
  useEffect(() => {
    setRenaming((r) =>
      r && !r.conflict && section.name !== r.base
        ? {
            ...r,
            conflict: { section: section._id, field: 'name', value: section.name, base: r.base, by: null, at: null },
          }
        : r,
    );
  }, [section.name, section._id]);
  const stop = (e: { stopPropagation(): void }) => e.stopPropagation();
  // Sent at once (the editor closes); a refusal because someone renamed it meanwhile opens it again, with the text.
  const rename = (name: string, base: string, overwrite?: boolean) =>
    handlers.rename(section, name, {
      base,
      overwrite,
      refused: (_message, err) => {
        const conflict = sectionConflictOf(err, section._id);
        // still based on what the person saw: Save again is asked again, only Use writes over theirs
        if (conflict) setRenaming({ typed: name, base, conflict });
        return conflict !== undefined;
      },
    });
  return (
    <TableRow
      ref={setNodeRef}
      hover
      data-testid="section-row"
      data-section-name={section.name}
      onClick={() => !renaming && handlers.open(section)}
      sx={{
        cursor: 'pointer',
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
    >
      {columns.map((c) => {
        if (c.id === 'drag')
          return (
            <TableCell key={c.id} padding="checkbox" onClick={stop}>
              {editable && (
                <IconButton
                  ref={setActivatorNodeRef}
                  size="small"
                  aria-label="Drag to reorder"
                  sx={{ cursor: 'grab', touchAction: 'none' }}
                  {...attributes}
                  {...listeners}
                >
                  <DragIndicatorIcon fontSize="small" />
                </IconButton>
              )}
            </TableCell>
          );
        if (c.id === 'name')
          return (
            <TableCell key={c.id}>
              {renaming ? (
                <NameEditor
                  label={SECTION_NAME_LABEL}
                  initial={renaming.typed}
                  conflict={renaming.conflict}
                  onSave={(name) => rename(name, renaming.base)}
                  onUse={(name) => {
                    setRenaming(null);
                    void rename(name, renaming.conflict?.value ?? renaming.base, true);
                  }}
                  onCancel={() => setRenaming(null)}
                />
              ) : (
                <Typography fontWeight={500}>
                  {section.name}
                  <ApprovalMark id={section._id} />
                </Typography>
              )}
            </TableCell>
          );
        if (c.id === 'presentation')
          return (
            <TableCell key={c.id} onClick={stop}>
              <PresentationSelect
                value={section.presentation}
                sectionName={section.name}
                disabled={!editable}
                onChange={(p) => handlers.setPresentation(section, p)}
              />
            </TableCell>
          );
        return (
          <TableCell key={c.id} align={c.align}>
            {cellContent(c.id, section)}
          </TableCell>
        );
      })}
      <TableCell align="right" onClick={stop} sx={{ whiteSpace: 'nowrap' }}>
        {/* (the table's one tooltip is not interactive: shown on focus after a rename by keyboard, it must not catch the
            clicks on the row below) */}
        {editable && (
          <RowAction
            tip="Rename"
            icon={DriveFileRenameOutlineIcon}
            onClick={() => setRenaming({ typed: section.name, base: section.name })}
          />
        )}
        {editable && <RowAction tip="Duplicate" icon={FileCopyIcon} onClick={() => handlers.duplicate(section)} />}
        {canCopy && <RowAction tip="Copy to sale" icon={ContentCopyIcon} onClick={() => handlers.copy(section)} />}
        {editable && (
          <RowAction
            tip="Delete"
            label="Delete section"
            color="error"
            icon={DeleteIcon}
            onClick={() => handlers.remove(section)}
          />
        )}
      </TableCell>
    </TableRow>
  );
});

export function SectionsTable({
  sections,
  editable,
  canCopy = editable,
  handlers,
  title,
  toolbar,
}: {
  sections: SaleSection[];
  editable: boolean;
  /** Copy Sale Data into another sale (needs edit rights on sales, not an editable source). */
  canCopy?: boolean;
  handlers: SectionHandlers;
  title: string;
  toolbar?: ReactNode;
}) {
  const columns = useDiscreteColumns(COLUMNS);
  const [adding, setAdding] = useState(false);
  // the rows' icon buttons share one tooltip
  const tips = useDelegatedTooltip();
  const sensors = useSortableSensors();
  const ids = sections.map((s) => s._id);
  return (
    <Paper variant="outlined" data-testid="sections-table" {...tips.containerProps}>
      {tips.tooltip}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" fontWeight={600} sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {toolbar}
        {editable && <AddSectionButton onClick={() => setAdding(true)} />}
      </Box>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        autoScroll={SORTABLE_AUTO_SCROLL}
        onDragEnd={reorderOnDragEnd(ids, (from, to) => handlers.reorder(from, to))}
      >
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c.id} align={c.align} sx={{ width: c.width, fontWeight: 600 }}>
                    {c.header}
                  </TableCell>
                ))}
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  Actions
                </TableCell>
              </TableRow>
            </TableHead>
            <SortableContext items={ids} strategy={verticalListSortingStrategy}>
              <TableBody>
                {sections.map((s) => (
                  <SectionRow
                    key={s._id}
                    section={s}
                    columns={columns}
                    editable={editable}
                    canCopy={canCopy}
                    handlers={handlers}
                  />
                ))}
                {adding && (
                  <TableRow>
                    <TableCell />
                    <TableCell colSpan={columns.length}>
                      <NameEditor
                        label="New section name"
                        initial=""
                        onSave={handlers.create}
                        onCancel={() => setAdding(false)}
                      />
                    </TableCell>
                  </TableRow>
                )}
                {sections.length === 0 && !adding && (
                  <TableRow>
                    <TableCell colSpan={columns.length + 1} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                      No sections yet.{editable ? ' Add a section to start building the quote.' : ''}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </SortableContext>
          </Table>
        </TableContainer>
      </DndContext>
      <OptionalTotals sections={sections} />
    </Paper>
  );
}

/**
 * Under the sections of a sale with optional sections: the total without them (the quote's total, stored and sent to
 * the ERP), the optional sections' total and the total with them — computed with packages/domain as the server does.
 */
export function OptionalTotals({ sections }: { sections: readonly SaleSection[] }) {
  const hideMoney = useHideMoney();
  if (hideMoney || !sections.some(isOptionalSection)) return null;
  const p = salePricingFromSections(sections.map((s) => ({ ...s.pricing, presentation: s.presentation })));
  return (
    <Box
      data-testid="optional-totals"
      sx={{ display: 'flex', gap: 3, justifyContent: 'flex-end', px: 2, py: 1, flexWrap: 'wrap' }}
    >
      <Typography variant="body2">
        Total without optional <strong>{formatMoney(p.total_price)}</strong>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Optional {formatMoney(p.optional_total)}
      </Typography>
      <Typography variant="body2">
        Total with optional <strong>{formatMoney(p.total_with_optional)}</strong>
      </Typography>
    </Box>
  );
}
