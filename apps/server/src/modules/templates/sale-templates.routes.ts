// Templates on a sale (all POST, docs/product/api.md#templates-on-a-sale): sale mutations, answered as deltas like every other sale change.
import { saleTemplatesApi } from '@quotewright/contracts';
import type { FastifyInstance } from 'fastify';
import { requires } from '../../plugins/auth';
import { serve } from '../../plugins/contract-routes';
import { typedRoutes } from '../../plugins/typed-routes';
import type { SaleTemplatesService } from './sale-templates.service';

const edit = requires('sales.edit');

/** The definitions: packages/contracts routes/sale-templates.ts. */
export function saleTemplatesRoutes(app: FastifyInstance, deps: { saleTemplates: SaleTemplatesService }) {
  const r = typedRoutes(app);
  const { saleTemplates } = deps;
  serve(
    r,
    saleTemplatesApi.add,
    async (req) => saleTemplates.apply(req.user, req.params.saleId, req.params.templateId, req.body),
    edit,
  );
  serve(
    r,
    saleTemplatesApi.refresh,
    async (req) => saleTemplates.refresh(req.user, req.params.saleId, req.params.templateId),
    edit,
  );
  serve(
    r,
    saleTemplatesApi.remove,
    async (req) => saleTemplates.remove(req.user, req.params.saleId, req.params.templateId),
    edit,
  );
}
