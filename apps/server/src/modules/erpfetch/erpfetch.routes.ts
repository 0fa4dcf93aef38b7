import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ErpFetchService, FETCH_KINDS } from './erpfetch.service';

const kindParams = z.strictObject({ kind: z.enum(FETCH_KINDS, { error: 'Expected products, sales or contacts' }) });

export function erpFetchRoutes(app: FastifyInstance, deps: { erpFetch: ErpFetchService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // POST /odoo/sync/products|sales|contacts (docs/product/api.md#erp-data-fetch). 202 = started; 200 = the fetch
  // already under way.
  r.post('/api/odoo/sync/:kind', { schema: { params: kindParams } }, async (req, reply) => {
    const { run, started } = await deps.erpFetch.start(req.user, req.params.kind);
    return reply.code(started ? 202 : 200).send(run);
  });
  r.get('/api/odoo/sync/:kind', { schema: { params: kindParams } }, async (req) => ({
    run: await deps.erpFetch.latest(req.user, req.params.kind),
  }));
  r.get('/api/odoo/runs/:id', { schema: { params: z.strictObject({ id: z.uuid('Unknown run id') }) } }, async (req) =>
    deps.erpFetch.get(req.user, req.params.id),
  );
}
