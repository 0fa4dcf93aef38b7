import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendProblem } from './errors';

/** Serves the built SPA (when present) with index.html for client-side routes; /api stays problem+json. */
export async function registerSpa(app: FastifyInstance, webDist: string | undefined) {
  const root = resolve(webDist ?? join(import.meta.dirname, '../../../web/dist'));
  const hasSpa = existsSync(join(root, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, { root, wildcard: true, index: false, maxAge: '1h', immutable: true });
    // The start page itself: never cached, so a new build is picked up on the next load.
    app.get('/', { config: { public: true } }, (_req, reply) =>
      reply.header('Cache-Control', 'no-cache').sendFile('index.html', root, { cacheControl: false }),
    );
  }
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (hasSpa && req.method === 'GET' && !path.startsWith('/api/') && path !== '/api') {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', root, { cacheControl: false });
    }
    return sendProblem(reply, 404, 'NOT_FOUND', `No route ${req.method} ${path}`);
  });
}
