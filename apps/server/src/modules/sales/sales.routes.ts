import {
  activityPageSchema,
  activityQuerySchema,
  createLinesAnswerSchema,
  createLinesBodySchema,
  erpIdInput,
  indexParam,
  lineEditsBodySchema,
  markupInput,
  moveLinesAnswerSchema,
  productsCheckSchema,
  reorderLineBodySchema,
  saleDeltaSchema,
  salesGroupsPageSchema,
  salesPageSchema,
  textLineBodySchema,
} from '@quotewright/contracts';
import {
  SALE_STATES,
  SALES_LIST_GROUPS,
  SALES_LIST_SORTS,
  SALES_PAGE_SIZE,
  SECTION_COPY_STYLES,
} from '@quotewright/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, fieldErrorsFromIssues, validation } from '../../errors';

import { requires } from '../../plugins/auth';
import { negotiateEncoding } from '../../plugins/compression';
import { type TypedRoutes, typedRoutes } from '../../plugins/typed-routes';
import type { AuthUser } from '../../policy';
import type { ActivityService } from './activity.service';
import type { SalesService } from './sales.service';

/** The JSON import's own body limit (docs/architecture.md#security): larger than the default 1 MB, for quotes of thousands of lines. */
export const IMPORT_BODY_LIMIT = 5 * 1024 * 1024;

/** A body that imports a quote (docs/product/rules.md#json-export-and-import), not a header to create one. */
function isImportBody(body: unknown): boolean {
  return (
    typeof body === 'string' || (typeof body === 'object' && body !== null && ('format' in body || 'json' in body))
  );
}

/** Every sale mutation needs edit rights: refused before the body is even parsed. */
const edit = requires('sales.edit');

const uuid = (what: string) => z.uuid(`Unknown ${what} id`);
const saleParams = z.strictObject({ id: uuid('sale') });
const saleOnly = z.strictObject({ saleId: uuid('sale') });
const saleSection = z.strictObject({ saleId: uuid('sale'), sectionId: uuid('section') });
const partnerRef = z.strictObject({ id: erpIdInput('partner'), name: z.string().max(500) }).nullable();
const headerBody = z.strictObject({
  name: z.string().trim().max(500).optional(),
  customer: partnerRef.optional(),
  customer_invoice: partnerRef.optional(),
  customer_shipping: partnerRef.optional(),
  template: partnerRef.optional(),
  salesperson: partnerRef.optional(),
});

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

const sectionName = z.string().trim().min(1, 'Name is required').max(500);
const ids = (what: string) => z.array(uuid(what)).min(1, `Choose at least one ${what}`).max(5000);

/**
 * Answers are serialized through their contracts schema (fastify-type-provider-zod's serializer: the answer is
 * checked and only the schema's fields are written). A mutation answers a delta; the whole sale (GET) is
 * served as cached JSON text and has no response schema, so it is never serialized again.
 */
const delta = { 200: saleDeltaSchema };

export function salesRoutes(
  app: FastifyInstance,
  deps: {
    sales: SalesService;
    /** The JSON import (modules/exports): answers { sale, errors }. */
    importSale?: (actor: AuthUser | null, body: unknown) => Promise<unknown>;
    /** The sale's activity feed (docs/product/screens.md#activity). */
    activity?: ActivityService;
  },
) {
  const r = typedRoutes(app);
  saleRoutes(app, r, deps);
  sectionRoutes(r, deps.sales);
  lineRoutes(r, deps.sales);
}

type Deps = Parameters<typeof salesRoutes>[1];

/** A sale as a whole: the list and its groups, GET with its ETag, create or import, delete, activity, check, ERP page. */
function saleRoutes(app: FastifyInstance, r: TypedRoutes, deps: Deps) {
  const { sales } = deps;

  // ─── Sales ───────────────────────────────────────────────────────────────────────────────────────────────────
  r.get('/api/sales', { schema: { querystring: listQuery, response: { 200: salesPageSchema } } }, async (req) => {
    const q = req.query;
    return sales.list(req.user, { ...q, offset: q.page * q.pageSize, limit: q.pageSize });
  });
  // Paged by groups, not sales: a page holds pageSize groups, each with the count and total of all its sales.
  r.get(
    '/api/sales/groups',
    { schema: { querystring: groupsQuery, response: { 200: salesGroupsPageSchema } } },
    async (req) => {
      const q = req.query;
      return sales.listGroups(req.user, { ...q, offset: q.page * q.pageSize, limit: q.pageSize });
    },
  );
  // ETag = the sale's version and its sections' versions: a client holding the current one gets 304 and no body.
  // Compressed here, not by the compression plugin: the encoded bytes are kept with the cached JSON (one br or gzip
  // per version, not per request). A compressed body has a weak ETag (the bytes differ from the identity body's).
  r.get('/api/sales/:id', { schema: { params: saleParams }, compress: false }, async (req, reply) => {
    const known = /^(?:W\/)?"([\d-]{1,40})"$/.exec(req.headers['if-none-match'] ?? '')?.[1];
    const res = await sales.getJson(req.user, req.params.id, known);
    const encoding = res.json?.encodingFor(negotiateEncoding(req.headers['accept-encoding'])) ?? 'identity';
    reply
      .header('etag', `${encoding === 'identity' ? '' : 'W/'}"${res.tag}"`)
      .header('cache-control', 'private, no-cache')
      .header('vary', 'accept-encoding');
    if (res.json === undefined) return reply.code(304).send();
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('application/json; charset=utf-8').send(await res.json.body(encoding));
  });
  // One path, two bodies: a header creates a sale; a quotewright.sale document (or {json: "<text>"}) imports one.
  // Its own JSON parser answers 'Invalid JSON' (docs/product/api.md#errors) and allows IMPORT_BODY_LIMIT.
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT },
      (_req, text, done) => {
        try {
          done(null, JSON.parse(text as string));
        } catch {
          done(new AppError('INVALID_JSON', 'Invalid JSON'), undefined);
        }
      },
    );
    scope.post('/api/sales', { ...edit, bodyLimit: IMPORT_BODY_LIMIT }, async (req, reply) => {
      if (deps.importSale && isImportBody(req.body)) {
        return reply.code(201).send(await deps.importSale(req.user, req.body));
      }
      const parsed = headerBody.safeParse(req.body);
      if (!parsed.success) throw validation(fieldErrorsFromIssues(parsed.error.issues));
      return reply.code(201).send(await sales.create(req.user, parsed.data));
    });
  });
  r.post(
    '/api/sales/:id',
    { ...edit, schema: { params: saleParams, body: headerBody, response: delta } },
    async (req) => sales.update(req.user, req.params.id, req.body),
  );
  r.delete(
    '/api/sales/:id',
    { ...requires('sales.delete'), schema: { params: saleParams, response: { 200: salesPageSchema } } },
    async (req) => sales.remove(req.user, req.params.id),
  );
  const { activity } = deps;
  if (activity) {
    // Newest first, paged like the sales list ({items, total, page, pageSize}; page from 0).
    r.get(
      '/api/sales/:id/activity',
      { schema: { params: saleParams, querystring: activityQuerySchema, response: { 200: activityPageSchema } } },
      async (req) => activity.list(req.user, req.params.id, req.query),
    );
  }
  r.get(
    '/api/sales/check/products/:id',
    { schema: { params: saleParams, response: { 200: productsCheckSchema } } },
    async (req) => sales.checkProducts(req.user, req.params.id),
  );
  r.get('/api/sales/odoo/url/:id', { schema: { params: saleParams } }, async (req) =>
    sales.odooUrl(req.user, req.params.id),
  );
}

/** A sale's sections (each answers the change as a delta). */
function sectionRoutes(r: TypedRoutes, sales: SalesService) {
  // ─── Sections (answer the updated sale) ─────────────────────────────────────────────────────────────────────
  r.post(
    '/api/sales/sections/create/:saleId',
    {
      ...edit,
      schema: {
        params: saleOnly,
        body: z.strictObject({ name: sectionName, show_details: z.boolean().optional() }),
        response: delta,
      },
    },
    async (req) => sales.createSection(req.user, req.params.saleId, req.body),
  );
  r.post(
    '/api/sales/sections/duplicate/:saleId/:sectionId',
    { ...edit, schema: { params: saleSection, response: delta } },
    async (req) => sales.duplicateSection(req.user, req.params.saleId, req.params.sectionId),
  );
  r.post(
    '/api/sales/sections/update/:saleId/:sectionId',
    {
      ...edit,
      schema: {
        params: saleSection,
        body: z.strictObject({ name: sectionName.optional(), show_details: z.boolean().optional() }),
        response: delta,
      },
    },
    async (req) => sales.updateSection(req.user, req.params.saleId, req.params.sectionId, req.body),
  );
  r.post(
    '/api/sales/sections/delete/:saleId/:sectionId',
    { ...edit, schema: { params: saleSection, response: delta } },
    async (req) => sales.deleteSection(req.user, req.params.saleId, req.params.sectionId),
  );
  r.post(
    '/api/sales/sections/reorder/:saleId/:oldIndex/:newIndex',
    {
      ...edit,
      schema: {
        params: z.strictObject({ saleId: uuid('sale'), oldIndex: indexParam, newIndex: indexParam }),
        response: delta,
      },
    },
    async (req) => sales.reorderSections(req.user, req.params.saleId, req.params.oldIndex, req.params.newIndex),
  );

  r.post(
    '/api/sales/sections/copy/:destinationSaleId',
    {
      ...edit,
      schema: {
        params: z.strictObject({ destinationSaleId: uuid('sale') }),
        body: z.strictObject({
          sections: ids('section'),
          _id: uuid('sale'),
          copyStyle: z.enum(SECTION_COPY_STYLES, { error: 'Expected new, merge or overwrite' }).default('new'),
          mergeProducts: z.boolean().default(false),
        }),
        response: delta,
      },
    },
    async (req) => sales.copySections(req.user, req.params.destinationSaleId, req.body),
  );
}

/** A section's lines (each answers the change as a delta). */
function lineRoutes(r: TypedRoutes, sales: SalesService) {
  // ─── Lines ──────────────────────────────────────────────────────────────────────────────────────────────────
  r.post(
    '/api/sales/lines/create/:saleId/:sectionId',
    {
      ...edit,
      schema: {
        params: saleSection,
        body: createLinesBodySchema,
        response: { 200: createLinesAnswerSchema },
      },
    },
    async (req) => sales.createLines(req.user, req.params.saleId, req.params.sectionId, req.body),
  );
  for (const kind of ['note', 'header'] as const) {
    r.post(
      `/api/sales/lines/${kind}/:saleId/:sectionId`,
      {
        ...edit,
        schema: {
          params: saleSection,
          body: textLineBodySchema,
          response: delta,
        },
      },
      async (req) => sales.createTextLine(req.user, req.params.saleId, req.params.sectionId, kind, req.body),
    );
  }
  r.post(
    '/api/sales/lines/update/:saleId/:sectionId',
    {
      ...edit,
      schema: {
        params: saleSection,
        // Each edit may carry the values it was based on: a field changed since is refused (409 EDIT_CONFLICT).
        body: lineEditsBodySchema,
        response: delta,
      },
    },
    async (req) => sales.updateLines(req.user, req.params.saleId, req.params.sectionId, req.body),
  );
  r.post(
    '/api/sales/lines/delete/:saleId/:sectionId',
    { ...edit, schema: { params: saleSection, body: ids('line'), response: delta } },
    async (req) => sales.deleteLines(req.user, req.params.saleId, req.params.sectionId, req.body),
  );
  r.post(
    '/api/sales/lines/reorder/:saleId/:sectionId',
    {
      ...edit,
      schema: {
        params: saleSection,
        body: reorderLineBodySchema,
        response: delta,
      },
    },
    async (req) =>
      sales.reorderLines(
        req.user,
        req.params.saleId,
        req.params.sectionId,
        req.body.index,
        req.body.line_insertion_point,
      ),
  );
  r.post(
    '/api/sales/lines/move/:saleId/:fromSection/:toSection/:type',
    {
      ...edit,
      schema: {
        params: z.strictObject({
          saleId: uuid('sale'),
          fromSection: uuid('section'),
          toSection: uuid('section'),
          type: z.enum(['move', 'copy'], { error: 'Expected move or copy' }),
        }),
        body: ids('line'),
        response: { 200: moveLinesAnswerSchema },
      },
    },
    async (req) =>
      sales.moveLines(
        req.user,
        req.params.saleId,
        req.params.fromSection,
        req.params.toSection,
        req.params.type,
        req.body,
      ),
  );
  r.post(
    '/api/sales/lines/markup/:saleId/:sectionId',
    {
      ...edit,
      schema: {
        params: saleSection,
        body: z.strictObject({ ids: ids('line'), markup: markupInput }),
        response: delta,
      },
    },
    async (req) => sales.setMarkup(req.user, req.params.saleId, req.params.sectionId, req.body),
  );
}
