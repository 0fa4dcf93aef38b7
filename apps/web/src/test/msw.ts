// The HTTP API as the web tests play it: Mock Service Worker (msw/node) answers the app's fetch with handlers typed
// from the routes' definitions (packages/contracts routes/; docs/decisions/0026-contract-first-api.md,
// docs/product/api.md). `answer(def, …)` matches the requests of that definition only (its method and path, a static
// segment winning over a `:param` one as in the server's router), hands the resolver the params, the query and the
// body as the contract types them, and checks what it answers against the route's answer schema: a fixture the
// contract no longer admits fails its test. Every request is recorded (method, path, query, body, Authorization) for
// a test to assert what was sent, and a request no handler answers fails the test. setup.ts starts the server before
// the tests, resets it after each and fails a test that saw one of these problems.
import {
  apiRoutes,
  companyApi,
  PROBLEM_TITLES,
  problemSchema,
  type RouteAnswer,
  type RouteDef,
  type RouteInput,
} from '@quotewright/contracts';
// (msw's handlers and server only: its main entry point would also load its GraphQL and WebSocket parts in every
// test file)
import type { HttpHandler } from 'msw';
import { http } from 'msw/core/http';
import { setupServer } from 'msw/node';

/** A request the app sent, as a test asserts it. */
export interface Call {
  method: string;
  /** The path as sent (its params encoded), e.g. '/api/sales/s1'. */
  path: string;
  /** The query string, with its '?' ('' when none). */
  query: string;
  /** The JSON body, parsed (undefined when none). */
  body: unknown;
  authorization: string | null;
}

// ─── Problems ────────────────────────────────────────────────────────────────────────────────────────────────────

/** The server's code of a problem when a test names none (apps/server/src/errors.ts ERROR_STATUS). */
const CODES: Record<number, string> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'ERP_VALIDATION',
  429: 'RATE_LIMITED',
  500: 'INTERNAL',
  502: 'ERP_ERROR',
  504: 'ERP_TIMEOUT',
};

/** An error answer (RFC 9457 problem+json), as the server writes it; a value, so one may answer many requests. */
export class Problem {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {}
}

/**
 * A problem+json answer: `status`, the message (`detail`), field messages, and the code (else the server's for the
 * status). `more` adds extension members (an EDIT_CONFLICT's `conflicts`; `type` and `title` may be replaced) and
 * headers (Retry-After).
 */
export function problem(
  status: number,
  detail: string,
  errors?: Record<string, string>,
  code: string = CODES[status] ?? 'INTERNAL',
  more: { members?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Problem {
  return new Problem(
    status,
    {
      type: `https://quotewright.dev/problems/${code.toLowerCase().replaceAll('_', '-')}`,
      title: PROBLEM_TITLES[status] ?? 'Error',
      ...more.members,
      status,
      detail,
      code,
      ...(errors ? { errors } : {}),
    },
    more.headers,
  );
}

// ─── Typed handlers ──────────────────────────────────────────────────────────────────────────────────────────────

type Parsed<S> = S extends { parse(value: unknown): infer O } ? O : undefined;
type Sent<D extends RouteDef, K extends 'params' | 'body'> = RouteInput<D> extends { [P in K]: infer T }
  ? T
  : undefined;

/** A request of the route `D` as its resolver sees it. */
export interface Received<D extends RouteDef> {
  /** The path params as sent (decoded), typed by the params schema's input; not checked (tests use short ids). */
  params: Sent<D, 'params'>;
  /** The query as the server reads it: parsed by the route's query schema (defaults filled, numbers coerced). */
  query: Parsed<D['query']>;
  /** The JSON body as sent, typed by the body schema's input (not checked: tests use short ids, not UUIDs). */
  body: Sent<D, 'body'>;
  request: Request;
  call: Call;
}

/**
 * What a resolver of the route `D` answers: its success answer (checked against the answer schema; nothing for an
 * empty answer), a `problem(…)`, or a Response made by hand (a file, an answer of another status).
 */
export type Reply<D extends RouteDef> = RouteAnswer<D> | Problem | Response;
export type Resolver<D extends RouteDef> = (request: Received<D>) => Reply<D> | Promise<Reply<D>>;
/** A handler's answer: the same reply to every request, or a resolver. */
export type Answer<D extends RouteDef> = Reply<D> | Resolver<D>;

interface Compiled {
  def: RouteDef;
  re: RegExp;
  names: string[];
  /** Per segment, 1 for a static one and 0 for a `:param`: a static segment wins, as in the server's router. */
  rank: number[];
}

function compile(def: RouteDef): Compiled {
  const names: string[] = [];
  const source = def.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const rank = def.path
    .split('/')
    .slice(1)
    .map((segment) => (segment.startsWith(':') ? 0 : 1));
  return { def, re: new RegExp(`^${source}$`), names, rank };
}

const compiled = apiRoutes.map(compile);
const compiledOf = new Map(compiled.map((c) => [c.def, c]));

function outranks(a: number[], b: number[]): boolean {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return (a[i] ?? 0) > (b[i] ?? 0);
  return false;
}

/** The definition the server would route `method path` to (undefined: none). */
function routeOf(method: string, path: string): RouteDef | undefined {
  let best: Compiled | undefined;
  for (const c of compiled)
    if (c.def.method === method && c.re.test(path) && (!best || outranks(c.rank, best.rank))) best = c;
  return best?.def;
}

interface Schema {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { message: string } };
}

/** The success statuses a definition answers (200, 201, 202, 204…). */
export type SuccessStatus<D extends RouteDef> = Extract<keyof D['answers'], 200 | 201 | 202 | 203 | 204>;

/** The success status of a definition (`status`, else its first) and what it answers there. */
function successOf(def: RouteDef, wanted?: number): { status: number; answer: unknown } {
  const status =
    wanted ??
    Object.keys(def.answers)
      .map(Number)
      .filter((s) => s >= 200 && s < 300)
      .sort((a, b) => a - b)[0];
  if (status === undefined || !(status in def.answers))
    throw new Error(`${def.method} ${def.path}: no ${status ?? 'success'} answer in its definition`);
  return { status, answer: def.answers[status] };
}

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && 'safeParse' in value && typeof value.safeParse === 'function';

/** The Response of a resolver's reply: a problem or a hand-made answer as is, a success answer checked first. */
function respond(def: RouteDef, reply: unknown, wanted?: number): Response {
  const route = `${def.method} ${def.path}`;
  // (a Response is read once: the one given answers every request through a copy)
  if (reply instanceof Response) return reply.clone();
  if (reply instanceof Problem) {
    const checked = problemSchema.safeParse(reply.body);
    if (!checked.success) return refuse(`${route}: the problem answered is not one: ${checked.error.message}`);
    return json(reply.body, reply.status, { 'Content-Type': 'application/problem+json', ...reply.headers });
  }
  const { status, answer } = successOf(def, wanted);
  if (answer === null) {
    if (reply !== undefined) return refuse(`${route}: answers nothing (${status}), the handler answered a body`);
    return new Response(null, { status });
  }
  const schema = isSchema(answer)
    ? answer
    : typeof answer === 'object' && answer && 'cachedJson' in answer && isSchema(answer.cachedJson)
      ? answer.cachedJson
      : undefined;
  if (!schema) {
    // a file, a page, a redirection: a Response made by the test, or an empty one
    if (reply === undefined) return new Response(null, { status });
    return refuse(`${route}: answers a file or a page: answer a Response (new Response(…))`);
  }
  const checked = schema.safeParse(reply);
  if (!checked.success)
    return refuse(`${route}: the answer does not match the contract's ${status} schema:\n${checked.error.message}`);
  return json(reply, status);
}

function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/**
 * The handler of the route `def`: `reply` is its answer (the same for every request) or a resolver called with each
 * request (params, query and body typed by the route). It answers with the route's first success status, or
 * `status` (a run started: 202). Example:
 * `answer(salesApi.activity, ({ params, query }) => page(params.id, query.page))`.
 */
export function answer<D extends RouteDef>(
  def: D,
  reply: Answer<D>,
  { status }: { status?: SuccessStatus<D> } = {},
): HttpHandler {
  if (status !== undefined) successOf(def, status);
  const own = compiledOf.get(def) ?? compile(def);
  const route = `${def.method} ${def.path}`;
  const method = def.method.toLowerCase() as Lowercase<RouteDef['method']>;
  return http[method](
    ({ request }) => {
      const path = new URL(request.url).pathname;
      const m = own.re.exec(path);
      // the server's router would send it elsewhere (GET /api/sales/groups is not GET /api/sales/:id)
      if (!m || (compiledOf.has(def) && routeOf(def.method, path) !== def)) return false;
      const params = Object.fromEntries(own.names.map((name, i) => [name, decodeURIComponent(m[i + 1] ?? '')]));
      return { matches: true, params };
    },
    async ({ request, requestId, params }) => {
      const call = await recorded(requestId, request);
      let query: unknown;
      if (def.query) {
        const checked = (def.query as unknown as Schema).safeParse(queryObject(new URL(request.url).searchParams));
        if (!checked.success)
          return refuse(`${route}: the query ${call.query} is refused by the contract: ${checked.error.message}`, 400);
        query = checked.data;
      }
      const received = { params, query, body: call.body, request, call } as unknown as Received<D>;
      let value: unknown;
      try {
        value = typeof reply === 'function' ? await (reply as Resolver<D>)(received) : reply;
      } catch (err) {
        return refuse(
          `${route}: the handler threw: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
        );
      }
      return respond(def, value, status);
    },
  );
}

function queryObject(search: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const all = search.getAll(key);
    out[key] = all.length === 1 ? all[0]! : all;
  }
  return out;
}

// ─── The server, the record of calls, the failures ───────────────────────────────────────────────────────────────

const calls: Call[] = [];
const reading = new Map<string, Promise<Call>>();
/** What went wrong in the current test that the app may have swallowed: thrown after it (setup.ts). */
const failures: string[] = [];

/** Records a failure of the test and answers the app as the server would have refused (else 500). */
function refuse(message: string, status = 500): Response {
  failures.push(message);
  return json({ type: 'about:blank', title: 'Test handler', status, detail: message, code: 'TEST_HANDLER' }, status, {
    'Content-Type': 'application/problem+json',
  });
}

/** Answers every /api request no handler of the test answers: a 404 problem naming it, and a failed test. */
const unhandled = http.all('/api/*', async ({ request, requestId }) => {
  const call = await recorded(requestId, request);
  const route = routeOf(call.method, call.path);
  const hint = route ? `answer(${route.method} ${route.path}, …)` : 'no route of the contract has this path';
  return refuse(`No handler for ${call.method} ${call.path}${call.query} (${hint})`, 404);
});

/**
 * Answers every test gets unless it gives its own (server.use): the ERP company (none fetched: amounts in US dollars)
 * and the documents' settings, which the shell and the sale editor ask for on every page.
 */
const defaults = [
  answer(companyApi.company, {
    company: null,
    currency: { code: 'USD', symbol: '$', position: 'before', decimal_places: 2 },
  }),
  answer(companyApi.documentSettings, { quote_validity_days: 30 }),
];

export const server = setupServer(...defaults, unhandled);

/** A request outside /api (msw's onUnhandledRequest): a failed test, and a network error for the app. */
export function onUnhandledRequest(request: Request, print: { error(): void }): void {
  failures.push(`No handler for ${request.method} ${request.url} (outside /api)`);
  print.error();
}

server.events.on('request:start', ({ request, requestId }) => {
  const url = new URL(request.url);
  const call: Call = {
    method: request.method,
    path: url.pathname,
    query: url.search,
    body: undefined,
    authorization: request.headers.get('Authorization'),
  };
  // recorded at once, in the order the app sent them; the body is read before the request is answered
  calls.push(call);
  const body = request.method === 'GET' || request.method === 'HEAD' ? Promise.resolve('') : request.clone().text();
  reading.set(
    requestId,
    body.then((text) => {
      try {
        call.body = text ? JSON.parse(text) : undefined;
      } catch {
        call.body = text;
      }
      return call;
    }),
  );
});

async function recorded(requestId: string, request: Request): Promise<Call> {
  const call = await reading.get(requestId);
  reading.delete(requestId);
  if (call) return call;
  const url = new URL(request.url);
  return { method: request.method, path: url.pathname, query: url.search, body: undefined, authorization: null };
}

/**
 * Answers the app with these handlers for the current test (a later handler of a route replaces an earlier one, as
 * in an object spread), and gives the record of the calls the app makes.
 */
export function serve(...handlers: HttpHandler[]): { calls: Call[] } {
  // msw tries the handlers of one use() in order, the latest use() first: the last given is tried first
  server.use(...[...handlers].reverse());
  return { calls };
}

/** The calls recorded so far in the current test. */
export const recordedCalls = (): readonly Call[] => calls;

/** Forgets the calls and failures (before each test). */
export function resetRecord(): void {
  calls.length = 0;
  failures.length = 0;
}

/** Throws what went wrong in the test: unanswered requests, answers the contract refuses (after each test). */
export function assertNoFailures(): void {
  if (failures.length === 0) return;
  const list = failures.splice(0);
  throw new Error(`The API handlers of this test saw ${list.length} problem(s):\n- ${list.join('\n- ')}`);
}
