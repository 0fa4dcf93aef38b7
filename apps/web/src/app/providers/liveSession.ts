// What the screens holding a live socket do when the server ends it or refuses it (lib/socket.ts onConnectionEnd):
// an expired or ended session is told and sends the person to sign in (the routes redirect once the token is gone);
// another refusal is told as the server worded it.
import { useCallback } from 'react';
import type { ConnectionEnd } from '../../lib/socket';
import { useSession } from './session';
import { useSnackbar } from './snackbar';

export const SESSION_EXPIRED_NOTICE = 'Session expired — sign in again';
export const SESSION_ENDED_NOTICE = 'Your session has ended — sign in again';

export function useConnectionEnd(): (end: ConnectionEnd) => void {
  const { logout } = useSession();
  const snackbar = useSnackbar();
  return useCallback(
    (end: ConnectionEnd) => {
      if (end.kind === 'refused') {
        snackbar.show(end.detail, 'error');
        return;
      }
      snackbar.show(end.why === 'expired' ? SESSION_EXPIRED_NOTICE : SESSION_ENDED_NOTICE, 'warning');
      logout(end.why === 'expired' ? 'expired' : 'unauthorized');
    },
    [logout, snackbar],
  );
}
