import { Alert, Box, Button, Container, GlobalStyles, Toolbar } from '@mui/material';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { PageSkeleton } from '../../components/PageSkeleton';
import { errorMessage } from '../../lib/api';
import { useCurrentUser, usePreferences } from '../providers/currentUser';
import { NavDrawer } from './NavDrawer';
import { PRINT_STYLES } from './printStyles';
import { TopBar } from './TopBar';

/** The frame of every protected screen: top bar, drawer and the screen itself. */
export function Shell() {
  const [mobileOpen, setMobileOpen] = useState(false);
  const { preferences } = usePreferences();
  const { error, refetch, isFetching } = useCurrentUser();
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <GlobalStyles styles={PRINT_STYLES} />
      <TopBar onMenuClick={() => setMobileOpen((o) => !o)} />
      <NavDrawer mobileOpen={mobileOpen} onClose={() => setMobileOpen(false)} />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0 }}>
        <Toolbar sx={{ displayPrint: 'none' }} />
        <Container
          maxWidth={preferences.wideScreen ? false : 'xl'}
          sx={{ py: 3 }}
          data-widescreen={preferences.wideScreen}
        >
          {error && (
            <Alert
              severity="error"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" size="small" onClick={() => refetch()} disabled={isFetching}>
                  Retry
                </Button>
              }
            >
              Could not load your profile: {errorMessage(error)}
            </Alert>
          )}
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </Container>
      </Box>
    </Box>
  );
}
