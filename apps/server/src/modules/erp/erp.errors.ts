// One error type for everything that can go wrong between the server and the ERP. `kind` is what callers branch
// on (retry, report a configuration problem, show Odoo's message to the user); the message is written for the
// person who will read it in the UI or the admin log.

import type { ErpSaleState } from './erp.types.js';

export type ErpErrorKind =
  | 'unreachable' // connection refused / reset / DNS: the ERP is down or the URL is wrong
  | 'timeout' // no answer in time; for a write the outcome is unknown
  | 'auth' // credentials or database refused
  | 'access' // the integration user lacks a group / ACL / record rule: a configuration error
  | 'validation' // Odoo refused the operation (UserError / ValidationError): its message is for the user
  | 'missing' // MissingError: the record was deleted in the ERP
  | 'protocol' // the answer was not what an Odoo server sends (not JSON, wrong shape, redirect)
  | 'unknown'; // any other server-side error (Python exceptions, HTTP 5xx pages)

export interface ErpErrorOptions {
  odooName?: string;
  httpStatus?: number;
  /** the ERP model.method the error came from, when there was one */
  operation?: string;
  cause?: unknown;
}

export class ErpError extends Error {
  override readonly name = 'ErpError';
  readonly kind: ErpErrorKind;
  /** the Python exception Odoo reported, e.g. odoo.exceptions.AccessError */
  readonly odooName?: string;
  readonly httpStatus?: number;
  readonly operation?: string;

  constructor(kind: ErpErrorKind, message: string, opts: ErpErrorOptions = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.kind = kind;
    if (opts.odooName !== undefined) this.odooName = opts.odooName;
    if (opts.httpStatus !== undefined) this.httpStatus = opts.httpStatus;
    if (opts.operation !== undefined) this.operation = opts.operation;
  }

  /** Worth trying the same read again: the ERP may answer next time. */
  get transient(): boolean {
    if (this.kind === 'unreachable' || this.kind === 'timeout') return true;
    if (this.httpStatus === undefined || this.httpStatus < 500) return false;
    // A structured Odoo error on a 5xx (JSON-2 answers 500 for builtins.ValueError & co.) is deterministic;
    // retrying only repeats it. Database hiccups (psycopg2 serialization/operational errors) are not.
    return this.odooName === undefined || this.odooName.startsWith('psycopg2.');
  }
}

export const isErpError = (e: unknown): e is ErpError => e instanceof ErpError;

const firstLine = (s: string) => s.split('\n')[0] ?? s;

export const erpErrors = {
  unreachable: (url: string, cause: string, err?: unknown) =>
    new ErpError('unreachable', `Cannot reach the ERP at ${url}: ${cause}`, { cause: err }),
  timeout: (ms: number, operation?: string) =>
    new ErpError(
      'timeout',
      `The ERP did not answer within ${Number((ms / 1000).toFixed(3))} s${operation ? ` (${operation})` : ''}`,
      operation ? { operation } : {},
    ),
  auth: (detail?: string, opts: ErpErrorOptions = {}) =>
    new ErpError(
      'auth',
      `The ERP refused the credentials (ODOO_LOGIN / ODOO_API_KEY)${detail ? `: ${firstLine(detail)}` : ''}`,
      opts,
    ),
  unknownDatabase: (db: string, opts: ErpErrorOptions = {}) =>
    new ErpError('auth', `The ERP has no database "${db}" (ODOO_DB)`, opts),
  access: (odooMessage: string, opts: ErpErrorOptions = {}) =>
    new ErpError('access', `The ERP user lacks access: ${odooMessage}`, opts),
  validation: (odooMessage: string, opts: ErpErrorOptions = {}) => new ErpError('validation', odooMessage, opts),
  missing: (odooMessage: string, opts: ErpErrorOptions = {}) =>
    new ErpError('missing', `The record no longer exists in the ERP: ${odooMessage}`, opts),
  protocol: (detail: string, opts: ErpErrorOptions = {}) =>
    new ErpError('protocol', `The ERP sent an unexpected answer: ${detail}`, opts),
  unknown: (detail: string, opts: ErpErrorOptions = {}) =>
    new ErpError('unknown', `The ERP reported an error: ${detail}`, opts),
};

/**
 * Maps an Odoo exception (JSON-RPC `error.data`, or a JSON-2 error body) to an ErpError. `httpStatus` is the
 * JSON-2 status (JSON-RPC always answers 200, so it is left out there).
 */
export function fromOdooException(
  odooName: string | undefined,
  message: string,
  ctx: { db: string; operation?: string; httpStatus?: number },
): ErpError {
  const opts: ErpErrorOptions = {};
  if (odooName) opts.odooName = odooName;
  if (ctx.httpStatus !== undefined) opts.httpStatus = ctx.httpStatus;
  if (ctx.operation) opts.operation = ctx.operation;
  const msg = message.trim() || odooName || 'no message';
  switch (odooName) {
    case 'odoo.exceptions.AccessDenied':
    case 'werkzeug.exceptions.Unauthorized':
      return erpErrors.auth(msg, opts);
    case 'odoo.exceptions.AccessError':
    case 'werkzeug.exceptions.Forbidden':
      return erpErrors.access(msg, opts);
    case 'odoo.exceptions.UserError':
    case 'odoo.exceptions.ValidationError':
    case 'odoo.exceptions.RedirectWarning':
    case 'odoo.exceptions.Warning':
      return erpErrors.validation(msg, opts);
    case 'odoo.exceptions.MissingError':
      return erpErrors.missing(msg, opts);
    default:
      break;
  }
  if (odooName?.startsWith('psycopg2.') && /database "[^"]*" does not exist/.test(msg))
    return erpErrors.unknownDatabase(ctx.db, opts);
  if (!odooName && ctx.httpStatus === 401) return erpErrors.auth(msg, opts);
  if (!odooName && ctx.httpStatus === 403) return erpErrors.access(msg, opts);
  const where = ctx.operation ? ` in ${ctx.operation}` : '';
  return erpErrors.unknown(`${odooName ?? `HTTP ${ctx.httpStatus ?? '?'}`}${where}: ${msg}`, opts);
}

/** The state labels (docs/product/rules.md#sale-states), for messages. */
const STATE_LABEL: Partial<Record<ErpSaleState, string>> = {
  sale: 'a confirmed Sales Order',
  done: 'a locked Sales Order',
  cancel: 'cancelled',
};

/**
 * A sync refused before writing anything: the order was confirmed, locked or cancelled in the ERP since it was last
 * read here (Odoo would refuse removing lines, a locked order refuses every write, and batches would half-apply).
 * `state` is the order's state as docs/product/erp-mapping.md#states maps it, so the caller can bring the sale's own
 * state in line.
 */
export class OrderNotEditable extends ErpError {
  constructor(
    readonly orderName: string,
    readonly state: ErpSaleState,
  ) {
    super(
      'validation',
      `${orderName || 'The ERP order'} is ${STATE_LABEL[state] ?? state} in the ERP: it can no longer be changed from here (nothing was written)`,
      { operation: 'sale.order.write' },
    );
  }
}

/**
 * A write refused before anything was sent: the ERP order is not provably the sale's (its origin does not carry the
 * sale's key and it is not the order recorded for the sale). It may be another installation's order, a person's, or
 * another order under a reused id after the ERP was reset or restored.
 */
export class OrderNotOurs extends ErpError {
  constructor(
    readonly orderName: string,
    readonly origin: string | null,
  ) {
    super(
      'validation',
      `The ERP order ${orderName || '(no number)'} is not this sale's (its source document is ${origin ? `"${origin}"` : 'empty'}): it was made by someone else, another installation, or the ERP was reset since this sale was linked to it. Nothing was written to it. Use 'Sync to new Sale' to publish the sale as a new order`,
    );
  }
}
