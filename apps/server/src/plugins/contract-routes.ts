// Routes registered from their definitions in packages/contracts (http.ts): the method, the path, the request schemas
// (checked by zod before the handler runs) and the JSON answers' schemas (each answer serialized through its schema:
// only the schema's fields are written) come from the definition; the module gives the handler. A route defined
// public is callable without a session (plugins/auth.ts reads `config.public`).
import type { RouteDef } from '@quotewright/contracts';
import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { TypedRoutes } from './typed-routes';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request as the handler of `D` sees it: params, query and body parsed by their schemas. */
export type ContractRequest<D extends RouteDef> = FastifyRequest<{
  Params: Out<D['params']>;
  Querystring: Out<D['query']>;
  Body: Out<D['body']>;
}>;

/**
 * Options of a route that its definition does not carry (a body limit, compression, a log level, the early rights
 * check of plugins/auth.ts `requires`…).
 */
export type RouteOptions = Pick<RouteShorthandOptions, 'bodyLimit' | 'logLevel' | 'preParsing'> & {
  compress?: false;
  config?: Record<string, unknown>;
};

/** The JSON answers of a definition as Fastify's response schemas (raw and empty answers have none). */
function responseSchemas(def: RouteDef): Record<number, z.ZodType> {
  const out: Record<number, z.ZodType> = {};
  for (const [status, a] of Object.entries(def.answers))
    if (a && typeof a === 'object' && '_zod' in a) out[Number(status)] = a as z.ZodType;
  return out;
}

/** Registers the route `def` with `handler` (and the options its definition does not carry). */
export function serve<D extends RouteDef>(
  r: TypedRoutes,
  def: D,
  handler: (req: ContractRequest<D>, reply: FastifyReply) => Promise<unknown>,
  options: RouteOptions = {},
): void {
  const { config, ...rest } = options;
  r.route({
    method: def.method,
    url: def.path,
    schema: {
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      response: responseSchemas(def),
    },
    config: { ...config, ...(def.public ? { public: true } : {}) },
    ...rest,
    handler: handler as never,
  });
}
