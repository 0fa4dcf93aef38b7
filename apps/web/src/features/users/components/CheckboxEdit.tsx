import { Checkbox } from '@mui/material';
import type { MRT_Cell, MRT_Column, MRT_Row, MRT_RowData, MRT_TableInstance } from 'material-react-table';
import { useState } from 'react';

/** A boolean cell editor for material-react-table's row editing: writes into the row's value cache like MRT's own. */
export function CheckboxEdit<T extends MRT_RowData>({
  cell,
  column,
  row,
  table,
  label,
}: {
  cell: MRT_Cell<T>;
  column: MRT_Column<T>;
  row: MRT_Row<T>;
  table: MRT_TableInstance<T>;
  label: string;
}) {
  const [checked, setChecked] = useState(() => cell.getValue() === true);
  return (
    <Checkbox
      checked={checked}
      onChange={(e) => {
        setChecked(e.target.checked);
        (row._valuesCache as Record<string, unknown>)[column.id] = e.target.checked;
        const { creatingRow, editingRow } = table.getState();
        if (creatingRow?.id === row.id) table.setCreatingRow(row);
        else if (editingRow?.id === row.id) table.setEditingRow(row);
      }}
      slotProps={{ input: { 'aria-label': label } }}
    />
  );
}
