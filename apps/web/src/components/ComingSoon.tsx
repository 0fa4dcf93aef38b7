import ConstructionIcon from '@mui/icons-material/Construction';
import { Paper, Typography } from '@mui/material';
import { PageHeader } from './PageHeader';

/** Placeholder for a screen that is not built yet; it already carries the screen's title. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }} data-testid="coming-soon">
        <ConstructionIcon color="disabled" sx={{ fontSize: 48, mb: 1 }} />
        <Typography variant="h6">Coming soon</Typography>
        <Typography color="text.secondary">This screen is not available yet.</Typography>
      </Paper>
    </>
  );
}
