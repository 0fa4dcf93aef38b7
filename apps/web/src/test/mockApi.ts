// The former HTTP stub of the web tests, kept only for the three table tests not moved yet (sale-editor LinesTable and
// SectionsTable, template-editor TemplateLinesTable): new tests answer the API with the typed handlers of msw.ts. It
// replaces fetch for its test, so msw never sees those requests.
import { vi } from 'vitest';

export interface MockResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Handler = (req: {
  method: string;
  path: string;
  /** The query string, with its '?' ('' when none). */
  query: string;
  body: unknown;
  headers: Headers;
}) => MockResponse | undefined | Promise<MockResponse | undefined>;

export interface Call {
  method: string;
  path: string;
  /** The query string, with its '?' ('' when none). */
  query: string;
  body: unknown;
  authorization: string | null;
}

/**
 * Replaces fetch with a table of routes: keys are "METHOD /api/path" (":param" segments match anything).
 * Unknown routes answer 404 problem+json, so a test notices calls it did not expect.
 */
export function mockApi(routes: Record<string, MockResponse | Handler>) {
  const calls: Call[] = [];
  const compiled = Object.entries(routes).map(([key, value]) => {
    const [method, pattern] = key.split(' ') as [string, string];
    const re = new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`);
    return { method, re, value };
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, query: url.search, body, authorization: headers.get('Authorization') });
    const route = compiled.find((r) => r.method === method && r.re.test(url.pathname));
    const answer = route
      ? typeof route.value === 'function'
        ? await route.value({ method, path: url.pathname, query: url.search, body, headers })
        : route.value
      : { status: 404, body: { title: 'Not Found', status: 404, detail: `No mock for ${method} ${url.pathname}` } };
    const status = answer?.status ?? 200;
    if (status === 204 || answer?.body === undefined) return new Response(null, { status, headers: answer?.headers });
    const type = status >= 400 ? 'application/problem+json' : 'application/json';
    return new Response(JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': type, ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function problem(status: number, detail: string, errors?: Record<string, string>, code?: string): MockResponse {
  return { status, body: { type: 'about:blank', title: 'Error', status, detail, code, errors } };
}
