import { createHash } from 'node:crypto';
import { AppError } from '../../errors';
import { verifyPassword } from '../../infra/passwords';
import type { AuthUser } from '../../policy';
import type { UsersRepository } from '../users/users.repository';
import type { DeviceProof } from './device-cookie';
import type { KnownClientsRepository } from './known-clients.repository';
import type { LoginCodesRepository } from './login-codes.repository';
import type { LoginAttempt, LoginThrottle } from './login-throttle';
import type { TokenService } from './tokens';

const LOGIN_ERROR = 'The email or password is incorrect';

/**
 * How long a checked token's user is reused without reading the user again (decision 0012). A change of the user's
 * rights, password or account drops it at once on every process (`forget`, wired to the user_changed event); this
 * only bounds a change made outside the app.
 */
export const AUTH_CACHE_MS = 5_000;
const AUTH_CACHE_MAX = 10_000;

/** How long after its last sign-in a browser, and an address, stay known for an account. */
export const KNOWN_DEVICE_DAYS = 180;
export const KNOWN_ADDRESS_DAYS = 90;
const DAY_MS = 86_400_000;

export interface AuthServiceDeps {
  users: UsersRepository;
  loginCodes: LoginCodesRepository;
  tokens: TokenService;
  throttle: LoginThrottle;
  /** Browsers and addresses accounts signed in from (shared by every process). */
  knownClients: KnownClientsRepository;
  devices: DeviceProof;
}

/** Where a sign-in attempt comes from: the address and the Cookie header (the device cookie, if any). */
export interface LoginClient {
  ip: string;
  cookie?: string;
}

export function authService(
  { users, loginCodes, tokens, throttle, knownClients, devices }: AuthServiceDeps,
  now: () => number = () => Date.now(),
) {
  /** token → the user it stood for when last checked, until when, and the token's own expiry (ms). */
  const checked = new Map<string, { user: AuthUser; until: number }>();
  function tooMany(seconds: number): AppError {
    return new AppError(
      'RATE_LIMITED',
      seconds < 60
        ? `Too many failed sign-in attempts. Try again in ${seconds} second(s).`
        : `Too many failed sign-in attempts. Try again in ${Math.ceil(seconds / 60)} minute(s).`,
      undefined,
      {
        'Retry-After': String(seconds),
      },
    );
  }

  return {
    /**
     * E-mail + password sign-in; the same answer whether or not the e-mail exists. Answers the token and the device
     * cookie value to set: the browser's device id (kept when its cookie was genuine), known for the account from
     * now on, so its later attempts are throttled apart from strangers' (docs/decisions/0018).
     */
    async login(emailInput: string, password: string, client: LoginClient): Promise<{ token: string; device: string }> {
      const email = emailInput.trim().toLowerCase();
      const t = now();
      const deviceId = devices.open(client.cookie);
      const deviceFingerprint = deviceId ? devices.fingerprint('device', deviceId) : undefined;
      const proven =
        deviceFingerprint !== undefined &&
        (await knownClients.isKnown(email, 'device', deviceFingerprint, new Date(t - KNOWN_DEVICE_DAYS * DAY_MS)));
      const attempt: LoginAttempt = { email, ip: client.ip, device: proven ? deviceFingerprint : undefined };
      const addressFingerprint = devices.fingerprint('address', client.ip);
      let wait = throttle.retryAfter(attempt);
      if (
        wait > 0 &&
        throttle.addressMatters(attempt) &&
        (await knownClients.isKnown(email, 'address', addressFingerprint, new Date(t - KNOWN_ADDRESS_DAYS * DAY_MS)))
      ) {
        wait = throttle.retryAfter(attempt, true);
      }
      if (wait > 0) throw tooMany(wait);
      const user = await users.findByEmail(email);
      const ok = await verifyPassword(user?.passwordHash ?? null, password);
      if (!user || !ok) {
        throttle.fail(attempt);
        throw new AppError('LOGIN_FAILED', LOGIN_ERROR, { loginerror: LOGIN_ERROR });
      }
      throttle.succeed(attempt);
      const device = deviceId ?? devices.newDevice();
      const at = now();
      await knownClients.remember(
        user.id,
        [
          { kind: 'device', fingerprint: deviceFingerprint ?? devices.fingerprint('device', device) },
          { kind: 'address', fingerprint: addressFingerprint },
        ],
        new Date(at),
        { device: new Date(at - KNOWN_DEVICE_DAYS * DAY_MS), address: new Date(at - KNOWN_ADDRESS_DAYS * DAY_MS) },
      );
      return { token: await tokens.issue(user), device: devices.seal(device) };
    },

    /** Trades a one-time SSO code for a token; a code works once and only before it expires. */
    async exchangeCode(code: string): Promise<string> {
      const codeHash = createHash('sha256').update(code).digest('hex');
      const userId = await loginCodes.consume(codeHash, new Date());
      const user = userId ? await users.findById(userId) : undefined;
      if (!user) throw new AppError('UNAUTHENTICATED', 'This sign-in link is invalid or has expired');
      return tokens.issue(user);
    },

    /**
     * The acting user behind a bearer token, or null (bad, expired, revoked token or deleted user). A token checked
     * less than AUTH_CACHE_MS ago (and not expired since) is answered from memory: every request of an editor
     * would otherwise verify the signature and read the user.
     */
    async authenticate(token: string): Promise<AuthUser | null> {
      const at = now();
      const hit = checked.get(token);
      if (hit && hit.until > at) return hit.user;
      if (hit) checked.delete(token);
      const claims = await tokens.verify(token);
      if (!claims) return null;
      const user = await users.findById(claims.sub);
      if (!user || user.tokenVersion !== claims.tv) return null;
      const acting: AuthUser = {
        id: user.id,
        name: user.name,
        email: user.email,
        isAdmin: user.isAdmin,
        modules: user.modules,
      };
      if (checked.size >= AUTH_CACHE_MAX) checked.delete(checked.keys().next().value!);
      checked.set(token, { user: acting, until: Math.min(at + AUTH_CACHE_MS, claims.exp * 1000) });
      return acting;
    },

    /** Forgets every checked token of `userId` (their rights, password or account changed). */
    forget(userId: string): void {
      for (const [token, entry] of checked) if (entry.user.id === userId) checked.delete(token);
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
