// The API's own description: the OpenAPI document and browsable docs (Swagger UI, served from this server).
import { z } from 'zod';
import { route } from '../http';

const tag = 'API documentation';

/** The files of the docs page (Swagger UI's, and the page's own start script). */
export const API_DOCS_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js', 'docs.js', 'favicon-32x32.png'] as const;

export const docsApi = {
  openApi: route({
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'The OpenAPI 3.1 document of this API',
    tag,
    public: true,
    answers: { 200: z.record(z.string(), z.unknown()) },
  }),
  page: route({
    method: 'GET',
    path: '/api/docs',
    summary: 'The API documentation, browsable',
    tag,
    public: true,
    answers: { 200: { html: true } },
  }),
  file: route({
    method: 'GET',
    path: '/api/docs/:file',
    summary: 'A file of the documentation page',
    tag,
    public: true,
    params: z.strictObject({ file: z.enum(API_DOCS_FILES) }),
    answers: { 200: { file: 'application/octet-stream' } },
  }),
};
