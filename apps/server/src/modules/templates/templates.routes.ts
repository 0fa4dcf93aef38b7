import {
  costInput,
  createLinesBodySchema,
  indexParam,
  priceInput,
  quantityInput,
  reorderLineBodySchema,
  templateCreateLinesAnswerSchema,
  templateDeletedIdsSchema,
  templateLinesSchema,
  templateListSchema,
  templateSchema,
  templateSectionSchema,
  templateSectionsSchema,
  textLineBodySchema,
} from '@quotewright/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requires } from '../../plugins/auth';
import { type TypedRoutes, typedRoutes } from '../../plugins/typed-routes';
import type { TemplatesService } from './templates.service';

/** Template changes need sales full rights (docs/product/roles.md#sales): refused before the body is parsed. */
const full = requires('sales.full');

const uuid = (what: string) => z.uuid(`Unknown ${what} id`);
const idParams = z.strictObject({ id: uuid('template') });
const templateOnly = z.strictObject({ templateId: uuid('template') });
const templateSection = z.strictObject({ templateId: uuid('template'), sectionId: uuid('section') });
const name = z.string().trim().min(1, 'Name is required').max(500);
const ids = (what: string) => z.array(uuid(what)).min(1, `Choose at least one ${what}`).max(5000);
const description = z.string().max(20_000);

export function templatesRoutes(app: FastifyInstance, deps: { templates: TemplatesService }) {
  const r = typedRoutes(app);
  templateAndSectionRoutes(r, deps.templates);
  templateLineRoutes(r, deps.templates);
}

/** The templates and their sections. */
function templateAndSectionRoutes(r: TypedRoutes, templates: TemplatesService) {
  r.get('/api/templates', { schema: { response: { 200: templateListSchema } } }, async (req) =>
    templates.list(req.user),
  );
  r.post(
    '/api/templates',
    { ...full, schema: { body: z.strictObject({ name }), response: { 201: templateSchema } } },
    async (req, reply) => reply.code(201).send(await templates.create(req.user, req.body)),
  );
  r.get('/api/templates/:id', { schema: { params: idParams, response: { 200: templateSchema } } }, async (req) =>
    templates.get(req.user, req.params.id),
  );
  r.post(
    '/api/templates/:id',
    {
      ...full,
      // The edited row of the list: only the name is stored; the other columns are read-only.
      schema: {
        params: idParams,
        body: z.object({ name: name.optional() }),
        response: { 200: templateListSchema },
      },
    },
    async (req) => templates.update(req.user, req.params.id, { name: req.body.name }),
  );
  r.delete(
    '/api/templates/:id',
    { ...full, schema: { params: idParams, response: { 200: templateListSchema } } },
    async (req) => templates.remove(req.user, req.params.id),
  );

  // ─── Sections ───────────────────────────────────────────────────────────────────────────────────────────────
  const sectionBody = z.strictObject({ name: name.optional(), show_details: z.boolean().optional() });
  r.post(
    '/api/templates/sections/create/:templateId',
    {
      ...full,
      schema: {
        params: templateOnly,
        body: z.strictObject({ name, show_details: z.boolean().optional() }),
        response: { 200: templateSectionSchema },
      },
    },
    async (req) => templates.createSection(req.user, req.params.templateId, req.body),
  );
  r.post(
    '/api/templates/sections/duplicate/:templateId/:sectionId',
    { ...full, schema: { params: templateSection, response: { 200: templateSectionSchema } } },
    async (req) => templates.duplicateSection(req.user, req.params.templateId, req.params.sectionId),
  );
  r.post(
    '/api/templates/sections/update/:templateId/:sectionId',
    { ...full, schema: { params: templateSection, body: sectionBody, response: { 200: templateSectionSchema } } },
    async (req) => templates.updateSection(req.user, req.params.templateId, req.params.sectionId, req.body),
  );
  r.post(
    '/api/templates/sections/delete/:templateId/:sectionId',
    { ...full, schema: { params: templateSection, response: { 200: templateSectionsSchema } } },
    async (req) => templates.deleteSection(req.user, req.params.templateId, req.params.sectionId),
  );
  r.post(
    '/api/templates/sections/reorder/:templateId/:oldIndex/:newIndex',
    {
      ...full,
      schema: {
        params: z.strictObject({ templateId: uuid('template'), oldIndex: indexParam, newIndex: indexParam }),
        response: { 200: templateSectionsSchema },
      },
    },
    async (req) => templates.reorderSections(req.user, req.params.templateId, req.params.oldIndex, req.params.newIndex),
  );
}

/** A template section's lines. */
function templateLineRoutes(r: TypedRoutes, templates: TemplatesService) {
  // ─── Lines ──────────────────────────────────────────────────────────────────────────────────────────────────
  r.post(
    '/api/templates/lines/create/:templateId/:sectionId',
    {
      ...full,
      schema: {
        params: templateSection,
        body: createLinesBodySchema,
        response: { 200: templateCreateLinesAnswerSchema },
      },
    },
    async (req) => templates.createLines(req.user, req.params.templateId, req.params.sectionId, req.body),
  );
  for (const kind of ['note', 'header'] as const) {
    r.post(
      `/api/templates/lines/${kind}/:templateId/:sectionId`,
      {
        ...full,
        schema: {
          params: templateSection,
          body: textLineBodySchema,
          response: { 200: templateLinesSchema },
        },
      },
      async (req) => templates.createTextLine(req.user, req.params.templateId, req.params.sectionId, kind, req.body),
    );
  }
  r.post(
    '/api/templates/lines/update/:templateId/:sectionId',
    {
      ...full,
      schema: {
        params: templateSection,
        body: z
          .array(
            z.strictObject({
              _id: uuid('line'),
              name: description.optional(),
              quantity: quantityInput.optional(),
              price: priceInput.optional(),
              cost: costInput.optional(),
              price_percentage_active: z.boolean().optional(),
            }),
          )
          .min(1, 'Send at least one line')
          .max(5000),
        response: { 200: templateLinesSchema },
      },
    },
    async (req) => templates.updateLines(req.user, req.params.templateId, req.params.sectionId, req.body),
  );
  r.post(
    '/api/templates/lines/delete/:templateId/:sectionId',
    { ...full, schema: { params: templateSection, body: ids('line'), response: { 200: templateDeletedIdsSchema } } },
    async (req) => templates.deleteLines(req.user, req.params.templateId, req.params.sectionId, req.body),
  );
  r.post(
    '/api/templates/lines/reorder/:templateId/:sectionId',
    {
      ...full,
      schema: {
        params: templateSection,
        body: reorderLineBodySchema,
        response: { 200: templateLinesSchema },
      },
    },
    async (req) =>
      templates.reorderLines(
        req.user,
        req.params.templateId,
        req.params.sectionId,
        req.body.index,
        req.body.line_insertion_point,
      ),
  );
}
