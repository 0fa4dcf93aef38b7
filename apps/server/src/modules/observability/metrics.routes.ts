import type { FastifyInstance } from 'fastify';
import type { AddressRange } from '../../config';
import { sendProblem } from '../../plugins/errors';
import type { AppMetrics } from './metrics';
import { FORWARDING_HEADERS, metricsAccess } from './metrics-access';

/** Every answer timed, by the route's pattern (`/api/sales/:id`: never the URL, whose ids would make a series each). */
export function httpMetrics(app: FastifyInstance, metrics: AppMetrics) {
  app.addHook('onResponse', (req, reply, done) => {
    metrics.httpRequest(req.routeOptions.url ?? 'unmatched', req.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * GET /metrics, Prometheus's text format: to the METRICS_TOKEN bearer or a direct connection from METRICS_ALLOW
 * (metrics-access.ts); anyone else gets the 404 of a path that does not exist. Outside /api and the API's contract:
 * it is for the monitoring, not the app. Scrapes are logged only when they fail.
 */
export function metricsRoutes(
  app: FastifyInstance,
  deps: { metrics: AppMetrics; token: string | undefined; allow: AddressRange[] | undefined },
) {
  const allows = metricsAccess({ token: deps.token, allow: deps.allow });
  app.get('/metrics', { config: { public: true }, logLevel: 'warn' }, async (req, reply) => {
    const caller = {
      authorization: req.headers.authorization,
      peer: req.socket.remoteAddress,
      forwarded: FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined),
    };
    if (!allows(caller)) return sendProblem(reply, 404, 'NOT_FOUND', `No route ${req.method} /metrics`);
    const text = await deps.metrics.text();
    return reply.header('cache-control', 'no-store').type(deps.metrics.contentType).send(text);
  });
}
