import { catalogApi } from '@quotewright/contracts';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../plugins/contract-routes';
import { typedRoutes } from '../../plugins/typed-routes';
import type { CatalogService } from './catalog.service';

/** The catalog calls (packages/contracts routes/catalog.ts). */
export function catalogRoutes(app: FastifyInstance, deps: { catalog: CatalogService }) {
  const r = typedRoutes(app);
  serve(r, catalogApi.list, async (req) => {
    const q = req.query;
    return deps.catalog.list(req.user, {
      search: q.search,
      bundlesOnly: q.bundlesOnly === 'true',
      includeInactive: q.includeInactive === 'true',
      sort: q.sort,
      direction: q.direction,
      page: q.page,
      pageSize: q.pageSize,
      offset: q.page * q.pageSize,
      limit: q.pageSize,
    });
  });
  serve(r, catalogApi.suggest, async (req) => deps.catalog.suggest(req.user, req.query.q, req.query.limit));
  serve(r, catalogApi.match, async (req) => deps.catalog.match(req.user, req.body.rows));
  serve(r, catalogApi.get, async (req) => deps.catalog.get(req.user, req.params.id));
  serve(r, catalogApi.bundleMembers, async (req) => deps.catalog.hasRelated(req.user, req.params.id));
}
