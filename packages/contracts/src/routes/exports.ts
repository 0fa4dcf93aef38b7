// A sale's files and its cover letter (docs/product/api.md#exports-and-the-cover-letter): the Excel workbook, the
// JSON document and the customer PDF (sent with their file names, RFC 6266), and the letter printed first in the PDF
// (decision 0015).
import { z } from 'zod';
import { coverLetterInputSchema, coverLetterSchema } from '../cover-letter';
import { route } from '../http';

const tag = 'Exports';
const saleParams = z.strictObject({ id: z.uuid('Unknown sale id') });

/** The content type of an Excel workbook (the sale's export, the reports' files). */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const exportsApi = {
  excel: route({
    method: 'GET',
    path: '/api/sales/excel/:id',
    summary: "The sale as an Excel workbook (the caller's discrete mode leaves cost, margin and markup out)",
    tag,
    params: saleParams,
    answers: { 200: { file: XLSX_CONTENT_TYPE } },
  }),
  json: route({
    method: 'GET',
    path: '/api/sales/json/:id',
    summary: 'The sale as its JSON document (quotewright.sale); with revisions=true, its revisions too',
    tag,
    params: saleParams,
    query: z.strictObject({
      /** Include the sale's revisions (each with its number, meta and document). */
      revisions: z.enum(['true', 'false'], { error: 'Expected true or false' }).optional(),
    }),
    answers: { 200: { file: 'application/json' } },
  }),
  pdf: route({
    method: 'GET',
    path: '/api/sales/reports/:id',
    summary: 'The customer PDF of the sale (the cover letter first), inline',
    tag,
    params: saleParams,
    answers: { 200: { file: 'application/pdf' } },
  }),
  coverLetter: route({
    method: 'GET',
    path: '/api/sales/:id/document',
    summary: "The sale's cover letter (an empty body when none was saved)",
    tag,
    params: saleParams,
    answers: { 200: coverLetterSchema },
  }),
  saveCoverLetter: route({
    method: 'PUT',
    path: '/api/sales/:id/document',
    summary: "Save the sale's cover letter",
    tag,
    params: saleParams,
    body: coverLetterInputSchema,
    answers: { 200: coverLetterSchema },
  }),
};
