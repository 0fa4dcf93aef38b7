import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import { canEdit, hasFullRights, SALES_PAGE_SIZE_OPTIONS } from '@quotewright/domain';
import type { MRT_GroupingState, MRT_PaginationState, MRT_SortingState, MRT_TableOptions } from 'material-react-table';
import { type KeyboardEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../app/providers/currentUser';
import { DataTable, useDataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { PageSkeleton } from '../../components/PageSkeleton';
import { errorMessage } from '../../lib/api';
import { prefetchSale } from '../../lib/salePrefetch';
import type { User } from '../../lib/types';
import { usePendingApprovals } from './api/approvals';
import type { SalesGroupsPage } from './api/sales';
import { AwaitingApprovalFilter } from './components/AwaitingApprovalFilter';
import { GroupRowCell } from './components/GroupRowCell';
import { GROUPED_CELL_SX } from './components/GroupSummary';
import { ImportQuoteDialog } from './components/ImportQuoteDialog';
import { COLUMN_OF, isGroupColumn, SALES_LIST_COLUMNS, SORT_OF } from './components/salesListColumns';
import { useSaleListActions } from './hooks/useSaleListActions';
import { useSalesListLive } from './hooks/useSalesListLive';
import { type ListRow, saleOf, useSalesListRows } from './hooks/useSalesListRows';
import { useSalesListSettings } from './hooks/useSalesListSettings';

export function SalesListPage() {
  const { data: user } = useCurrentUser();
  if (!user) return <PageSkeleton />;
  return <SalesList user={user} />;
}

const onRowKey = (e: KeyboardEvent<HTMLTableRowElement>, act: () => void) => {
  if (e.key === 'Enter' && e.target === e.currentTarget) act();
};
const focusable = {
  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
} as const;

/** A sale's row opens the sale, a group's row shows or hides its sales: by click, or by Enter like a link. */
function listRowProps(r: ListRow, open: (saleId: string) => void, toggleGroup: (key: string) => void) {
  if (r.kind === 'sale') {
    const go = () => open(r.sale._id);
    return {
      onClick: go,
      // the pointer going down starts reading the sale before the click ends
      onPointerDown: () => prefetchSale(r.sale._id),
      // reachable and openable from the keyboard like a link
      tabIndex: 0,
      onKeyDown: (e: KeyboardEvent<HTMLTableRowElement>) => onRowKey(e, go),
      sx: { cursor: 'pointer', ...focusable },
      'data-testid': 'sale-row',
    };
  }
  if (r.kind === 'group') {
    const toggle = () => toggleGroup(r.group.key);
    return {
      onClick: toggle,
      onKeyDown: (e: KeyboardEvent<HTMLTableRowElement>) => onRowKey(e, toggle),
      tabIndex: 0,
      sx: { cursor: 'pointer', bgcolor: 'action.hover', ...focusable },
      'data-testid': 'group-row',
      'data-group-key': r.group.key,
    };
  }
  return {};
}

function SalesListActions({
  user,
  groups,
  onImport,
  awaiting,
  onAwaitingChange,
}: {
  user: User;
  /** The grouped list's page, when grouped. */
  groups: SalesGroupsPage | undefined;
  onImport: () => void;
  /** Only the sales awaiting approval are listed. */
  awaiting: boolean;
  onAwaitingChange: (on: boolean) => void;
}) {
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      {canEdit(user, 'sales') && (
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/sale')}>
          New Quote
        </Button>
      )}
      {hasFullRights(user, 'sales') && (
        <Button variant="outlined" startIcon={<FileUploadIcon />} onClick={onImport}>
          Import Quote
        </Button>
      )}
      <AwaitingApprovalFilter on={awaiting} onChange={onAwaitingChange} />
      {groups && (
        <Typography variant="body2" color="text.secondary" sx={{ ml: 1 }} data-testid="groups-count">
          {groups.total} {groups.total === 1 ? 'group' : 'groups'} · {groups.sales}{' '}
          {groups.sales === 1 ? 'sale' : 'sales'}
        </Typography>
      )}
    </Box>
  );
}

function DeleteSaleButton({ onClick }: { onClick: () => void }) {
  return (
    <Tooltip title="Delete">
      <IconButton
        aria-label="Delete sale"
        size="small"
        color="error"
        onClick={(e) => {
          e.stopPropagation();
          onClick();
        }}
      >
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

function SalesList({ user }: { user: User }) {
  const navigate = useNavigate();
  const { settings, update } = useSalesListSettings(user);
  const [pageIndex, setPageIndex] = useState(0);
  const [globalFilter, setGlobalFilter] = useState('');
  const [importOpen, setImportOpen] = useState(false);
  const { rows, plain, grouped, groupSales, toggleGroup, setGroupPage, collapseAll } = useSalesListRows(
    settings,
    pageIndex,
    globalFilter,
  );
  useSalesListLive();
  // "Awaiting approval": the sales whose request waits for a decision, in place of the list (not grouped).
  const [awaiting, setAwaiting] = useState(false);
  const pending = usePendingApprovals({ page: pageIndex, pageSize: settings.pageSize }, awaiting);
  const { remove, doImport } = useSaleListActions(() => setImportOpen(false));

  const groupBy = awaiting ? null : settings.groupBy;
  const sortColumn = settings.sort ? COLUMN_OF[settings.sort] : undefined;
  const sorting: MRT_SortingState = sortColumn ? [{ id: sortColumn, desc: settings.direction === 'desc' }] : [];
  const grouping: MRT_GroupingState = groupBy ? [groupBy] : [];
  const pagination: MRT_PaginationState = { pageIndex, pageSize: settings.pageSize };
  const active = awaiting ? pending : groupBy ? grouped : plain;
  const groupHeader = groupBy ? { state: 'Status', customer: 'Client', salesperson: 'Salesperson' }[groupBy] : '';

  // The server pages, groups, sorts and searches (manual*): a new grouping, sort, search or page size starts again at
  // the first page.
  const changes: Pick<
    MRT_TableOptions<ListRow>,
    'onPaginationChange' | 'onGroupingChange' | 'onSortingChange' | 'onGlobalFilterChange'
  > = {
    onPaginationChange: (updater) => {
      const next = typeof updater === 'function' ? updater(pagination) : updater;
      if (next.pageSize !== settings.pageSize) {
        update({ pageSize: next.pageSize });
        setPageIndex(0);
      } else setPageIndex(next.pageIndex);
    },
    onGroupingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(grouping) : updater;
      // One grouping at a time (the server groups by one column): the newest choice wins.
      const column = next.at(-1);
      update({ groupBy: isGroupColumn(column) ? column : null });
      collapseAll();
      setPageIndex(0);
    },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      const sort = first ? SORT_OF[first.id] : undefined;
      update(sort ? { sort, direction: first?.desc ? 'desc' : 'asc' } : { sort: null, direction: 'desc' });
      setPageIndex(0);
    },
    onGlobalFilterChange: (value: string | undefined) => {
      setGlobalFilter(value ?? '');
      collapseAll();
      setPageIndex(0);
    },
  };

  const table = useDataTable<ListRow>({
    columns: SALES_LIST_COLUMNS,
    data: awaiting ? (pending.data?.items ?? []).map((sale) => ({ kind: 'sale', id: sale._id, sale })) : rows,
    getRowId: (r) => r.id,
    rowCount: (awaiting ? pending.data?.total : groupBy ? grouped.data?.total : plain.data?.total) ?? 0,
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    manualGrouping: true,
    enableColumnFilters: false,
    enableGrouping: true,
    enableExpandAll: false,
    enableMultiSort: false,
    enableRowActions: user.isAdmin === true,
    layoutMode: 'grid',
    // Grouped, a group row is headed by its chevron, the group's name, and the count and total of the whole group. It
    // sits in the first column and runs over the row's empty cells.
    groupedColumnMode: 'remove',
    positionExpandColumn: 'first',
    displayColumnDefOptions: {
      'mrt-row-actions': { header: '', size: 60, grow: false },
      'mrt-row-expand': {
        size: 56,
        grow: false,
        Header: () => <span>{groupHeader}</span>,
        Cell: ({ row }) => (
          <GroupRowCell row={row.original} pageSize={settings.pageSize} onToggle={toggleGroup} onPage={setGroupPage} />
        ),
        muiTableBodyCellProps: ({ row }) => (row.original.kind === 'sale' ? {} : { sx: GROUPED_CELL_SX }),
      },
    },
    ...changes,
    state: {
      pagination,
      sorting,
      grouping,
      globalFilter,
      isLoading: active.isLoading,
      showProgressBars: (active.isFetching && !active.isLoading) || groupSales.some((q) => q.isFetching),
      showAlertBanner: active.error != null,
    },
    muiToolbarAlertBannerProps: active.error ? { color: 'error', children: errorMessage(active.error) } : undefined,
    muiPaginationProps: { rowsPerPageOptions: [...SALES_PAGE_SIZE_OPTIONS] },
    muiTableBodyRowProps: ({ row }) => listRowProps(row.original, (id) => navigate(`/sale/${id}`), toggleGroup),
    renderRowActions: ({ row }) => {
      const sale = saleOf(row.original);
      return sale ? <DeleteSaleButton onClick={() => void remove(sale)} /> : null;
    },
    renderTopToolbarCustomActions: () => (
      <SalesListActions
        user={user}
        groups={groupBy ? grouped.data : undefined}
        onImport={() => setImportOpen(true)}
        awaiting={awaiting}
        onAwaitingChange={(on) => {
          setAwaiting(on);
          setPageIndex(0);
        }}
      />
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
