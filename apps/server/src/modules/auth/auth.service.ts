import { createHash } from 'node:crypto';
import { AppError } from '../../errors';
import type { AuthUser } from '../../policy';
import type { UsersRepository } from '../users/users.repository';
import type { LoginCodesRepository } from './login-codes.repository';
import type { LoginThrottle } from './login-throttle';
import { verifyPassword } from './passwords';
import type { TokenService } from './tokens';

const LOGIN_ERROR = 'The email or password is incorrect';

export interface AuthServiceDeps {
  users: UsersRepository;
  loginCodes: LoginCodesRepository;
  tokens: TokenService;
  throttle: LoginThrottle;
}

export function authService({ users, loginCodes, tokens, throttle }: AuthServiceDeps) {
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
    /** E-mail + password sign-in; the same answer whether or not the e-mail exists. */
    async login(emailInput: string, password: string, ip: string): Promise<string> {
      const email = emailInput.trim().toLowerCase();
      const wait = throttle.retryAfter(email, ip);
      if (wait > 0) throw tooMany(wait);
      const user = await users.findByEmail(email);
      const ok = await verifyPassword(user?.passwordHash ?? null, password);
      if (!user || !ok) {
        throttle.fail(email, ip);
        throw new AppError('LOGIN_FAILED', LOGIN_ERROR, { loginerror: LOGIN_ERROR });
      }
      throttle.succeed(email, ip);
      return tokens.issue(user);
    },

    /** Trades a one-time SSO code for a token; a code works once and only before it expires. */
    async exchangeCode(code: string): Promise<string> {
      const codeHash = createHash('sha256').update(code).digest('hex');
      const userId = await loginCodes.consume(codeHash, new Date());
      const user = userId ? await users.findById(userId) : undefined;
      if (!user) throw new AppError('UNAUTHENTICATED', 'This sign-in link is invalid or has expired');
      return tokens.issue(user);
    },

    /** The acting user behind a bearer token, or null (bad, expired, revoked token or deleted user). */
    async authenticate(token: string): Promise<AuthUser | null> {
      const claims = await tokens.verify(token);
      if (!claims) return null;
      const user = await users.findById(claims.sub);
      if (!user || user.tokenVersion !== claims.tv) return null;
      return { id: user.id, name: user.name, email: user.email, isAdmin: user.isAdmin, modules: user.modules };
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
