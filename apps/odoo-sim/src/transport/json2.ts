// /json/2/<model>/<method>: 19 takes a bearer API key and named arguments and answers with real HTTP statuses; 18
// redirects to the login page, as recorded.
import type http from 'node:http';
import { uidForApiKey } from '../auth.js';
import { fakeDebug, type OdooError, werkzeug } from '../errors.js';
import { callKw } from '../methods.js';
import { type CallScope, send, toOdooError } from './http.js';

export async function handleJson2(
  scope: CallScope,
  req: http.IncomingMessage,
  body: string,
  model: string,
  method: string,
) {
  const { store, res, log } = scope;
  log.model = model;
  log.method = method;
  if (store.version === 18) return redirectToLogin(scope, model, method);
  const fail = (err: OdooError) => failJson2(scope, err);
  const dbHeader = req.headers['x-odoo-database'];
  if (dbHeader !== undefined && dbHeader !== scope.db) {
    log.status = 404;
    send(
      res,
      404,
      '<!DOCTYPE html>\n<title>404 Not Found</title>\n<h1>Not Found</h1>\n<p>No database is selected and the requested URL was not found in the server-wide controllers.</p>\n<p>Please verify the hostname, <a href=/web/login>login</a> and try again.</p>\n\n<!-- Alternatively, use the X-Odoo-Database header. -->\n',
      'text/html; charset=utf-8',
    );
    return;
  }
  const auth = String(req.headers.authorization ?? '');
  const m = /^bearer\s+(.+)$/i.exec(auth);
  if (!m)
    return fail(werkzeug('Unauthorized', 'User not authenticated, use an API Key with a Bearer Authorization header.'));
  const uid = uidForApiKey(store, m[1]!.trim());
  if (!uid) return fail(werkzeug('Unauthorized', 'Invalid apikey'));
  let kwargs: Record<string, unknown>;
  try {
    kwargs = body.trim() ? JSON.parse(body) : {};
    if (typeof kwargs !== 'object' || kwargs === null || Array.isArray(kwargs)) throw new Error('not an object');
  } catch {
    return fail(werkzeug('BadRequest', 'Invalid JSON data'));
  }
  let result: unknown;
  try {
    result = callKw({ store, uid, transport: 'json2' }, model, method, [], kwargs);
  } catch (e) {
    return fail(toOdooError(e));
  }
  log.status = 200;
  if (await scope.afterCommit()) return;
  send(res, 200, JSON.stringify(result === undefined ? null : result));
}

function redirectToLogin(scope: CallScope, model: string, method: string) {
  const loc = `/web/login?redirect=${encodeURIComponent(`/json/2/${model}/${method}?`)}`;
  scope.log.status = 303;
  send(
    scope.res,
    303,
    `<!doctype html>\n<html lang=en>\n<title>Redirecting...</title>\n<h1>Redirecting...</h1>\n<p>You should be redirected automatically to the target URL: <a href="${loc}">${loc}</a>. If not, click the link.\n`,
    'text/html; charset=utf-8',
    { Location: loc },
  );
}

async function failJson2(scope: CallScope, err: OdooError) {
  const { log } = scope;
  log.status = err.status;
  log.error = err.odooName;
  if (await scope.afterCommit()) return;
  const extra: Record<string, string> = err.status === 401 ? { 'WWW-Authenticate': 'Bearer ' } : {};
  send(
    scope.res,
    err.status,
    JSON.stringify({
      name: err.odooName,
      message: err.message,
      arguments: err.args,
      context: {},
      debug: fakeDebug(err),
    }),
    undefined,
    extra,
  );
}
