// The app with zod schemas as its type provider: each route's params, query and body are typed from its schemas. A
// module's routes are registered in several small functions, which all take the same typed instance.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export const typedRoutes = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
export type TypedRoutes = ReturnType<typeof typedRoutes>;
