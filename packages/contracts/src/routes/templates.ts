// The templates API (docs/product/api.md#templates): the template list, a template's sections and their lines.
// Reading needs sales view; every change needs sales full rights (refused before the body is read).
import { z } from 'zod';
import { route } from '../http';
import {
  costInput,
  createLinesBodySchema,
  indexParam,
  pasteLinesBodySchema,
  priceInput,
  quantityInput,
  reorderLineBodySchema,
  textLineBodySchema,
} from '../inputs';
import { sectionBodySchema as sectionBody } from '../sales';
import {
  templateCreateLinesAnswerSchema,
  templateDeletedIdsSchema,
  templateLinesSchema,
  templateListSchema,
  templateSchema,
  templateSectionSchema,
  templateSectionsSchema,
} from '../templates';

const tag = 'Templates';
const uuid = (what: string) => z.uuid(`Unknown ${what} id`);
const idParams = z.strictObject({ id: uuid('template') });
const templateParams = z.strictObject({ templateId: uuid('template') });
const sectionParams = z.strictObject({ templateId: uuid('template'), sectionId: uuid('section') });
const name = z.string().trim().min(1, 'Name is required').max(500);
const description = z.string().max(20_000);

/** POST /api/templates/lines/update/…: the changed fields of each line (no discount, no bases). */
const templateLinesUpdateSchema = z
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
  .max(5000);

/** A text line (note or header) added to a section. */
const textLine = (kind: 'note' | 'header') =>
  route({
    method: 'POST',
    path: `/api/templates/lines/${kind}/:templateId/:sectionId`,
    summary: `Add a ${kind} to a template section`,
    tag,
    params: sectionParams,
    body: textLineBodySchema,
    answers: { 200: templateLinesSchema },
  });

export const templatesApi = {
  list: route({
    method: 'GET',
    path: '/api/templates',
    summary: 'Every template (name order)',
    tag,
    answers: { 200: templateListSchema },
  }),
  create: route({
    method: 'POST',
    path: '/api/templates',
    summary: 'Create a template',
    tag,
    body: z.strictObject({ name }),
    answers: { 201: templateSchema },
  }),
  get: route({
    method: 'GET',
    path: '/api/templates/:id',
    summary: 'A template with its sections and lines',
    tag,
    params: idParams,
    answers: { 200: templateSchema },
  }),
  /** The edited row of the list: only the name is stored; the other columns are read-only (and ignored). */
  update: route({
    method: 'POST',
    path: '/api/templates/:id',
    summary: 'Rename a template (answers the list)',
    tag,
    params: idParams,
    body: z.object({ name: name.optional() }),
    answers: { 200: templateListSchema },
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/templates/:id',
    summary: 'Delete a template (answers the list)',
    tag,
    params: idParams,
    answers: { 200: templateListSchema },
  }),

  // ─── Sections ───────────────────────────────────────────────────────────────────────────────────────────────
  createSection: route({
    method: 'POST',
    path: '/api/templates/sections/create/:templateId',
    summary: 'Add a section to a template',
    tag,
    params: templateParams,
    body: sectionBody({ name: name }),
    answers: { 200: templateSectionSchema },
  }),
  duplicateSection: route({
    method: 'POST',
    path: '/api/templates/sections/duplicate/:templateId/:sectionId',
    summary: 'Duplicate a template section',
    tag,
    params: sectionParams,
    noBody: true,
    answers: { 200: templateSectionSchema },
  }),
  updateSection: route({
    method: 'POST',
    path: '/api/templates/sections/update/:templateId/:sectionId',
    summary: 'Rename a template section or set its presentation',
    tag,
    params: sectionParams,
    body: sectionBody({ name: name.optional() }),
    answers: { 200: templateSectionSchema },
  }),
  deleteSection: route({
    method: 'POST',
    path: '/api/templates/sections/delete/:templateId/:sectionId',
    summary: 'Delete a template section (answers the sections)',
    tag,
    params: sectionParams,
    noBody: true,
    answers: { 200: templateSectionsSchema },
  }),
  reorderSections: route({
    method: 'POST',
    path: '/api/templates/sections/reorder/:templateId/:oldIndex/:newIndex',
    summary: 'Move a template section (answers the sections)',
    tag,
    params: z.strictObject({ templateId: uuid('template'), oldIndex: indexParam, newIndex: indexParam }),
    noBody: true,
    answers: { 200: templateSectionsSchema },
  }),

  // ─── Lines ──────────────────────────────────────────────────────────────────────────────────────────────────
  createLines: route({
    method: 'POST',
    path: '/api/templates/lines/create/:templateId/:sectionId',
    summary: 'Add products to a template section',
    tag,
    params: sectionParams,
    body: createLinesBodySchema,
    answers: { 200: templateCreateLinesAnswerSchema },
  }),
  pasteLines: route({
    method: 'POST',
    path: '/api/templates/lines/paste/:templateId/:sectionId',
    summary: 'Add pasted lines (products with their sheet values, notes) to a template section as one edit',
    tag,
    params: sectionParams,
    body: pasteLinesBodySchema,
    answers: { 200: templateCreateLinesAnswerSchema },
  }),
  addNote: textLine('note'),
  addHeader: textLine('header'),
  updateLines: route({
    method: 'POST',
    path: '/api/templates/lines/update/:templateId/:sectionId',
    summary: 'Edit lines of a template section',
    tag,
    params: sectionParams,
    body: templateLinesUpdateSchema,
    answers: { 200: templateLinesSchema },
  }),
  deleteLines: route({
    method: 'POST',
    path: '/api/templates/lines/delete/:templateId/:sectionId',
    summary: 'Delete lines of a template section',
    tag,
    params: sectionParams,
    body: z.array(uuid('line')).min(1, 'Choose at least one line').max(5000),
    answers: { 200: templateDeletedIdsSchema },
  }),
  reorderLines: route({
    method: 'POST',
    path: '/api/templates/lines/reorder/:templateId/:sectionId',
    summary: 'Move a line of a template section',
    tag,
    params: sectionParams,
    body: reorderLineBodySchema,
    answers: { 200: templateLinesSchema },
  }),
};
