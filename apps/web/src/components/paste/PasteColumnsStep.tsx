// The Paste lines dialog's first step (docs/product/screens.md#paste-lines): the rows (pasted already when the dialog
// opened on a Ctrl+V), their number format, whether the first row is a header, and each column's meaning; then
// 'Match products' asks the catalog for every row.
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  DialogActions,
  DialogContent,
  FormControlLabel,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { PasteColumnsPreview, PREVIEW_ROWS } from './PasteColumnsPreview';
import { NUMBER_FORMATS, type NumberFormat, type PasteTable } from './usePasteTable';

const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;

export function PasteColumnsStep({
  table,
  matching,
  error,
  onMatch,
  onCancel,
}: {
  table: PasteTable;
  matching: boolean;
  /** Why the last matching failed. */
  error: string | undefined;
  onMatch: () => void;
  onCancel: () => void;
}) {
  const rows = table.rows.length;
  const flagged = table.rows.filter((r) => Object.keys(r.errors).length > 0).length;
  return (
    <>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <TextField
          label="Rows from a spreadsheet"
          placeholder="Copy rows in Excel, LibreOffice or Google Sheets (or CSV text) and paste them here"
          multiline
          minRows={3}
          maxRows={8}
          fullWidth
          autoFocus={table.text === ''}
          value={table.text}
          onChange={(e) => table.setText(e.target.value)}
          slotProps={{ htmlInput: { spellCheck: false, sx: { fontFamily: 'monospace', fontSize: 13 } } }}
        />
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label="Number format"
            value={table.format}
            onChange={(e) => table.setFormat(e.target.value as NumberFormat)}
            sx={{ minWidth: 160 }}
          >
            {Object.entries(NUMBER_FORMATS).map(([id, f]) => (
              <MenuItem key={id} value={id}>
                {f.label}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Checkbox
                checked={table.mapping.header}
                disabled={table.table.length === 0}
                onChange={(e) => table.setHeader(e.target.checked)}
              />
            }
            label="First row is a header"
          />
          <Typography variant="body2" color="text.secondary" data-testid="paste-row-count">
            {rows > 0 ? plural(rows, 'row') : ''}
            {rows > PREVIEW_ROWS ? ` (the first ${PREVIEW_ROWS} shown)` : ''}
            {flagged > 0 ? ` · ${plural(flagged, 'row')} with a number that cannot be read` : ''}
          </Typography>
        </Box>
        {table.table.length > 0 && <PasteColumnsPreview table={table} />}
        {table.problem && table.text.trim() !== '' && (
          <Alert severity="info" data-testid="paste-problem">
            {table.problem}
          </Alert>
        )}
        {error && <Alert severity="error">{error}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button
          variant="contained"
          onClick={onMatch}
          disabled={table.problem !== undefined || matching}
          startIcon={matching ? <CircularProgress size={16} /> : undefined}
        >
          {matching ? 'Matching…' : 'Match products'}
        </Button>
      </DialogActions>
    </>
  );
}
