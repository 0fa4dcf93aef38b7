// The request id (README "Operations"): one per request, taken from an incoming X-Request-Id when it is a plain
// token (a load balancer's or a gateway's id carries through) and made anew otherwise; answered in the X-Request-Id
// header of every answer and in every problem (`request_id`, plugins/errors.ts); and on every log line written while
// the request is handled: Fastify's request logger binds it (`reqId`), and lines of other loggers (the services are
// given the app's logger) get it from the request's async context (logMixin).
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
/** What an incoming id may be: no spaces, quotes, control characters or separators that could forge a log line. */
const ACCEPTED_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Fastify's genReqId: the caller's X-Request-Id when it fits ACCEPTED_ID (one header, not a list), else a UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTED_ID.test(given) ? given : randomUUID();
}

const current = new AsyncLocalStorage<string>();
/** Loggers whose bindings already carry the request id (the request's own): the mixin leaves them alone. */
const bound = new WeakMap<object, boolean>();

/**
 * pino's mixin: a line written while a request is handled, by a logger not bound to that request (the app's, a
 * service's), gets the request's id as `reqId`.
 */
export function logMixin(_line: object, _level: number, logger: { bindings(): Record<string, unknown> }): object {
  const reqId = current.getStore();
  if (reqId === undefined) return {};
  let has = bound.get(logger);
  if (has === undefined) {
    has = 'reqId' in logger.bindings();
    bound.set(logger, has);
  }
  return has ? {} : { reqId };
}

/**
 * Registers first (before any other hook): the answer header, and the async context that carries the id to the
 * request's later hooks, its handler and everything they start.
 */
export function registerRequestId(app: FastifyInstance) {
  const scopes = new WeakMap<FastifyRequest, AsyncResource>();
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    current.run(req.id, () => {
      const scope = new AsyncResource('quotewright-request');
      scopes.set(req, scope);
      scope.runInAsyncScope(done);
    });
  });
  // The body is read in the connection's async context, and Fastify goes on from its last chunk: back into the
  // request's before validation, the handler and the error handler run.
  app.addHook('preValidation', (req, _reply, done) => {
    const scope = scopes.get(req);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
}
