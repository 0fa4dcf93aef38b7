// The one HTTP client of the web app. Every call goes under /api, carries the bearer token, times out after
// 10 minutes (docs/product/rules.md#constants), and turns problem+json answers into ApiError. A 401 on an authenticated
// call ends the session (the handler is installed by the session provider).
import { type RouteAnswer, type RouteDef, type RouteInput, routeUrl } from '@quotewright/contracts';
import { REQUEST_TIMEOUT_MS } from './constants';
import { fileNameFromDisposition, saveBlob } from './download';
import { readToken } from './token';

export type FieldErrors = Record<string, string>;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly errors: FieldErrors;
  readonly retryAfter: number | undefined;
  /** The problem+json answer as sent, with its extension members (an EDIT_CONFLICT's `conflicts`). */
  readonly problem: Record<string, unknown> | undefined;
  /** The server's id of the request (problem `request_id`, else the X-Request-Id header): what support looks up. */
  readonly requestId: string | undefined;

  constructor(
    message: string,
    opts: {
      status: number;
      code?: string;
      errors?: FieldErrors;
      retryAfter?: number;
      cause?: unknown;
      problem?: Record<string, unknown>;
      requestId?: string | undefined;
    },
  ) {
    super(message, { cause: opts.cause });
    this.name = 'ApiError';
    this.status = opts.status;
    this.code = opts.code;
    this.errors = opts.errors ?? {};
    this.retryAfter = opts.retryAfter;
    this.problem = opts.problem;
    this.requestId = opts.requestId;
  }

  get hasFieldErrors(): boolean {
    return Object.keys(this.errors).length > 0;
  }
}

let unauthorizedHandler: (() => void) | null = null;

/** Installed by the session: called when an authenticated request answers 401. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Skip the bearer token (login, public config). */
  anonymous?: boolean;
}

function stringifyErrors(raw: unknown): FieldErrors {
  if (!raw || typeof raw !== 'object') return {};
  const out: FieldErrors = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof value === 'string') out[key] = value;
    else if (Array.isArray(value)) out[key] = value.map(String).join(' ');
    else if (value != null) out[key] = String(value);
  }
  return out;
}

async function toApiError(res: Response): Promise<ApiError> {
  const retryAfterHeader = res.headers.get('Retry-After');
  const retryAfter = retryAfterHeader ? Number(retryAfterHeader) : undefined;
  const text = await res.text().catch(() => '');
  let message = text || res.statusText || `Request failed with status ${res.status}`;
  let code: string | undefined;
  let errors: FieldErrors = {};
  let problem: Record<string, unknown> | undefined;
  if (text) {
    try {
      const body = JSON.parse(text) as Record<string, unknown>;
      if (body && typeof body === 'object') problem = body;
      // Show the server's answer (docs/product/screens.md#messages); problem+json carries it in `detail` (then `title`,
      // then `message`).
      const detail = body.detail ?? body.message ?? body.title;
      if (typeof detail === 'string' && detail) message = detail;
      if (typeof body.code === 'string') code = body.code;
      errors = stringifyErrors(body.errors);
    } catch {
      // not JSON: the raw text is the message
    }
  }
  return new ApiError(message, {
    status: res.status,
    code,
    errors,
    retryAfter: Number.isFinite(retryAfter) ? retryAfter : undefined,
    problem,
    requestId: requestIdOf(res, problem),
  });
}

/** The id the server gave the request: the problem's `request_id`, else the X-Request-Id answer header. */
function requestIdOf(res: Response, problem?: Record<string, unknown>): string | undefined {
  const id = problem?.request_id;
  return typeof id === 'string' && id ? id : (res.headers.get('X-Request-Id') ?? undefined);
}

async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = opts.anonymous ? null : readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { method: opts.method ?? 'GET', headers, body, signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'TimeoutError') {
      throw new ApiError('The server took too long to answer.', { status: 0, cause: err });
    }
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError('The server could not be reached. Check your connection and try again.', {
      status: 0,
      cause: err,
    });
  }
  if (!res.ok) {
    const error = await toApiError(res);
    if (res.status === 401 && token) unauthorizedHandler?.();
    throw error;
  }
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('Content-Type') ?? '';
  if (type.includes('json')) return (await res.json()) as T;
  const text = await res.text();
  return (text ? text : undefined) as T;
}

/**
 * A call of a route of the API, by its definition (packages/contracts routes/): the URL made from the path and the
 * params (each encoded), the query and the body typed by the route's schemas, the answer typed by its answer schema.
 * A public route is called without the session's token.
 */
export function call<D extends RouteDef>(
  def: D,
  input: RouteInput<D>,
  opts: { signal?: AbortSignal | undefined } = {},
): Promise<RouteAnswer<D>> {
  const { params, query, body } = input as { params?: object; query?: object; body?: unknown };
  const url = routeUrl(def.path, params as Record<string, unknown>, query as Record<string, unknown>);
  return request<RouteAnswer<D>>(url.slice('/api'.length), {
    method: def.method,
    body,
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(def.public ? { anonymous: true } : {}),
  });
}

/** A route that answers a file (`{ file: '<content type>' }`: an Excel workbook, a PDF…). */
type FileRoute = RouteDef & { answers: { 200: { file: string } } };

/**
 * The file a route answers (by its definition, as `call`), as a Blob with the server's file name (Content-Disposition),
 * else `fileName`. `onProgress` hears the bytes received as the server streams the file. A refusal is an ApiError with
 * the server's message.
 */
export async function fetchFile<D extends FileRoute>(
  def: D,
  input: RouteInput<D>,
  fileName?: string,
  opts: { onProgress?: (bytes: number) => void; signal?: AbortSignal } = {},
): Promise<{ blob: Blob; name: string }> {
  const { params, query } = input as { params?: object; query?: object };
  const url = routeUrl(def.path, params as Record<string, unknown>, query as Record<string, unknown>);
  const headers: Record<string, string> = {};
  const token = def.public ? null : readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const res = await fetch(url, { method: def.method, headers, signal });
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    let message = text || res.statusText || `Request failed with status ${res.status}`;
    let problem: Record<string, unknown> | undefined;
    try {
      const body = JSON.parse(text) as { detail?: string; title?: string };
      message = body.detail ?? body.title ?? message;
      problem = body;
    } catch {
      // not JSON
    }
    throw new ApiError(message, { status: res.status, requestId: requestIdOf(res, problem) });
  }
  const chunks: BlobPart[] = [];
  let bytes = 0;
  const reader = res.body?.getReader();
  if (reader)
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.length;
      opts.onProgress?.(bytes);
    }
  else chunks.push(await res.blob());
  const name = fileNameFromDisposition(res.headers.get('Content-Disposition')) ?? fileName ?? 'download';
  return { blob: new Blob(chunks, { type: res.headers.get('Content-Type') ?? undefined }), name };
}

/** Downloads the file a route answers (fetchFile) and saves it; answers the name it was saved under. */
export async function download<D extends FileRoute>(
  def: D,
  input: RouteInput<D>,
  fileName?: string,
  opts: { onProgress?: (bytes: number) => void } = {},
): Promise<string> {
  const { blob, name } = await fetchFile(def, input, fileName, opts);
  saveBlob(blob, name);
  return name;
}

/**
 * The message to show for any failure (docs/product/screens.md#messages: the server's answer, else the error itself). A
 * validation answer's `detail` is generic ('Some fields are invalid'): its field messages ('Quantity is out of range')
 * say what is wrong.
 */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError && err.hasFieldErrors) return [...new Set(Object.values(err.errors))].join('\n');
  if (err instanceof Error) return err.message;
  if (typeof err === 'string') return err;
  try {
    return JSON.stringify(err);
  } catch {
    return String(err);
  }
}

/** The reference of a failed call to show beside its message (ApiError.requestId); none for other failures. */
export function errorReference(err: unknown): string | undefined {
  return err instanceof ApiError ? err.requestId : undefined;
}

export function fieldErrors(err: unknown): FieldErrors {
  return err instanceof ApiError ? err.errors : {};
}
