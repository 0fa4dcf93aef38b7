// HTTP front: /jsonrpc (JSON-RPC 2.0, errors as HTTP 200), /json/2/<model>/<method> (19: bearer key, real
// statuses; 18: redirect to the login page as recorded), /web/version, and fault injection.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { authenticate, checkUid, uidForApiKey } from '../auth.js';
import { accessDenied, fakeDebug, indexError, OdooError, werkzeug } from '../errors.js';
import type { Faults } from '../faults.js';
import { callKw } from '../methods.js';
import type { Store } from '../store.js';

export interface ServerOptions {
  store: Store;
  db: string;
  faults: Faults;
  /** Called after every handled call (for logs/metrics in tests). */
  onCall?: (entry: CallLogEntry) => void;
  /** Resolves once the writes so far are durable; every answer to a call waits for it (see persistence.ts). */
  commit?: () => Promise<void>;
}

export interface CallLogEntry {
  transport: 'jsonrpc' | 'json2' | 'http';
  service?: string;
  model?: string;
  method?: string;
  status: number;
  ms: number;
  error?: string;
}

const SERVER_HEADER = 'Werkzeug/2.2.2 Python/3.11.2';

function versionInfo(v: 18 | 19) {
  return {
    server_version: `${v}.0`,
    server_version_info: [v, 0, 0, 'final', 0, ''],
    server_serie: `${v}.0`,
    protocol_version: 1,
  };
}

function errorData(err: OdooError) {
  return {
    name: err.odooName,
    debug: fakeDebug(err),
    message: err.message,
    arguments: err.args,
    context: {},
  };
}

function toOdooError(e: unknown): OdooError {
  if (e instanceof OdooError) return e;
  const msg = e instanceof Error ? e.message : String(e);
  return new OdooError('builtins.Exception', msg, 500);
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(
  res: http.ServerResponse,
  status: number,
  body: string,
  type = 'application/json; charset=utf-8',
  extra: Record<string, string> = {},
) {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
    Server: SERVER_HEADER,
    ...extra,
  });
  res.end(body);
}

const htmlPage = (status: number, title: string, text: string) =>
  `<!doctype html>\n<html lang=en>\n<title>${status} ${title}</title>\n<h1>${title}</h1>\n<p>${text}</p>\n`;

export function createServer(opts: ServerOptions): http.Server {
  const { store, db, faults } = opts;
  const version = store.version;

  async function handleJsonRpc(
    body: string,
    res: http.ServerResponse,
    log: CallLogEntry,
    afterCommit: () => Promise<boolean>,
  ) {
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
      if (await afterCommit()) return;
      send(res, 200, JSON.stringify({ jsonrpc: '2.0', id, ...payload }));
    };
    let result: unknown;
    try {
      if (service === 'common') {
        if (method === 'version') result = versionInfo(version);
        else if (method === 'login' || method === 'authenticate') {
          const [dbName, login, secret] = args;
          if (dbName !== db)
            throw new OdooError(
              'psycopg2.OperationalError',
              `connection to server at "127.0.0.1", port 5432 failed: FATAL:  database "${dbName}" does not exist\n`,
              500,
            );
          result = authenticate(store, login, secret);
        } else if (method === 'about') result = 'See http://openerp.com';
        else throw new OdooError('builtins.Exception', `No such method ${method}`, 500);
      } else if (service === 'db') {
        if (method === 'list') result = [db];
        else if (method === 'server_version') result = `${version}.0`;
        else throw new OdooError('builtins.KeyError', `'${method}'`, 500);
      } else if (service === 'object') {
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
        if (dbName !== db)
          throw new OdooError(
            'psycopg2.OperationalError',
            `connection to server at "127.0.0.1", port 5432 failed: FATAL:  database "${dbName}" does not exist\n`,
            500,
          );
        if (!checkUid(store, uid, secret)) throw accessDenied();
        log.model = model;
        log.method = mname;
        const positional = method === 'execute' ? args.slice(5) : (margs ?? []);
        const kw = method === 'execute' ? {} : (mkw ?? {});
        result = callKw({ store, uid, transport: 'jsonrpc' }, model, mname, positional as unknown[], kw);
      } else {
        throw new OdooError('builtins.KeyError', `'${service}'`, 500);
      }
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

  async function handleJson2(
    req: http.IncomingMessage,
    body: string,
    model: string,
    method: string,
    res: http.ServerResponse,
    log: CallLogEntry,
    afterCommit: () => Promise<boolean>,
  ) {
    log.model = model;
    log.method = method;
    if (version === 18) {
      const loc = `/web/login?redirect=${encodeURIComponent(`/json/2/${model}/${method}?`)}`;
      log.status = 303;
      send(
        res,
        303,
        `<!doctype html>\n<html lang=en>\n<title>Redirecting...</title>\n<h1>Redirecting...</h1>\n<p>You should be redirected automatically to the target URL: <a href="${loc}">${loc}</a>. If not, click the link.\n`,
        'text/html; charset=utf-8',
        { Location: loc },
      );
      return;
    }
    const fail = async (err: OdooError) => {
      log.status = err.status;
      log.error = err.odooName;
      if (await afterCommit()) return;
      const extra: Record<string, string> = err.status === 401 ? { 'WWW-Authenticate': 'Bearer ' } : {};
      send(
        res,
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
    };
    const dbHeader = req.headers['x-odoo-database'];
    if (dbHeader !== undefined && dbHeader !== db) {
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
      return fail(
        werkzeug('Unauthorized', 'User not authenticated, use an API Key with a Bearer Authorization header.'),
      );
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
    if (await afterCommit()) return;
    send(res, 200, JSON.stringify(result === undefined ? null : result));
  }

  const server = http.createServer(async (req, res) => {
    const started = performance.now();
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    const log: CallLogEntry = { transport: 'http', status: 0, ms: 0 };
    try {
      const body = req.method === 'POST' || req.method === 'PUT' ? await readBody(req) : '';
      const j2 = /^\/json\/2\/([^/]+)\/([^/]+)\/?$/.exec(path);
      let descriptor = path;
      if (j2) descriptor += ` ${j2[1]}.${j2[2]}`;
      else if (path === '/jsonrpc') {
        try {
          const a = JSON.parse(body)?.params?.args;
          if (Array.isArray(a) && typeof a[3] === 'string') descriptor += ` ${a[3]}.${a[4]}`;
        } catch {
          // not JSON: handled below
        }
      }
      const fault = faults.take(descriptor);
      if (fault?.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
      if (fault?.down) {
        req.socket.destroy();
        return;
      }
      if (fault?.httpStatus) {
        send(
          res,
          fault.httpStatus,
          htmlPage(fault.httpStatus, 'Internal Server Error', 'The server encountered an internal error.'),
          'text/html; charset=utf-8',
        );
        return;
      }
      if (fault?.malformed) {
        send(res, 200, '<html><body>Bad Gateway</body>{"jsonrpc": "2.0", "res', 'application/json; charset=utf-8');
        return;
      }
      const afterCommit = async () => {
        await opts.commit?.();
        if (fault?.dropAfterCommit) {
          req.socket.destroy();
          return true;
        }
        return false;
      };
      if (path === '/jsonrpc' && req.method === 'POST') {
        log.transport = 'jsonrpc';
        await handleJsonRpc(body, res, log, afterCommit);
      } else if (j2 && req.method === 'POST') {
        log.transport = 'json2';
        await handleJson2(req, body, decodeURIComponent(j2[1]!), decodeURIComponent(j2[2]!), res, log, afterCommit);
      } else if (path === '/web/version') {
        log.status = 200;
        send(
          res,
          200,
          JSON.stringify({ version_info: versionInfo(version).server_version_info, version: `${version}.0` }),
        );
      } else if (path === '/web/health' || path === '/health') {
        log.status = 200;
        send(res, 200, JSON.stringify({ status: 'pass' }));
      } else {
        log.status = 404;
        send(
          res,
          404,
          htmlPage(404, 'Not Found', 'The requested URL was not found on the server.'),
          'text/html; charset=utf-8',
        );
      }
    } catch (e) {
      log.status = 500;
      log.error = String(e);
      if (!res.headersSent)
        send(
          res,
          500,
          htmlPage(500, 'Internal Server Error', 'The server encountered an internal error.'),
          'text/html; charset=utf-8',
        );
    } finally {
      log.ms = performance.now() - started;
      opts.onCall?.(log);
    }
  });
  server.keepAliveTimeout = 5_000;
  return server;
}

export function listen(server: http.Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}
