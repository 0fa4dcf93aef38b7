import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import type { AuthService } from '../modules/auth/auth.service';
import type { AuthUser } from '../policy';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** Routes are authenticated unless they say `public: true` (deny by default). */
    public?: boolean;
  }
}

export function registerAuth(app: FastifyInstance, auth: AuthService) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    req.user = null;
    const header = req.headers.authorization;
    if (header?.startsWith('Bearer ')) req.user = await auth.authenticate(header.slice(7).trim());
    // Deny by default under /api; the SPA's files and unknown paths (answered 404 or index.html) are public.
    const isPublic = req.routeOptions.config?.public === true || !req.routeOptions.url || !req.url.startsWith('/api/');
    if (!isPublic && !req.user) {
      throw new AppError('UNAUTHENTICATED', 'Please sign in again: your session is missing, expired or ended');
    }
  });
}
