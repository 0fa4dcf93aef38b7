// The read-only order page of the built-in demo ERP (docs/product/api.md#erp-order-view): 'Open in Odoo' with the
// simulator.
import { z } from 'zod';
import { erpOrderSchema } from '../erp';
import { route } from '../http';

const unknownOrder = 'Unknown ERP order id';

export const erpOrderApi = {
  order: route({
    method: 'GET',
    path: '/api/erp/orders/:id',
    summary: 'An order of the built-in demo ERP, read-only (404 with a real Odoo)',
    tag: 'ERP order view',
    params: z.strictObject({
      id: z.coerce.number({ error: unknownOrder }).int(unknownOrder).positive(unknownOrder),
    }),
    answers: { 200: erpOrderSchema },
  }),
};
