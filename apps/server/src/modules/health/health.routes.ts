import { healthApi } from '@quotewright/contracts';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../plugins/contract-routes';
import { sendProblem } from '../../plugins/errors';
import { typedRoutes } from '../../plugins/typed-routes';

/** GET /api/health (packages/contracts routes/health.ts): 503 DATABASE_UNAVAILABLE when the database does not answer. */
export function healthRoutes(app: FastifyInstance, deps: { ping: () => Promise<void> }) {
  serve(typedRoutes(app), healthApi.health, async (req, reply) => {
    try {
      await deps.ping();
      return { status: 'ok' };
    } catch (err) {
      req.log.error({ err }, 'health check: database unreachable');
      return sendProblem(reply, 503, 'DATABASE_UNAVAILABLE', 'The database is not reachable');
    }
  });
}
