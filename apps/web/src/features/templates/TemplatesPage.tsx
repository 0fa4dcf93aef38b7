// The template list (docs/product/screens.md#templates-list): editable Name, read-only untaxed Total, paging 20 of
// 10/20/50/100/200/1000; a row opens /template/{id}; add, edit and delete only with sales rights.
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, IconButton, Tooltip } from '@mui/material';
import type { TemplateListItemDto } from '@quotewright/contracts';
import { hasFullRights, TEMPLATES_PAGE_SIZE, TEMPLATES_PAGE_SIZE_OPTIONS } from '@quotewright/domain';
import type { MRT_ColumnDef } from 'material-react-table';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../app/providers/currentUser';
import { useDialog } from '../../app/providers/dialog';
import { DataTable, useDataTable } from '../../components/DataTable';
import { MoneyCell } from '../../components/MoneyCell';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api';
import { useTemplateMutations, useTemplates } from './api/templates';

export const DELETE_TEMPLATE_PROMPT = 'Are you sure you want to delete the following template?';

export function TemplatesPage() {
  const navigate = useNavigate();
  const dialog = useDialog();
  const { data: user } = useCurrentUser();
  const canChange = user ? hasFullRights(user, 'sales') : false;
  const templates = useTemplates();
  const { create, rename, remove } = useTemplateMutations();

  const columns = useMemo<MRT_ColumnDef<TemplateListItemDto>[]>(
    () => [
      {
        accessorKey: 'name',
        header: 'Name',
        muiEditTextFieldProps: { required: true, autoFocus: true, inputProps: { 'aria-label': 'Name' } },
      },
      {
        accessorKey: 'total_price',
        header: 'Total',
        enableEditing: false,
        meta: { sensitive: 'price' },
        Cell: ({ cell }) => <MoneyCell value={cell.getValue<string>()} />,
      },
    ],
    [],
  );

  const table = useDataTable<TemplateListItemDto>({
    columns,
    data: templates.data ?? [],
    getRowId: (t) => t._id,
    state: { isLoading: templates.isLoading, showAlertBanner: templates.isError },
    muiToolbarAlertBannerProps: templates.isError ? { color: 'error', children: errorMessage(templates.error) } : {},
    initialState: { pagination: { pageIndex: 0, pageSize: TEMPLATES_PAGE_SIZE } },
    muiPaginationProps: { rowsPerPageOptions: [...TEMPLATES_PAGE_SIZE_OPTIONS] },
    enableEditing: canChange,
    editDisplayMode: 'row',
    createDisplayMode: 'row',
    enableRowActions: canChange,
    muiTableBodyRowProps: ({ row, table: tbl }) => ({
      onClick: () => {
        if (tbl.getState().editingRow || tbl.getState().creatingRow) return;
        navigate(`/template/${row.original._id}`);
      },
      sx: { cursor: 'pointer' },
      'data-testid': `template-row-${row.original.name}`,
    }),
    renderRowActions: ({ row, table: tbl }) => (
      <Box sx={{ display: 'flex' }} onClick={(e) => e.stopPropagation()}>
        <Tooltip title="Edit">
          <IconButton aria-label={`Edit ${row.original.name}`} onClick={() => tbl.setEditingRow(row)}>
            <EditIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete">
          <IconButton
            aria-label={`Delete ${row.original.name}`}
            color="error"
            onClick={async () => {
              const ok = await dialog.confirm({
                message: (
                  <>
                    {DELETE_TEMPLATE_PROMPT}
                    <Box component="strong" sx={{ display: 'block', mt: 1 }}>
                      {row.original.name}
                    </Box>
                  </>
                ),
                confirmLabel: 'Delete',
              });
              if (!ok) return;
              remove.mutate(row.original._id, { onError: (e) => void dialog.error(e) });
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
      try {
        await create.mutateAsync(name);
        tbl.setCreatingRow(null);
      } catch (e) {
        await dialog.error(e);
      }
    },
    onEditingRowSave: async ({ values, row, table: tbl }) => {
      const name = String(values.name ?? '').trim();
      if (!name) return;
      try {
        await rename.mutateAsync({ id: row.original._id, name });
        tbl.setEditingRow(null);
      } catch (e) {
        await dialog.error(e);
      }
    },
    renderTopToolbarCustomActions: ({ table: tbl }) =>
      canChange ? (
        <Button startIcon={<AddIcon />} variant="contained" onClick={() => tbl.setCreatingRow(true)}>
          New Template
        </Button>
      ) : null,
  });

  return (
    <>
      <PageHeader title="Templates" subtitle="Sections and lines to apply to quotes" />
      <DataTable table={table} />
    </>
  );
}
