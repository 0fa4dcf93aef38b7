// Templates on a sale (all POST, docs/product/api.md#templates-on-a-sale): sale mutations, answered as deltas like every other sale change.
import { saleDeltaSchema } from '@quotewright/contracts';
import { TEMPLATE_COPY_STYLES } from '@quotewright/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requires } from '../../plugins/auth';
import type { SaleTemplatesService } from './sale-templates.service';

const edit = requires('sales.edit');
const uuid = (what: string) => z.uuid(`Unknown ${what} id`);
const params = z.strictObject({ saleId: uuid('sale'), templateId: uuid('template') });
const delta = { 200: saleDeltaSchema };

export function saleTemplatesRoutes(app: FastifyInstance, deps: { saleTemplates: SaleTemplatesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { saleTemplates } = deps;
  r.post(
    '/api/sales/templates/add/:saleId/:templateId',
    {
      ...edit,
      schema: {
        params,
        body: z.strictObject({
          /** Sections of the template; none: all of them. */
          sections: z.array(uuid('section')).max(5000).default([]),
          copyStyle: z.enum(TEMPLATE_COPY_STYLES, { error: 'Expected merge or overwrite' }).default('merge'),
        }),
        response: delta,
      },
    },
    async (req) => saleTemplates.apply(req.user, req.params.saleId, req.params.templateId, req.body),
  );
  r.post(
    '/api/sales/templates/refresh/:saleId/:templateId',
    { ...edit, schema: { params, response: delta } },
    async (req) => saleTemplates.refresh(req.user, req.params.saleId, req.params.templateId),
  );
  r.post(
    '/api/sales/templates/remove/:saleId/:templateId',
    { ...edit, schema: { params, response: delta } },
    async (req) => saleTemplates.remove(req.user, req.params.saleId, req.params.templateId),
  );
}
