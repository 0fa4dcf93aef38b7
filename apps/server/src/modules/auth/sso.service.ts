import { createHash, randomBytes } from 'node:crypto';
import { defaultModules, defaultPreferences } from '@quotewright/domain';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { Config } from '../../config';
import type { AuditOrigin, AuditRecorder } from '../audit/audit.service';
import { userAudit } from '../users/users.audit';
import type { UsersRepository } from '../users/users.repository';
import type { LoginCodesRepository } from './login-codes.repository';
import type { SsoRepository } from './sso.repository';

/** How long a sign-in may stay at the identity provider, and how long the one-time code lives. */
export const SSO_STATE_TTL_MS = 10 * 60_000;
export const LOGIN_CODE_TTL_MS = 60_000;
export const SSO_CALLBACK_PATH = '/auth/azure/callback';

export interface SsoSettings {
  provider: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  allowedTenant?: string;
  autoCreate: boolean;
}

/** The SSO settings, or null when single sign-on is off (loadConfig already checked all-or-nothing). */
export function ssoSettings(config: Config): SsoSettings | null {
  const { SSO_PROVIDER, OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, PUBLIC_URL } = config;
  if (!SSO_PROVIDER || !OIDC_ISSUER || !OIDC_CLIENT_ID || !OIDC_CLIENT_SECRET || !PUBLIC_URL) return null;
  return {
    provider: SSO_PROVIDER,
    issuer: OIDC_ISSUER,
    clientId: OIDC_CLIENT_ID,
    clientSecret: OIDC_CLIENT_SECRET,
    redirectUri: `${PUBLIC_URL}${SSO_CALLBACK_PATH}`,
    allowedTenant: config.OIDC_ALLOWED_TENANT,
    autoCreate: config.SSO_AUTO_CREATE,
  };
}

/** A failed sign-in: `message` is short and safe to show (it goes into the URL); `detail` is for the log only. */
export class SsoError extends Error {
  constructor(
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
  }
}

const MSG = {
  unavailable: 'Single sign-on is unavailable right now. Please try again later.',
  state: 'The sign-in attempt expired or was already used. Please try again.',
  refused: 'The identity provider did not complete the sign-in.',
  invalid: 'The answer of the identity provider could not be verified.',
  tenant: 'Your organization is not allowed to sign in here.',
  unknown: 'No account matches your single sign-on identity. Ask an administrator for access.',
  otherIdentity: 'This account is linked to another single sign-on identity.',
} as const;

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

export interface SsoServiceDeps {
  settings: SsoSettings;
  repo: SsoRepository;
  users: UsersRepository;
  loginCodes: LoginCodesRepository;
  log: FastifyBaseLogger;
  now?: () => number;
  /**
   * The admin audit log: an account linked to an SSO identity, or created by a sign-in, is written right after the
   * change (no transaction to join); the person signing in is its actor.
   */
  audit: AuditRecorder;
}

export function ssoService({ settings, repo, users, loginCodes, log, now = Date.now, audit }: SsoServiceDeps) {
  const logged = userAudit(audit);
  let discovered: Promise<oidc.Configuration> | undefined;

  /** Discovery once per process; a failure is not cached, so the next sign-in tries again. */
  function configuration(): Promise<oidc.Configuration> {
    if (!discovered) {
      const issuer = new URL(settings.issuer);
      discovered = oidc
        .discovery(issuer, settings.clientId, undefined, oidc.ClientSecretPost(settings.clientSecret), {
          // Plain HTTP only for an IdP on this machine (development, tests); config refuses it elsewhere.
          execute: isLoopback(issuer) && issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
          timeout: 10,
        })
        .catch((e: unknown) => {
          discovered = undefined;
          throw new SsoError(MSG.unavailable, e);
        });
    }
    return discovered;
  }

  /** The user behind verified ID token claims: linked by SSO id, else by verified e-mail, else created (opt-in). */
  async function linkUser(claims: oidc.IDToken, origin: AuditOrigin) {
    const azureId = typeof claims.oid === 'string' && claims.oid ? claims.oid : claims.sub;
    const byId = await repo.findUserByAzureId(azureId);
    if (byId) return byId;

    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    // Azure does not send email_verified; its xms_edov optional claim says the same (docs/decisions/0006-sso.md).
    const verified = claims.email_verified === true || claims.xms_edov === true || claims.xms_edov === '1';
    if (!email || !verified) throw new SsoError(MSG.unknown, { reason: 'no verified e-mail', azureId });

    const byEmail = await users.findByEmail(email);
    if (byEmail) {
      if (byEmail.azureId && byEmail.azureId !== azureId) {
        throw new SsoError(MSG.otherIdentity, { reason: 'linked to another identity', userId: byEmail.id });
      }
      const linked = await repo.linkAzureId(byEmail.id, azureId);
      if (!linked) throw new SsoError(MSG.otherIdentity, { reason: 'linked concurrently', userId: byEmail.id });
      log.info({ userId: linked.id }, 'SSO identity linked to an existing user');
      await logged.ssoLinked(linked, linked, origin);
      return linked;
    }
    if (!settings.autoCreate) throw new SsoError(MSG.unknown, { reason: 'unknown user, auto-create off', azureId });
    const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : email;
    const created = await users.insert({
      name,
      email,
      passwordHash: null,
      isAdmin: false,
      modules: defaultModules(),
      preferences: defaultPreferences(),
      azureId,
    });
    log.info({ userId: created.id }, 'SSO user created');
    await logged.created(created, created, origin, { sso: 'linked' });
    return created;
  }

  return {
    provider: settings.provider,

    /** Starts a sign-in: remembers state, nonce and PKCE verifier server-side; answers the IdP URL to go to. */
    async start(): Promise<string> {
      const config = await configuration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const at = now();
      await repo.saveState(sha256(state), { codeVerifier, nonce }, new Date(at + SSO_STATE_TTL_MS), new Date(at));
      return oidc
        .buildAuthorizationUrl(config, {
          redirect_uri: settings.redirectUri,
          response_type: 'code',
          scope: 'openid profile email',
          code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
          state,
          nonce,
        })
        .toString();
    },

    /**
     * Ends a sign-in from the IdP's redirect (its query string): checks the state (once), trades the code with the
     * PKCE verifier, lets openid-client verify the ID token (issuer, audience, nonce, expiry), checks the tenant,
     * links the user and answers a one-time code for the SPA. Throws SsoError.
     */
    async finish(query: string, origin: AuditOrigin): Promise<string> {
      const params = new URLSearchParams(query);
      const state = params.get('state');
      const pending = state ? await repo.consumeState(sha256(state), new Date(now())) : null;
      if (!state || !pending) throw new SsoError(MSG.state, { reason: 'unknown, expired or used state' });
      const config = await configuration();

      let claims: oidc.IDToken | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(
          config,
          new URL(`${settings.redirectUri}?${params.toString()}`),
          { pkceCodeVerifier: pending.codeVerifier, expectedState: state, expectedNonce: pending.nonce },
        );
        claims = tokens.claims();
      } catch (e) {
        if (e instanceof oidc.AuthorizationResponseError) throw new SsoError(MSG.refused, e);
        throw new SsoError(MSG.invalid, e);
      }
      if (!claims) throw new SsoError(MSG.invalid, { reason: 'no ID token' });
      if (settings.allowedTenant && claims.tid !== settings.allowedTenant) {
        throw new SsoError(MSG.tenant, { reason: 'tenant not allowed', tid: claims.tid });
      }

      const user = await linkUser(claims, origin);
      const code = randomBytes(32).toString('base64url');
      await loginCodes.create(sha256(code), user.id, new Date(now() + LOGIN_CODE_TTL_MS));
      log.info({ userId: user.id }, 'SSO sign-in');
      return code;
    },
  };
}
export type SsoService = ReturnType<typeof ssoService>;
