// The reference of a failed call (the server's request id, README "Operations"): small text under the message of an
// error dialog or snackbar, the id selected whole by one click, for a person to quote to whoever reads the logs.
import { Typography } from '@mui/material';

export function ErrorReference({ id }: { id: string }) {
  return (
    <Typography variant="caption" component="p" sx={{ mt: 1, opacity: 0.8 }} data-testid="error-reference">
      Reference:{' '}
      <Typography component="span" variant="inherit" sx={{ userSelect: 'all', fontFamily: 'monospace' }}>
        {id}
      </Typography>
    </Typography>
  );
}
