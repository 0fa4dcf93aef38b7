import { templatesApi } from '@quotewright/contracts';
import type { FastifyInstance } from 'fastify';
import { requires } from '../../plugins/auth';
import { serve } from '../../plugins/contract-routes';
import { type TypedRoutes, typedRoutes } from '../../plugins/typed-routes';
import type { TemplatesService } from './templates.service';

/** Template changes need sales full rights (docs/product/roles.md#sales): refused before the body is parsed. */
const full = requires('sales.full');

export function templatesRoutes(app: FastifyInstance, deps: { templates: TemplatesService }) {
  const r = typedRoutes(app);
  templateAndSectionRoutes(r, deps.templates);
  templateLineRoutes(r, deps.templates);
}

/** The templates and their sections (packages/contracts routes/templates.ts). */
function templateAndSectionRoutes(r: TypedRoutes, templates: TemplatesService) {
  const api = templatesApi;
  serve(r, api.list, async (req) => templates.list(req.user));
  serve(r, api.create, async (req, reply) => reply.code(201).send(await templates.create(req.user, req.body)), full);
  serve(r, api.get, async (req) => templates.get(req.user, req.params.id));
  // The edited row of the list: only the name is stored; the other columns are read-only.
  serve(r, api.update, async (req) => templates.update(req.user, req.params.id, { name: req.body.name }), full);
  serve(r, api.remove, async (req) => templates.remove(req.user, req.params.id), full);

  // ─── Sections ───────────────────────────────────────────────────────────────────────────────────────────────
  serve(r, api.createSection, async (req) => templates.createSection(req.user, req.params.templateId, req.body), full);
  serve(
    r,
    api.duplicateSection,
    async (req) => templates.duplicateSection(req.user, req.params.templateId, req.params.sectionId),
    full,
  );
  serve(
    r,
    api.updateSection,
    async (req) => templates.updateSection(req.user, req.params.templateId, req.params.sectionId, req.body),
    full,
  );
  serve(
    r,
    api.deleteSection,
    async (req) => templates.deleteSection(req.user, req.params.templateId, req.params.sectionId),
    full,
  );
  serve(
    r,
    api.reorderSections,
    async (req) => templates.reorderSections(req.user, req.params.templateId, req.params.oldIndex, req.params.newIndex),
    full,
  );
}

/** A template section's lines. */
function templateLineRoutes(r: TypedRoutes, templates: TemplatesService) {
  const api = templatesApi;
  serve(
    r,
    api.createLines,
    async (req) => templates.createLines(req.user, req.params.templateId, req.params.sectionId, req.body),
    full,
  );
  serve(
    r,
    api.pasteLines,
    async (req) => templates.pasteLines(req.user, req.params.templateId, req.params.sectionId, req.body),
    full,
  );
  for (const [def, kind] of [
    [api.addNote, 'note'],
    [api.addHeader, 'header'],
  ] as const) {
    serve(
      r,
      def,
      async (req) => templates.createTextLine(req.user, req.params.templateId, req.params.sectionId, kind, req.body),
      full,
    );
  }
  serve(
    r,
    api.updateLines,
    async (req) => templates.updateLines(req.user, req.params.templateId, req.params.sectionId, req.body),
    full,
  );
  serve(
    r,
    api.deleteLines,
    async (req) => templates.deleteLines(req.user, req.params.templateId, req.params.sectionId, req.body),
    full,
  );
  serve(
    r,
    api.reorderLines,
    async (req) =>
      templates.reorderLines(
        req.user,
        req.params.templateId,
        req.params.sectionId,
        req.body.index,
        req.body.line_insertion_point,
      ),
    full,
  );
}
