// The API is defined once, in packages/contracts (routes/): every route the server registers is one of those
// definitions, each with its request and answer schemas, and the OpenAPI document made from them is valid OpenAPI 3.1.
// Its browsable docs are served from here.
import { apiRoutes, type RouteDef } from '@quotewright/contracts';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const key = (r: { method: string; url?: string; path?: string }) => `${r.method} ${r.url ?? r.path}`;

describe('routes defined once (packages/contracts routes/)', () => {
  it('every /api route the server registers is a definition, and every definition is registered', () => {
    const registered = t.app.routeTable.filter((r) => r.url.startsWith('/api')).map(key);
    const defined = apiRoutes.map(key);
    expect(
      registered.filter((r) => !defined.includes(r)),
      'registered without a definition',
    ).toEqual([]);
    expect(
      defined.filter((d) => !registered.includes(d)),
      'defined but not registered',
    ).toEqual([]);
    expect(new Set(defined).size, 'a route defined twice').toBe(defined.length);
  });

  it('every definition has its request schemas and a success answer', () => {
    const lacking = (r: RouteDef): string[] => {
      const missing: string[] = [];
      if (r.path.includes(':') && !r.params) missing.push('params');
      if (['POST', 'PUT', 'PATCH'].includes(r.method) && !r.body && !r.noBody) missing.push('body');
      if (!Object.keys(r.answers).some((s) => Number(s) >= 200 && Number(s) < 400)) missing.push('answer');
      if (!r.summary.trim()) missing.push('summary');
      return missing;
    };
    const problems = apiRoutes.flatMap((r) => {
      const missing = lacking(r);
      return missing.length ? [`${key(r)}: ${missing.join(', ')}`] : [];
    });
    expect(problems).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it('is served without a session and is valid OpenAPI 3.1, with every route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
    const operations = Object.values(document.paths).reduce((n, p) => n + Object.keys(p).length, 0);
    expect(operations).toBe(apiRoutes.length);
  });

  it('describes a route by its schemas: path params, the body, the answer and the problem answer', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const update = document.paths['/api/users/{id}']!.post as {
      parameters: { name: string; in: string; required: boolean }[];
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
      responses: Record<string, { content?: Record<string, unknown> }>;
    };
    expect(update.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(Object.keys(update.requestBody.content['application/json']!.schema.properties)).toContain('modules');
    expect(update.responses['200']!.content).toHaveProperty('application/json');
    expect(update.responses.default!.content).toHaveProperty('application/problem+json');
  });
});

describe('the API docs page', () => {
  it('is served from here: the page, Swagger UI and its start script, no other file', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    for (const src of page.body.matchAll(/(?:src|href)="([^"]+)"/g)) {
      const file = await t.app.inject({ method: 'GET', url: src[1]! });
      expect(file.statusCode, src[1]).toBe(200);
    }
    const start = await t.app.inject({ method: 'GET', url: '/api/docs/docs.js' });
    expect(start.body).toContain("url: '/api/openapi.json'");
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/package.json' })).statusCode).toBe(400);
  });
});
