import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import ErrorIcon from '@mui/icons-material/Error';
import { Box, Button, CircularProgress, LinearProgress, Link, Stack, Tooltip, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useDialog } from '../../../app/providers/dialog';
import { formatDateTime } from '../../../lib/format';
import { type FetchKind, useFetchRun, useStartFetch } from '../api/fetches';

const LABELS: Record<FetchKind, string> = { products: 'Products', sales: 'Sales', contacts: 'Contacts' };

/** One ERP fetch: idle → loading (with the job's progress) → success or error; errors open the 'Error' dialog. */
export function FetchButton({ kind }: { kind: FetchKind }) {
  const dialog = useDialog();
  const { data: run, isPending } = useFetchRun(kind);
  const start = useStartFetch(kind);
  const label = LABELS[kind];
  const state = start.isPending ? 'loading' : (run?.state ?? 'idle');

  // A run that fails while this screen watches it opens the error dialog once.
  const watched = useRef<string | null>(null);
  useEffect(() => {
    if (!run) return;
    if (run.state === 'loading') watched.current = run.id;
    else if (watched.current === run.id) {
      watched.current = null;
      if (run.state === 'error') void dialog.error(`${label} fetch failed: ${run.error ?? 'unknown error'}`);
    }
  }, [run, dialog, label]);

  const onClick = () =>
    start.mutate(undefined, {
      onSuccess: (r) => {
        watched.current = r.id;
      },
      onError: (e) => void dialog.error(e),
    });

  const icon =
    state === 'loading' ? (
      <CircularProgress size={18} color="inherit" />
    ) : state === 'success' ? (
      <CheckCircleIcon />
    ) : state === 'error' ? (
      <ErrorIcon />
    ) : (
      <CloudDownloadIcon />
    );
  const color = state === 'success' ? 'success' : state === 'error' ? 'error' : 'primary';

  return (
    <Stack spacing={1} sx={{ minWidth: 220, flex: 1 }} data-testid={`fetch-${kind}`} data-state={state}>
      <Button
        variant="contained"
        color={color}
        startIcon={icon}
        onClick={onClick}
        disabled={state === 'loading' || isPending}
        aria-label={`Fetch ${label}`}
      >
        {label}
      </Button>
      {state === 'loading' && (
        <Box>
          <LinearProgress
            variant={run?.total ? 'determinate' : 'indeterminate'}
            value={run?.progress ?? 0}
            aria-label={`${label} fetch progress`}
          />
          <Typography variant="caption" color="text.secondary">
            {run?.message ?? 'Starting…'} {run?.total ? `(${run.progress}%)` : ''}
          </Typography>
        </Box>
      )}
      {state === 'success' && run && (
        <Typography variant="caption" color="text.secondary">
          {run.message} — {formatDateTime(run.finishedAt)}
        </Typography>
      )}
      {state === 'error' && run && (
        <Tooltip title="Show the error">
          <Link
            component="button"
            type="button"
            variant="caption"
            color="error"
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => void dialog.error(run.error ?? 'Unknown error')}
          >
            Failed {formatDateTime(run.finishedAt)} — details
          </Link>
        </Tooltip>
      )}
      {state === 'idle' && !isPending && (
        <Typography variant="caption" color="text.secondary">
          Never fetched
        </Typography>
      )}
    </Stack>
  );
}
