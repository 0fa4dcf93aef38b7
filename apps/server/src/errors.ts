/** Typed error codes, mapped to HTTP once (plugins/errors.ts). */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  UNAUTHENTICATED: 401,
  LOGIN_FAILED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  CANNOT_DELETE_SELF: 409,
  LAST_ADMIN: 409,
  SALE_NOT_EDITABLE: 409,
  SALE_NOT_LINKED: 409,
  EDIT_CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
    /** More members of the problem (RFC 9457 extensions), e.g. the conflicts of an EDIT_CONFLICT. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
/** A refusal of a domain rule as the problem it answers: a row the request names that is not there is 404, else 400. */
export const domainProblem = (e: { code: string; message: string }) =>
  new AppError(e.code === 'NOT_FOUND' ? 'NOT_FOUND' : 'VALIDATION_FAILED', e.message);
export const forbidden = (message = 'You do not have permission to do this') => new AppError('FORBIDDEN', message);
export const validation = (errors: FieldErrors, message = 'Some fields are invalid') =>
  new AppError('VALIDATION_FAILED', message, errors);

export interface ZodIssueLike {
  code?: string;
  path?: readonly PropertyKey[];
  message?: string;
  keys?: string[];
}

/** Zod issues → one message per field ("lines.0.quantity"); unknown fields are named one by one. */
export function fieldErrorsFromIssues(issues: readonly ZodIssueLike[], prefix?: string): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const base = (issue.path ?? []).map(String);
    if (prefix && base.length === 0) base.unshift(prefix);
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const k of issue.keys) out[[...base, k].join('.')] = 'Unknown field';
      continue;
    }
    const key = base.join('.') || '_';
    out[key] ??= issue.message ?? 'Invalid value';
  }
  return out;
}
