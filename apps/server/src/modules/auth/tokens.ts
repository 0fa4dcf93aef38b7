import { errors, jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  sub: string;
  name: string;
  tv: number;
  exp: number;
}

/** Users are identified by UUIDs (users.id). */
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function tokenService(secret: string, ttlSeconds: number, now: () => number = () => Date.now()) {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(user: { id: string; name: string; tokenVersion: number }): Promise<string> {
      const iat = Math.floor(now() / 1000);
      return new SignJWT({ name: user.name, tv: user.tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key);
    },
    /** The claims of a valid, unexpired token; null for anything else. */
    async verify(token: string): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: new Date(now()),
        });
        // A token signed with our key but naming no user id is no session: never reach the database.
        if (
          typeof payload.sub !== 'string' ||
          !USER_ID.test(payload.sub) ||
          !Number.isSafeInteger(payload.tv) ||
          typeof payload.exp !== 'number'
        ) {
          return null;
        }
        return { sub: payload.sub, name: String(payload.name ?? ''), tv: payload.tv as number, exp: payload.exp };
      } catch (e) {
        if (e instanceof errors.JOSEError) return null;
        throw e;
      }
    },
  };
}
export type TokenService = ReturnType<typeof tokenService>;
