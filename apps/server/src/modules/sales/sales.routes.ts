import { saleHeaderBodySchema, saleLinesApi, saleRevertApi, saleSectionsApi, salesApi } from '@quotewright/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError, fieldErrorsFromIssues, validation } from '../../errors';

import { requires } from '../../plugins/auth';
import { negotiateEncoding } from '../../plugins/compression';
import { serve } from '../../plugins/contract-routes';
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

/**
 * The sales calls, defined in packages/contracts (routes/sales.ts, its GET in sale-read.ts, sections and lines in
 * sale-edits.ts). Answers are serialized through their contracts schema (fastify-type-provider-zod's serializer: the
 * answer is checked and only the schema's fields are written). A mutation answers a delta; the whole sale (GET) is
 * served as cached JSON text (its answer is `cachedJson`: no response schema), so it is never serialized again.
 */
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
  serve(r, salesApi.list, async (req) => {
    const q = req.query;
    return sales.list(req.user, { ...q, offset: q.page * q.pageSize, limit: q.pageSize });
  });
  // Paged by groups, not sales: a page holds pageSize groups, each with the count and total of all its sales.
  serve(r, salesApi.groups, async (req) => {
    const q = req.query;
    return sales.listGroups(req.user, { ...q, offset: q.page * q.pageSize, limit: q.pageSize });
  });
  // ETag = the sale's version and its sections' versions: a client holding the current one gets 304 and no body.
  // Compressed here, not by the compression plugin: the encoded bytes are kept with the cached JSON (one br or gzip
  // per version, not per request). A compressed body has a weak ETag (the bytes differ from the identity body's).
  serve(
    r,
    salesApi.get,
    async (req, reply) => {
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
    },
    { compress: false },
  );
  // One path, two bodies: a header creates a sale; a quotewright.sale document (or {json: "<text>"}) imports one.
  // Its own JSON parser answers 'Invalid JSON' (docs/product/api.md#errors) and allows IMPORT_BODY_LIMIT. The two
  // bodies of its definition are told apart here, not checked by Fastify: a header by saleHeaderBodySchema, a
  // document by the import itself; the answer (the sale, or {sale, errors}) is written as it is.
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
    scope.route({
      method: salesApi.create.method,
      url: salesApi.create.path,
      ...edit,
      bodyLimit: IMPORT_BODY_LIMIT,
      handler: async (req, reply) => {
        if (deps.importSale && isImportBody(req.body)) {
          return reply.code(201).send(await deps.importSale(req.user, req.body));
        }
        const parsed = saleHeaderBodySchema.safeParse(req.body);
        if (!parsed.success) throw validation(fieldErrorsFromIssues(parsed.error.issues));
        return reply.code(201).send(await sales.create(req.user, parsed.data));
      },
    });
  });
  serve(r, salesApi.update, async (req) => sales.update(req.user, req.params.id, req.body), edit);
  serve(r, salesApi.remove, async (req) => sales.remove(req.user, req.params.id), requires('sales.delete'));
  const { activity } = deps;
  if (activity) {
    // Newest first, paged like the sales list ({items, total, page, pageSize}; page from 0).
    serve(r, salesApi.activity, async (req) => activity.list(req.user, req.params.id, req.query));
  }
  serve(r, salesApi.checkProducts, async (req) => sales.checkProducts(req.user, req.params.id));
  serve(r, salesApi.erpUrl, async (req) => sales.odooUrl(req.user, req.params.id));
}

/** A sale's sections (each answers the change as a delta). */
function sectionRoutes(r: TypedRoutes, sales: SalesService) {
  // ─── Sections (answer the updated sale) ─────────────────────────────────────────────────────────────────────
  serve(r, saleSectionsApi.create, async (req) => sales.createSection(req.user, req.params.saleId, req.body), edit);
  serve(
    r,
    saleSectionsApi.duplicate,
    async (req) => sales.duplicateSection(req.user, req.params.saleId, req.params.sectionId),
    edit,
  );
  serve(
    r,
    saleSectionsApi.update,
    async (req) => sales.updateSection(req.user, req.params.saleId, req.params.sectionId, req.body),
    edit,
  );
  serve(
    r,
    saleSectionsApi.remove,
    async (req) => sales.deleteSection(req.user, req.params.saleId, req.params.sectionId),
    edit,
  );
  serve(
    r,
    saleSectionsApi.reorder,
    async (req) => sales.reorderSections(req.user, req.params.saleId, req.params.oldIndex, req.params.newIndex),
    edit,
  );
  serve(r, saleRevertApi.revert, async (req) => sales.revert(req.user, req.params.saleId, req.body), edit);
  serve(
    r,
    saleSectionsApi.copy,
    async (req) => sales.copySections(req.user, req.params.destinationSaleId, req.body),
    edit,
  );
}

/** A section's lines (each answers the change as a delta). */
function lineRoutes(r: TypedRoutes, sales: SalesService) {
  // ─── Lines ──────────────────────────────────────────────────────────────────────────────────────────────────
  serve(
    r,
    saleLinesApi.create,
    async (req) => sales.createLines(req.user, req.params.saleId, req.params.sectionId, req.body),
    edit,
  );
  serve(
    r,
    saleLinesApi.paste,
    async (req) => sales.pasteLines(req.user, req.params.saleId, req.params.sectionId, req.body),
    edit,
  );
  for (const kind of ['note', 'header'] as const) {
    serve(
      r,
      saleLinesApi[kind],
      async (req) => sales.createTextLine(req.user, req.params.saleId, req.params.sectionId, kind, req.body),
      edit,
    );
  }
  // Each edit may carry the values it was based on: a field changed since is refused (409 EDIT_CONFLICT).
  serve(
    r,
    saleLinesApi.update,
    async (req) => sales.updateLines(req.user, req.params.saleId, req.params.sectionId, req.body),
    edit,
  );
  serve(
    r,
    saleLinesApi.remove,
    async (req) => sales.deleteLines(req.user, req.params.saleId, req.params.sectionId, req.body),
    edit,
  );
  serve(
    r,
    saleLinesApi.reorder,
    async (req) =>
      sales.reorderLines(
        req.user,
        req.params.saleId,
        req.params.sectionId,
        req.body.index,
        req.body.line_insertion_point,
      ),
    edit,
  );
  serve(
    r,
    saleLinesApi.move,
    async (req) =>
      sales.moveLines(
        req.user,
        req.params.saleId,
        req.params.fromSection,
        req.params.toSection,
        req.params.type,
        req.body,
      ),
    edit,
  );
  serve(
    r,
    saleLinesApi.markup,
    async (req) => sales.setMarkup(req.user, req.params.saleId, req.params.sectionId, req.body),
    edit,
  );
}
