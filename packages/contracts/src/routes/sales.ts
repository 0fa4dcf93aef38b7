// The sales API (docs/product/api.md#sales): the sales list and its groups, a sale (read with its ETag, created or
// imported, its header changed, deleted), its activity, checks and ERP page. A sale's sections and lines: routes/
// sale-edits.ts. A change answers a delta (docs/product/realtime.md#sale-changes) and needs edit rights (refused
// before the body is read); deleting a sale is the admin's.
import {
  QUOTE_VALIDITY_MAX_DAYS,
  SALE_STATES,
  SALES_LIST_GROUPS,
  SALES_LIST_SORTS,
  SALES_PAGE_SIZE,
} from '@quotewright/domain';
import { z } from 'zod';
import { activityPageSchema, activityQuerySchema } from '../activity';
import { saleHeaderBaseSchema } from '../edit-conflicts';
import { route } from '../http';
import { erpIdInput } from '../inputs';
import { saleDeltaSchema } from '../realtime';
import { saleDocumentSchema } from '../sale-document';
import {
  productsCheckSchema,
  saleImportAnswerSchema,
  saleSchema,
  salesGroupsPageSchema,
  salesPageSchema,
} from '../sales';
import { saleIdParams as saleParams, saleReadRoute } from './sale-read';

const partnerRef = z.strictObject({ id: erpIdInput('partner'), name: z.string().max(500) }).nullable();

/** A sale's header fields (create, and POST /api/sales/{id}): only those sent are changed. */
export const saleHeaderBodySchema = z.strictObject({
  name: z.string().trim().max(500).optional(),
  customer: partnerRef.optional(),
  customer_invoice: partnerRef.optional(),
  customer_shipping: partnerRef.optional(),
  template: partnerRef.optional(),
  salesperson: partnerRef.optional(),
  /** Days the quotation is valid (its expiry = its date + these days); null: the Settings' "Quote validity (days)". */
  validity_days: z
    .number({ error: 'Enter a number of days' })
    .int('Enter a whole number of days')
    .min(0, 'Enter 0 or more days')
    .max(QUOTE_VALIDITY_MAX_DAYS, `Enter at most ${QUOTE_VALIDITY_MAX_DAYS} days`)
    .nullable()
    .optional(),
});

/**
 * A change of a sale's header (POST /api/sales/{id}): the fields to set; `base` the values they were based on (decision
 * 0020): a field someone else changed since is refused (409 EDIT_CONFLICT), not overwritten; a field without a base is
 * written whatever its value now. `overwrite`: the person chose to replace the value the 409 named (its base is that
 * value).
 */
export const saleHeaderUpdateBodySchema = saleHeaderBodySchema.extend({
  base: saleHeaderBaseSchema.optional(),
  overwrite: z.boolean().optional(),
});

/**
 * An import (docs/product/rules.md#json-export-and-import): the quotewright.sale document, the same as JSON text, or
 * that text wrapped (`{json: "<text>"}`, the upload dialog's). The import reads and checks it itself.
 */
export const saleImportBodySchema = z.union([saleDocumentSchema, z.string(), z.strictObject({ json: z.string() })]);

const listFilters = {
  search: z.string().max(200).optional(),
  state: z.enum(SALE_STATES).optional(),
  sort: z.enum(SALES_LIST_SORTS).optional(),
  direction: z.enum(['asc', 'desc']).optional(),
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(1000).default(SALES_PAGE_SIZE),
};
/** All sales, or with groupBy and group (a group's key from GET /api/sales/groups) the sales of one group. */
const listQuery = z
  .strictObject({
    ...listFilters,
    groupBy: z.enum(SALES_LIST_GROUPS).optional(),
    group: z.string().max(500).optional(),
  })
  .refine((q) => (q.groupBy === undefined) === (q.group === undefined), {
    message: 'groupBy and group go together (the groups themselves: GET /api/sales/groups)',
    path: ['group'],
  });
const groupsQuery = z.strictObject({ ...listFilters, groupBy: z.enum(SALES_LIST_GROUPS) });

const delta = { 200: saleDeltaSchema };

/** The sales list, and a sale as a whole. */
export const salesApi = {
  list: route({
    method: 'GET',
    path: '/api/sales',
    summary: 'The sales list, paged (one group of it with groupBy and group)',
    tag: 'Sales',
    query: listQuery,
    answers: { 200: salesPageSchema },
  }),
  groups: route({
    method: 'GET',
    path: '/api/sales/groups',
    summary: 'The grouped sales list, paged by groups',
    tag: 'Sales',
    query: groupsQuery,
    answers: { 200: salesGroupsPageSchema },
  }),
  get: saleReadRoute,
  /** One path, two bodies: the server tells an import from a header (a `format` or `json` field, or a text). */
  create: route({
    method: 'POST',
    path: '/api/sales',
    summary: 'Create a sale from a header, or import a quote (a quotewright.sale document)',
    tag: 'Sales',
    body: z.union([saleHeaderBodySchema, saleImportBodySchema]),
    answers: { 201: z.union([saleSchema, saleImportAnswerSchema]) },
  }),
  update: route({
    method: 'POST',
    path: '/api/sales/:id',
    summary: "Change a sale's header: fields changed since the edit's base are refused (409 EDIT_CONFLICT)",
    tag: 'Sales',
    params: saleParams,
    body: saleHeaderUpdateBodySchema,
    answers: delta,
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/sales/:id',
    summary: 'Delete a sale (answers the first page of the sales list)',
    tag: 'Sales',
    params: saleParams,
    answers: { 200: salesPageSchema },
  }),
  activity: route({
    method: 'GET',
    path: '/api/sales/:id/activity',
    summary: "The sale's activity, newest first, paged",
    tag: 'Sales',
    params: saleParams,
    query: activityQuerySchema,
    answers: { 200: activityPageSchema },
  }),
  checkProducts: route({
    method: 'GET',
    path: '/api/sales/check/products/:id',
    summary: 'The validity check of the sale',
    tag: 'Sales',
    params: saleParams,
    answers: { 200: productsCheckSchema },
  }),
  erpUrl: route({
    method: 'GET',
    path: '/api/sales/odoo/url/:id',
    summary: "The address of the sale's order in the ERP",
    tag: 'Sales',
    params: saleParams,
    answers: { 200: z.object({ url: z.string() }) },
  }),
};
