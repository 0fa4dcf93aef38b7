// The shared table: material-react-table with the app's defaults. Discrete mode is applied here, so a screen only
// marks its money columns (`meta: { sensitive: 'price' }`) and never hides them itself.
import {
  MaterialReactTable,
  type MRT_ColumnDef,
  type MRT_RowData,
  type MRT_TableOptions,
  useMaterialReactTable,
} from 'material-react-table';
import { useDiscreteColumns } from '../app/discrete';

export type DataTableOptions<T extends MRT_RowData> = MRT_TableOptions<T>;

/** Table options with the app defaults and the discrete-mode column filter applied. */
export function useDataTable<T extends MRT_RowData>(options: MRT_TableOptions<T>) {
  const columns = useDiscreteColumns(options.columns as MRT_ColumnDef<T>[]);
  // While a table loads, MRT draws its sort labels (role=button) with an empty aria-label: no sorting until rows are
  // there, so no nameless button is ever on screen (axe: aria-command-name).
  const loading = Boolean(options.state?.isLoading || options.state?.showSkeletons);
  return useMaterialReactTable<T>({
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    positionActionsColumn: 'last',
    paginationDisplayMode: 'pages',
    muiTablePaperProps: { variant: 'outlined', elevation: 0 },
    ...options,
    enableSorting: loading ? false : options.enableSorting,
    columns,
  });
}

/**
 * Options for a table that fits its screen's width (every column in view at 1440 px, no sideways scrolling):
 * headers wrap between their words, texts wrap (compact density would keep them on one line), figures stay whole
 * (MoneyCell never wraps; a number has no break point), cells are padded less, and columns are grouped from their
 * menu (a grab handle per header would take room). A column's `size` is its least width.
 */
export const FIT_WIDTH = {
  enableColumnDragging: false,
  displayColumnDefOptions: { 'mrt-row-expand': { size: 40 } },
  muiTableHeadCellProps: {
    sx: { px: '4px', '& .Mui-TableHeadCell-Content-Wrapper': { whiteSpace: 'normal' } },
  },
  muiTableBodyCellProps: { sx: { px: '6px', whiteSpace: 'normal' } },
} as const;

export { MaterialReactTable as DataTable };
