import type { FastifyInstance } from 'fastify';
import type { PartnersService } from './partners.service';

export function partnersRoutes(app: FastifyInstance, deps: { partners: PartnersService }) {
  app.get('/api/partners/customers', async (req) => deps.partners.customers(req.user));
  app.get('/api/partners/templates', async (req) => deps.partners.templates(req.user));
  app.get('/api/partners/salespersons', async (req) => deps.partners.salespersons(req.user));
}
