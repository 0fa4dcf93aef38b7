import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers (CSP, X-Frame-Options, nosniff, …) on every answer. The middleware is built once here;
 * @fastify/helmet built it again for every request (parsing the CSP directives each time).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const apply = helmet(options);
  app.addHook('onRequest', (req, reply, done) => apply(req.raw, reply.raw, (err) => done(err as Error | undefined)));
}
