import type { FastifyInstance } from 'fastify';
import { sendProblem } from '../../plugins/errors';

export function healthRoutes(app: FastifyInstance, deps: { ping: () => Promise<void> }) {
  app.get('/api/health', { config: { public: true } }, async (req, reply) => {
    try {
      await deps.ping();
      return { status: 'ok' };
    } catch (err) {
      req.log.error({ err }, 'health check: database unreachable');
      return sendProblem(reply, 503, 'DATABASE_UNAVAILABLE', 'The database is not reachable');
    }
  });
}
