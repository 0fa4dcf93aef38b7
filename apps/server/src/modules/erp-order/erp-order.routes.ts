// The read-only order page of the built-in demo ERP ('Open in Odoo' with the simulator). Thin: access and work in
// the service.
import { erpOrderApi } from '@quotewright/contracts';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../plugins/contract-routes';
import { typedRoutes } from '../../plugins/typed-routes';
import type { ErpOrderService } from './erp-order.service';

/** packages/contracts routes/erp-order.ts */
export function erpOrderRoutes(app: FastifyInstance, deps: { erpOrders: ErpOrderService }) {
  serve(typedRoutes(app), erpOrderApi.order, async (req) => deps.erpOrders.order(req.user, req.params.id));
}
