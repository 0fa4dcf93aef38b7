import { coverLetterInputSchema, coverLetterSchema } from '@quotewright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requires } from '../../plugins/auth';
import type { ExportsService } from './exports.service';

const saleParams = z.strictObject({ id: z.uuid('Unknown sale id') });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function exportsRoutes(app: FastifyInstance, deps: { exports: ExportsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { exports } = deps;

  r.get('/api/sales/excel/:id', { schema: { params: saleParams } }, async (req, reply) => {
    const file = await exports.excel(req.user, req.params.id);
    return reply
      .header('content-disposition', contentDisposition('attachment', file.fileName))
      .header('cache-control', 'no-store')
      .type(XLSX)
      .send(file.stream);
  });
  r.get('/api/sales/json/:id', { schema: { params: saleParams } }, async (req, reply) => {
    const file = await exports.json(req.user, req.params.id);
    return reply
      .header('content-disposition', contentDisposition('attachment', file.fileName))
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(`${JSON.stringify(file.document, null, 2)}\n`);
  });
  r.get('/api/sales/reports/:id', { schema: { params: saleParams } }, async (req, reply) => {
    const file = await exports.pdf(req.user, req.params.id);
    return reply
      .header('content-disposition', contentDisposition('inline', file.fileName))
      .header('cache-control', 'no-store')
      .type('application/pdf')
      .send(file.stream);
  });
  // The cover letter of the customer PDF (document editor, decision 0015).
  r.get(
    '/api/sales/:id/document',
    { schema: { params: saleParams, response: { 200: coverLetterSchema } } },
    async (req) => exports.coverLetter(req.user, req.params.id),
  );
  r.put(
    '/api/sales/:id/document',
    {
      ...requires('sales.edit'),
      schema: { params: saleParams, body: coverLetterInputSchema, response: { 200: coverLetterSchema } },
    },
    async (req) => exports.saveCoverLetter(req.user, req.params.id, req.body.body),
  );
}
