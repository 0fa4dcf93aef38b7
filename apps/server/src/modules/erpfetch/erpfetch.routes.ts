import { erpFetchApi } from '@quotewright/contracts';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../plugins/contract-routes';
import { typedRoutes } from '../../plugins/typed-routes';
import { originOf } from '../audit/audit.routes';
import type { ErpFetchService } from './erpfetch.service';

/** The ERP data fetch calls (packages/contracts routes/erpfetch.ts, docs/product/api.md#erp-data-fetch). */
export function erpFetchRoutes(app: FastifyInstance, deps: { erpFetch: ErpFetchService }) {
  const r = typedRoutes(app);
  // 202 = started; 200 = the fetch of that kind already under way.
  serve(r, erpFetchApi.start, async (req, reply) => {
    const { run, started } = await deps.erpFetch.start(req.user, req.params.kind, originOf(req));
    return reply.code(started ? 202 : 200).send(run);
  });
  serve(r, erpFetchApi.latest, async (req) => ({ run: await deps.erpFetch.latest(req.user, req.params.kind) }));
  serve(r, erpFetchApi.run, async (req) => deps.erpFetch.get(req.user, req.params.id));
}
