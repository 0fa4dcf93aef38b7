// The session: the stored token, its decoded claims and the ways it ends. A token past its expiry ends the session
// at start, on every navigation (useSessionExpiryCheck), and on a timer; a 401 from any authenticated call ends it
// too. Routes redirect to /login on their own once the token is gone.
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { setUnauthorizedHandler } from '../../lib/api';
import { TOKEN_CHECK_INTERVAL_MS } from '../../lib/constants';
import {
  clearToken,
  decodeToken,
  isExpired,
  msUntilExpiry,
  readToken,
  type TokenClaims,
  writeToken,
} from '../../lib/token';

export type LogoutReason = 'manual' | 'expired' | 'unauthorized' | 'password-changed';

export interface Session {
  token: string | null;
  claims: TokenClaims | null;
  userId: string | null;
  isAuthenticated: boolean;
  /** Why the previous session ended, for the login screen's message; null after a login. */
  logoutReason: LogoutReason | null;
  login(token: string): void;
  logout(reason?: LogoutReason): void;
  /** Ends the session if the token has expired; returns whether it did. */
  checkExpiry(): boolean;
}

const SessionContext = createContext<Session | null>(null);

function initialToken(): { token: string | null; expired: boolean } {
  const token = readToken();
  if (!token) return { token: null, expired: false };
  if (isExpired(decodeToken(token))) {
    clearToken();
    return { token: null, expired: true };
  }
  return { token, expired: false };
}

// setTimeout's delay is a signed 32-bit number of milliseconds; longer waits are re-armed by the interval check.
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState(() => {
    const { token, expired } = initialToken();
    return { token, logoutReason: expired ? ('expired' as LogoutReason) : null };
  });
  const token = state.token;
  const claims = useMemo(() => decodeToken(token), [token]);

  const logout = useCallback(
    (reason: LogoutReason = 'manual') => {
      clearToken();
      setState((s) => (s.token === null && s.logoutReason !== null ? s : { token: null, logoutReason: reason }));
      queryClient.clear();
    },
    [queryClient],
  );

  const login = useCallback(
    (next: string) => {
      queryClient.clear();
      writeToken(next);
      setState({ token: next, logoutReason: null });
    },
    [queryClient],
  );

  const checkExpiry = useCallback(() => {
    if (token && isExpired(claims)) {
      logout('expired');
      return true;
    }
    return false;
  }, [token, claims, logout]);

  useEffect(() => {
    if (!token) return;
    setUnauthorizedHandler(() => logout('unauthorized'));
    return () => setUnauthorizedHandler(null);
  }, [token, logout]);

  // The exact expiry timer, plus a periodic check (covers a sleeping laptop and very long lifetimes).
  useEffect(() => {
    if (!token) return;
    const wait = msUntilExpiry(claims);
    const timer = wait === null ? undefined : setTimeout(checkExpiry, Math.min(wait + 50, MAX_TIMEOUT_MS));
    const interval = setInterval(checkExpiry, TOKEN_CHECK_INTERVAL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') checkExpiry();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      if (timer) clearTimeout(timer);
      clearInterval(interval);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [token, claims, checkExpiry]);

  // Another tab logging in or out changes the same storage.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== 'token') return;
      if (e.newValue) setState({ token: e.newValue, logoutReason: null });
      else logout('manual');
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [logout]);

  const value = useMemo<Session>(
    () => ({
      token,
      claims,
      userId: claims?.sub ?? null,
      isAuthenticated: token !== null && claims !== null,
      logoutReason: state.logoutReason,
      login,
      logout,
      checkExpiry,
    }),
    [token, claims, state.logoutReason, login, logout, checkExpiry],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession must be used inside SessionProvider');
  return ctx;
}
