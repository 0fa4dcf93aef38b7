// Stock by Product (docs/product/screens.md#stock-by-product): products with stock, their liability and the summed
// Total Liability.
import { Box } from '@mui/material';
import { STOCK_PAGE_SIZE, STOCK_PAGE_SIZE_OPTIONS } from '@quotewright/domain';
import type { MRT_ColumnDef } from 'material-react-table';
import { useEffect, useMemo } from 'react';
import { useHideMoney } from '../../app/discrete';
import { useDialog } from '../../app/providers/dialog';
import { DataTable, FIT_WIDTH, useDataTable } from '../../components/DataTable';
import { MoneyCell } from '../../components/MoneyCell';
import { PageHeader } from '../../components/PageHeader';
import { formatQuantity, QuantsTable } from '../../components/stock/QuantsTable';
import { StockReportButton } from '../../components/stock/StockReportButton';
import { formatMoney } from '../../lib/format';
import { type StockProduct, useStockByProduct } from './api/stock';

const right = { muiTableBodyCellProps: { align: 'right' }, muiTableHeadCellProps: { align: 'right' } } as const;

export function StockProductPage() {
  const dialog = useDialog();
  const hideMoney = useHideMoney();
  const { data, isLoading, isFetching, error } = useStockByProduct();
  useEffect(() => {
    if (error) void dialog.error(error);
  }, [error, dialog]);

  const columns = useMemo<MRT_ColumnDef<StockProduct>[]>(
    () => [
      { accessorKey: 'name', header: 'Name', size: 220 },
      { id: 'category', accessorFn: (r) => r.category.name ?? '', header: 'Category', size: 140 },
      { id: 'company', accessorFn: (r) => r.company.name ?? '', header: 'Company', size: 150 },
      {
        accessorKey: 'qty_available',
        header: 'Stock Qty',
        size: 80,
        Cell: ({ cell }) => formatQuantity(cell.getValue<number>()),
        ...right,
      },
      {
        accessorKey: 'cost',
        header: 'Unit Cost',
        size: 90,
        meta: { sensitive: 'cost' },
        Cell: ({ cell }) => <MoneyCell value={cell.getValue<number>()} />,
        ...right,
      },
      {
        accessorKey: 'liability',
        header: 'Total Liability',
        size: 100,
        meta: { sensitive: 'cost' },
        aggregationFn: 'sum',
        AggregatedCell: ({ cell }) => <MoneyCell value={Math.round(cell.getValue<number>() * 100) / 100} />,
        Cell: ({ cell }) => <MoneyCell value={cell.getValue<number>()} />,
        ...right,
      },
    ],
    [],
  );

  const table = useDataTable<StockProduct>({
    ...FIT_WIDTH,
    columns,
    data: data?.products ?? [],
    // a product stocked by two companies has a row in each (the loading skeleton's rows have no company)
    getRowId: (r) => `${r.id}:${r.company?.id ?? ''}`,
    enableGrouping: true,
    enableColumnFilters: false,
    renderDetailPanel: ({ row }) =>
      row.getIsGrouped() ? null : <QuantsTable quants={row.original.stock_quant_ids} of="product" />,
    initialState: { pagination: { pageIndex: 0, pageSize: STOCK_PAGE_SIZE }, density: 'compact' },
    state: { isLoading, showProgressBars: isFetching && !isLoading },
    muiPaginationProps: { rowsPerPageOptions: [...STOCK_PAGE_SIZE_OPTIONS] },
    renderTopToolbarCustomActions: () => <StockReportButton />,
  });

  return (
    <Box>
      <PageHeader
        title="Stock by Product"
        subtitle={
          data && !hideMoney ? (
            <span data-testid="total-liability">Total Liability: {formatMoney(data.total_liability)}</span>
          ) : undefined
        }
      />
      <DataTable table={table} />
    </Box>
  );
}
