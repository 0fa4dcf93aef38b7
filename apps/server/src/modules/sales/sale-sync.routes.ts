import { saleSyncApi } from '@quotewright/contracts';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../plugins/contract-routes';
import { typedRoutes } from '../../plugins/typed-routes';
import type { SaleSyncService } from './sale-sync.service';

/**
 * Publish/sync reads (packages/contracts routes/sale-sync.ts, docs/product/api.md#publishing-to-the-erp); the
 * publish/sync itself starts on the socket (sync_odoo).
 */
export function saleSyncRoutes(app: FastifyInstance, deps: { saleSync: SaleSyncService }) {
  const r = typedRoutes(app);
  // The last publish/sync of the sale (the status dialog; a reloaded page shows a run under way).
  serve(r, saleSyncApi.status, async (req) => deps.saleSync.status(req.user, req.params.id));
  // The pre-publish check: what would happen, and what the ERP would refuse.
  serve(r, saleSyncApi.check, async (req) =>
    deps.saleSync.check(req.user, req.params.id, req.query.create_new === 'true'),
  );
}
