// The API described by its own definitions (packages/contracts routes/): the OpenAPI 3.1 document, generated once, and
// a page to browse it (Swagger UI from the swagger-ui-dist package, served from here: no outside address, and the
// page's script is a file, so the content security policy stays `script-src 'self'`).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type API_DOCS_FILES, apiRoutes, docsApi, openApiDocument } from '@quotewright/contracts';
import type { FastifyInstance } from 'fastify';
import { serve } from './contract-routes';
import { typedRoutes } from './typed-routes';

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Quotewright API</title>
  <link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png">
  <link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/swagger-ui-bundle.js"></script>
  <script src="/api/docs/docs.js"></script>
</body>
</html>
`;

const START = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });\n`;

const TYPES: Record<(typeof API_DOCS_FILES)[number], string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'docs.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

export function registerApiDocs(app: FastifyInstance, info: { version: string }) {
  const r = typedRoutes(app);
  const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  let document: Record<string, unknown> | undefined;
  serve(r, docsApi.openApi, async () => {
    document ??= openApiDocument(apiRoutes, { title: 'Quotewright API', version: info.version });
    return document;
  });
  serve(r, docsApi.page, async (_req, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  serve(r, docsApi.file, async (req, reply) => {
    const { file } = req.params;
    const body = file === 'docs.js' ? START : await readFile(join(dist, file));
    return reply.type(TYPES[file]).header('cache-control', 'public, max-age=3600').send(body);
  });
}
