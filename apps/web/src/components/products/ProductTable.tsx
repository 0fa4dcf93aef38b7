// The product list / picker table (docs/product/screens.md#product-picker): server-side search and paging, bundles-only
// toggle, column chooser, money columns hidden in discrete mode, rows draggable into a lines table (HTML5 drag data, so
// a drag also works from the detached Product List window). Dense beside a lines table (widescreen): every column in
// ~560 px — tight padding, texts and headers wrap, Insert as an icon, no column menus (the chooser stays).
import AddIcon from '@mui/icons-material/Add';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { Box, Button, FormControlLabel, IconButton, Switch, Tooltip } from '@mui/material';
import { PICKER_PAGE_SIZE_OPTIONS } from '@quotewright/domain';
import type { MRT_ColumnDef, MRT_PaginationState, MRT_SortingState, MRT_TableOptions } from 'material-react-table';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { PRODUCT_DRAG_TYPE, type Product, type ProductSort, useProducts } from '../../lib/products';
import { BreakableHeader } from '../BreakableHeader';
import { DataTable, FIT_WIDTH, useDataTable } from '../DataTable';
import { MoneyCell } from '../MoneyCell';

/** Beside a lines table: tight cells whose texts (and headers) wrap, figures on one line, short pagination. */
const DENSE = {
  ...FIT_WIDTH,
  enableColumnActions: false,
  displayColumnDefOptions: { 'mrt-row-actions': { header: '', size: 40 } },
  muiPaginationProps: { rowsPerPageOptions: [...PICKER_PAGE_SIZE_OPTIONS], siblingCount: 0, boundaryCount: 1 },
} satisfies Partial<MRT_TableOptions<Product>>;

export function ProductTable({
  pageSize: initialPageSize,
  onInsert,
  draggable = true,
  title,
  dense = false,
  onFirstPage,
  insertLabel = 'Insert',
  initialSearch = '',
}: {
  pageSize: number;
  /** Shown as an 'Insert' action per row when given. */
  onInsert?: (product: Product) => void;
  draggable?: boolean;
  title?: string;
  /** Narrow (beside a lines table): every column still shown. */
  dense?: boolean;
  /** Called once, when the first page of products is on screen. */
  onFirstPage?: () => void;
  /** The row action's label ('Choose' where a product is picked for something). */
  insertLabel?: string;
  /** The search the list opens with. */
  initialSearch?: string;
}) {
  const [pagination, setPagination] = useState<MRT_PaginationState>({ pageIndex: 0, pageSize: initialPageSize });
  const [sorting, setSorting] = useState<MRT_SortingState>([]);
  const [search, setSearch] = useState(initialSearch);
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

  const shown = useRef(false);
  useEffect(() => {
    if (shown.current || !data) return;
    shown.current = true;
    onFirstPage?.();
  }, [data, onFirstPage]);

  const columns = useMemo<MRT_ColumnDef<Product>[]>(
    () => [
      {
        id: 'model',
        accessorKey: 'name',
        header: 'Model',
        size: dense ? 64 : 140,
        Cell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, overflowWrap: 'anywhere', minWidth: 0 }}>
            {draggable && !dense && (
              <DragIndicatorIcon fontSize="small" sx={{ color: 'text.disabled', cursor: 'grab' }} />
            )}
            {row.original.name}
          </Box>
        ),
      },
      {
        id: 'manufacturer',
        accessorFn: (p) => p.manufacturer?.name ?? '',
        header: 'Manufacturer',
        Header: dense ? () => <BreakableHeader text="Manufacturer" /> : undefined,
        size: dense ? 72 : 140,
      },
      { accessorKey: 'description', header: 'Description', size: dense ? 120 : 260 },
      { id: 'category', accessorFn: (p) => p.category?.name ?? '', header: 'Category', size: dense ? 72 : 140 },
      {
        accessorKey: 'price',
        header: 'Price',
        size: dense ? 56 : 100,
        meta: { sensitive: 'price' },
        Cell: ({ cell }) => <MoneyCell value={cell.getValue<string>()} />,
      },
      {
        accessorKey: 'cost',
        header: 'Cost',
        size: dense ? 56 : 100,
        meta: { sensitive: 'cost' },
        Cell: ({ cell }) => <MoneyCell value={cell.getValue<string>()} />,
      },
    ],
    [draggable, dense],
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
      !onInsert ? null : dense ? (
        <Tooltip title={insertLabel}>
          <IconButton size="small" color="primary" aria-label={insertLabel} onClick={() => onInsert(row.original)}>
            <AddIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button size="small" startIcon={<AddIcon />} onClick={() => onInsert(row.original)}>
          {insertLabel}
        </Button>
      ),
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
    ...(dense ? DENSE : {}),
  });

  return <DataTable table={table} />;
}
