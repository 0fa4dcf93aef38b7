import type { FastifyInstance, FastifyRequest, RequestPayload } from 'fastify';
import { AppError } from '../errors';
import type { AuthService } from '../modules/auth/auth.service';
import { type Action, type AuthUser, authorize } from '../policy';

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

/**
 * Route option that refuses an actor without `action` BEFORE the body is parsed and validated (issue 9: a user
 * without rights must not be able to make the server parse a 5 MB body or expensive numbers). The service still
 * checks the same action (and object access) itself: this is only an early, cheap answer.
 */
export function requires(action: Action) {
  return {
    preParsing: async (req: FastifyRequest, _reply: unknown, payload: RequestPayload) => {
      authorize(req.user, action);
      return payload;
    },
  };
}
