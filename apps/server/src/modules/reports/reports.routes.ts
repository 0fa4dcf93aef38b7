// Accounting and inventory reports (docs/product/api.md#reports). Thin: params checked here, access and work in the
// service.
import { reportsApi } from '@quotewright/contracts';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../plugins/contract-routes';
import { typedRoutes } from '../../plugins/typed-routes';
import { contentDisposition } from '../exports/exports.routes';
import type { ReportsService } from './reports.service';

/** The reports (packages/contracts routes/reports.ts). */
export function reportsRoutes(app: FastifyInstance, deps: { reports: ReportsService }) {
  const r = typedRoutes(app);
  const { reports } = deps;

  serve(r, reportsApi.analyticAccounts, async (req) => reports.analyticAccounts(req.user, req.params));
  serve(r, reportsApi.companies, async (req) => reports.companies(req.user));
  serve(r, reportsApi.journalItems, async (req, reply) => {
    const file = await reports.journalItems(req.user, req.params);
    return reply
      .header('content-disposition', contentDisposition('attachment', file.fileName))
      .header('cache-control', 'no-store')
      .type(reportsApi.journalItems.answers[200].file)
      .send(file.stream);
  });
  serve(r, reportsApi.stockByLocation, async (req) => reports.stockByLocation(req.user));
  serve(r, reportsApi.stockByProduct, async (req) => reports.stockByProduct(req.user));
  serve(r, reportsApi.stockReport, async (req, reply) => {
    const file = await reports.stockReport(req.user);
    return reply
      .header('content-disposition', contentDisposition('attachment', file.fileName))
      .header('cache-control', 'no-store')
      .type(reportsApi.stockReport.answers[200].file)
      .send(file.stream);
  });
}
