// The product catalog and the partners fetched from the ERP, read by the sale and template editors
// (docs/product/api.md#catalog-and-partners).
import { z } from 'zod';
import {
  bundleMembersSchema,
  customerSchema,
  MAX_MATCH_ROWS,
  pasteMatchRowSchema,
  pasteMatchSchema,
  productDetailSchema,
  productPageSchema,
  productSchema,
  SUGGEST_LIMIT,
} from '../catalog';
import { route } from '../http';
import { erpIdParam } from '../inputs';
import { refSchema } from '../sales';

const tag = 'Catalog';
const idParams = z.strictObject({ id: erpIdParam('product') });
const PRODUCT_SORTS = ['model', 'manufacturer', 'description', 'category', 'price', 'cost'] as const;
const flag = z.enum(['true', 'false']).optional();

export const catalogApi = {
  list: route({
    method: 'GET',
    path: '/api/products',
    summary: 'The catalog, a page at a time: every word of `search` must match',
    tag,
    query: z.strictObject({
      search: z.string().max(200).optional(),
      bundlesOnly: flag,
      includeInactive: flag,
      sort: z.enum(PRODUCT_SORTS).optional(),
      direction: z.enum(['asc', 'desc']).optional(),
      page: z.coerce.number().int().min(0).max(1_000_000).default(0),
      pageSize: z.coerce.number().int().min(1).max(1000).default(20),
    }),
    answers: { 200: productPageSchema },
  }),
  suggest: route({
    method: 'GET',
    path: '/api/products/suggest',
    summary:
      'Active products for typed text, best first: exact model, model prefix, a word of the model or name starting with it, similar words',
    tag,
    query: z.strictObject({
      q: z.string().max(100),
      limit: z.coerce.number().int().min(1).max(SUGGEST_LIMIT.max).default(SUGGEST_LIMIT.default),
    }),
    answers: { 200: z.array(productSchema) },
  }),
  get: route({
    method: 'GET',
    path: '/api/products/:id',
    summary: 'A product with its related products',
    tag,
    params: idParams,
    answers: { 200: productDetailSchema },
  }),
  match: route({
    method: 'POST',
    path: '/api/products/match',
    summary: 'Pasted rows matched to the catalog: exact model, else exact part number, else trigram similarity',
    tag,
    body: z.strictObject({ rows: z.array(pasteMatchRowSchema).min(1).max(MAX_MATCH_ROWS) }),
    answers: { 200: z.object({ rows: z.array(pasteMatchSchema) }) },
  }),
  bundleMembers: route({
    method: 'GET',
    path: '/api/products/hasrelated/:id',
    summary: "A bundle's members (empty for a plain product)",
    tag,
    params: idParams,
    answers: { 200: bundleMembersSchema },
  }),
};

export const partnersApi = {
  customers: route({
    method: 'GET',
    path: '/api/partners/customers',
    summary: 'The active customers with their invoice and delivery addresses',
    tag,
    answers: { 200: z.array(customerSchema) },
  }),
  templates: route({
    method: 'GET',
    path: '/api/partners/templates',
    summary: "The ERP's quotation templates",
    tag,
    answers: { 200: z.array(refSchema) },
  }),
  salespersons: route({
    method: 'GET',
    path: '/api/partners/salespersons',
    summary: "The ERP's salespersons",
    tag,
    answers: { 200: z.array(refSchema) },
  }),
};
