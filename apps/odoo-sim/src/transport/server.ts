// HTTP front: /jsonrpc (JSON-RPC 2.0, errors as HTTP 200), /json/2/<model>/<method> (19: bearer key, real
// statuses; 18: redirect to the login page as recorded), /web/version, and fault injection.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FaultConfig, Faults } from '../faults.js';
import type { Store } from '../store.js';
import { type CallLogEntry, type CallScope, htmlPage, readBody, send, versionInfo } from './http.js';
import { handleJson2 } from './json2.js';
import { handleJsonRpc } from './jsonrpc.js';

export type { CallLogEntry } from './http.js';

export interface ServerOptions {
  store: Store;
  db: string;
  faults: Faults;
  /** Called after every handled call (for logs/metrics in tests). */
  onCall?: (entry: CallLogEntry) => void;
  /** Resolves once the writes so far are durable; every answer to a call waits for it (see persistence.ts). */
  commit?: () => Promise<void>;
}

export function createServer(opts: ServerOptions): http.Server {
  const server = http.createServer((req, res) => handleRequest(opts, req, res));
  server.keepAliveTimeout = 5_000;
  return server;
}

async function handleRequest(opts: ServerOptions, req: http.IncomingMessage, res: http.ServerResponse) {
  const started = performance.now();
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname;
  const log: CallLogEntry = { transport: 'http', status: 0, ms: 0 };
  try {
    const body = req.method === 'POST' || req.method === 'PUT' ? await readBody(req) : '';
    const j2 = /^\/json\/2\/([^/]+)\/([^/]+)\/?$/.exec(path);
    const fault = opts.faults.take(callDescriptor(path, j2, body));
    if (await injectFault(fault, req, res)) return;
    const afterCommit = async () => {
      await opts.commit?.();
      if (fault?.dropAfterCommit) {
        req.socket.destroy();
        return true;
      }
      return false;
    };
    await route({ store: opts.store, db: opts.db, res, log, afterCommit }, req, path, j2, body);
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
}

/** "path model.method" of a call, what faults match on. */
function callDescriptor(path: string, j2: RegExpExecArray | null, body: string): string {
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
  return descriptor;
}

/** Applies the faults that replace the answer (after the delay); true when the request is done with. */
async function injectFault(
  fault: FaultConfig | undefined,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<boolean> {
  if (fault?.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
  if (fault?.down) {
    req.socket.destroy();
    return true;
  }
  if (fault?.httpStatus) {
    send(
      res,
      fault.httpStatus,
      htmlPage(fault.httpStatus, 'Internal Server Error', 'The server encountered an internal error.'),
      'text/html; charset=utf-8',
    );
    return true;
  }
  if (fault?.malformed) {
    send(res, 200, '<html><body>Bad Gateway</body>{"jsonrpc": "2.0", "res', 'application/json; charset=utf-8');
    return true;
  }
  return false;
}

async function route(
  scope: CallScope,
  req: http.IncomingMessage,
  path: string,
  j2: RegExpExecArray | null,
  body: string,
) {
  const { res, log } = scope;
  const version = scope.store.version;
  if (path === '/jsonrpc' && req.method === 'POST') {
    log.transport = 'jsonrpc';
    await handleJsonRpc(scope, body);
  } else if (j2 && req.method === 'POST') {
    log.transport = 'json2';
    await handleJson2(scope, req, body, decodeURIComponent(j2[1]!), decodeURIComponent(j2[2]!));
  } else if (path === '/web/version') {
    log.status = 200;
    send(res, 200, JSON.stringify({ version_info: versionInfo(version).server_version_info, version: `${version}.0` }));
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
