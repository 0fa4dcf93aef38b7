import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import { Box, Button, Chip, IconButton, Tooltip } from '@mui/material';
import { canEdit, hasFullRights, SALES_PAGE_SIZE, SALES_PAGE_SIZE_OPTIONS } from '@quotewright/domain';
import { useQueryClient } from '@tanstack/react-query';
import {
  type MRT_ColumnDef,
  MRT_ExpandButton,
  type MRT_GroupingState,
  type MRT_PaginationState,
  type MRT_SortingState,
} from 'material-react-table';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../app/providers/currentUser';
import { useDialog } from '../../app/providers/dialog';
import { useLoadingOverlay } from '../../app/providers/loading';
import { useSnackbar } from '../../app/providers/snackbar';
import { DataTable, useDataTable } from '../../components/DataTable';
import { MoneyCell } from '../../components/MoneyCell';
import { PageHeader } from '../../components/PageHeader';
import { ApiError, errorMessage } from '../../lib/api';
import { stateChipColor } from '../../lib/saleState';
import { deleteSale, importSale, type SaleListItem, type SalesSort, useSalesPage } from './api/sales';
import { GROUPED_CELL_SX, GroupSummary } from './components/GroupSummary';
import { ImportQuoteDialog } from './components/ImportQuoteDialog';
import { useSalesListLive } from './hooks/useSalesListLive';

const SORT_OF: Record<string, SalesSort> = {
  order_number: 'quote_number',
  name: 'name',
  customer: 'customer',
  salesperson: 'salesperson',
  total_price: 'total_price',
  state: 'state',
};

export const DELETE_SALE_MESSAGE = 'Are you sure you want to delete the following sale?';

/** Columns the server can group by (rows of a group stay together across pages; the answer has their totals). */
const GROUP_OF: Record<string, 'state' | 'customer' | 'salesperson' | undefined> = {
  customer: 'customer',
  salesperson: 'salesperson',
  state: 'state',
};

export function SalesListPage() {
  const navigate = useNavigate();
  const dialog = useDialog();
  const loading = useLoadingOverlay();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const [pagination, setPagination] = useState<MRT_PaginationState>({ pageIndex: 0, pageSize: SALES_PAGE_SIZE });
  const [sorting, setSorting] = useState<MRT_SortingState>([]);
  const [grouping, setGrouping] = useState<MRT_GroupingState>([]);
  const [globalFilter, setGlobalFilter] = useState('');
  const [importOpen, setImportOpen] = useState(false);

  const sort = sorting[0];
  const query = {
    page: pagination.pageIndex,
    pageSize: pagination.pageSize,
    search: globalFilter || undefined,
    sort: sort ? SORT_OF[sort.id] : undefined,
    direction: sort ? (sort.desc ? ('desc' as const) : ('asc' as const)) : undefined,
    groupBy: grouping[0] ? GROUP_OF[grouping[0]] : undefined,
  };
  const { data, isLoading, isFetching, error } = useSalesPage(query);
  useSalesListLive();
  // The server's totals of each group on the page, by the text the grouped column shows.
  const groups = useMemo(
    () => new Map((data?.groups ?? []).map((g) => [data?.groupBy === 'state' ? g.label : (g.value ?? ''), g] as const)),
    [data],
  );

  const columns = useMemo<MRT_ColumnDef<SaleListItem>[]>(
    () => [
      { accessorKey: 'order_number', header: 'Order #', size: 175, minSize: 165 },
      { accessorKey: 'name', header: 'Name', size: 200 },
      {
        id: 'customer',
        accessorFn: (r) => r.customer?.name ?? '',
        header: 'Client',
        size: 200,
      },
      {
        id: 'salesperson',
        accessorFn: (r) => r.salesperson?.name ?? '',
        header: 'Salesperson',
        size: 190,
        minSize: 170,
      },
      {
        accessorKey: 'total_price',
        header: 'Total',
        size: 130,
        enableGrouping: false,
        meta: { sensitive: 'price' },
        Cell: ({ cell }) => <MoneyCell value={cell.getValue<string>()} />,
        muiTableBodyCellProps: { align: 'right' },
        muiTableHeadCellProps: { align: 'right' },
      },
      {
        id: 'state',
        accessorKey: 'state_label',
        header: 'Status',
        size: 150,
        minSize: 140,
        Cell: ({ row }) => (
          <Chip size="small" label={row.original.state_label} color={stateChipColor(row.original.state)} />
        ),
      },
    ],
    [groups],
  );

  const isAdmin = user?.isAdmin === true;
  const remove = async (sale: SaleListItem) => {
    const ok = await dialog.confirm({
      title: 'Delete Sale',
      message: `${DELETE_SALE_MESSAGE}\n\n${sale.order_number} ${sale.name}`,
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!ok) return;
    try {
      await loading.track(deleteSale(sale._id));
      await queryClient.invalidateQueries({ queryKey: ['sales'] });
    } catch (err) {
      await dialog.error(errorMessage(err));
    }
  };

  const doImport = async (text: string) => {
    try {
      const { id, errors } = await loading.track(importSale(text));
      setImportOpen(false);
      await queryClient.invalidateQueries({ queryKey: ['sales'] });
      navigate(`/sale/${id}`);
      if (errors.length > 0) {
        snackbar.show(
          `Imported without ${errors.length} product line${errors.length === 1 ? '' : 's'} no longer in the active database: ${errors.map((e) => e.name).join(', ')}`,
          'warning',
        );
      }
    } catch (err) {
      // field-level answers (what the document lacks) are shown in the upload dialog, next to the text to fix
      if (!(err instanceof ApiError && err.hasFieldErrors)) await dialog.error(errorMessage(err));
      throw err;
    }
  };

  const table = useDataTable<SaleListItem>({
    columns,
    data: data?.items ?? [],
    getRowId: (r) => r._id,
    rowCount: data?.total ?? 0,
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableColumnFilters: false,
    enableGrouping: true,
    enableMultiSort: false,
    enableRowActions: isAdmin,
    layoutMode: 'grid',
    // A group row is headed by the chevron, the group's name, and the count and total of the whole group. It sits in
    // the first column and runs over the row's empty cells: in the grouped column's own narrow cell, beside the
    // chevron, the total was cut off.
    groupedColumnMode: 'remove',
    positionExpandColumn: 'first',
    displayColumnDefOptions: {
      'mrt-row-actions': { header: '', size: 60, grow: false },
      'mrt-row-expand': {
        Cell: ({ row, table, staticRowIndex }) => {
          if (!row.getIsGrouped()) return null;
          const label = String(row.groupingValue ?? '');
          return (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <MRT_ExpandButton row={row} table={table} staticRowIndex={staticRowIndex} />
              <GroupSummary label={label} group={groups.get(label)} />
            </Box>
          );
        },
        muiTableBodyCellProps: ({ row }) => (row.getIsGrouped() ? { sx: GROUPED_CELL_SX } : {}),
      },
    },
    onPaginationChange: setPagination,
    onGroupingChange: (updater) => {
      setGrouping(updater);
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    },
    onSortingChange: (updater) => {
      setSorting(updater);
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    },
    onGlobalFilterChange: (value: string | undefined) => {
      setGlobalFilter(value ?? '');
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    },
    state: {
      pagination,
      sorting,
      grouping,
      globalFilter,
      isLoading,
      showProgressBars: isFetching && !isLoading,
      showAlertBanner: error != null,
    },
    muiToolbarAlertBannerProps: error ? { color: 'error', children: errorMessage(error) } : undefined,
    muiPaginationProps: { rowsPerPageOptions: [...SALES_PAGE_SIZE_OPTIONS] },
    muiTableBodyRowProps: ({ row }) =>
      row.getIsGrouped()
        ? {}
        : {
            onClick: () => navigate(`/sale/${row.original._id}`),
            // reachable and openable from the keyboard like a link
            tabIndex: 0,
            onKeyDown: (e) => {
              if (e.key === 'Enter' && e.target === e.currentTarget) navigate(`/sale/${row.original._id}`);
            },
            sx: {
              cursor: 'pointer',
              '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
            },
            'data-testid': 'sale-row',
          },
    renderRowActions: ({ row }) =>
      row.getIsGrouped() ? null : (
        <Tooltip title="Delete">
          <IconButton
            aria-label="Delete sale"
            size="small"
            color="error"
            onClick={(e) => {
              e.stopPropagation();
              void remove(row.original);
            }}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    renderTopToolbarCustomActions: () => (
      <Box sx={{ display: 'flex', gap: 1 }}>
        {canEdit(user, 'sales') && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/sale')}>
            New Quote
          </Button>
        )}
        {hasFullRights(user, 'sales') && (
          <Button variant="outlined" startIcon={<FileUploadIcon />} onClick={() => setImportOpen(true)}>
            Import Quote
          </Button>
        )}
      </Box>
    ),
  });

  return (
    <>
      <PageHeader title="Sales" />
      <DataTable table={table} />
      <ImportQuoteDialog open={importOpen} onClose={() => setImportOpen(false)} onImport={doImport} />
    </>
  );
}
