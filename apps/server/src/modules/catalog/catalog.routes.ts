import { erpIdParam } from '@quotewright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CatalogService } from './catalog.service';

const idParams = z.strictObject({ id: erpIdParam('product') });
const listQuery = z.strictObject({
  search: z.string().max(200).optional(),
  bundlesOnly: z.enum(['true', 'false']).optional(),
  includeInactive: z.enum(['true', 'false']).optional(),
  sort: z.enum(['model', 'manufacturer', 'description', 'category', 'price', 'cost']).optional(),
  direction: z.enum(['asc', 'desc']).optional(),
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(1000).default(20),
});

export function catalogRoutes(app: FastifyInstance, deps: { catalog: CatalogService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/products', { schema: { querystring: listQuery } }, async (req) => {
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
  r.get('/api/products/:id', { schema: { params: idParams } }, async (req) =>
    deps.catalog.get(req.user, req.params.id),
  );
  r.get('/api/products/hasrelated/:id', { schema: { params: idParams } }, async (req) =>
    deps.catalog.hasRelated(req.user, req.params.id),
  );
}
