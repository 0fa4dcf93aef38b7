// Every route of the HTTP API, by area (packages/contracts http.ts says how they are used).
import type { RouteDef } from '../http';
import { approvalsApi } from './approvals';
import { auditApi } from './audit';
import { authApi } from './auth';
import { catalogApi, partnersApi } from './catalog';
import { companyApi } from './company';
import { docsApi } from './docs';
import { erpOrderApi } from './erp-order';
import { erpFetchApi } from './erpfetch';
import { exportsApi } from './exports';
import { healthApi } from './health';
import { opsApi } from './ops';
import { reportsApi } from './reports';
import { saleLinesApi, saleRevertApi, saleSectionsApi } from './sale-edits';
import { saleRevisionsApi } from './sale-revisions';
import { saleSyncApi } from './sale-sync';
import { saleTemplatesApi } from './sale-templates';
import { salesApi } from './sales';
import { templatesApi } from './templates';
import { usersApi } from './users';

export { approvalsApi } from './approvals';
export { auditApi } from './audit';
export { authApi } from './auth';
export { catalogApi, partnersApi } from './catalog';
export { companyApi } from './company';
export { API_DOCS_FILES, docsApi } from './docs';
export { erpOrderApi } from './erp-order';
export { erpFetchApi } from './erpfetch';
export { exportsApi } from './exports';
export { healthApi } from './health';
export { opsApi } from './ops';
export { reportsApi } from './reports';
export { saleLinesApi, saleRevertApi, saleSectionsApi } from './sale-edits';
export { saleReadRoute } from './sale-read';
export { saleRevisionsApi } from './sale-revisions';
export { saleSyncApi } from './sale-sync';
export { saleTemplatesApi } from './sale-templates';
export { saleHeaderBodySchema, saleImportBodySchema, salesApi } from './sales';
export { templatesApi } from './templates';
export { userChangeSchema, usersApi } from './users';

/** Every route definition, for the OpenAPI document and the test that each registered route has one. */
export const apiRoutes: readonly RouteDef[] = [
  ...Object.values(docsApi),
  ...Object.values(usersApi),
  ...Object.values(templatesApi),
  ...Object.values(exportsApi),
  ...Object.values(reportsApi),
  ...Object.values(erpOrderApi),
  ...Object.values(healthApi),
  ...Object.values(opsApi),
  ...Object.values(authApi),
  ...Object.values(catalogApi),
  ...Object.values(partnersApi),
  ...Object.values(erpFetchApi),
  ...Object.values(salesApi),
  ...Object.values(saleSectionsApi),
  ...Object.values(saleLinesApi),
  ...Object.values(saleRevertApi),
  ...Object.values(saleRevisionsApi),
  ...Object.values(saleSyncApi),
  ...Object.values(saleTemplatesApi),
  ...Object.values(approvalsApi),
  ...Object.values(companyApi),
  ...Object.values(auditApi),
];
