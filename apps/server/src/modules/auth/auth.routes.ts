import { exchangeCodeSchema } from '@quotewright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthService } from './auth.service';

export function authRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; ssoProvider: string | null; erpName: string },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/config', { config: { public: true } }, async () => ({
    ssoProvider: deps.ssoProvider,
    erpName: deps.erpName,
  }));
  r.post('/api/auth/exchange', { schema: { body: exchangeCodeSchema }, config: { public: true } }, async (req) => ({
    token: await deps.auth.exchangeCode(req.body.code),
  }));
}
