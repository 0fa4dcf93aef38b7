import { z } from 'zod';

/** RFC 9457 problem details as every error answer carries them. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type Problem = z.infer<typeof problemSchema>;
