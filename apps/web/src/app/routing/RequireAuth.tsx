import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isExpired } from '../../lib/token';
import { useSession } from '../providers/session';
import { Shell } from '../shell/Shell';

/** Protected screens: no session → /login; an expired token ends the session on any navigation. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  const expired = session.isAuthenticated && isExpired(session.claims);
  const { checkExpiry } = session;

  // Re-checked on every navigation (location.key is a dependency on purpose).
  useEffect(() => {
    checkExpiry();
  }, [location.key, checkExpiry]);

  if (!session.isAuthenticated) {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (expired) return null;
  return <Shell />;
}
