import { Alert, Box, Button, Container, GlobalStyles, Toolbar } from '@mui/material';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { PageSkeleton } from '../../components/PageSkeleton';
import { errorMessage } from '../../lib/api';
import { CompanyCurrency } from '../providers/companyCurrency';
import { useCurrentUser, usePreferences } from '../providers/currentUser';
import { NavDrawer, usePermanentDrawer } from './NavDrawer';
import { PRINT_STYLES } from './printStyles';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { TopBar } from './TopBar';
import { useApprovalNotices } from './useApprovalNotices';

/** The frame of every protected screen: top bar, drawer and the screen itself. */
export function Shell() {
  const [mobileOpen, setMobileOpen] = useState(false);
  const { preferences } = usePreferences();
  const { error, refetch, isFetching } = useCurrentUser();
  const permanentDrawer = usePermanentDrawer();
  useApprovalNotices();
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <GlobalStyles styles={PRINT_STYLES} />
      <SkipLink />
      <TopBar onMenuClick={() => setMobileOpen((o) => !o)} menuButton={!permanentDrawer} />
      <NavDrawer mobileOpen={mobileOpen} onClose={() => setMobileOpen(false)} permanent={permanentDrawer} />
      <Box component="main" id={MAIN_CONTENT_ID} sx={{ flexGrow: 1, minWidth: 0 }}>
        <Toolbar sx={{ displayPrint: 'none' }} />
        <Container
          maxWidth={preferences.wideScreen ? false : 'xl'}
          // widescreen: the screen's width for the content (16 px margins, not 24)
          sx={{ py: 3, px: preferences.wideScreen ? { sm: 2 } : undefined }}
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
            <CompanyCurrency>
              <Outlet />
            </CompanyCurrency>
          </Suspense>
        </Container>
      </Box>
    </Box>
  );
}
