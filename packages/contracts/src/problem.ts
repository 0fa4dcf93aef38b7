import { z } from 'zod';

/** RFC 9457 problem details as every error answer carries them. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /** The request's id (its `X-Request-Id` answer header, and every log line of it): a reference to quote to support. */
  request_id: z.string().optional(),
});
export type Problem = z.infer<typeof problemSchema>;

/** The title of a problem of each status (the server's, and the web tests' stand-in server's). */
export const PROBLEM_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
