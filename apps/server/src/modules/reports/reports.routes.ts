// Accounting and inventory reports (docs/product/api.md#reports). Thin: params checked here, access and work in the
// service.
import {
  analyticParamsSchema,
  analyticReportSchema,
  companiesSchema,
  journalItemsParamsSchema,
  stockByLocationSchema,
  stockByProductSchema,
} from '@quotewright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contentDisposition } from '../exports/exports.routes';
import type { ReportsService } from './reports.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function reportsRoutes(app: FastifyInstance, deps: { reports: ReportsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { reports } = deps;

  r.get(
    '/api/accounting/reports/analyticaccounts/:entryStatus/:accountingDate',
    { schema: { params: analyticParamsSchema, response: { 200: analyticReportSchema } } },
    async (req) => reports.analyticAccounts(req.user, req.params),
  );
  r.get('/api/accounting/companies', { schema: { response: { 200: companiesSchema } } }, async (req) =>
    reports.companies(req.user),
  );
  r.get(
    '/api/accounting/report/journalitems/:startDate/:endDate/:companyId',
    { schema: { params: journalItemsParamsSchema } },
    async (req, reply) => {
      const file = await reports.journalItems(req.user, req.params);
      return reply
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .header('cache-control', 'no-store')
        .type(XLSX)
        .send(file.stream);
    },
  );
  r.get('/api/inventory/stock/bylocation', { schema: { response: { 200: stockByLocationSchema } } }, async (req) =>
    reports.stockByLocation(req.user),
  );
  r.get('/api/inventory/stock/byproduct', { schema: { response: { 200: stockByProductSchema } } }, async (req) =>
    reports.stockByProduct(req.user),
  );
  r.get('/api/inventory/stock/report', async (req, reply) => {
    const file = await reports.stockReport(req.user);
    return reply
      .header('content-disposition', contentDisposition('attachment', file.fileName))
      .header('cache-control', 'no-store')
      .type(XLSX)
      .send(file.stream);
  });
}
