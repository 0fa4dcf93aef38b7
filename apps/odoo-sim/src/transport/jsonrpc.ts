// /jsonrpc: JSON-RPC 2.0 over the common, db and object services; errors are answered with HTTP 200.
import { authenticate, checkUid } from '../auth.js';
import { accessDenied, indexError, OdooError } from '../errors.js';
import { callKw } from '../methods.js';
import { type CallScope, errorData, send, toOdooError, versionInfo } from './http.js';

export async function handleJsonRpc(scope: CallScope, body: string) {
  const { res, log } = scope;
  const version = scope.store.version;
  let req: { id?: unknown; params?: { service?: string; method?: string; args?: unknown[] } };
  try {
    req = JSON.parse(body);
  } catch {
    send(res, 400, 'Invalid JSON data', 'text/html; charset=utf-8');
    log.status = 400;
    return;
  }
  const id = req?.id ?? null;
  const params = req?.params ?? {};
  const service = params.service;
  const method = params.method;
  const args = Array.isArray(params.args) ? params.args : [];
  log.service = service;
  const reply = async (payload: Record<string, unknown>) => {
    if (await scope.afterCommit()) return;
    send(res, 200, JSON.stringify({ jsonrpc: '2.0', id, ...payload }));
  };
  let result: unknown;
  try {
    result = dispatch(scope, service, method, args);
    log.status = 200;
  } catch (e) {
    const err = toOdooError(e);
    log.status = 200;
    log.error = err.odooName;
    await reply({ error: { code: 200, message: 'Odoo Server Error', data: errorData(err) } });
    return;
  }
  await reply(result === undefined ? (version === 18 ? {} : { result: null }) : { result });
}

function dispatch(scope: CallScope, service: string | undefined, method: string | undefined, args: unknown[]) {
  if (service === 'common') return commonService(scope, method, args);
  if (service === 'db') return dbService(scope, method);
  if (service === 'object') return objectService(scope, method, args);
  throw new OdooError('builtins.KeyError', `'${service}'`, 500);
}

function checkDb(scope: CallScope, dbName: unknown) {
  if (dbName !== scope.db)
    throw new OdooError(
      'psycopg2.OperationalError',
      `connection to server at "127.0.0.1", port 5432 failed: FATAL:  database "${dbName}" does not exist\n`,
      500,
    );
}

function commonService(scope: CallScope, method: string | undefined, args: unknown[]): unknown {
  if (method === 'version') return versionInfo(scope.store.version);
  if (method === 'login' || method === 'authenticate') {
    const [dbName, login, secret] = args;
    checkDb(scope, dbName);
    return authenticate(scope.store, login, secret);
  }
  if (method === 'about') return 'See http://openerp.com';
  throw new OdooError('builtins.Exception', `No such method ${method}`, 500);
}

function dbService(scope: CallScope, method: string | undefined): unknown {
  if (method === 'list') return [scope.db];
  if (method === 'server_version') return `${scope.store.version}.0`;
  throw new OdooError('builtins.KeyError', `'${method}'`, 500);
}

function objectService(scope: CallScope, method: string | undefined, args: unknown[]): unknown {
  const { store, log } = scope;
  if (method !== 'execute_kw' && method !== 'execute') {
    if (args.length < 3) throw indexError('list index out of range');
    throw new OdooError('builtins.NameError', `Method not available ${method}`, 500);
  }
  if (args.length < 3) throw indexError('list index out of range');
  const [dbName, uid, secret, model, mname, margs, mkw] = args as [
    string,
    number,
    string,
    string,
    string,
    unknown[] | undefined,
    Record<string, unknown> | undefined,
  ];
  checkDb(scope, dbName);
  if (!checkUid(store, uid, secret)) throw accessDenied();
  log.model = model;
  log.method = mname;
  const positional = method === 'execute' ? args.slice(5) : (margs ?? []);
  const kw = method === 'execute' ? {} : (mkw ?? {});
  return callKw({ store, uid, transport: 'jsonrpc' }, model, mname, positional as unknown[], kw);
}
