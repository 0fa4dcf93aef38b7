import { Box, Button, CircularProgress, FormControlLabel, MenuItem, Paper, Switch, TextField } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { ENTRY_STATUS_LABELS, ENTRY_STATUSES, type EntryStatus } from '@quotewright/domain';
import type { AnalyticForm } from '../hooks/useAnalyticFilters';

const DATE_FORMAT = 'MM/dd/yyyy';

export function AnalyticFiltersBar(props: {
  form: AnalyticForm;
  set: <K extends keyof AnalyticForm>(key: K, value: AnalyticForm[K]) => void;
  onRun: () => void;
  canRun: boolean;
  loading: boolean;
}) {
  const { form, set, onRun, canRun, loading } = props;
  const picker = (key: 'startDate' | 'endDate' | 'accountingDate', label: string) => (
    <DatePicker
      label={label}
      format={DATE_FORMAT}
      value={form[key]}
      onChange={(v) => set(key, v as Date | null)}
      slotProps={{ textField: { size: 'small', sx: { width: 185 } }, field: { clearable: true } }}
    />
  );
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <FormControlLabel
          control={<Switch checked={form.filterClients} onChange={(e) => set('filterClients', e.target.checked)} />}
          label="Filter Clients"
        />
        <FormControlLabel
          control={<Switch checked={form.filterSales} onChange={(e) => set('filterSales', e.target.checked)} />}
          label="Filter Sales"
        />
        {picker('startDate', 'Start Date')}
        {picker('endDate', 'End Date')}
        <TextField
          select
          size="small"
          label="Entries"
          value={form.entryStatus}
          onChange={(e) => set('entryStatus', e.target.value as EntryStatus)}
          sx={{ width: 140 }}
        >
          {ENTRY_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {ENTRY_STATUS_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        {picker('accountingDate', 'Accounting Date')}
        <Button
          variant="contained"
          onClick={onRun}
          disabled={loading || !canRun}
          startIcon={loading ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Run Report
        </Button>
      </Box>
    </Paper>
  );
}
