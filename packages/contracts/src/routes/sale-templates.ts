// Templates on a sale (docs/product/api.md#templates-on-a-sale): sale changes, answered as deltas like every other one.
import { TEMPLATE_COPY_STYLES } from '@quotewright/domain';
import { z } from 'zod';
import { route } from '../http';
import { saleDeltaSchema } from '../realtime';

const tag = 'Templates on a sale';
const uuid = (what: string) => z.uuid(`Unknown ${what} id`);
const params = z.strictObject({ saleId: uuid('sale'), templateId: uuid('template') });
const delta = { 200: saleDeltaSchema };

export const saleTemplatesApi = {
  add: route({
    method: 'POST',
    path: '/api/sales/templates/add/:saleId/:templateId',
    summary: 'Apply a template (some of its sections, or all) to the sale',
    tag,
    params,
    body: z.strictObject({
      /** Sections of the template; none: all of them. */
      sections: z.array(uuid('section')).max(5000).default([]),
      copyStyle: z.enum(TEMPLATE_COPY_STYLES, { error: 'Expected merge or overwrite' }).default('merge'),
    }),
    answers: delta,
  }),
  refresh: route({
    method: 'POST',
    path: '/api/sales/templates/refresh/:saleId/:templateId',
    summary: "Replace the template's lines in the sale with its current ones",
    tag,
    params,
    noBody: true,
    answers: delta,
  }),
  remove: route({
    method: 'POST',
    path: '/api/sales/templates/remove/:saleId/:templateId',
    summary: "Remove the template's lines (and the sections left empty) from the sale",
    tag,
    params,
    noBody: true,
    answers: delta,
  }),
};
