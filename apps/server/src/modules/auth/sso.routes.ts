import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors';
import { originOf } from '../audit/audit.routes';
import { SSO_CALLBACK_PATH, SsoError, type SsoService } from './sso.service';

const noStore = { 'cache-control': 'no-store' };

/** Where a failed sign-in lands: the login page shows the short message. */
export const ssoErrorLocation = (message: string) => `/login?${new URLSearchParams({ sso_error: message })}`;

/**
 * Single sign-on (OIDC authorization code + PKCE): GET /auth/azure goes to the identity provider, which comes back to
 * /auth/azure/callback; success ends at /?code=<one-time code> (the SPA trades it at POST /api/auth/exchange).
 * Both routes exist when SSO is off and answer 404 then.
 */
export function ssoRoutes(app: FastifyInstance, deps: { sso: SsoService | null }) {
  const failed = (reqLog: FastifyInstance['log'], e: unknown) => {
    const message = e instanceof SsoError ? e.message : 'Single sign-on failed. Please try again.';
    // The detail (an openid-client error, a reason) never carries tokens; the URL only gets the short message.
    reqLog.warn({ err: e instanceof SsoError ? e.detail : e, ssoError: message }, 'SSO sign-in failed');
    return ssoErrorLocation(message);
  };

  app.get('/auth/azure', { config: { public: true } }, async (req, reply) => {
    if (!deps.sso) throw notFound('Single sign-on');
    let location: string;
    try {
      location = await deps.sso.start();
    } catch (e) {
      location = failed(req.log, e);
    }
    return reply.headers(noStore).redirect(location, 302);
  });

  // logLevel warn: the request log line would carry the IdP's authorization code and state in the URL.
  app.get(SSO_CALLBACK_PATH, { config: { public: true }, logLevel: 'warn' }, async (req, reply) => {
    if (!deps.sso) throw notFound('Single sign-on');
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
    let location: string;
    try {
      location = `/?${new URLSearchParams({ code: await deps.sso.finish(query, originOf(req)) })}`;
    } catch (e) {
      location = failed(req.log, e);
    }
    return reply.headers(noStore).redirect(location, 302);
  });
}
