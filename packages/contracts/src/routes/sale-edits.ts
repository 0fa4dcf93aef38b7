// A sale's sections and lines (docs/product/api.md#sections-of-a-sale, docs/product/api.md#lines-of-a-sale): every
// change answers a delta (docs/product/realtime.md#sale-changes) and needs edit rights (refused before the body is
// read). Apart from routes/sales.ts, so that a screen that only lists sales does not load the edits' schemas.
import { SECTION_COPY_STYLES } from '@quotewright/domain';
import { z } from 'zod';
import { lineEditsBodySchema, sectionEditBaseSchema } from '../edit-conflicts';
import { route } from '../http';
import {
  createLinesBodySchema,
  indexParam,
  markupInput,
  pasteLinesBodySchema,
  reorderLineBodySchema,
  textLineBodySchema,
} from '../inputs';
import { createLinesAnswerSchema, moveLinesAnswerSchema, pasteLinesAnswerSchema, saleDeltaSchema } from '../realtime';
import { sectionBodySchema as sectionBody } from '../sales';
import { revertAnswerSchema, revertBodySchema } from '../undo';

const uuid = (what: string) => z.uuid(`Unknown ${what} id`);
const saleOnly = z.strictObject({ saleId: uuid('sale') });
const saleSection = z.strictObject({ saleId: uuid('sale'), sectionId: uuid('section') });
const sectionName = z.string().trim().min(1, 'Name is required').max(500);
const ids = (what: string) => z.array(uuid(what)).min(1, `Choose at least one ${what}`).max(5000);
const delta = { 200: saleDeltaSchema };

/** A sale's sections (docs/product/api.md#sections-of-a-sale). */
export const saleSectionsApi = {
  create: route({
    method: 'POST',
    path: '/api/sales/sections/create/:saleId',
    summary: 'Add a section at the end of the sale',
    tag: 'Sale sections',
    params: saleOnly,
    body: sectionBody({ name: sectionName }),
    answers: delta,
  }),
  duplicate: route({
    method: 'POST',
    path: '/api/sales/sections/duplicate/:saleId/:sectionId',
    summary: 'Copy a section and its lines right after it',
    tag: 'Sale sections',
    params: saleSection,
    noBody: true,
    answers: delta,
  }),
  update: route({
    method: 'POST',
    path: '/api/sales/sections/update/:saleId/:sectionId',
    summary:
      'Rename a section (refused, 409 EDIT_CONFLICT, when its name changed since the base), or set its presentation',
    tag: 'Sale sections',
    params: saleSection,
    /** `base`: the name the rename was based on (decision 0020); `overwrite`: replacing the name the 409 named. */
    body: sectionBody({
      name: sectionName.optional(),
      base: sectionEditBaseSchema.optional(),
      overwrite: z.boolean().optional(),
    }),
    answers: delta,
  }),
  remove: route({
    method: 'POST',
    path: '/api/sales/sections/delete/:saleId/:sectionId',
    summary: 'Delete a section and its lines',
    tag: 'Sale sections',
    params: saleSection,
    noBody: true,
    answers: delta,
  }),
  reorder: route({
    method: 'POST',
    path: '/api/sales/sections/reorder/:saleId/:oldIndex/:newIndex',
    summary: 'Move a section',
    tag: 'Sale sections',
    params: z.strictObject({ saleId: uuid('sale'), oldIndex: indexParam, newIndex: indexParam }),
    noBody: true,
    answers: delta,
  }),
  copy: route({
    method: 'POST',
    path: '/api/sales/sections/copy/:destinationSaleId',
    summary: 'Copy sections of a sale (this one or another) into the destination sale',
    tag: 'Sale sections',
    params: z.strictObject({ destinationSaleId: uuid('sale') }),
    body: z.strictObject({
      sections: ids('section'),
      _id: uuid('sale'),
      copyStyle: z.enum(SECTION_COPY_STYLES, { error: 'Expected new, merge or overwrite' }).default('new'),
      mergeProducts: z.boolean().default(false),
    }),
    answers: delta,
  }),
};

/** A note or a header added to a section. */
const textLine = (kind: 'note' | 'header') =>
  route({
    method: 'POST',
    path: `/api/sales/lines/${kind}/:saleId/:sectionId`,
    summary: `Add a ${kind} to a section`,
    tag: 'Sale lines',
    params: saleSection,
    body: textLineBodySchema,
    answers: delta,
  });

/** A section's lines (docs/product/api.md#lines-of-a-sale). */
export const saleLinesApi = {
  create: route({
    method: 'POST',
    path: '/api/sales/lines/create/:saleId/:sectionId',
    summary: 'Add products of the catalog to a section',
    tag: 'Sale lines',
    params: saleSection,
    body: createLinesBodySchema,
    answers: { 200: createLinesAnswerSchema },
  }),
  note: textLine('note'),
  header: textLine('header'),
  paste: route({
    method: 'POST',
    path: '/api/sales/lines/paste/:saleId/:sectionId',
    summary: 'Add pasted lines (products with their sheet values, notes) to a section as one edit',
    tag: 'Sale lines',
    params: saleSection,
    body: pasteLinesBodySchema,
    answers: { 200: pasteLinesAnswerSchema },
  }),
  /** Each edit may carry the values it was based on: a field changed since is refused (409 EDIT_CONFLICT). */
  update: route({
    method: 'POST',
    path: '/api/sales/lines/update/:saleId/:sectionId',
    summary: 'Edit lines of a section',
    tag: 'Sale lines',
    params: saleSection,
    body: lineEditsBodySchema,
    answers: delta,
  }),
  remove: route({
    method: 'POST',
    path: '/api/sales/lines/delete/:saleId/:sectionId',
    summary: 'Delete lines of a section',
    tag: 'Sale lines',
    params: saleSection,
    body: ids('line'),
    answers: delta,
  }),
  reorder: route({
    method: 'POST',
    path: '/api/sales/lines/reorder/:saleId/:sectionId',
    summary: 'Move one line within its section',
    tag: 'Sale lines',
    params: saleSection,
    body: reorderLineBodySchema,
    answers: delta,
  }),
  move: route({
    method: 'POST',
    path: '/api/sales/lines/move/:saleId/:fromSection/:toSection/:type',
    summary: 'Move or copy lines to the end of another (or the same) section',
    tag: 'Sale lines',
    params: z.strictObject({
      saleId: uuid('sale'),
      fromSection: uuid('section'),
      toSection: uuid('section'),
      type: z.enum(['move', 'copy'], { error: 'Expected move or copy' }),
    }),
    body: ids('line'),
    answers: { 200: moveLinesAnswerSchema },
  }),
  markup: route({
    method: 'POST',
    path: '/api/sales/lines/markup/:saleId/:sectionId',
    summary: 'Set Markup on lines of a section',
    tag: 'Sale lines',
    params: saleSection,
    body: z.strictObject({ ids: ids('line'), markup: markupInput }),
    answers: delta,
  }),
};

/** Undo and redo (docs/product/rules.md#undo-and-redo): a step of the person's own put back as one new edit. */
export const saleRevertApi = {
  revert: route({
    method: 'POST',
    path: '/api/sales/revert/:saleId',
    summary: "Undo or redo one of the person's edits: refused (409) when anything it touched has changed since",
    tag: 'Sale lines',
    params: saleOnly,
    body: revertBodySchema,
    answers: { 200: revertAnswerSchema },
  }),
};
