import { exportsApi } from '@quotewright/contracts';
import type { FastifyInstance } from 'fastify';
import { requires } from '../../plugins/auth';
import { serve } from '../../plugins/contract-routes';
import { typedRoutes } from '../../plugins/typed-routes';
import type { ExportsService } from './exports.service';

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A sale's files and cover letter (packages/contracts routes/exports.ts). */
export function exportsRoutes(app: FastifyInstance, deps: { exports: ExportsService }) {
  const r = typedRoutes(app);
  const { exports } = deps;

  serve(r, exportsApi.excel, async (req, reply) => {
    const file = await exports.excel(req.user, req.params.id);
    return reply
      .header('content-disposition', contentDisposition('attachment', file.fileName))
      .header('cache-control', 'no-store')
      .type(exportsApi.excel.answers[200].file)
      .send(file.stream);
  });
  serve(r, exportsApi.json, async (req, reply) => {
    const file = await exports.json(req.user, req.params.id, { revisions: req.query.revisions === 'true' });
    return reply
      .header('content-disposition', contentDisposition('attachment', file.fileName))
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(`${JSON.stringify(file.document, null, 2)}\n`);
  });
  serve(r, exportsApi.pdf, async (req, reply) => {
    const file = await exports.pdf(req.user, req.params.id);
    return reply
      .header('content-disposition', contentDisposition('inline', file.fileName))
      .header('cache-control', 'no-store')
      .type(exportsApi.pdf.answers[200].file)
      .send(file.stream);
  });
  // The cover letter of the customer PDF (document editor, decision 0015).
  serve(r, exportsApi.coverLetter, async (req) => exports.coverLetter(req.user, req.params.id));
  serve(
    r,
    exportsApi.saveCoverLetter,
    async (req) => exports.saveCoverLetter(req.user, req.params.id, req.body.body),
    requires('sales.edit'),
  );
}
