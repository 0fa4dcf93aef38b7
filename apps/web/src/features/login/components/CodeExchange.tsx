import { Box, CircularProgress, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../../app/providers/session';
import { errorMessage } from '../../../lib/api';
import { usePageTitle } from '../../../lib/usePageTitle';
import { exchangeCode } from '../api/auth';

/** Single sign-on ends with a one-time code in the address; it is traded for a token, then the user goes to /. */
export function CodeExchange({ code }: { code: string }) {
  usePageTitle('Signing in');
  const { login } = useSession();
  const navigate = useNavigate();

  useEffect(() => {
    let active = true;
    exchangeCode(code).then(
      ({ token }) => {
        if (!active) return;
        login(token);
        navigate('/', { replace: true });
      },
      (err) => {
        if (!active) return;
        navigate('/login', { replace: true, state: { ssoError: errorMessage(err) } });
      },
    );
    return () => {
      active = false;
    };
  }, [code, login, navigate]);

  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <Box sx={{ textAlign: 'center' }}>
        <CircularProgress />
        <Typography sx={{ mt: 2 }}>Signing you in…</Typography>
      </Box>
    </Box>
  );
}
