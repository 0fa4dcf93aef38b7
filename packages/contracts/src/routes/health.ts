// Whether the server and its database answer (docs/product/api.md#public): for load balancers and monitoring.
import { z } from 'zod';
import { route } from '../http';
import { problemSchema } from '../problem';

export const healthApi = {
  health: route({
    method: 'GET',
    path: '/api/health',
    summary: 'Is the database reachable? 503 DATABASE_UNAVAILABLE when it is not',
    tag: 'Health',
    public: true,
    answers: { 200: z.object({ status: z.literal('ok') }), 503: problemSchema },
  }),
};
