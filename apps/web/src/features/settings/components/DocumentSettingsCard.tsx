// Settings → Customer documents (decision 0031): "Quote validity (days)", the days a quotation is valid unless the
// sale says otherwise (its expiry = its date + these days; a publish sends it to the ERP as validity_date).
import { Button, Card, CardActions, CardContent, CardHeader, TextField } from '@mui/material';
import { QUOTE_VALIDITY_MAX_DAYS } from '@quotewright/domain';
import { useEffect, useState } from 'react';
import { useSnackbar } from '../../../app/providers/snackbar';
import { ApiError, errorMessage } from '../../../lib/api';
import { useDocumentSettings, useSaveDocumentSettings } from '../api/documentSettings';

export function DocumentSettingsCard() {
  const query = useDocumentSettings();
  const save = useSaveDocumentSettings();
  const snackbar = useSnackbar();
  const [days, setDays] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (query.data && days === null) setDays(String(query.data.quote_validity_days));
  }, [query.data, days]);

  const submit = async () => {
    const text = (days ?? '').trim();
    const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(n) || n > QUOTE_VALIDITY_MAX_DAYS) {
      setError(`Enter whole days, 0 to ${QUOTE_VALIDITY_MAX_DAYS}`);
      return;
    }
    setError(null);
    try {
      const saved = await save.mutateAsync({ quote_validity_days: n });
      setDays(String(saved.quote_validity_days));
      snackbar.show('Document settings saved', 'success');
    } catch (err) {
      if (err instanceof ApiError && err.hasFieldErrors)
        setError(err.errors.quote_validity_days ?? Object.values(err.errors)[0] ?? errorMessage(err));
      else snackbar.showError(err);
    }
  };

  return (
    <Card variant="outlined" sx={{ mt: 3 }} data-testid="document-settings">
      <CardHeader
        title="Customer documents"
        subheader="A quotation is valid for these days from its date, unless the sale sets its own validity."
      />
      <CardContent>
        <TextField
          label="Quote validity (days)"
          size="small"
          value={days ?? ''}
          disabled={query.isLoading}
          error={error !== null}
          helperText={error ?? 'Sent to the ERP as the quotation’s expiration date when it is published or synced'}
          onChange={(e) => setDays(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void submit();
          }}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </CardContent>
      <CardActions>
        <Button variant="contained" onClick={() => void submit()} disabled={save.isPending || days === null}>
          Save
        </Button>
      </CardActions>
    </Card>
  );
}
