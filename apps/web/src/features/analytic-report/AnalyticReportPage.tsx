// Analytic account summary (docs/product/screens.md#analytic-account-summary).
import { Alert, Box } from '@mui/material';
import { STOCK_PAGE_SIZE, STOCK_PAGE_SIZE_OPTIONS } from '@quotewright/domain';
import type { MRT_ColumnDef } from 'material-react-table';
import { useEffect, useMemo } from 'react';
import { useHideMoney } from '../../app/discrete';
import { useDialog } from '../../app/providers/dialog';
import { DataTable, FIT_WIDTH, useDataTable } from '../../components/DataTable';
import { MoneyCell } from '../../components/MoneyCell';
import { PageHeader } from '../../components/PageHeader';
import { formatDate, formatPercent } from '../../lib/format';
import { type AnalyticAccount, useAnalyticReport } from './api/analytic';
import { AnalyticFiltersBar } from './components/AnalyticFiltersBar';
import { MarginChart } from './components/MarginChart';
import { SaleOrdersTable } from './components/SaleOrdersTable';
import { useAnalyticFilters } from './hooks/useAnalyticFilters';

const money = (
  id: string,
  header: string,
  get: (r: AnalyticAccount) => number,
  sensitive: 'price' | 'cost' | 'margin',
): MRT_ColumnDef<AnalyticAccount> => ({
  id,
  header,
  accessorFn: get,
  size: 100,
  meta: { sensitive },
  Cell: ({ cell }) => <MoneyCell value={cell.getValue<number>()} />,
  muiTableBodyCellProps: { align: 'right' },
  muiTableHeadCellProps: { align: 'right' },
});
const percent = (id: string, header: string, get: (r: AnalyticAccount) => number): MRT_ColumnDef<AnalyticAccount> => ({
  id,
  header,
  accessorFn: get,
  size: 90,
  meta: { sensitive: 'margin' },
  Cell: ({ cell }) => formatPercent(cell.getValue<number>()),
  muiTableBodyCellProps: { align: 'right' },
  muiTableHeadCellProps: { align: 'right' },
});

export const ANALYTIC_HIDDEN_COLUMNS = {
  reference: false,
  expected_margin_percent: false,
  current_margin: false,
  current_margin_percent: false,
};

export function AnalyticReportPage() {
  const dialog = useDialog();
  const hideMoney = useHideMoney();
  const { form, set, run, runReport, canRun, refilter } = useAnalyticFilters();
  const { data, isFetching, error } = useAnalyticReport(run);
  const rows = useMemo(() => (run && data ? refilter(data) : []), [run, data, refilter]);

  useEffect(() => {
    if (error) void dialog.error(error);
  }, [error, dialog]);

  const columns = useMemo<MRT_ColumnDef<AnalyticAccount>[]>(
    () => [
      { accessorKey: 'name', header: 'Analytic Account', size: 120 },
      { id: 'reference', accessorFn: (r) => r.reference ?? '', header: 'Reference', size: 100 },
      { id: 'customer', accessorFn: (r) => r.customer?.name ?? '', header: 'Client', size: 110 },
      { accessorKey: 'project_type', header: 'Project Type', size: 100 },
      {
        id: 'date_completed',
        accessorFn: (r) => r.date_completed ?? '',
        header: 'Date Completed',
        size: 100,
        Cell: ({ row }) => (row.original.date_completed ? formatDate(row.original.date_completed) : ''),
      },
      money('sales_total', 'Sales Total (Untaxed)', (r) => r.totals.sales_total, 'price'),
      money('expected_margin', 'Expected Margin', (r) => r.totals.expected_margin, 'margin'),
      percent('expected_margin_percent', 'Expected Margin %', (r) => r.totals.expected_margin_percent),
      money('expected_total_costs', 'Expected Total Costs', (r) => r.totals.expected_total_costs, 'cost'),
      money('current_costs', 'Current Costs to Date', (r) => r.totals.current_costs, 'cost'),
      money('current_invoiced', 'Current Invoiced (Untaxed)', (r) => r.totals.current_invoiced, 'price'),
      money('current_margin', 'Current Margin', (r) => r.totals.current_margin, 'margin'),
      percent('current_margin_percent', 'Current Margin %', (r) => r.totals.current_margin_percent),
    ],
    [],
  );

  const table = useDataTable<AnalyticAccount>({
    ...FIT_WIDTH,
    columns,
    data: rows,
    getRowId: (r) => String(r.id),
    enableGrouping: true,
    enableColumnFilters: false,
    enableExpanding: false,
    renderDetailPanel: ({ row }) => <SaleOrdersTable sales={row.original.sales} />,
    initialState: {
      pagination: { pageIndex: 0, pageSize: STOCK_PAGE_SIZE },
      sorting: [{ id: 'customer', desc: false }],
      columnVisibility: ANALYTIC_HIDDEN_COLUMNS,
      density: 'compact',
    },
    state: { isLoading: isFetching, showProgressBars: isFetching },
    muiPaginationProps: { rowsPerPageOptions: [...STOCK_PAGE_SIZE_OPTIONS] },
    muiTableBodyRowProps: { 'data-testid': 'analytic-row' } as object,
  });

  return (
    <Box>
      <PageHeader title="Analytic Account Summary" />
      <AnalyticFiltersBar form={form} set={set} onRun={runReport} canRun={canRun} loading={isFetching} />
      {!run && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Not loaded: choose the entries and the accounting date, then Run Report.
        </Alert>
      )}
      {run && data && !hideMoney && <MarginChart rows={rows} />}
      <DataTable table={table} />
    </Box>
  );
}
