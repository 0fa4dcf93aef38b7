import { Button, Paper, Typography } from '@mui/material';
import { Link } from 'react-router';
import { PageHeader } from './PageHeader';

export function NotFound() {
  return (
    <>
      <PageHeader title="Page not found" />
      <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
        <Typography variant="h6">There is nothing at this address</Typography>
        <Button component={Link} to="/" variant="outlined" sx={{ mt: 2 }}>
          Go to the start page
        </Button>
      </Paper>
    </>
  );
}
