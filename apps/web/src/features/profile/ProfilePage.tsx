import { Avatar, Card, CardContent, Chip, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { initials } from '../../app/avatarStack';
import { useCurrentUser } from '../../app/providers/currentUser';
import { useSession } from '../../app/providers/session';
import { PageHeader } from '../../components/PageHeader';
import { ChangePasswordCard } from './components/ChangePasswordCard';

export function ProfilePage() {
  const { claims } = useSession();
  // The user is loaded at start; this query reuses it, or loads it when the name is not known yet.
  const { data: user, isPending } = useCurrentUser();
  const name = user?.name ?? claims?.name;

  return (
    <>
      <PageHeader title="Profile" />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card variant="outlined">
            <CardContent>
              <Stack direction="row" spacing={2} alignItems="center">
                <Avatar sx={{ width: 56, height: 56, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}>
                  {initials(name ?? '?')}
                </Avatar>
                <div>
                  <Typography variant="h6" data-testid="profile-name">
                    {name ?? <Skeleton width={160} />}
                  </Typography>
                  <Typography color="text.secondary" data-testid="profile-email">
                    {user ? user.email : isPending ? <Skeleton width={200} /> : ''}
                  </Typography>
                  {user?.isAdmin && <Chip label="Administrator" size="small" color="primary" sx={{ mt: 1 }} />}
                </div>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ChangePasswordCard />
        </Grid>
      </Grid>
    </>
  );
}
