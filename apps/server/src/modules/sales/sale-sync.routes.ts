import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SaleSyncService } from './sale-sync.service';

const saleParams = z.strictObject({ id: z.uuid('Unknown sale id') });

/** Publish/sync reads (issue 11); the publish/sync itself starts on the socket (sync_odoo). */
export function saleSyncRoutes(app: FastifyInstance, deps: { saleSync: SaleSyncService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The last publish/sync of the sale (the status dialog; a reloaded page shows a run under way).
  r.get('/api/sales/odoo/status/:id', { schema: { params: saleParams } }, async (req) =>
    deps.saleSync.status(req.user, req.params.id),
  );
  // The pre-publish check: what would happen, and what the ERP would refuse.
  r.get(
    '/api/sales/odoo/check/:id',
    {
      schema: {
        params: saleParams,
        querystring: z.strictObject({
          create_new: z.enum(['true', 'false'], { error: 'Expected true or false' }).optional(),
        }),
      },
    },
    async (req) => deps.saleSync.check(req.user, req.params.id, req.query.create_new === 'true'),
  );
}
