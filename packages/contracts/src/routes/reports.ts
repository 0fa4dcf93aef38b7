// Accounting and inventory reports (docs/product/api.md#reports, decision 0013): read from the ERP at each call.
import { route } from '../http';
import {
  analyticParamsSchema,
  analyticReportSchema,
  companiesSchema,
  journalItemsParamsSchema,
  stockByLocationSchema,
  stockByProductSchema,
} from '../reports';
import { XLSX_CONTENT_TYPE } from './exports';

const tag = 'Reports';

export const reportsApi = {
  analyticAccounts: route({
    method: 'GET',
    path: '/api/accounting/reports/analyticaccounts/:entryStatus/:accountingDate',
    summary: 'The analytic account summary as of a date',
    tag,
    params: analyticParamsSchema,
    answers: { 200: analyticReportSchema },
  }),
  companies: route({
    method: 'GET',
    path: '/api/accounting/companies',
    summary: "The ERP's companies (for the journal items)",
    tag,
    answers: { 200: companiesSchema },
  }),
  journalItems: route({
    method: 'GET',
    path: '/api/accounting/report/journalitems/:startDate/:endDate/:companyId',
    summary: "A company's posted journal items between two dates (inclusive), as a workbook streamed from the ERP",
    tag,
    params: journalItemsParamsSchema,
    answers: { 200: { file: XLSX_CONTENT_TYPE } },
  }),
  stockByLocation: route({
    method: 'GET',
    path: '/api/inventory/stock/bylocation',
    summary: 'The internal stock locations with their quants',
    tag,
    answers: { 200: stockByLocationSchema },
  }),
  stockByProduct: route({
    method: 'GET',
    path: '/api/inventory/stock/byproduct',
    summary: 'The stock per product and company, with the liability',
    tag,
    answers: { 200: stockByProductSchema },
  }),
  stockReport: route({
    method: 'GET',
    path: '/api/inventory/stock/report',
    summary: "Both stock lists as a workbook (the caller's discrete mode leaves Unit Cost and Total Liability out)",
    tag,
    answers: { 200: { file: XLSX_CONTENT_TYPE } },
  }),
};
