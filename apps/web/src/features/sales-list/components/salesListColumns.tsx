// The sales list's columns (docs/product/screens.md#sales-list) and how the table sorts and groups by them.
import { Chip } from '@mui/material';
import { SALES_LIST_GROUPS, type SalesListGroup, saleDisplayName } from '@quotewright/domain';
import type { MRT_ColumnDef } from 'material-react-table';
import { stateChipColor } from '../../../lib/saleState';
import type { SalesSort } from '../api/sales';
import { type ListRow, saleOf } from '../hooks/useSalesListRows';
import { SaleName } from './SaleName';
import { SaleTotal } from './SaleTotal';

/** Table column id → the server's sort key. */
export const SORT_OF: Record<string, SalesSort> = {
  order_number: 'quote_number',
  name: 'name',
  customer: 'customer',
  salesperson: 'salesperson',
  total_price: 'total_price',
  state: 'state',
};
export const COLUMN_OF: Partial<Record<SalesSort, string>> = Object.fromEntries(
  Object.entries(SORT_OF).map(([column, sort]) => [sort, column]),
);
/** The columns the server groups by have the same ids as its grouping keys. */
export const isGroupColumn = (id: string | undefined): id is SalesListGroup =>
  (SALES_LIST_GROUPS as readonly string[]).includes(id ?? '');

export const SALES_LIST_COLUMNS: MRT_ColumnDef<ListRow>[] = [
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
      return sale ? <SaleTotal sale={sale} /> : null;
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
];
