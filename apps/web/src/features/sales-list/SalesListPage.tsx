import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import { Box, Button, Chip, CircularProgress, IconButton, Tooltip, Typography } from '@mui/material';
import {
  canEdit,
  hasFullRights,
  SALES_LIST_GROUPS,
  SALES_PAGE_SIZE_OPTIONS,
  type SalesListGroup,
  saleDisplayName,
} from '@quotewright/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { MRT_ColumnDef, MRT_GroupingState, MRT_PaginationState, MRT_SortingState } from 'material-react-table';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../app/providers/currentUser';
import { useDialog } from '../../app/providers/dialog';
import { useLoadingOverlay } from '../../app/providers/loading';
import { useSnackbar } from '../../app/providers/snackbar';
import { DataTable, useDataTable } from '../../components/DataTable';
import { MoneyCell } from '../../components/MoneyCell';
import { PageHeader } from '../../components/PageHeader';
import { PageSkeleton } from '../../components/PageSkeleton';
import { ApiError, errorMessage } from '../../lib/api';
import { prefetchSale } from '../../lib/salePrefetch';
import { stateChipColor } from '../../lib/saleState';
import type { User } from '../../lib/types';
import {
  deleteSale,
  importSale,
  type SaleListGroup,
  type SaleListItem,
  type SalesQuery,
  type SalesSort,
  useGroupSales,
  useSalesGroups,
  useSalesPage,
} from './api/sales';
import { GroupPager } from './components/GroupPager';
import { GROUPED_CELL_SX, GroupSummary } from './components/GroupSummary';
import { ImportQuoteDialog } from './components/ImportQuoteDialog';
import { SaleName } from './components/SaleName';
import { useSalesListLive } from './hooks/useSalesListLive';
import { useSalesListSettings } from './hooks/useSalesListSettings';

/** Table column id → the server's sort key. */
const SORT_OF: Record<string, SalesSort> = {
  order_number: 'quote_number',
  name: 'name',
  customer: 'customer',
  salesperson: 'salesperson',
  total_price: 'total_price',
  state: 'state',
};
const COLUMN_OF: Partial<Record<SalesSort, string>> = Object.fromEntries(
  Object.entries(SORT_OF).map(([column, sort]) => [sort, column]),
);
/** The columns the server groups by have the same ids as its grouping keys. */
const isGroupColumn = (id: string | undefined): id is SalesListGroup =>
  (SALES_LIST_GROUPS as readonly string[]).includes(id ?? '');

export const DELETE_SALE_MESSAGE = 'Are you sure you want to delete the following sale?';

/**
 * A row of the table. Ungrouped, every row is a sale. Grouped, the page is a list of groups (the page size counts
 * groups); an expanded group is followed by its sales, paged within the group, and a pager row.
 */
type ListRow =
  | { kind: 'sale'; id: string; sale: SaleListItem }
  | { kind: 'group'; id: string; group: SaleListGroup; expanded: boolean }
  | { kind: 'pager'; id: string; group: SaleListGroup; page: number; total: number }
  | { kind: 'status'; id: string; group: SaleListGroup; loading: boolean; error: unknown };

const saleOf = (r: ListRow): SaleListItem | undefined => (r.kind === 'sale' ? r.sale : undefined);

export function SalesListPage() {
  const { data: user } = useCurrentUser();
  if (!user) return <PageSkeleton />;
  return <SalesList user={user} />;
}

function SalesList({ user }: { user: User }) {
  const navigate = useNavigate();
  const dialog = useDialog();
  const loading = useLoadingOverlay();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const { settings, update } = useSalesListSettings(user);
  const [pageIndex, setPageIndex] = useState(0);
  const [globalFilter, setGlobalFilter] = useState('');
  const [importOpen, setImportOpen] = useState(false);
  /** Expanded groups (their keys), with the page of each group's sales. */
  const [expanded, setExpanded] = useState<ReadonlyMap<string, number>>(new Map());

  const groupBy = settings.groupBy;
  const filters = {
    search: globalFilter || undefined,
    sort: settings.sort ?? undefined,
    direction: settings.sort ? settings.direction : undefined,
  };
  const pageQuery = { page: pageIndex, pageSize: settings.pageSize, ...filters };
  const plain = useSalesPage(pageQuery, groupBy === null);
  const grouped = useSalesGroups(groupBy ? { ...pageQuery, groupBy } : null);
  const groups = groupBy ? (grouped.data?.groups ?? []) : [];
  const open = groups.filter((g) => expanded.has(g.key));
  const groupQueries: SalesQuery[] = open.map((g) => ({
    page: expanded.get(g.key) ?? 0,
    pageSize: settings.pageSize,
    ...filters,
    groupBy: groupBy ?? undefined,
    group: g.key,
  }));
  const groupSales = useGroupSales(groupQueries);
  useSalesListLive();

  const rows = useMemo<ListRow[]>(() => {
    if (!groupBy) return (plain.data?.items ?? []).map((sale) => ({ kind: 'sale', id: sale._id, sale }));
    const out: ListRow[] = [];
    for (const group of groups) {
      const isOpen = expanded.has(group.key);
      out.push({ kind: 'group', id: `group:${group.key}`, group, expanded: isOpen });
      if (!isOpen) continue;
      const res = groupSales[open.indexOf(group)];
      if (!res?.data) {
        out.push({ kind: 'status', id: `status:${group.key}`, group, loading: !res?.error, error: res?.error });
        continue;
      }
      for (const sale of res.data.items) out.push({ kind: 'sale', id: sale._id, sale });
      if (res.data.total > settings.pageSize)
        out.push({
          kind: 'pager',
          id: `pager:${group.key}`,
          group,
          page: expanded.get(group.key) ?? 0,
          total: res.data.total,
        });
    }
    return out;
  }, [groupBy, plain.data, groups, expanded, groupSales, open, settings.pageSize]);

  const toggleGroup = (key: string) =>
    setExpanded((m) => {
      const next = new Map(m);
      if (next.has(key)) next.delete(key);
      else next.set(key, 0);
      return next;
    });
  const setGroupPage = (key: string, page: number) => setExpanded((m) => new Map(m).set(key, page));

  const columns = useMemo<MRT_ColumnDef<ListRow>[]>(
    () => [
      {
        id: 'order_number',
        accessorFn: (r) => saleOf(r)?.order_number ?? '',
        header: 'Order #',
        size: 175,
        minSize: 165,
        enableGrouping: false,
      },
      {
        id: 'name',
        accessorFn: (r) => saleDisplayName(saleOf(r)?.name),
        header: 'Name',
        size: 200,
        enableGrouping: false,
        Cell: ({ row }) => {
          const sale = saleOf(row.original);
          return sale ? <SaleName name={sale.name} /> : null;
        },
      },
      { id: 'customer', accessorFn: (r) => saleOf(r)?.customer?.name ?? '', header: 'Client', size: 200 },
      {
        id: 'salesperson',
        accessorFn: (r) => saleOf(r)?.salesperson?.name ?? '',
        header: 'Salesperson',
        size: 190,
        minSize: 170,
      },
      {
        id: 'total_price',
        accessorFn: (r) => saleOf(r)?.total_price ?? '',
        header: 'Total',
        size: 130,
        enableGrouping: false,
        meta: { sensitive: 'price' },
        Cell: ({ row }) => {
          const sale = saleOf(row.original);
          return sale ? <MoneyCell value={sale.total_price} /> : null;
        },
        muiTableBodyCellProps: { align: 'right' },
        muiTableHeadCellProps: { align: 'right' },
      },
      {
        id: 'state',
        accessorFn: (r) => saleOf(r)?.state_label ?? '',
        header: 'Status',
        size: 150,
        minSize: 140,
        Cell: ({ row }) => {
          const sale = saleOf(row.original);
          return sale ? <Chip size="small" label={sale.state_label} color={stateChipColor(sale.state)} /> : null;
        },
      },
    ],
    [],
  );

  const isAdmin = user.isAdmin === true;
  const remove = async (sale: SaleListItem) => {
    const ok = await dialog.confirm({
      title: 'Delete Sale',
      message: `${DELETE_SALE_MESSAGE}\n\n${sale.order_number} ${saleDisplayName(sale.name)}`,
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

  const sortColumn = settings.sort ? COLUMN_OF[settings.sort] : undefined;
  const sorting: MRT_SortingState = sortColumn ? [{ id: sortColumn, desc: settings.direction === 'desc' }] : [];
  const grouping: MRT_GroupingState = groupBy ? [groupBy] : [];
  const pagination: MRT_PaginationState = { pageIndex, pageSize: settings.pageSize };
  const active = groupBy ? grouped : plain;
  const groupHeader = groupBy ? { state: 'Status', customer: 'Client', salesperson: 'Salesperson' }[groupBy] : '';

  const onRowKey = (e: KeyboardEvent<HTMLTableRowElement>, act: () => void) => {
    if (e.key === 'Enter' && e.target === e.currentTarget) act();
  };
  const focusable = {
    '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
  } as const;

  const table = useDataTable<ListRow>({
    columns,
    data: rows,
    getRowId: (r) => r.id,
    rowCount: (groupBy ? grouped.data?.total : plain.data?.total) ?? 0,
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    manualGrouping: true,
    enableColumnFilters: false,
    enableGrouping: true,
    enableExpandAll: false,
    enableMultiSort: false,
    enableRowActions: isAdmin,
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
        Cell: ({ row }) => {
          const r = row.original;
          if (r.kind === 'group') {
            return (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                <IconButton
                  size="small"
                  aria-expanded={r.expanded}
                  aria-label={`${r.expanded ? 'Hide' : 'Show'} the sales of ${r.group.label}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    toggleGroup(r.group.key);
                  }}
                >
                  <ExpandMoreIcon
                    fontSize="small"
                    sx={{ transform: r.expanded ? 'rotate(180deg)' : 'rotate(-90deg)', transition: 'transform 150ms' }}
                  />
                </IconButton>
                <GroupSummary group={r.group} />
              </Box>
            );
          }
          if (r.kind === 'pager') {
            return (
              <GroupPager
                label={r.group.label}
                page={r.page}
                pageSize={settings.pageSize}
                total={r.total}
                onPage={(p) => setGroupPage(r.group.key, p)}
              />
            );
          }
          if (r.kind === 'status') {
            return (
              <Box component="output" sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 5 }}>
                {r.loading ? (
                  <>
                    <CircularProgress size={14} />
                    <Typography variant="caption" color="text.secondary">
                      Loading the sales of {r.group.label}…
                    </Typography>
                  </>
                ) : (
                  <Typography variant="caption" color="error">
                    The sales of {r.group.label} could not be loaded: {errorMessage(r.error)}
                  </Typography>
                )}
              </Box>
            );
          }
          return null;
        },
        muiTableBodyCellProps: ({ row }) => (row.original.kind === 'sale' ? {} : { sx: GROUPED_CELL_SX }),
      },
    },
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
      setExpanded(new Map());
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
      setExpanded(new Map());
      setPageIndex(0);
    },
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
    muiTableBodyRowProps: ({ row }) => {
      const r = row.original;
      if (r.kind === 'sale') {
        const open = () => navigate(`/sale/${r.sale._id}`);
        return {
          onClick: open,
          // the pointer going down starts reading the sale before the click ends
          onPointerDown: () => prefetchSale(r.sale._id),
          // reachable and openable from the keyboard like a link
          tabIndex: 0,
          onKeyDown: (e) => onRowKey(e, open),
          sx: { cursor: 'pointer', ...focusable },
          'data-testid': 'sale-row',
        };
      }
      if (r.kind === 'group') {
        const toggle = () => toggleGroup(r.group.key);
        return {
          onClick: toggle,
          onKeyDown: (e) => onRowKey(e, toggle),
          tabIndex: 0,
          sx: { cursor: 'pointer', bgcolor: 'action.hover', ...focusable },
          'data-testid': 'group-row',
          'data-group-key': r.group.key,
        };
      }
      return {};
    },
    renderRowActions: ({ row }) => {
      const sale = saleOf(row.original);
      return sale ? (
        <Tooltip title="Delete">
          <IconButton
            aria-label="Delete sale"
            size="small"
            color="error"
            onClick={(e) => {
              e.stopPropagation();
              void remove(sale);
            }}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null;
    },
    renderTopToolbarCustomActions: () => (
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
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
        {groupBy && grouped.data && (
          <Typography variant="body2" color="text.secondary" sx={{ ml: 1 }} data-testid="groups-count">
            {grouped.data.total} {grouped.data.total === 1 ? 'group' : 'groups'} · {grouped.data.sales}{' '}
            {grouped.data.sales === 1 ? 'sale' : 'sales'}
          </Typography>
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
