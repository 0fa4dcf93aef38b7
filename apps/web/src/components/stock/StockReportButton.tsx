import DownloadIcon from '@mui/icons-material/Download';
import { Button, CircularProgress } from '@mui/material';
import { REPORT_FILES, reportsApi } from '@quotewright/contracts';
import { useState } from 'react';
import { useDialog } from '../../app/providers/dialog';
import { download } from '../../lib/api';

/** The free action of both stock screens: downloads stockreport.xlsx; errors in the 'Error' dialog. */
export function StockReportButton() {
  const dialog = useDialog();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outlined"
      startIcon={busy ? <CircularProgress size={16} /> : <DownloadIcon />}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await download(reportsApi.stockReport, {}, REPORT_FILES.stock);
        } catch (err) {
          await dialog.error(err);
        } finally {
          setBusy(false);
        }
      }}
    >
      Download Report
    </Button>
  );
}
