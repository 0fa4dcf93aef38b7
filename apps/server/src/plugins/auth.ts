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
    // Deny by default under /api; the SPA's files and unknown paths (answered 404 or index.html) are public. What
    // counts is the route the router chose and the path it decoded, never the raw URL (/%61pi/users is /api/users).
    const route = req.routeOptions.url;
    const isPublic = req.routeOptions.config?.public === true || !route || !underApi(route, req.params);
    if (!isPublic && !req.user) {
      throw new AppError('UNAUTHENTICATED', 'Please sign in again: your session is missing, expired or ended');
    }
  });
}

const apiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** A route under /api, or a catch-all route (the SPA's files) that matched a path under /api. */
function underApi(route: string, params: unknown): boolean {
  if (apiPath(route)) return true;
  if (!route.endsWith('*')) return false;
  const rest = (params as Record<string, unknown> | undefined)?.['*'];
  return typeof rest === 'string' && apiPath(route.slice(0, -1) + rest);
}

/**
 * Route option that refuses an actor without `action` BEFORE the body is parsed and validated (decision 0010: a user
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
