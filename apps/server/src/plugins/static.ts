import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendProblem } from './errors';

/**
 * A file of the build's assets folder whose name carries a content hash (Vite: name-<hash>.ext), or its compressed
 * form (name-<hash>.ext.br / .gz).
 */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.\w+(?:\.(?:br|gz))?$/;

/** Serves the built SPA (when present) with index.html for client-side routes; /api stays problem+json. */
export async function registerSpa(app: FastifyInstance, webDist: string | undefined) {
  const root = resolve(webDist ?? join(import.meta.dirname, '../../../web/dist'));
  const hasSpa = existsSync(join(root, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: false,
      cacheControl: false,
      // The build writes each text file's brotli and gzip forms beside it (apps/web/scripts/precompress.mjs): sent
      // as they are to a client that accepts them (the compression plugin leaves an encoded answer alone).
      preCompressed: true,
      // The build's files under /assets are named by their content's hash: a browser keeps them for a year and
      // never asks again (a new build has new names, which index.html, never cached, points to). Anything else
      // for an hour.
      setHeaders: (res, path) => {
        res.setHeader(
          'Cache-Control',
          HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
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
