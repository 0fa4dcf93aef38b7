import { partnersApi } from '@quotewright/contracts';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../plugins/contract-routes';
import { typedRoutes } from '../../plugins/typed-routes';
import type { PartnersService } from './partners.service';

/** The partners calls (packages/contracts routes/catalog.ts). */
export function partnersRoutes(app: FastifyInstance, deps: { partners: PartnersService }) {
  const r = typedRoutes(app);
  serve(r, partnersApi.customers, async (req) => deps.partners.customers(req.user));
  serve(r, partnersApi.templates, async (req) => deps.partners.templates(req.user));
  serve(r, partnersApi.salespersons, async (req) => deps.partners.salespersons(req.user));
}
