// Publishing a sale to the ERP (docs/product/api.md#publishing-to-the-erp): the last publish/sync and the pre-publish
// check. The publish/sync itself starts on the socket (`sync_odoo`, packages/contracts sync.ts).
import { z } from 'zod';
import { route } from '../http';
import { odooSyncStatusSchema, syncCheckSchema } from '../sync';

const tag = 'Publishing to the ERP';
const saleParams = z.strictObject({ id: z.uuid('Unknown sale id') });

export const saleSyncApi = {
  status: route({
    method: 'GET',
    path: '/api/sales/odoo/status/:id',
    summary: "The sale's last publish/sync (a run under way included)",
    tag,
    params: saleParams,
    answers: { 200: odooSyncStatusSchema },
  }),
  check: route({
    method: 'GET',
    path: '/api/sales/odoo/check/:id',
    summary: 'The pre-publish check: what a publish/sync would do, and what the ERP would refuse',
    tag,
    params: saleParams,
    query: z.strictObject({
      /** 'Sync to new Sale': the check of a second ERP order. */
      create_new: z.enum(['true', 'false'], { error: 'Expected true or false' }).optional(),
    }),
    answers: { 200: syncCheckSchema },
  }),
};
