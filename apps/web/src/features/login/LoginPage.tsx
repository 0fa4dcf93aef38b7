import LoginIcon from '@mui/icons-material/Login';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Divider,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { type LogoutReason, useSession } from '../../app/providers/session';
import { ApiError, errorMessage, type FieldErrors } from '../../lib/api';
import { PRODUCT_NAME, SSO_PATH } from '../../lib/constants';
import { usePublicConfig } from '../../lib/publicConfig';
import { usePageTitle } from '../../lib/usePageTitle';
import { login } from './api/auth';

const REASON_TEXT: Partial<Record<LogoutReason, string>> = {
  expired: 'Your session has expired. Please login again.',
  unauthorized: 'Your session is no longer valid. Please login again.',
};

interface LocationState {
  from?: string;
  ssoError?: string;
}

/** A failed server-side SSO sign-in lands on /login?sso_error=<short message>: shown as text, never as markup. */
function ssoErrorFrom(params: URLSearchParams): string | undefined {
  const raw = params.get('sso_error')?.replace(/\s+/g, ' ').trim();
  if (!raw) return undefined;
  return raw.length > 200 ? `${raw.slice(0, 200)}…` : raw;
}

export function LoginPage() {
  usePageTitle('Login');
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as LocationState;
  const [searchParams, setSearchParams] = useSearchParams();
  // Read once, then taken out of the address: a reload or a shared link does not show it again.
  const [queryError] = useState(() => ssoErrorFrom(searchParams));
  useEffect(() => {
    if (!searchParams.has('sso_error')) return;
    const rest = new URLSearchParams(searchParams);
    rest.delete('sso_error');
    setSearchParams(rest, { replace: true, state: location.state });
  }, [searchParams, setSearchParams, location.state]);
  const ssoError = state.ssoError ?? queryError;
  const config = usePublicConfig();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const mutation = useMutation({
    mutationFn: () => login(email.trim(), password),
    onSuccess: ({ token }) => {
      session.login(token);
      const from = state.from && state.from !== '/login' ? state.from : '/';
      navigate(from, { replace: true });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.hasFieldErrors) setErrors(err.errors);
      else setErrors({ loginerror: errorMessage(err) });
    },
  });

  if (session.isAuthenticated) return <Navigate to="/" replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mutation.isPending) return;
    setErrors({});
    mutation.mutate();
  };
  // Errors the form cannot place under a field still have to be seen.
  const generalError =
    errors.loginerror ??
    Object.entries(errors)
      .filter(([k]) => k !== 'email' && k !== 'password')
      .map(([, v]) => v)
      .join(' ');
  const notice = ssoError
    ? `Single sign-on failed: ${ssoError}`
    : session.logoutReason
      ? REASON_TEXT[session.logoutReason]
      : undefined;
  const provider = config.data?.ssoProvider;

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Card sx={{ width: '100%', maxWidth: 420 }} variant="outlined">
        <CardContent sx={{ p: 4 }}>
          <Typography variant="h4" component="h1" fontWeight={600} gutterBottom>
            {PRODUCT_NAME}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Sign in to continue
          </Typography>
          {notice && !generalError && (
            <Alert severity={ssoError ? 'error' : 'info'} sx={{ mb: 2 }}>
              {notice}
            </Alert>
          )}
          {generalError && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="login-error">
              {generalError}
            </Alert>
          )}
          <Box component="form" noValidate onSubmit={submit}>
            <Stack spacing={2}>
              <TextField
                label="Email"
                type="email"
                name="email"
                autoComplete="username"
                autoFocus
                required
                fullWidth
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setErrors(({ email: _e, ...rest }) => rest);
                }}
                error={Boolean(errors.email)}
                helperText={errors.email}
              />
              <TextField
                label="Password"
                type="password"
                name="password"
                autoComplete="current-password"
                required
                fullWidth
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setErrors(({ password: _p, ...rest }) => rest);
                }}
                error={Boolean(errors.password)}
                helperText={errors.password}
              />
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={mutation.isPending}
                startIcon={mutation.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
              >
                Login
              </Button>
            </Stack>
          </Box>
          {provider && (
            <>
              <Divider sx={{ my: 3 }}>or</Divider>
              <Button href={SSO_PATH} variant="outlined" fullWidth size="large" startIcon={<LoginIcon />}>
                Login with {provider}
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
