import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { type ChangeEvent, useId, useState } from 'react';
import { ApiError } from '../../../lib/api';

export const INVALID_JSON = 'Invalid JSON';

/** Parses the pasted text; text that does not parse is 'Invalid JSON' (docs/product/screens.md#sales-list). */
export function parseUpload(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** The upload dialog for importing a quote as JSON text (docs/product/screens.md#sales-list). */
export function ImportQuoteDialog({
  open,
  onClose,
  onImport,
}: {
  open: boolean;
  onClose: () => void;
  /**
   * Imports the text (already known to parse). Resolves when the import succeeded. A rejection with field errors is
   * shown here, field by field; any other rejection is reported by the caller.
   */
  onImport: (text: string) => Promise<void>;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<[string, string][]>([]);
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  const clearErrors = () => {
    setError(null);
    setFields([]);
  };
  const reset = () => {
    setText('');
    clearErrors();
    setBusy(false);
  };

  const readFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setText(await file.text());
    clearErrors();
  };

  const submit = async () => {
    clearErrors();
    if (!parseUpload(text).ok) {
      setError(INVALID_JSON);
      return;
    }
    setBusy(true);
    try {
      await onImport(text);
      reset();
    } catch (err) {
      // never an uncaught rejection: the server's field messages say what the document lacks
      if (err instanceof ApiError && err.hasFieldErrors) {
        setError(err.message);
        setFields(Object.entries(err.errors));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) {
          reset();
          onClose();
        }
      }}
      maxWidth="md"
      fullWidth
      aria-labelledby="import-quote-title"
    >
      <DialogTitle id="import-quote-title">Import Quote</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && (
            <Alert severity="error" data-testid="upload-error">
              {error}
              {fields.length > 0 && (
                <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }} data-testid="upload-field-errors">
                  {fields.map(([field, message]) => (
                    <li key={field}>{field === '_' ? message : `${field}: ${message}`}</li>
                  ))}
                </Box>
              )}
            </Alert>
          )}
          <TextField
            label="Quote JSON"
            multiline
            minRows={10}
            maxRows={20}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              clearErrors();
            }}
            placeholder="Paste an exported quote (.json) here, or choose a file"
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
          />
          <div>
            <input
              id={inputId}
              type="file"
              accept="application/json,.json"
              hidden
              onChange={readFile}
              data-testid="upload-file"
            />
            <Button component="label" htmlFor={inputId} startIcon={<UploadFileIcon />} variant="outlined">
              Choose file
            </Button>
          </div>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => {
            reset();
            onClose();
          }}
          disabled={busy}
        >
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          Import
        </Button>
      </DialogActions>
    </Dialog>
  );
}
