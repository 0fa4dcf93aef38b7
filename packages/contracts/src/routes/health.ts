// Whether the server and its database answer (docs/product/api.md#public): for load balancers and monitoring.
import { z } from 'zod';
import { route } from '../http';
import { problemSchema } from '../problem';

/** The state of one dependency /api/ready checked: never an error message (no addresses or credentials). */
const readinessCheckSchema = z.enum(['ok', 'not configured', 'failed', 'timeout']);
const readinessChecksSchema = z.object({
  database: readinessCheckSchema,
  redis: readinessCheckSchema,
  erp: readinessCheckSchema,
});

export const healthApi = {
  health: route({
    method: 'GET',
    path: '/api/health',
    summary: 'Is the database reachable? 503 DATABASE_UNAVAILABLE when it is not',
    tag: 'Health',
    public: true,
    answers: { 200: z.object({ status: z.literal('ok') }), 503: problemSchema },
  }),
  ready: route({
    method: 'GET',
    path: '/api/ready',
    summary:
      'Should a load balancer send this process traffic? 200 `ready`, or `degraded` when only the ERP does not ' +
      'answer (editing works without it); 503 NOT_READY naming the failed database or Redis check, or DRAINING ' +
      'while the process shuts down',
    tag: 'Health',
    public: true,
    answers: {
      200: z.object({ status: z.enum(['ready', 'degraded']), checks: readinessChecksSchema }),
      503: problemSchema.extend({ checks: readinessChecksSchema.optional() }),
    },
  }),
};
