// The product list / picker table (SPEC §2 Product picker): server-side search and paging, bundles-only toggle,
// column chooser, money columns hidden in discrete mode, rows draggable into a lines table (HTML5 drag data, so a
// drag also works from the detached Product List window).
import AddIcon from '@mui/icons-material/Add';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { Box, Button, FormControlLabel, Switch } from '@mui/material';
import { PICKER_PAGE_SIZE_OPTIONS } from '@quotewright/domain';
import type { MRT_ColumnDef, MRT_PaginationState, MRT_SortingState } from 'material-react-table';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { PRODUCT_DRAG_TYPE, type Product, type ProductSort, useProducts } from '../../lib/products';
import { DataTable, useDataTable } from '../DataTable';
import { MoneyCell } from '../MoneyCell';

export function ProductTable({
  pageSize: initialPageSize,
  onInsert,
  draggable = true,
  title,
}: {
  pageSize: number;
  /** Shown as an 'Insert' action per row when given. */
  onInsert?: (product: Product) => void;
  draggable?: boolean;
  title?: string;
}) {
  const [pagination, setPagination] = useState<MRT_PaginationState>({ pageIndex: 0, pageSize: initialPageSize });
  const [sorting, setSorting] = useState<MRT_SortingState>([]);
  const [search, setSearch] = useState('');
  const [bundlesOnly, setBundlesOnly] = useState(false);
  const sort = sorting[0];
  const { data, isLoading, isFetching, error } = useProducts({
    search,
    bundlesOnly,
    page: pagination.pageIndex,
    pageSize: pagination.pageSize,
    sort: sort?.id as ProductSort | undefined,
    direction: sort ? (sort.desc ? 'desc' : 'asc') : undefined,
  });

  const columns = useMemo<MRT_ColumnDef<Product>[]>(
    () => [
      {
        id: 'model',
        accessorKey: 'name',
        header: 'Model',
        size: 140,
        Cell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            {draggable && <DragIndicatorIcon fontSize="small" sx={{ color: 'text.disabled', cursor: 'grab' }} />}
            {row.original.name}
          </Box>
        ),
      },
      { id: 'manufacturer', accessorFn: (p) => p.manufacturer?.name ?? '', header: 'Manufacturer', size: 140 },
      { accessorKey: 'description', header: 'Description', size: 260 },
      { id: 'category', accessorFn: (p) => p.category?.name ?? '', header: 'Category', size: 140 },
      {
        accessorKey: 'price',
        header: 'Price',
        size: 100,
        meta: { sensitive: 'price' },
        Cell: ({ cell }) => <MoneyCell value={cell.getValue<string>()} />,
      },
      {
        accessorKey: 'cost',
        header: 'Cost',
        size: 100,
        meta: { sensitive: 'cost' },
        Cell: ({ cell }) => <MoneyCell value={cell.getValue<string>()} />,
      },
    ],
    [draggable],
  );

  const table = useDataTable<Product>({
    columns,
    data: data?.items ?? [],
    getRowId: (p) => String(p.id),
    rowCount: data?.total ?? 0,
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableColumnFilters: false,
    enableMultiSort: false,
    enableHiding: true,
    enableRowActions: onInsert !== undefined,
    positionActionsColumn: 'first',
    displayColumnDefOptions: { 'mrt-row-actions': { header: '', size: 90 } },
    renderRowActions: ({ row }) =>
      onInsert ? (
        <Button size="small" startIcon={<AddIcon />} onClick={() => onInsert(row.original)}>
          Insert
        </Button>
      ) : null,
    onPaginationChange: setPagination,
    onSortingChange: (u) => {
      setSorting(u);
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    },
    onGlobalFilterChange: (v: string | undefined) => {
      setSearch(v ?? '');
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    },
    initialState: { showGlobalFilter: true },
    state: {
      pagination,
      sorting,
      globalFilter: search,
      isLoading,
      showProgressBars: isFetching && !isLoading,
      showAlertBanner: error != null,
    },
    muiToolbarAlertBannerProps: error ? { color: 'error', children: errorMessage(error) } : undefined,
    muiPaginationProps: { rowsPerPageOptions: [...PICKER_PAGE_SIZE_OPTIONS] },
    muiSearchTextFieldProps: { placeholder: 'Search products', size: 'small' },
    muiTableBodyRowProps: ({ row }) => ({
      draggable,
      'data-testid': 'product-row',
      onDragStart: (e) => {
        e.dataTransfer.setData(PRODUCT_DRAG_TYPE, String(row.original.id));
        e.dataTransfer.setData('text/plain', row.original.name);
        e.dataTransfer.effectAllowed = 'copy';
      },
      sx: draggable ? { cursor: 'grab' } : undefined,
    }),
    muiTableContainerProps: { sx: { maxHeight: 640 } },
    enableStickyHeader: true,
    renderTopToolbarCustomActions: () => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, pl: 1 }}>
        {title && <Box sx={{ fontWeight: 600 }}>{title}</Box>}
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={bundlesOnly}
              onChange={(e) => {
                setBundlesOnly(e.target.checked);
                setPagination((p) => ({ ...p, pageIndex: 0 }));
              }}
            />
          }
          label="Bundles only"
        />
      </Box>
    ),
  });

  return <DataTable table={table} />;
}
