import { approvalsApi } from '@quotewright/contracts';
import type { FastifyInstance } from 'fastify';
import { requires } from '../../plugins/auth';
import { serve } from '../../plugins/contract-routes';
import { typedRoutes } from '../../plugins/typed-routes';
import { originOf } from '../audit/audit.routes';
import type { ApprovalsService } from './approvals.service';

/** Approvals (packages/contracts routes/approvals.ts, docs/product/api.md#approvals). */
export function approvalsRoutes(app: FastifyInstance, deps: { approvals: ApprovalsService }) {
  const r = typedRoutes(app);
  const { approvals } = deps;
  serve(r, approvalsApi.rules, async (req) => approvals.getRules(req.user));
  serve(
    r,
    approvalsApi.setRules,
    async (req) => approvals.setRules(req.user, req.body, originOf(req)),
    requires('settings.manage'),
  );
  serve(r, approvalsApi.state, async (req) => approvals.state(req.user, req.params.id));
  serve(
    r,
    approvalsApi.request,
    async (req) => approvals.request(req.user, req.params.id, req.body.comment),
    requires('sales.edit'),
  );
  serve(
    r,
    approvalsApi.approve,
    async (req) => approvals.approve(req.user, req.params.id, req.body),
    requires('sales.full'),
  );
  serve(
    r,
    approvalsApi.reject,
    async (req) => approvals.reject(req.user, req.params.id, req.body),
    requires('sales.full'),
  );
  serve(r, approvalsApi.pending, async (req) => approvals.pending(req.user, req.query.page, req.query.pageSize));
}
