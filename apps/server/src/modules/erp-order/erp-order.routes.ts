// The read-only order page of the built-in demo ERP ('Open in Odoo' with the simulator). Thin: access and work in
// the service.
import { erpOrderSchema } from '@quotewright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ErpOrderService } from './erp-order.service';

const params = z.strictObject({
  id: z.coerce.number({ error: 'Unknown ERP order id' }).int('Unknown ERP order id').positive('Unknown ERP order id'),
});

export function erpOrderRoutes(app: FastifyInstance, deps: { erpOrders: ErpOrderService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/erp/orders/:id', { schema: { params, response: { 200: erpOrderSchema } } }, async (req) =>
    deps.erpOrders.order(req.user, req.params.id),
  );
}
