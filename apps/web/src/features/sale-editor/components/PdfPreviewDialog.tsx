// `Preview PDF` (docs/product/screens.md#pdf-preview): the customer PDF in the browser's own PDF viewer, beside the
// settings that shape it — each section's presentation and the quote's validity — changed here as in the editor
// (the same edits: kept with the sale, seen by co-editors) and the preview drawn again for the new version of the
// sale. Viewers see the document and the settings, unchangeable. `Download` saves the document shown.
import CloseIcon from '@mui/icons-material/Close';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { exportsApi } from '@quotewright/contracts';
import {
  PRESENTATION_LABELS,
  QUOTE_VALIDITY_MAX_DAYS,
  SECTION_PRESENTATIONS,
  type SectionPresentation,
  sanitizeFileName,
} from '@quotewright/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { errorMessage, fetchFile } from '../../../lib/api';
import { useDocumentSettings } from '../../../lib/documentSettings';
import { saveBlob } from '../../../lib/download';
import { useUpdateSaleHeader, useUpdateSection } from '../api/mutations';
import type { Sale } from '../api/types';

/** The PDF of the sale at its version, as an object URL (revoked when another replaces it or the dialog closes). */
function usePdf(sale: Sale, open: boolean) {
  const fileName = `${sanitizeFileName(`${sale.name}_${sale.quote_number}`, 'sale')}.pdf`;
  const query = useQuery({
    queryKey: ['sale', sale._id, 'pdf', sale.version],
    queryFn: ({ signal }) => fetchFile(exportsApi.pdf, { params: { id: sale._id } }, fileName, { signal }),
    enabled: open,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const [url, setUrl] = useState<string | null>(null);
  const blob = query.data?.blob;
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return { ...query, url };
}

function ValidityField({ sale, disabled }: { sale: Sale; disabled: boolean }) {
  const header = useUpdateSaleHeader(sale._id);
  const settings = useDocumentSettings();
  const fallback = settings.data?.quote_validity_days;
  const saved = sale.validity_days ?? null;
  const [text, setText] = useState(saved === null ? '' : String(saved));
  useEffect(() => setText(saved === null ? '' : String(saved)), [saved]);
  const days = text.trim() === '' ? null : Number(text);
  const invalid = days !== null && (!Number.isInteger(days) || days < 0 || days > QUOTE_VALIDITY_MAX_DAYS);
  const commit = () => {
    if (invalid || days === saved) return;
    header.mutate({ validity_days: days });
  };
  return (
    <TextField
      label="Validity (days)"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      disabled={disabled}
      size="small"
      inputMode="numeric"
      error={invalid}
      helperText={
        invalid
          ? `Enter a whole number of days from 0 to ${QUOTE_VALIDITY_MAX_DAYS}`
          : fallback !== undefined
            ? `Empty: the default, ${fallback} days`
            : ' '
      }
      // The default is read also while the field cannot be changed: not greyed out (contrast, WCAG 1.4.3).
      slotProps={{
        htmlInput: { 'data-testid': 'preview-validity' },
        formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
      }}
    />
  );
}

function SectionPresentations({ sale, disabled }: { sale: Sale; disabled: boolean }) {
  const update = useUpdateSection(sale._id);
  if (sale.sections.length === 0)
    return <Typography color="text.secondary">This quote has no sections yet.</Typography>;
  return (
    <Stack spacing={1.5}>
      {sale.sections.map((s) => (
        <TextField
          key={s._id}
          select
          size="small"
          label={s.name || 'Untitled section'}
          value={s.presentation}
          disabled={disabled}
          onChange={(e) => update.mutate({ sectionId: s._id, presentation: e.target.value as SectionPresentation })}
        >
          {SECTION_PRESENTATIONS.map((p) => (
            <MenuItem key={p} value={p}>
              {PRESENTATION_LABELS[p]}
            </MenuItem>
          ))}
        </TextField>
      ))}
    </Stack>
  );
}

export function PdfPreviewDialog({
  sale,
  open,
  onClose,
  canEdit,
}: {
  sale: Sale;
  open: boolean;
  onClose: () => void;
  canEdit: boolean;
}) {
  const titleId = useId();
  const pdf = usePdf(sale, open);
  // Settings change only a quote that can still change (draft or sent) and only for people with edit rights.
  const disabled = !canEdit;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xl" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        Preview PDF — {sale.quote_number}
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', gap: 2, height: '80vh', p: 2 }}>
        <Stack spacing={2} sx={{ width: 280, flexShrink: 0, overflowY: 'auto', pt: 1 }} data-testid="preview-settings">
          <ValidityField sale={sale} disabled={disabled} />
          <Typography variant="subtitle2">Sections</Typography>
          <SectionPresentations sale={sale} disabled={disabled} />
          {disabled && (
            <Typography variant="body2" color="text.secondary">
              Only people who may edit this quote change how it prints.
            </Typography>
          )}
        </Stack>
        <Box sx={{ flexGrow: 1, position: 'relative', minWidth: 0 }}>
          {pdf.error ? (
            <Alert severity="error">Could not draw the PDF: {errorMessage(pdf.error)}</Alert>
          ) : pdf.url ? (
            <Box
              component="iframe"
              title={`PDF of ${sale.quote_number}`}
              src={pdf.url}
              data-testid="pdf-preview"
              data-version={pdf.isPlaceholderData ? undefined : sale.version}
              sx={{ width: '100%', height: '100%', border: 0, bgcolor: 'grey.100' }}
            />
          ) : null}
          {pdf.isFetching && (
            <Box
              component="output"
              aria-label="Drawing the PDF"
              sx={{
                position: 'absolute',
                inset: 0,
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'rgba(0,0,0,0.08)',
              }}
            >
              <CircularProgress />
            </Box>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button
          variant="contained"
          startIcon={<FileDownloadIcon />}
          disabled={!pdf.data || pdf.isFetching}
          onClick={() => pdf.data && saveBlob(pdf.data.blob, pdf.data.name)}
        >
          Download
        </Button>
      </DialogActions>
    </Dialog>
  );
}
