import { PROBLEM_TITLES } from '@quotewright/contracts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ERROR_STATUS, type ErrorCode, type FieldErrors, fieldErrorsFromIssues } from '../errors';
import { ErpError, type ErpErrorKind } from '../modules/erp/erp.errors';

export function sendProblem(
  reply: FastifyReply,
  status: number,
  code: string,
  detail: string,
  errors?: FieldErrors,
  extra?: Record<string, unknown>,
) {
  return reply
    .code(status)
    .type('application/problem+json')
    .send({
      ...extra,
      type: `https://quotewright.dev/problems/${code.toLowerCase().replaceAll('_', '-')}`,
      title: PROBLEM_TITLES[status] ?? 'Error',
      status,
      detail,
      code,
      ...(errors && Object.keys(errors).length ? { errors } : {}),
      // The reference a person quotes (the web app shows it; the X-Request-Id header and every log line carry it).
      request_id: reply.request.id,
    });
}

/** ERP failures inside a request: the ERP's own message is passed on (it names the model/field for access errors). */
const ERP_PROBLEMS: Record<ErpErrorKind, { status: number; code: string }> = {
  unreachable: { status: 502, code: 'ERP_UNREACHABLE' },
  timeout: { status: 504, code: 'ERP_TIMEOUT' },
  auth: { status: 502, code: 'ERP_AUTH_FAILED' },
  access: { status: 502, code: 'ERP_ACCESS_DENIED' },
  validation: { status: 422, code: 'ERP_VALIDATION' },
  missing: { status: 409, code: 'ERP_RECORD_MISSING' },
  protocol: { status: 502, code: 'ERP_PROTOCOL' },
  unknown: { status: 502, code: 'ERP_ERROR' },
};

export function registerErrorHandling(
  app: FastifyInstance,
  opts: { isDatabaseUnavailable?: (err: unknown) => boolean } = {},
) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return sendProblem(reply, err.status, err.code, err.message, err.errors, err.extra);
    }
    if (err instanceof ErpError) {
      const p = ERP_PROBLEMS[err.kind];
      req.log.warn({ err, kind: err.kind, odooName: err.odooName }, 'ERP call failed');
      return sendProblem(reply, p.status, p.code, err.message);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        code: v.keyword,
        keys: (v.params as { keys?: string[] })?.keys,
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message,
      }));
      const where = err.validationContext === 'body' ? undefined : err.validationContext;
      return sendProblem(
        reply,
        400,
        'VALIDATION_FAILED',
        'Some fields are invalid',
        fieldErrorsFromIssues(issues, where),
      );
    }
    const code = err.code;
    if (
      code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      (err.statusCode === 400 && err instanceof SyntaxError)
    ) {
      return sendProblem(reply, 400, 'INVALID_JSON', 'The request body is not valid JSON');
    }
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendProblem(reply, 413, 'PAYLOAD_TOO_LARGE', 'The request body is too large');
    }
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendProblem(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json');
    }
    if (err.statusCode === 429) {
      return sendProblem(reply, 429, 'RATE_LIMITED', 'Too many requests, try again later');
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return sendProblem(reply, err.statusCode, statusCode(err.statusCode), err.message);
    }
    if (opts.isDatabaseUnavailable?.(err)) {
      // Nothing of this request was acknowledged; the pool reconnects on its own (packages/db client.ts).
      req.log.warn({ err }, 'database unavailable');
      reply.header('retry-after', '5');
      return sendProblem(
        reply,
        503,
        'DATABASE_UNAVAILABLE',
        'The database is not reachable at the moment; nothing was saved. Try again in a few seconds.',
      );
    }
    req.log.error({ err }, 'unhandled error');
    return sendProblem(reply, 500, 'INTERNAL', 'Something went wrong on the server. The error has been logged.');
  });
}

function statusCode(status: number): ErrorCode | string {
  const found = Object.entries(ERROR_STATUS).find(([, s]) => s === status);
  return found ? found[0] : 'ERROR';
}
