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
  return useMaterialReactTable<T>({
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    positionActionsColumn: 'last',
    paginationDisplayMode: 'pages',
    muiTablePaperProps: { variant: 'outlined', elevation: 0 },
    ...options,
    columns,
  });
}

export { MaterialReactTable as DataTable };
