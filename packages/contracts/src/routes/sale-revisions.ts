// A sale's revisions (docs/product/api.md#revisions, docs/product/rules.md#revisions): list, save, read, compare,
// restore. Reading needs view rights on sales; saving and restoring need edit rights (refused before the body is read).
import { z } from 'zod';
import { route } from '../http';
import {
  revisionCompareQuerySchema,
  revisionCompareSchema,
  revisionListSchema,
  revisionReadSchema,
  revisionRestoreAnswerSchema,
  revisionSaveBodySchema,
  revisionSummarySchema,
} from '../revisions';

const tag = 'Sale revisions';
const uuid = (what: string) => z.uuid(`Unknown ${what} id`);
const saleOnly = z.strictObject({ saleId: uuid('sale') });
const saleRevision = z.strictObject({ saleId: uuid('sale'), revisionId: uuid('revision') });

export const saleRevisionsApi = {
  list: route({
    method: 'GET',
    path: '/api/sales/revisions/list/:saleId',
    summary: "The sale's revisions, newest first (no content)",
    tag,
    params: saleOnly,
    answers: { 200: revisionListSchema },
  }),
  save: route({
    method: 'POST',
    path: '/api/sales/revisions/save/:saleId',
    summary: 'Save a revision of the sale as it is now, with an optional comment',
    tag,
    params: saleOnly,
    body: revisionSaveBodySchema,
    answers: { 201: revisionSummarySchema },
  }),
  read: route({
    method: 'GET',
    path: '/api/sales/revisions/read/:saleId/:revisionId',
    summary: 'One revision: the sale and its cover letter as they were',
    tag,
    params: saleRevision,
    answers: { 200: revisionReadSchema },
  }),
  compare: route({
    method: 'GET',
    path: '/api/sales/revisions/compare/:saleId',
    summary: 'What differs between two revisions, or a revision and the sale now (`current`)',
    tag,
    params: saleOnly,
    query: revisionCompareQuerySchema,
    answers: { 200: revisionCompareSchema },
  }),
  restore: route({
    method: 'POST',
    path: '/api/sales/revisions/restore/:saleId/:revisionId',
    summary: "Give the sale the revision's sections and lines as one edit (a revision of the sale is saved first)",
    tag,
    params: saleRevision,
    noBody: true,
    answers: { 200: revisionRestoreAnswerSchema },
  }),
};
