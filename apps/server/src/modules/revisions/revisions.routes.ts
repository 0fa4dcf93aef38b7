import { saleRevisionsApi } from '@quotewright/contracts';
import type { FastifyInstance } from 'fastify';
import { requires } from '../../plugins/auth';
import { serve } from '../../plugins/contract-routes';
import { typedRoutes } from '../../plugins/typed-routes';
import type { RevisionsService } from './revisions.service';

/** Saving and restoring need edit rights: refused before the body is even parsed. */
const edit = requires('sales.edit');

/** A sale's revisions (packages/contracts routes/sale-revisions.ts). */
export function revisionsRoutes(app: FastifyInstance, deps: { revisions: RevisionsService }) {
  const r = typedRoutes(app);
  const { revisions } = deps;
  serve(r, saleRevisionsApi.list, async (req) => revisions.list(req.user, req.params.saleId));
  serve(
    r,
    saleRevisionsApi.save,
    async (req, reply) => reply.code(201).send(await revisions.save(req.user, req.params.saleId, req.body)),
    edit,
  );
  serve(r, saleRevisionsApi.read, async (req) => revisions.read(req.user, req.params.saleId, req.params.revisionId));
  serve(r, saleRevisionsApi.compare, async (req) => revisions.compare(req.user, req.params.saleId, req.query));
  serve(
    r,
    saleRevisionsApi.restore,
    async (req) => revisions.restore(req.user, req.params.saleId, req.params.revisionId),
    edit,
  );
}
