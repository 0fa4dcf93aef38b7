// Journal items export (docs/product/screens.md#journal-items): Start Date, End Date, Company, Run Report (with a
// spinner) → journalitems.xlsx. The server streams the file from the ERP page by page.
import { Box, Button, CircularProgress, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { format, startOfYear } from 'date-fns';
import { useEffect, useState } from 'react';
import { useDialog } from '../../app/providers/dialog';
import { useSnackbar } from '../../app/providers/snackbar';
import { PageHeader } from '../../components/PageHeader';
import { DEFAULT_COMPANIES, DEFAULT_COMPANY_ID, downloadJournalItems, useCompanies } from './api/journalItems';

const day = (d: Date | null) => (d && !Number.isNaN(d.getTime()) ? format(d, 'yyyy-MM-dd') : null);

export function JournalItemsPage() {
  const dialog = useDialog();
  const snackbar = useSnackbar();
  const companies = useCompanies();
  const [startDate, setStartDate] = useState<Date | null>(() => startOfYear(new Date()));
  const [endDate, setEndDate] = useState<Date | null>(() => new Date());
  const [companyId, setCompanyId] = useState(DEFAULT_COMPANY_ID);
  const [running, setRunning] = useState(false);
  const [received, setReceived] = useState<number | null>(null);

  // A failed call shows the server's answer in the 'Error' dialog; the select keeps the fallback companies 1 and 4.
  const companiesError = companies.error;
  useEffect(() => {
    if (companiesError) void dialog.error(companiesError);
  }, [companiesError, dialog]);
  const options = companies.data?.length ? companies.data : DEFAULT_COMPANIES;
  const start = day(startDate);
  const end = day(endDate);
  const invalid = !start || !end || start > end;

  const run = async () => {
    if (running || invalid) return;
    setRunning(true);
    setReceived(0);
    try {
      const name = await downloadJournalItems(start, end, companyId, setReceived);
      snackbar.show(`Downloaded ${name}`, 'success');
    } catch (err) {
      await dialog.error(err);
    } finally {
      setRunning(false);
      setReceived(null);
    }
  };

  return (
    <Box>
      <PageHeader
        title="Journal Items"
        subtitle="Posted journal items of a company between two dates, as a spreadsheet"
      />
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 760 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <DatePicker
            label="Start Date"
            format="MM/dd/yyyy"
            value={startDate}
            onChange={(v) => setStartDate(v as Date | null)}
            slotProps={{ textField: { size: 'small', sx: { width: 185 } } }}
          />
          <DatePicker
            label="End Date"
            format="MM/dd/yyyy"
            value={endDate}
            onChange={(v) => setEndDate(v as Date | null)}
            slotProps={{
              textField: {
                size: 'small',
                sx: { width: 185 },
                error: !!start && !!end && start > end,
                helperText: start && end && start > end ? 'After the start date' : undefined,
              },
            }}
          />
          <TextField
            select
            size="small"
            label="Company"
            value={options.some((c) => c.id === companyId) ? companyId : ''}
            onChange={(e) => setCompanyId(Number(e.target.value))}
            helperText={companiesError ? 'Company names unavailable: the ERP did not answer' : undefined}
            sx={{ minWidth: 260 }}
          >
            {options.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            onClick={run}
            disabled={running || invalid}
            startIcon={running ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Run Report
          </Button>
        </Box>
        {running && received !== null && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} component="output" display="block">
            {received === 0
              ? 'Preparing journalitems.xlsx… the ERP is read page by page.'
              : `Receiving journalitems.xlsx… ${(received / (1024 * 1024)).toFixed(1)} MB`}
          </Typography>
        )}
      </Paper>
    </Box>
  );
}
