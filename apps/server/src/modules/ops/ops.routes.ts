// GET /api/ops/backup (packages/contracts routes/ops.ts): `npm run backup` asks the server that holds the embedded
// database for a consistent dump (decision 0034). Only from this machine, only with the secret the server wrote in
// its data directory's lock file (readable by the account that runs it); everyone else, and every PostgreSQL
// installation (pg_dump backs those up), gets the same 404 as an unknown route.
import { timingSafeEqual } from 'node:crypto';
import { opsApi } from '@quotewright/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serve } from '../../plugins/contract-routes';
import { sendProblem } from '../../plugins/errors';
import { typedRoutes } from '../../plugins/typed-routes';

export interface OpsDeps {
  /** The data directory lock's secret (embedded database with a data directory only). */
  secret?: string | undefined;
  dump?: ((compression: 'gzip') => Promise<Blob>) | undefined;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function allowed(req: FastifyRequest, secret: string | undefined): boolean {
  if (!secret || !LOOPBACK.has(req.socket.remoteAddress ?? '')) return false;
  const given = Buffer.from(String(req.headers.authorization ?? ''));
  const expected = Buffer.from(`Bearer ${secret}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function opsRoutes(app: FastifyInstance, deps: OpsDeps) {
  serve(typedRoutes(app), opsApi.backup, async (req, reply) => {
    if (!deps.dump || !allowed(req, deps.secret)) return sendProblem(reply, 404, 'NOT_FOUND', 'Not found');
    const started = Date.now();
    const blob = await deps.dump('gzip');
    req.log.info({ bytes: blob.size, ms: Date.now() - started }, 'backup of the embedded database taken');
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', 'attachment; filename="quotewright-backup.tar.gz"')
      .type('application/gzip')
      .send(Buffer.from(await blob.arrayBuffer()));
  });
}
