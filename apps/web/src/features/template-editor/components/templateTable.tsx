// What the template editor's two tables (sections, and each section's lines) have in common
// (docs/product/screens.md#template-editor): every row at once in the template's order (no paging, sorting or
// filtering), rows reordered by dragging when the template is editable, and an `Export` of the table as CSV.
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Button } from '@mui/material';
import type { MRT_RowData, MRT_TableOptions } from 'material-react-table';

/** The tables' options; `reorder` is told where a dragged row was let go (from and to, as indexes). */
export function templateTableOptions<T extends MRT_RowData>(
  editable: boolean,
  reorder: (from: number, to: number) => void,
): Partial<MRT_TableOptions<T>> {
  return {
    enablePagination: false,
    enableSorting: false,
    enableColumnActions: false,
    enableGlobalFilter: false,
    enableColumnFilters: false,
    enableBottomToolbar: false,
    enableRowOrdering: editable,
    muiRowDragHandleProps: ({ table }) => ({
      onDragEnd: () => {
        const { draggingRow, hoveredRow } = table.getState();
        if (draggingRow && hoveredRow && hoveredRow.index !== undefined && hoveredRow.index !== draggingRow.index)
          reorder(draggingRow.index, hoveredRow.index);
      },
    }),
  };
}

export function ExportButton({ onClick }: { onClick: () => void }) {
  return (
    <Button size="small" startIcon={<FileDownloadIcon />} onClick={onClick}>
      Export
    </Button>
  );
}
