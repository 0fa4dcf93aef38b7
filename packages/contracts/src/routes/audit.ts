// The admin audit log (docs/decisions/0033-audit-log.md): admins read it; nobody writes it through the API (the admin
// actions themselves write their entries).
import { z } from 'zod';
import { auditActorSchema, auditPageSchema, auditQuerySchema } from '../audit';
import { route } from '../http';

const tag = 'Audit log';

export const auditApi = {
  list: route({
    method: 'GET',
    path: '/api/admin/audit',
    summary: 'The admin audit log, newest first, filtered and paged (by cursor or by page)',
    tag,
    query: auditQuerySchema,
    answers: { 200: auditPageSchema },
  }),
  actors: route({
    method: 'GET',
    path: '/api/admin/audit/actors',
    summary: 'Everyone the audit log names as an actor (deleted users too), for the filter',
    tag,
    answers: { 200: z.array(auditActorSchema) },
  }),
};
