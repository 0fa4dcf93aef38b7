// Stock by Location (docs/product/screens.md#stock-by-location): a grouped table of internal locations, a row detail of
// quants.
import { Box } from '@mui/material';
import { STOCK_PAGE_SIZE, STOCK_PAGE_SIZE_OPTIONS } from '@quotewright/domain';
import type { MRT_ColumnDef, MRT_ExpandedState } from 'material-react-table';
import { useEffect, useMemo, useState } from 'react';
import { useDialog } from '../../app/providers/dialog';
import { DataTable, useDataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { formatQuantity, QuantsTable } from '../../components/stock/QuantsTable';
import { StockReportButton } from '../../components/stock/StockReportButton';
import { type StockLocation, useStockByLocation } from './api/stock';

export function StockLocationPage() {
  const dialog = useDialog();
  const { data, isLoading, isFetching, error } = useStockByLocation();
  useEffect(() => {
    if (error) void dialog.error(error);
  }, [error, dialog]);
  // The company groups open, the locations' details closed (expanding everything would open every detail panel).
  const [expanded, setExpanded] = useState<MRT_ExpandedState>({});
  useEffect(() => {
    if (data) setExpanded(Object.fromEntries(data.map((l) => [`company:${l.company_id?.name ?? ''}`, true])));
  }, [data]);

  const columns = useMemo<MRT_ColumnDef<StockLocation>[]>(
    () => [
      { accessorKey: 'name', header: 'Name', size: 180 },
      { accessorKey: 'complete_name', header: 'Full Name', size: 280 },
      { accessorKey: 'usage', header: 'Type', size: 120 },
      { id: 'company', accessorFn: (r) => r.company_id?.name ?? '', header: 'Company', size: 240 },
      {
        accessorKey: 'stock_qty',
        header: 'Stock Qty',
        size: 130,
        aggregationFn: 'sum',
        AggregatedCell: ({ cell }) => <strong>{formatQuantity(cell.getValue<number>())}</strong>,
        Cell: ({ cell }) => formatQuantity(cell.getValue<number>()),
        muiTableBodyCellProps: { align: 'right' },
        muiTableHeadCellProps: { align: 'right' },
      },
    ],
    [],
  );

  const table = useDataTable<StockLocation>({
    columns,
    data: data ?? [],
    getRowId: (r) => String(r.id),
    enableGrouping: true,
    enableColumnFilters: false,
    renderDetailPanel: ({ row }) =>
      row.getIsGrouped() ? null : <QuantsTable quants={row.original.quant_ids} of="location" />,
    initialState: {
      pagination: { pageIndex: 0, pageSize: STOCK_PAGE_SIZE },
      grouping: ['company'],
      density: 'compact',
    },
    state: { isLoading, showProgressBars: isFetching && !isLoading, expanded },
    onExpandedChange: setExpanded,
    muiPaginationProps: { rowsPerPageOptions: [...STOCK_PAGE_SIZE_OPTIONS] },
    renderTopToolbarCustomActions: () => <StockReportButton />,
  });

  return (
    <Box>
      <PageHeader title="Stock by Location" />
      <DataTable table={table} />
    </Box>
  );
}
