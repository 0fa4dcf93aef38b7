// Typed errors thrown by domain functions. The server maps `code` to an HTTP problem once (docs/product/api.md#errors).

export const DOMAIN_ERROR_CODES = [
  'INVALID_NUMBER',
  'INVALID_INDEX',
  'INVALID_INSERTION_POINT',
  'INVALID_QUOTE_NUMBER',
  'INVALID_ARGUMENT',
  /** A row the request names is not there (a line of another section, or deleted meanwhile). */
  'NOT_FOUND',
] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  constructor(code: DomainErrorCode, message: string) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
  }
}

export function isDomainError(e: unknown, code?: DomainErrorCode): e is DomainError {
  return e instanceof DomainError && (code === undefined || e.code === code);
}
