import { healthApi } from '@quotewright/contracts';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../plugins/contract-routes';
import { sendProblem } from '../../plugins/errors';
import { typedRoutes } from '../../plugins/typed-routes';
import type { Readiness } from './readiness';

declare module 'fastify' {
  interface FastifyInstance {
    /** /api/ready's state: `app.readiness.markDraining()` when the process starts shutting down. */
    readiness: Readiness;
  }
}

/**
 * GET /api/health (packages/contracts routes/health.ts): 503 DATABASE_UNAVAILABLE when the database does not answer.
 * GET /api/ready: 200 `ready` when the database, Redis and the ERP answer (those configured), 200 `degraded` when only
 * Redis or the ERP does not, 503 NOT_READY with each check's state when the database does not; 503 DRAINING once the
 * process is shutting down. Balancers poll both every second or so: they write
 * no request log line (a failure is logged: health's here, each change of a readiness check once).
 */
export function healthRoutes(app: FastifyInstance, deps: { ping: () => Promise<void>; readiness: Readiness }) {
  app.decorate('readiness', deps.readiness);
  const r = typedRoutes(app);
  serve(
    r,
    healthApi.health,
    async (req, reply) => {
      try {
        await deps.ping();
        return { status: 'ok' };
      } catch (err) {
        req.log.error({ err }, 'health check: database unreachable');
        return sendProblem(reply, 503, 'DATABASE_UNAVAILABLE', 'The database is not reachable');
      }
    },
    { logLevel: 'warn' },
  );
  serve(
    r,
    healthApi.ready,
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await deps.readiness.check();
      if (result.status === 'ready' || result.status === 'degraded') return result;
      if (result.status === 'draining')
        return sendProblem(reply, 503, 'DRAINING', 'This process is shutting down: send requests to another one');
      const failed = Object.entries(result.checks)
        .filter(([, state]) => state === 'failed' || state === 'timeout')
        .map(([name, state]) => `${name} (${state === 'timeout' ? 'no answer in time' : 'failed'})`);
      return sendProblem(reply, 503, 'NOT_READY', `Not ready: ${failed.join(', ')}`, undefined, {
        checks: result.checks,
      });
    },
    { logLevel: 'warn' },
  );
}
