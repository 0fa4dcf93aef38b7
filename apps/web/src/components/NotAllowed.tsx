import BlockIcon from '@mui/icons-material/Block';
import { Button, Paper, Typography } from '@mui/material';
import { Link } from 'react-router';
import { PageHeader } from './PageHeader';

export function NotAllowed() {
  return (
    <>
      <PageHeader title="Not allowed" />
      <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }} data-testid="not-allowed">
        <BlockIcon color="error" sx={{ fontSize: 48, mb: 1 }} />
        <Typography variant="h6">You do not have access to this screen</Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Ask an administrator for access to this module.
        </Typography>
        <Button component={Link} to="/" variant="outlined">
          Go to the start page
        </Button>
      </Paper>
    </>
  );
}
