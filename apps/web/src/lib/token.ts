// The session token: stored in localStorage, sent as `Authorization: Bearer`. The client only decodes it (for the
// user id, name and expiry); the server verifies it.
const STORAGE_KEY = 'token';

export interface TokenClaims {
  sub: string;
  name?: string;
  /** Expiry, in seconds since the epoch. */
  exp?: number;
  tv?: number;
}

export function readToken(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function writeToken(token: string): void {
  window.localStorage.setItem(STORAGE_KEY, token);
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage unavailable (private mode): nothing stored, nothing to clear
  }
}

function base64UrlDecode(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Decodes a JWT's payload without verifying it. Returns null for anything that is not a usable token. */
export function decodeToken(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]));
    if (!payload || typeof payload !== 'object') return null;
    const claims = payload as Record<string, unknown>;
    if (typeof claims.sub !== 'string' || claims.sub === '') return null;
    return {
      sub: claims.sub,
      name: typeof claims.name === 'string' ? claims.name : undefined,
      exp: typeof claims.exp === 'number' ? claims.exp : undefined,
      tv: typeof claims.tv === 'number' ? claims.tv : undefined,
    };
  } catch {
    return null;
  }
}

/** The expiry (seconds) is compared with the current time in seconds. A token without exp never expires. */
export function isExpired(claims: TokenClaims | null, nowMs: number = Date.now()): boolean {
  if (!claims) return true;
  if (claims.exp === undefined) return false;
  return claims.exp <= nowMs / 1000;
}

/** Milliseconds until the token expires (0 when already expired, null when it never does). */
export function msUntilExpiry(claims: TokenClaims | null, nowMs: number = Date.now()): number | null {
  if (!claims) return 0;
  if (claims.exp === undefined) return null;
  return Math.max(0, claims.exp * 1000 - nowMs);
}
