// The two ways to talk to Odoo's external API, behind one interface:
// - JSON-RPC `/jsonrpc` (Odoo ≤ 18; still served, deprecated, by 19): common.login once, then
//   object.execute_kw(db, uid, apiKey, model, method, args, kwargs). Every error is HTTP 200 with error.data.name.
// - JSON-2 `/json/2/<model>/<method>` (Odoo 19+): bearer API key + X-Odoo-Database, named arguments only, real
//   HTTP statuses (401 auth, 403 access, 404 missing/unknown, 422 user/validation, 500 Python errors). Its version
//   comes from GET /web/version: a JSON-2 client never touches /jsonrpc.
// Both accept the same call(model, method, args, kwargs): positional args are named for JSON-2, and the 18
// pitfalls (create/write values must be positional: add-ons rename `vals`) are normalised for JSON-RPC.
import { ErpError, erpErrors, fromOdooException } from './erp.errors.js';

export type OdooProtocol = 'auto' | 'jsonrpc' | 'json2';
export type ResolvedProtocol = 'jsonrpc' | 'json2';

export interface OdooVersion {
  serverVersion: string;
  major: number;
}

export interface CallOptions {
  /** Override the default (reads retried, everything else not). Only pass true for idempotent methods. */
  retry?: boolean;
}

export interface OdooTransport {
  call(
    model: string,
    method: string,
    args: unknown[],
    kwargs: Record<string, unknown>,
    opts?: CallOptions,
  ): Promise<unknown>;
  version(): Promise<OdooVersion>;
  /** The wire protocol in use (for `auto`, resolved on first use). */
  protocol(): Promise<ResolvedProtocol>;
  /**
   * Does the server answer? Its version asked afresh (version() keeps the first answer), once, within `timeoutMs`
   * (readiness checks). Absent on stand-in transports of tests.
   */
  ping?(timeoutMs: number): Promise<void>;
}

export interface RequestLogEntry {
  protocol: ResolvedProtocol;
  /** model.method, or common.<method> */
  operation: string;
  attempt: number;
  ms: number;
  error?: ErpError;
}

export interface TransportOptions {
  url: string;
  db: string;
  login: string;
  apiKey: string;
  protocol?: OdooProtocol;
  /** per HTTP request; default 130 s (a 1,000-line order takes Odoo a few hundred ms; big reads much longer) */
  timeoutMs?: number;
  /** extra attempts for reads on unreachable / timeout / HTTP 5xx; default 2 */
  retries?: number;
  /** first backoff; doubles each retry; default 250 ms */
  retryDelayMs?: number;
  /** called after every HTTP attempt (metrics, logs, tests) */
  onRequest?: (e: RequestLogEntry) => void;
}

const DEFAULT_TIMEOUT_MS = 130_000;
const DEFAULT_RETRIES = 2;
const DEFAULT_RETRY_DELAY_MS = 250;

/** Methods that change nothing: safe to send again after a timeout or a dropped connection. */
export const READ_METHODS: ReadonlySet<string> = new Set([
  'search',
  'search_read',
  'read',
  'search_count',
  'fields_get',
  'name_search',
  'read_group',
  'formatted_read_group',
  'web_read_group',
  'version',
  'login',
  'authenticate',
]);

/** How JSON-2 names the positional parameters of the ORM methods (Odoo 19 signatures). */
const JSON2_PARAMS: Record<string, readonly string[]> = {
  search_read: ['domain', 'fields', 'offset', 'limit', 'order'],
  search: ['domain', 'offset', 'limit', 'order'],
  search_count: ['domain', 'limit'],
  read: ['ids', 'fields', 'load'],
  create: ['vals_list'],
  write: ['ids', 'vals'],
  unlink: ['ids'],
  copy: ['ids', 'default'],
  fields_get: ['allfields', 'attributes'],
  name_search: ['name', 'domain', 'operator', 'limit'],
  read_group: ['domain', 'fields', 'groupby', 'offset', 'limit', 'orderby', 'lazy'],
  formatted_read_group: ['domain', 'groupby', 'aggregates', 'having', 'offset', 'limit', 'order'],
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const trimUrl = (url: string) => url.replace(/\/+$/, '');

function causeOf(e: unknown): string {
  const c = (e as { cause?: unknown })?.cause as { code?: string; message?: string } | undefined;
  if (c?.code && c.message && !c.message.includes(c.code)) return `${c.code} (${c.message})`;
  return c?.code || c?.message || (e instanceof Error ? e.message : String(e));
}

function snippet(text: string): string {
  // An HTML error page (proxy, Werkzeug) says what happened in its title.
  const title = /<title>([^<]*)<\/title>/i.exec(text)?.[1]?.trim();
  if (title) return title;
  const s = text.replace(/\s+/g, ' ').trim();
  return s.length > 80 ? `${s.slice(0, 80)}…` : s || '(empty body)';
}

/** common.version's answer or /web/version's: the server version and its major number. */
function parseVersion(v: unknown): OdooVersion | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const o = v as {
    server_version?: unknown;
    version?: unknown;
    server_version_info?: unknown;
    version_info?: unknown;
  };
  const sv =
    typeof o.server_version === 'string' ? o.server_version : typeof o.version === 'string' ? o.version : undefined;
  const info = Array.isArray(o.server_version_info)
    ? o.server_version_info
    : Array.isArray(o.version_info)
      ? o.version_info
      : undefined;
  const serverVersion = sv ?? (info ? `${info[0]}.${info[1] ?? 0}` : undefined);
  if (!serverVersion) return undefined;
  const major = parseMajor(String(info?.[0] ?? serverVersion));
  return Number.isFinite(major) ? { serverVersion, major } : undefined;
}

export function parseMajor(serverVersion: string): number {
  const m = /(\d+)/.exec(serverVersion.replace(/^saas~/, ''));
  return m ? Number(m[1]) : Number.NaN;
}

interface HttpAnswer {
  status: number;
  contentType: string;
  text: string;
  location: string | null;
}

/** Shared plumbing: one HTTP request with a timeout, retries for reads, request log. */
abstract class BaseTransport implements OdooTransport {
  protected readonly url: string;
  protected readonly timeoutMs: number;
  protected readonly retries: number;
  protected readonly retryDelayMs: number;
  private versionPromise: Promise<OdooVersion> | undefined;
  abstract readonly kind: ResolvedProtocol;

  constructor(protected readonly opts: TransportOptions) {
    this.url = trimUrl(opts.url);
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.retries = Math.max(0, opts.retries ?? DEFAULT_RETRIES);
    this.retryDelayMs = opts.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  }

  abstract call(
    model: string,
    method: string,
    args: unknown[],
    kwargs: Record<string, unknown>,
    opts?: CallOptions,
  ): Promise<unknown>;

  async protocol(): Promise<ResolvedProtocol> {
    return this.kind;
  }

  version(): Promise<OdooVersion> {
    if (!this.versionPromise) {
      this.versionPromise = this.fetchVersion().catch((e) => {
        this.versionPromise = undefined;
        throw e;
      });
    }
    return this.versionPromise;
  }

  /** One HTTP POST/GET with the per-call timeout (or `timeoutMs`); network failures become ErpErrors. */
  async http(
    path: string,
    init: { method: 'POST' | 'GET'; headers?: Record<string, string>; body?: string },
    operation: string,
    timeoutMs = this.timeoutMs,
  ): Promise<HttpAnswer> {
    const ctrl = new AbortController();
    const timer = setTimeout(() => ctrl.abort(), timeoutMs);
    try {
      const res = await fetch(this.url + path, {
        method: init.method,
        headers: { Accept: 'application/json', ...init.headers },
        body: init.body,
        redirect: 'manual',
        signal: ctrl.signal,
      });
      const text = await res.text();
      return {
        status: res.status,
        contentType: res.headers.get('content-type') ?? '',
        text,
        location: res.headers.get('location'),
      };
    } catch (e) {
      if (ctrl.signal.aborted) throw erpErrors.timeout(timeoutMs, operation);
      throw erpErrors.unreachable(this.url, causeOf(e), e);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Runs `attempt` once, or up to 1 + retries times while it fails with a transient error. */
  protected async withRetry<T>(operation: string, retry: boolean, attempt: () => Promise<T>): Promise<T> {
    const max = retry ? 1 + this.retries : 1;
    for (let i = 1; ; i++) {
      const started = performance.now();
      try {
        const out = await attempt();
        this.opts.onRequest?.({ protocol: this.kind, operation, attempt: i, ms: performance.now() - started });
        return out;
      } catch (e) {
        const err =
          e instanceof ErpError ? e : erpErrors.unknown(e instanceof Error ? e.message : String(e), { cause: e });
        if (!err.operation) Object.assign(err, { operation });
        this.opts.onRequest?.({
          protocol: this.kind,
          operation,
          attempt: i,
          ms: performance.now() - started,
          error: err,
        });
        if (i >= max || !err.transient) throw err;
        await sleep(this.retryDelayMs * 2 ** (i - 1));
      }
    }
  }

  /** How this transport learns the server's version (asked once, see version()). */
  protected abstract fetchVersion(): Promise<OdooVersion>;

  /** See OdooTransport.ping: the cheapest call of each protocol, needing no login (common.version, /web/version). */
  async ping(timeoutMs: number): Promise<void> {
    const operation = this.kind === 'json2' ? 'web.version' : 'common.version';
    await this.withRetry(operation, false, async () => {
      if (this.kind === 'jsonrpc') {
        await this.jsonRpc('common', 'version', [], operation, timeoutMs);
        return;
      }
      const ans = await this.http('/web/version', { method: 'GET' }, operation, timeoutMs);
      if (ans.status !== 200) throw httpError(ans, this.opts.db, operation);
    });
  }

  /** JSON-RPC common.version; an Odoo without /jsonrpc answers through /web/version instead. */
  protected versionOverJsonRpc(): Promise<OdooVersion> {
    return this.withRetry('common.version', true, async () => {
      try {
        const v = parseVersion(await this.jsonRpc('common', 'version', [], 'common.version'));
        if (v) return v;
        throw erpErrors.protocol('common.version answered without a server version', { operation: 'common.version' });
      } catch (e) {
        // A future Odoo without /jsonrpc: the web client's /web/version still says which version it is.
        if (!(e instanceof ErpError) || e.kind !== 'protocol') throw e;
        const ans = await this.http('/web/version', { method: 'GET' }, 'web.version').catch(() => undefined);
        const v = ans && ans.status === 200 ? parseVersion(safeJson(ans.text)) : undefined;
        if (v) return v;
        throw e;
      }
    });
  }

  /** GET /web/version: plain HTTP, served by Odoo 17+ without a session, no JSON-RPC involved. */
  protected versionOverHttp(): Promise<OdooVersion> {
    const operation = 'web.version';
    return this.withRetry(operation, true, async () => {
      const ans = await this.http('/web/version', { method: 'GET' }, operation);
      if (ans.status === 404)
        throw erpErrors.protocol(
          'GET /web/version answered HTTP 404 — this Odoo does not serve JSON-2 (Odoo 18 or older): set ODOO_PROTOCOL=jsonrpc or auto',
          { operation, httpStatus: 404 },
        );
      if (ans.status !== 200) throw httpError(ans, this.opts.db, operation);
      const v = parseVersion(parseJson(ans, operation));
      if (v) return v;
      throw erpErrors.protocol(`/web/version answered without a server version: ${snippet(ans.text)}`, { operation });
    });
  }

  /** JSON-RPC 2.0 call on /jsonrpc (the JSON-RPC transport, and `auto` asking the version). */
  async jsonRpc(
    service: string,
    method: string,
    args: unknown[],
    operation: string,
    timeoutMs = this.timeoutMs,
  ): Promise<unknown> {
    const body = JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { service, method, args }, id: nextId() });
    const ans = await this.http(
      '/jsonrpc',
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body },
      operation,
      timeoutMs,
    );
    if (ans.status !== 200) throw httpError(ans, this.opts.db, operation);
    const parsed = parseJson(ans, operation);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw erpErrors.protocol(`${operation} answered ${snippet(ans.text)} instead of a JSON-RPC object`, {
        operation,
      });
    const msg = parsed as {
      result?: unknown;
      error?: { message?: string; data?: { name?: string; message?: string } };
    };
    if (msg.error) {
      const data = msg.error.data ?? {};
      throw fromOdooException(data.name, data.message ?? msg.error.message ?? '', { db: this.opts.db, operation });
    }
    // Odoo 18 leaves `result` out when the method returned None (more/locked_setup_action_lock).
    return msg.result === undefined ? null : msg.result;
  }
}

let rpcId = 0;
const nextId = () => {
  rpcId = (rpcId + 1) % 1_000_000_000;
  return rpcId;
};

function parseJson(ans: HttpAnswer, operation: string): unknown {
  try {
    return JSON.parse(ans.text);
  } catch (e) {
    throw erpErrors.protocol(
      `${operation} answered HTTP ${ans.status} with a body that is not JSON (${ans.contentType || 'no content type'}: ${snippet(ans.text)})`,
      { operation, httpStatus: ans.status, cause: e },
    );
  }
}

/** An HTTP status that is not the normal answer: Odoo's JSON error body when there is one, else the status. */
function httpError(ans: HttpAnswer, db: string, operation: string): ErpError {
  const httpStatus = ans.status;
  if (ans.status >= 300 && ans.status < 400) {
    const to = ans.location ?? '?';
    const hint = /\/web\/login/.test(to)
      ? ' — this Odoo does not serve JSON-2 (Odoo 18 or older): set ODOO_PROTOCOL=jsonrpc or auto'
      : '';
    return erpErrors.protocol(`${operation} was redirected (HTTP ${ans.status}) to ${to}${hint}`, {
      operation,
      httpStatus,
    });
  }
  let body: unknown;
  try {
    body = JSON.parse(ans.text);
  } catch {
    body = undefined;
  }
  if (
    body &&
    typeof body === 'object' &&
    !Array.isArray(body) &&
    typeof (body as { name?: unknown }).name === 'string'
  ) {
    const b = body as { name: string; message?: string };
    return fromOdooException(b.name, b.message ?? '', { db, operation, httpStatus });
  }
  if (ans.status === 404 && /No database is selected/i.test(ans.text))
    return erpErrors.unknownDatabase(db, { operation, httpStatus });
  if (ans.status === 401) return erpErrors.auth(undefined, { operation, httpStatus });
  if (ans.status === 403) return erpErrors.access(`HTTP 403 on ${operation}`, { operation, httpStatus });
  if (ans.status === 400 || ans.status === 404 || ans.status === 405)
    return erpErrors.protocol(`${operation} answered HTTP ${ans.status}: ${snippet(ans.text)}`, {
      operation,
      httpStatus,
    });
  return erpErrors.unknown(`HTTP ${ans.status} on ${operation}: ${snippet(ans.text)}`, { operation, httpStatus });
}

const safeJson = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
};

export class JsonRpcTransport extends BaseTransport {
  readonly kind = 'jsonrpc' as const;
  private uidPromise: Promise<number> | undefined;

  protected fetchVersion(): Promise<OdooVersion> {
    return this.versionOverJsonRpc();
  }

  private uid(): Promise<number> {
    if (!this.uidPromise) {
      const { db, login, apiKey } = this.opts;
      this.uidPromise = this.withRetry('common.login', true, () =>
        this.jsonRpc('common', 'login', [db, login, apiKey], 'common.login'),
      )
        .then((uid) => {
          // A wrong login or key is not an error in JSON-RPC: login answers `false`.
          if (typeof uid !== 'number' || uid <= 0) throw erpErrors.auth(undefined, { operation: 'common.login' });
          return uid;
        })
        .catch((e) => {
          this.uidPromise = undefined;
          throw e;
        });
    }
    return this.uidPromise;
  }

  async call(
    model: string,
    method: string,
    args: unknown[],
    kwargs: Record<string, unknown>,
    opts: CallOptions = {},
  ): Promise<unknown> {
    const uid = await this.uid();
    const [pos, kw] = normaliseForJsonRpc(method, args, kwargs);
    const operation = `${model}.${method}`;
    const retry = opts.retry ?? READ_METHODS.has(method);
    try {
      return await this.withRetry(operation, retry, () =>
        this.jsonRpc('object', 'execute_kw', [this.opts.db, uid, this.opts.apiKey, model, method, pos, kw], operation),
      );
    } catch (e) {
      // The key was revoked since login: log in again next time.
      if (e instanceof ErpError && e.kind === 'auth') this.uidPromise = undefined;
      throw e;
    }
  }
}

/**
 * On Odoo 18 the values of create/write must go positionally (76 add-on overrides rename `vals`), and record ids
 * are always the first positional argument. Accept the JSON-2 style (ids / vals / vals_list as kwargs) too.
 */
export function normaliseForJsonRpc(
  method: string,
  args: unknown[],
  kwargs: Record<string, unknown>,
): [unknown[], Record<string, unknown>] {
  const kw = { ...kwargs };
  let pos = [...args];
  if ('ids' in kw) {
    pos = [kw.ids, ...pos];
    delete kw.ids;
  }
  if (method === 'create' && 'vals_list' in kw && pos.length === 0) {
    pos = [kw.vals_list];
    delete kw.vals_list;
  }
  if (method === 'write' && 'vals' in kw && pos.length === 1) {
    pos = [pos[0], kw.vals];
    delete kw.vals;
  }
  return [pos, kw];
}

/** Positional arguments → JSON-2 named arguments (kwargs win; `args` of name_search is `domain` on 19). */
export function namedForJson2(
  method: string,
  args: unknown[],
  kwargs: Record<string, unknown>,
): Record<string, unknown> {
  const names = JSON2_PARAMS[method] ?? ['ids'];
  if (args.length > names.length)
    throw erpErrors.unknown(
      `cannot send ${args.length} positional arguments to ${method} over JSON-2 (known: ${names.join(', ')}); pass them by name`,
    );
  const out: Record<string, unknown> = {};
  args.forEach((a, i) => {
    out[names[i]!] = a;
  });
  for (const [k, v] of Object.entries(kwargs)) {
    if (method === 'name_search' && k === 'args') out.domain = v;
    else out[k] = v;
  }
  return out;
}

export class Json2Transport extends BaseTransport {
  readonly kind = 'json2' as const;

  /** Never /jsonrpc: Odoo 19 logs every call there as deprecated, due for removal. */
  protected fetchVersion(): Promise<OdooVersion> {
    return this.versionOverHttp();
  }

  async call(
    model: string,
    method: string,
    args: unknown[],
    kwargs: Record<string, unknown>,
    opts: CallOptions = {},
  ): Promise<unknown> {
    const operation = `${model}.${method}`;
    const body = JSON.stringify(namedForJson2(method, args, kwargs));
    const retry = opts.retry ?? READ_METHODS.has(method);
    const path = `/json/2/${encodeURIComponent(model)}/${encodeURIComponent(method)}`;
    return this.withRetry(operation, retry, async () => {
      const ans = await this.http(
        path,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            Authorization: `bearer ${this.opts.apiKey}`,
            'X-Odoo-Database': this.opts.db,
          },
          body,
        },
        operation,
      );
      if (ans.status !== 200) throw httpError(ans, this.opts.db, operation);
      return parseJson(ans, operation);
    });
  }
}

/** `auto`: asks common.version once, then JSON-2 for Odoo 19+ and JSON-RPC below. */
class AutoTransport implements OdooTransport {
  private readonly probe: JsonRpcTransport;
  private inner: Promise<BaseTransport> | undefined;
  /** The transport chosen, once known. */
  private chosen: BaseTransport | undefined;

  constructor(private readonly opts: TransportOptions) {
    this.probe = new JsonRpcTransport(opts);
  }

  private resolve(): Promise<BaseTransport> {
    if (!this.inner) {
      this.inner = this.probe
        .version()
        .then((v) => {
          this.chosen = v.major >= 19 ? new Json2Transport(this.opts) : this.probe;
          return this.chosen;
        })
        .catch((e) => {
          this.inner = undefined;
          throw e;
        });
    }
    return this.inner;
  }

  async call(model: string, method: string, args: unknown[], kwargs: Record<string, unknown>, opts?: CallOptions) {
    return (await this.resolve()).call(model, method, args, kwargs, opts);
  }

  version(): Promise<OdooVersion> {
    return this.probe.version();
  }

  async protocol(): Promise<ResolvedProtocol> {
    return (await this.resolve()).protocol();
  }

  /** Asks over the protocol chosen; before one is, as the choice would (common.version over /jsonrpc). */
  ping(timeoutMs: number): Promise<void> {
    return (this.chosen ?? this.probe).ping(timeoutMs);
  }
}

export function createTransport(opts: TransportOptions): OdooTransport {
  const protocol = opts.protocol ?? 'auto';
  if (protocol === 'jsonrpc') return new JsonRpcTransport(opts);
  if (protocol === 'json2') return new Json2Transport(opts);
  return new AutoTransport(opts);
}
