// The ERP company of customer documents and the documents' settings (decision 0031).
import { companyAnswerSchema, documentSettingsSchema } from '../company';
import { route } from '../http';

export const companyApi = {
  company: route({
    method: 'GET',
    path: '/api/erp/company',
    summary: 'The ERP company of customer documents (without its logo) and the currency amounts are shown in',
    tag: 'ERP',
    answers: { 200: companyAnswerSchema },
  }),
  logo: route({
    method: 'GET',
    path: '/api/erp/company/logo',
    summary: "The ERP company's logo as the ERP keeps it (PNG, JPEG or SVG); 404 when it has none",
    tag: 'ERP',
    answers: { 200: { file: 'image/*' } },
  }),
  documentSettings: route({
    method: 'GET',
    path: '/api/settings/documents',
    summary: "The customer documents' settings (Quote validity (days))",
    tag: 'Settings',
    answers: { 200: documentSettingsSchema },
  }),
  setDocumentSettings: route({
    method: 'PUT',
    path: '/api/settings/documents',
    summary: "Change the customer documents' settings",
    tag: 'Settings',
    body: documentSettingsSchema,
    answers: { 200: documentSettingsSchema },
  }),
};
