import { authApi } from '@quotewright/contracts';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../plugins/contract-routes';
import { typedRoutes } from '../../plugins/typed-routes';
import type { AuthService } from './auth.service';
import { deviceCookieHeader } from './device-cookie';

/** The public sign-in calls (packages/contracts routes/auth.ts); the SSO redirections are in sso.routes.ts. */
export function authRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; ssoProvider: string | null; erpName: string },
) {
  const r = typedRoutes(app);
  serve(r, authApi.config, async () => ({ ssoProvider: deps.ssoProvider, erpName: deps.erpName }));
  // Sign-in by e-mail and password. The browser's device cookie (sent only here) and the one set back let its later
  // attempts be throttled apart from strangers' at the same address.
  serve(r, authApi.login, async (req, reply) => {
    const { token, device } = await deps.auth.login(req.body.email, req.body.password, {
      ip: req.ip,
      cookie: req.headers.cookie,
    });
    reply.header('set-cookie', deviceCookieHeader(device, req.protocol === 'https'));
    return { token };
  });
  serve(r, authApi.exchange, async (req) => ({ token: await deps.auth.exchangeCode(req.body.code) }));
}
