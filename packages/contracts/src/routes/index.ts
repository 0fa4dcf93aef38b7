// Every route of the HTTP API, by area (packages/contracts http.ts says how they are used).
import type { RouteDef } from '../http';
import { docsApi } from './docs';
import { usersApi } from './users';

export { API_DOCS_FILES, docsApi } from './docs';
export { userChangeSchema, usersApi } from './users';

/** Every route definition, for the OpenAPI document and the test that each registered route has one. */
export const apiRoutes: readonly RouteDef[] = [...Object.values(docsApi), ...Object.values(usersApi)];
