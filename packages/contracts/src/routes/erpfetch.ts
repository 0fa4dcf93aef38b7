// The ERP data fetch (docs/product/api.md#erp-data-fetch, decisions 0004 and 0025): products, sales or contacts paged
// in from the ERP in the background, one run per kind at a time.
import { z } from 'zod';
import { fetchKindSchema, fetchRunSchema } from '../erp';
import { route } from '../http';

const tag = 'ERP data fetch';
const kindParams = z.strictObject({ kind: fetchKindSchema });

export const erpFetchApi = {
  start: route({
    method: 'POST',
    path: '/api/odoo/sync/:kind',
    summary: 'Start a fetch in the background: 202 the run started, 200 the run of that kind already under way',
    tag,
    params: kindParams,
    noBody: true,
    answers: { 200: fetchRunSchema, 202: fetchRunSchema },
  }),
  latest: route({
    method: 'GET',
    path: '/api/odoo/sync/:kind',
    summary: 'The latest run of a kind (null: never fetched)',
    tag,
    params: kindParams,
    answers: { 200: z.object({ run: fetchRunSchema.nullable() }) },
  }),
  run: route({
    method: 'GET',
    path: '/api/odoo/runs/:id',
    summary: 'One run of the data fetch',
    tag,
    params: z.strictObject({ id: z.uuid('Unknown run id') }),
    answers: { 200: fetchRunSchema },
  }),
};
