// What the transports share: the call log entry, reading a body, writing an answer with Werkzeug's headers, the
// version info, Odoo's error payload.
import type http from 'node:http';
import { fakeDebug, OdooError } from '../errors.js';
import type { Store } from '../store.js';

export interface CallLogEntry {
  transport: 'jsonrpc' | 'json2' | 'http';
  service?: string;
  model?: string;
  method?: string;
  status: number;
  ms: number;
  error?: string;
}

/** One call being answered: where to answer, what to log, and the commit to wait for before answering. */
export interface CallScope {
  store: Store;
  db: string;
  res: http.ServerResponse;
  log: CallLogEntry;
  /** Waits until the writes so far are durable; true when the connection was dropped instead (fault injection). */
  afterCommit: () => Promise<boolean>;
}

const SERVER_HEADER = 'Werkzeug/2.2.2 Python/3.11.2';

export function versionInfo(v: 18 | 19) {
  return {
    server_version: `${v}.0`,
    server_version_info: [v, 0, 0, 'final', 0, ''],
    server_serie: `${v}.0`,
    protocol_version: 1,
  };
}

export function errorData(err: OdooError) {
  return {
    name: err.odooName,
    debug: fakeDebug(err),
    message: err.message,
    arguments: err.args,
    context: {},
  };
}

export function toOdooError(e: unknown): OdooError {
  if (e instanceof OdooError) return e;
  const msg = e instanceof Error ? e.message : String(e);
  return new OdooError('builtins.Exception', msg, 500);
}

export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function send(
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

export const htmlPage = (status: number, title: string, text: string) =>
  `<!doctype html>\n<html lang=en>\n<title>${status} ${title}</title>\n<h1>${title}</h1>\n<p>${text}</p>\n`;
