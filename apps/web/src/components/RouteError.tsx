import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { usePageTitle } from '../lib/usePageTitle';

function describe(error: unknown): { title: string; detail: string; staleBuild: boolean } {
  if (isRouteErrorResponse(error))
    return { title: `${error.status} ${error.statusText}`, detail: '', staleBuild: false };
  const message = error instanceof Error ? error.message : String(error);
  // A screen's code could not be downloaded: usually a new version was deployed since this page was opened.
  const staleBuild = /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
    message,
  );
  return staleBuild
    ? {
        title: 'This screen could not be loaded',
        detail: 'Quotewright may have been updated. Reload to continue.',
        staleBuild,
      }
    : { title: 'Something went wrong on this screen', detail: message, staleBuild };
}

/** Shown instead of a screen that failed to load or render; the shell around it keeps working. */
export function RouteError() {
  usePageTitle('Error');
  const { title, detail } = describe(useRouteError());
  return (
    <Box sx={{ p: 3 }} data-testid="route-error">
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      >
        <AlertTitle>{title}</AlertTitle>
        {detail}
      </Alert>
    </Box>
  );
}
