import { exchangeCodeSchema, loginRequestSchema } from '@quotewright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthService } from './auth.service';
import { deviceCookieHeader } from './device-cookie';

export function authRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; ssoProvider: string | null; erpName: string },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/config', { config: { public: true } }, async () => ({
    ssoProvider: deps.ssoProvider,
    erpName: deps.erpName,
  }));
  // Sign-in by e-mail and password. The browser's device cookie (sent only here) and the one set back let its later
  // attempts be throttled apart from strangers' at the same address.
  r.post('/api/users/login', { schema: { body: loginRequestSchema }, config: { public: true } }, async (req, reply) => {
    const { token, device } = await deps.auth.login(req.body.email, req.body.password, {
      ip: req.ip,
      cookie: req.headers.cookie,
    });
    reply.header('set-cookie', deviceCookieHeader(device, req.protocol === 'https'));
    return { token };
  });
  r.post('/api/auth/exchange', { schema: { body: exchangeCodeSchema }, config: { public: true } }, async (req) => ({
    token: await deps.auth.exchangeCode(req.body.code),
  }));
}
