// The HTTP API as data: each route's method, path, params, query, body and answers defined once, here. The server
// registers its routes from these definitions (apps/server/src/plugins/contract-routes.ts), the web app calls them
// through one typed client (apps/web/src/lib/api.ts `call`), and the OpenAPI document is generated from them
// (openApiDocument below, served at GET /api/openapi.json). docs/product/api.md describes the API in words.
import { z } from 'zod';
import { problemSchema } from './problem';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a route answers that is not JSON described by a schema. */
export type RawAnswer =
  /** A file (an Excel workbook, a PDF…) with its own content type. */
  | { file: string }
  /** JSON text kept ready by the server (the whole sale): its shape is `schema`, never serialized per request. */
  | { cachedJson: z.ZodType }
  /** An HTML page (the API docs). */
  | { html: true }
  /** A redirection (single sign-on). */
  | { redirect: true };

export interface RouteDef {
  method: HttpMethod;
  /** Fastify's form: `/api/sales/:id`. */
  path: string;
  /** One line: what the route does (the OpenAPI summary). */
  summary: string;
  /** The area it belongs to (the OpenAPI tag): Sales, Templates, Users… */
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A POST, PUT or PATCH that takes no body says so (every other one has a `body` schema). */
  noBody?: true;
  /** The answers by status: a schema for JSON, `null` for an empty answer (204, 304), or a raw answer. */
  answers: Partial<Record<number, z.ZodType | null | RawAnswer>>;
  /** Callable without a session (login, public configuration, health, SSO). */
  public?: boolean;
}

/** A route definition, its types kept exactly (for the server's handler and the web's client). */
export function route<const D extends RouteDef>(def: D): D {
  return def;
}

type InOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The path params, query and body a caller sends (their input types: defaults may be left out). */
export type RouteInput<D extends RouteDef> = {
  [K in 'params' | 'query' | 'body' as D[K] extends z.ZodType ? K : never]: InOf<D[K]>;
};

/** What the route answers with status 200/201 (its success answer), as the caller reads it. */
export type RouteAnswer<D extends RouteDef> = D['answers'] extends { 200: infer S }
  ? AnswerOf<S>
  : D['answers'] extends { 201: infer S }
    ? AnswerOf<S>
    : D['answers'] extends { 202: infer S }
      ? AnswerOf<S>
      : undefined;
type AnswerOf<S> = S extends z.ZodType ? z.output<S> : S extends { cachedJson: infer C } ? OutOf<C> : undefined;

/** The URL of a call: `:name` segments replaced by the params, the query as a query string (undefined values left out). */
export function routeUrl(path: string, params?: Record<string, unknown>, query?: Record<string, unknown>): string {
  const filled = path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${path}: the param "${name}" is missing`);
    return encodeURIComponent(String(value));
  });
  if (!query) return filled;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) search.append(key, String(v));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

// ─── OpenAPI ─────────────────────────────────────────────────────────────────────────────────────────────────────

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), as a request reads it or as an answer is written. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  delete out.$schema;
  return out;
}

/** The parameters of one place (path or query) from an object schema: one entry per property. */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: s,
  }));
}

function answer(status: number, a: z.ZodType | null | RawAnswer): JsonSchema {
  const description = status < 300 ? 'Success' : status < 400 ? 'Redirection or not modified' : 'Refused';
  if (a === null) return { description };
  // A problem answered on purpose (health's 503, readiness's 503 with its checks) is written as every error is.
  if (a === problemSchema || (status >= 400 && '_zod' in a))
    return { description, content: { 'application/problem+json': { schema: jsonSchema(a, 'output') } } };
  if ('file' in a && typeof a.file === 'string')
    return { description, content: { [a.file]: { schema: { type: 'string', format: 'binary' } } } };
  if ('cachedJson' in a)
    return { description, content: { 'application/json': { schema: jsonSchema(a.cachedJson, 'output') } } };
  if ('html' in a) return { description, content: { 'text/html': { schema: { type: 'string' } } } };
  if ('redirect' in a) return { description };
  return { description, content: { 'application/json': { schema: jsonSchema(a as z.ZodType, 'output') } } };
}

const problem = {
  description: 'An error, as RFC 9457 problem details',
  content: { 'application/problem+json': { schema: jsonSchema(problemSchema, 'output') } },
};

/** The OpenAPI 3.1 document of `routes`. */
export function openApiDocument(routes: readonly RouteDef[], info: { title: string; version: string }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const r of routes) {
    const path = r.path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
    const responses: Record<string, JsonSchema> = {};
    for (const [status, a] of Object.entries(r.answers))
      if (a !== undefined) responses[status] = answer(Number(status), a);
    responses.default = problem;
    const operation: JsonSchema = {
      summary: r.summary,
      tags: [r.tag],
      operationId: `${r.method.toLowerCase()}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
      parameters: [...parameters(r.params, 'path'), ...parameters(r.query, 'query')],
      responses,
      ...(r.public ? { security: [] } : {}),
    };
    if (r.body)
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(r.body, 'input') } },
      };
    paths[path] ??= {};
    paths[path][r.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: '/' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
    paths,
  };
}
