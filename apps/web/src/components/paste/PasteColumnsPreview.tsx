// The pasted table's first rows under the column each is taken as (a select per column, 'Ignore' among them): a number
// that cannot be read in the chosen format is shown in red with the reason.
import { Box, MenuItem, TextField, Typography } from '@mui/material';
import { PASTE_COLUMNS, type PasteColumn, type PastedRow } from '@quotewright/domain';
import { COLUMN_LABELS, type PasteTable } from './usePasteTable';

/** Rows shown under the column selects. */
export const PREVIEW_ROWS = 5;

const isNumberColumn = (c: PasteColumn): c is 'quantity' | 'price' | 'cost' =>
  c === 'quantity' || c === 'price' || c === 'cost';

/** The reason a preview cell is flagged, if it is. */
function flagOf(row: PastedRow | undefined, column: PasteColumn): string | undefined {
  return row && isNumberColumn(column) ? row.errors[column] : undefined;
}

export function PasteColumnsPreview({ table }: { table: PasteTable }) {
  const { mapping, rows } = table;
  const width = mapping.columns.length;
  const header = mapping.header ? table.table[0] : undefined;
  const body = (mapping.header ? table.table.slice(1) : table.table).slice(0, PREVIEW_ROWS);
  const columnName = (i: number) => `Column ${i + 1}${header?.[i] ? ` (${header[i]})` : ''}`;
  return (
    <Box sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Box
        component="table"
        sx={{ borderCollapse: 'collapse', minWidth: '100%', '& td, & th': { px: 1, py: 0.5, verticalAlign: 'top' } }}
        aria-label="Pasted columns"
      >
        <thead>
          <tr>
            {mapping.columns.map((column, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns of the pasted table, by position
              <Box component="th" key={i} sx={{ minWidth: 150, textAlign: 'left' }}>
                <TextField
                  select
                  size="small"
                  fullWidth
                  label={columnName(i)}
                  value={column}
                  onChange={(e) => table.setColumn(i, e.target.value as PasteColumn)}
                >
                  {PASTE_COLUMNS.map((c) => (
                    <MenuItem key={c} value={c}>
                      {COLUMN_LABELS[c]}
                    </MenuItem>
                  ))}
                </TextField>
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {body.map((cells, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the pasted rows, by position
            <tr key={r}>
              {Array.from({ length: width }, (_, i) => {
                const flag = flagOf(rows[r], mapping.columns[i] ?? 'ignore');
                return (
                  <Box
                    component="td"
                    // biome-ignore lint/suspicious/noArrayIndexKey: the row's cells, by position
                    key={i}
                    sx={{ color: mapping.columns[i] === 'ignore' ? 'text.disabled' : undefined }}
                  >
                    <Box
                      component="span"
                      sx={flag ? { color: 'error.main', fontWeight: 600 } : undefined}
                      data-flagged={flag ? 'true' : undefined}
                    >
                      {cells[i]}
                    </Box>
                    {flag && (
                      <Typography variant="caption" color="error" display="block">
                        {flag}
                      </Typography>
                    )}
                  </Box>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
