import { Button, Card, CardActions, CardContent, CardHeader, CircularProgress, Stack, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../../app/providers/session';
import { useSnackbar } from '../../../app/providers/snackbar';
import { ApiError, type FieldErrors } from '../../../lib/api';
import { useResetPassword } from '../api/password';

export const PASSWORD_CHANGED_MESSAGE = 'Password Changed, please login!';

export function ChangePasswordCard() {
  const { userId, logout } = useSession();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const mutation = useResetPassword(userId);
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mutation.isPending) return;
    setErrors({});
    mutation.mutate(
      { password, password2 },
      {
        onSuccess: () => {
          // A password reset clears the session (docs/product/screens.md#profile); the server has also ended every
          // other session.
          logout('password-changed');
          navigate('/login', { replace: true });
          snackbar.show(PASSWORD_CHANGED_MESSAGE, 'success');
        },
        onError: (err) => {
          if (err instanceof ApiError && err.hasFieldErrors) setErrors(err.errors);
          else snackbar.showError(err);
        },
      },
    );
  };

  return (
    <Card variant="outlined" component="form" noValidate onSubmit={submit} aria-labelledby="change-password-title">
      <CardHeader title="Change Password" slotProps={{ title: { id: 'change-password-title', variant: 'h6' } }} />
      <CardContent>
        <Stack spacing={2}>
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="new-password"
            fullWidth
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setErrors(({ password: _p, ...rest }) => rest);
            }}
            error={Boolean(errors.password)}
            helperText={errors.password}
          />
          <TextField
            label="Confirm Password"
            type="password"
            name="password2"
            autoComplete="new-password"
            fullWidth
            value={password2}
            onChange={(e) => {
              setPassword2(e.target.value);
              setErrors(({ password2: _p, ...rest }) => rest);
            }}
            error={Boolean(errors.password2)}
            helperText={errors.password2}
          />
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          type="submit"
          variant="contained"
          disabled={mutation.isPending}
          startIcon={mutation.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          Save Password
        </Button>
      </CardActions>
    </Card>
  );
}
