import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { NotAllowed } from '../../components/NotAllowed';
import { PageSkeleton } from '../../components/PageSkeleton';
import { type Access, canAccess, homePath, view } from '../access';
import { useCurrentUser } from '../providers/currentUser';

/** Renders a screen only for users allowed to open it; others see "not allowed". */
export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const { data: user, error } = useCurrentUser();
  if (access.kind === 'any') return children;
  if (!user) return error ? null : <PageSkeleton />;
  return canAccess(user, access) ? children : <NotAllowed />;
}

/** '/' is the sales list; a user without sales access lands on their first permitted screen instead. */
export function HomeGuard({ children }: { children: ReactNode }) {
  const { data: user, error } = useCurrentUser();
  if (!user) return error ? null : <PageSkeleton />;
  if (canAccess(user, view('sales'))) return children;
  return <Navigate to={homePath(user)} replace />;
}
