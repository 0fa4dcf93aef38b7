// The sections of a template (docs/product/screens.md#template-editor): titled '<name> Sections'; drag handle, Name,
// Presentation; add, edit, delete, reorder by dragging; each row expands into its lines; 'Duplicate' only with full
// rights or admin; export. Not paged.
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import type { SectionDto } from '@quotewright/contracts';
import {
  isSectionPresentation,
  PRESENTATION_LABELS,
  SECTION_PRESENTATIONS,
  type SectionPresentation,
} from '@quotewright/domain';
import type { MRT_ColumnDef, MRT_ExpandedState } from 'material-react-table';
import { useMemo } from 'react';
import { useDialog } from '../../../app/providers/dialog';
import { DataTable, useDataTable } from '../../../components/DataTable';
import { PresentationSelect } from '../../../components/lines/PresentationSelect';
import { AddSectionButton, DELETE_SECTION_MESSAGE } from '../../../components/lines/SectionActions';
import type { SectionPatch } from '../api/template';
import { downloadCsv, toCsv } from './format';
import { type TemplateLinesHandlers, TemplateLinesTable } from './TemplateLinesTable';
import { ExportButton, templateTableOptions } from './templateTable';

export interface TemplateSectionsHandlers {
  /** Each answers whether the change was made (a failure has been reported already); they never reject. */
  create(name: string, presentation: SectionPresentation): Promise<boolean>;
  update(id: string, patch: SectionPatch): Promise<boolean>;
  remove(id: string): void;
  duplicate(id: string): void;
  reorder(from: number, to: number): void;
  lines(section: SectionDto): TemplateLinesHandlers;
}

export function TemplateSectionsTable({
  title,
  sections,
  editable,
  canDuplicate,
  expanded,
  onExpandedChange,
  handlers,
}: {
  title: string;
  sections: SectionDto[];
  editable: boolean;
  canDuplicate: boolean;
  expanded: MRT_ExpandedState;
  onExpandedChange: (next: MRT_ExpandedState) => void;
  handlers: TemplateSectionsHandlers;
}) {
  const dialog = useDialog();
  const columns = useMemo<MRT_ColumnDef<SectionDto>[]>(
    () => [
      {
        accessorKey: 'name',
        header: 'Name',
        muiEditTextFieldProps: { required: true, autoFocus: true, inputProps: { 'aria-label': 'Section name' } },
      },
      {
        accessorKey: 'presentation',
        header: 'Presentation',
        size: 170,
        editVariant: 'select',
        editSelectOptions: SECTION_PRESENTATIONS.map((p) => ({ label: PRESENTATION_LABELS[p], value: p })),
        Cell: ({ row }) => (
          <Box onClick={(e) => e.stopPropagation()}>
            <PresentationSelect
              value={row.original.presentation}
              sectionName={row.original.name}
              disabled={!editable}
              onChange={(presentation) => void handlers.update(row.original._id, { presentation })}
            />
          </Box>
        ),
      },
    ],
    [editable, handlers],
  );

  const exportCsv = () =>
    downloadCsv(
      toCsv([
        ['Section', 'Presentation', 'Model', 'Description', 'Qty', 'Price', 'Cost', 'Based on Total', 'Subtotal'],
        ...sections.flatMap((s) =>
          s.lines.length === 0
            ? [[s.name, PRESENTATION_LABELS[s.presentation], '', '', '', '', '', '', '']]
            : s.lines.map((l) => [
                s.name,
                PRESENTATION_LABELS[s.presentation],
                l.kind === 'product' ? l.product.name : l.kind,
                l.name,
                l.kind === 'product' ? l.quantity : '',
                l.kind === 'product' ? l.price : '',
                l.kind === 'product' ? l.cost : '',
                l.kind === 'product' ? l.price_percentage_active : '',
                l.kind === 'product' ? l.subtotal : '',
              ]),
        ),
      ]),
      `${title}.csv`,
    );

  const presentationOf = (v: unknown, fallback: SectionPresentation) => (isSectionPresentation(v) ? v : fallback);

  const table = useDataTable<SectionDto>({
    columns,
    data: sections,
    getRowId: (s) => s._id,
    ...templateTableOptions<SectionDto>(editable, (from, to) => handlers.reorder(from, to)),
    enableEditing: editable,
    editDisplayMode: 'row',
    createDisplayMode: 'row',
    enableRowActions: editable,
    state: { expanded },
    onExpandedChange: (updater) => onExpandedChange(typeof updater === 'function' ? updater(expanded) : updater),
    muiTableBodyRowProps: ({ row, isDetailPanel }) =>
      (isDetailPanel ? {} : { 'data-testid': `template-section-${row.original.name}` }) as object,
    renderDetailPanel: ({ row }) => (
      <TemplateLinesTable section={row.original} editable={editable} handlers={handlers.lines(row.original)} />
    ),
    renderRowActions: ({ row, table: tbl }) => (
      <Box sx={{ display: 'flex' }}>
        <Tooltip title="Rename" disableInteractive>
          <IconButton aria-label={`Rename ${row.original.name}`} onClick={() => tbl.setEditingRow(row)}>
            <EditIcon />
          </IconButton>
        </Tooltip>
        {canDuplicate && (
          <Tooltip title="Duplicate" disableInteractive>
            <IconButton
              aria-label={`Duplicate ${row.original.name}`}
              onClick={() => handlers.duplicate(row.original._id)}
            >
              <ContentCopyIcon />
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title="Delete" disableInteractive>
          <IconButton
            aria-label={`Delete ${row.original.name}`}
            color="error"
            onClick={async () => {
              if (await dialog.confirm({ message: DELETE_SECTION_MESSAGE, confirmLabel: 'Delete' }))
                handlers.remove(row.original._id);
            }}
          >
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      </Box>
    ),
    onCreatingRowSave: async ({ values, table: tbl }) => {
      const name = String(values.name ?? '').trim();
      if (!name) return;
      if (await handlers.create(name, presentationOf(values.presentation, 'details'))) tbl.setCreatingRow(null);
    },
    onEditingRowSave: async ({ values, row, table: tbl }) => {
      const name = String(values.name ?? '').trim();
      if (!name) return;
      const saved = await handlers.update(row.original._id, {
        name,
        presentation: presentationOf(values.presentation, row.original.presentation),
      });
      if (saved) tbl.setEditingRow(null);
    },
    renderTopToolbarCustomActions: ({ table: tbl }) => (
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ mr: 1 }}>
          {title}
        </Typography>
        {editable && <AddSectionButton onClick={() => tbl.setCreatingRow(true)} />}
        <ExportButton onClick={exportCsv} />
      </Box>
    ),
  });
  return <DataTable table={table} />;
}
