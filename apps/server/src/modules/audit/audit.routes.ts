import { auditApi } from '@quotewright/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requires } from '../../plugins/auth';
import { serve } from '../../plugins/contract-routes';
import { typedRoutes } from '../../plugins/typed-routes';
import type { AuditOrigin, AuditService } from './audit.service';

/** Where a request came from, for the audit log: request.ip honours the app's trustProxy setting. */
export const originOf = (req: FastifyRequest): AuditOrigin => ({ ip: req.ip ?? null });

/** The admin audit log (packages/contracts routes/audit.ts, docs/decisions/0033-audit-log.md). */
export function auditRoutes(app: FastifyInstance, deps: { audit: AuditService }) {
  const r = typedRoutes(app);
  const { audit } = deps;
  serve(r, auditApi.list, async (req) => audit.list(req.user, req.query), requires('audit.read'));
  serve(r, auditApi.actors, async (req) => audit.actors(req.user), requires('audit.read'));
}
