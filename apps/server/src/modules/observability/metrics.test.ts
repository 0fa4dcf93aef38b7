// GET /metrics (README "Operations"): only to the metrics token or a direct connection from an allowed address, 404
// to anyone else; and the series move with what the app does: requests by route pattern, sale edits, sockets and
// rooms, jobs and their queues, ERP requests by Odoo model.method (against the Odoo simulator, over real HTTP).
import { type OdooSim, startOdooSim } from '@quotewright/odoo-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runErpFetch } from '../../../test/erp-kit';
import { createTestApp, eventually, simConnector, type TestApp } from '../../../test/helpers';
import { baseUrl, type ClientSocket, connectSocket, identify } from '../../../test/sockets';
import { ConfigError, testConfig } from '../../config';
import { saleEvents } from '../../infra/sale-events';
import { api, roleTokens, type Tokens } from '../sales/testkit';
import { metricsAccess } from './metrics-access';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one sample of the exposition text (`name{labels} value`), undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(m[3]);
  }
  return undefined;
}

let sim: OdooSim;
let t: TestApp;
let url: string;
let tok: Tokens;
let a: ReturnType<typeof api>;

beforeAll(async () => {
  sim = await startOdooSim({ version: 19 });
  const erp = simConnector(sim, { protocol: 'json2', timeoutMs: 5_000, retryDelayMs: 5 });
  t = await createTestApp(
    { METRICS_TOKEN: TOKEN, METRICS_ALLOW: '10.1.2.0/24, 192.0.2.7' },
    { erp, events: saleEvents() },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = baseUrl(t.app.server.address());
  tok = await roleTokens(t);
  a = api(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

const scrape = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.body;
};

describe('who may read /metrics', () => {
  const get = (headers: Record<string, string> = {}, remoteAddress?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers, ...(remoteAddress ? { remoteAddress } : {}) });

  it('the token (Bearer, any case of the scheme) or a direct connection from an allowed address', async () => {
    for (const res of [
      await get({ authorization: `Bearer ${TOKEN}` }),
      await get({ authorization: `bearer ${TOKEN}` }),
      await get({}, '10.1.2.200'),
      await get({}, '192.0.2.7'),
      await get({}, '::ffff:10.1.2.3'),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('# TYPE quotewright_http_request_duration_seconds histogram');
      // Node's process metrics come along.
      expect(res.body).toContain('process_cpu_user_seconds_total');
    }
  });

  it('anyone else gets a 404 problem, as if there were no such route', async () => {
    for (const res of [
      await get(),
      await get({ authorization: 'Bearer wrong-token-0123456789abcdef' }),
      await get({ authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` }),
      await get({ authorization: TOKEN }),
      await get({ authorization: `Bearer ${TOKEN}x` }),
      // loopback is not in the list
      await get({}, '127.0.0.1'),
      await get({}, '10.1.3.1'),
      // through a proxy or load balancer: never by address (a balancer in the range would open it to everyone)
      await get({ 'x-forwarded-for': '10.1.2.9' }, '10.1.2.9'),
      await get({ forwarded: 'for=10.1.2.9' }, '10.1.2.9'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', detail: 'No route GET /metrics' });
      expect(res.body).not.toContain('quotewright_');
    }
  });

  it('neither configured: nobody (the default)', () => {
    const allows = metricsAccess({});
    for (const caller of [
      { authorization: 'Bearer anything-at-all-123456', peer: '127.0.0.1', forwarded: false },
      { authorization: undefined, peer: '::1', forwarded: false },
      { authorization: 'Bearer ', peer: '10.0.0.1', forwarded: false },
    ])
      expect(allows(caller)).toBe(false);
    expect(testConfig().METRICS_TOKEN).toBeUndefined();
    expect(testConfig().METRICS_ALLOW).toBeUndefined();
  });

  it('the configuration refuses a short token and a list that is not addresses', () => {
    expect(() => testConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => testConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    for (const bad of ['localhost', '10.0.0.0/33', '10.0.0.1/8/1', '::1/129', '10.0.0.0/x', '300.1.1.1'])
      expect(() => testConfig({ METRICS_ALLOW: bad }), bad).toThrow(/METRICS_ALLOW must be IP addresses or CIDR/);
    expect(testConfig({ METRICS_ALLOW: '127.0.0.1, 10.0.0.0/8,fd00::/8' }).METRICS_ALLOW).toEqual([
      { address: '127.0.0.1', prefix: 32, family: 'ipv4' },
      { address: '10.0.0.0', prefix: 8, family: 'ipv4' },
      { address: 'fd00::', prefix: 8, family: 'ipv6' },
    ]);
  });
});

describe('the series move with what the app does', () => {
  let socket: ClientSocket | undefined;
  afterAll(() => socket?.close());

  it('requests by route pattern (never an id), sale edits, sockets and rooms', async () => {
    const before = await scrape();
    const edits0 = sample(before, 'quotewright_sale_edits_total') ?? 0;
    const sale = await a.ok('POST', '/api/sales', tok.full, { name: 'Metrics' });
    await a.ok('POST', `/api/sales/sections/create/${sale._id}`, tok.editor, { name: 'One' });
    await a.ok('POST', `/api/sales/sections/create/${sale._id}`, tok.editor, { name: 'Two' });
    const edited = await scrape();
    for (let i = 0; i < 3; i++) await a.get(`/api/sales/${sale._id}`, tok.viewer);
    expect((await a.get('/api/sales/00000000-0000-4000-8000-000000000000', tok.viewer)).statusCode).toBe(404);
    socket = await connectSocket(url, tok.viewer);
    expect((await identify(socket, sale._id)).ok).toBe(true);

    const after = await scrape();
    // two sections added: two committed edits (creating the sale is not an edit)
    expect(sample(after, 'quotewright_sale_edits_total')).toBe(edits0 + 2);
    const reads = { route: '/api/sales/:id', method: 'GET' };
    expect(sample(after, 'quotewright_http_request_duration_seconds_count', { ...reads, status_class: '2xx' })).toBe(
      (sample(edited, 'quotewright_http_request_duration_seconds_count', { ...reads, status_class: '2xx' }) ?? 0) + 3,
    );
    expect(
      sample(after, 'quotewright_http_request_duration_seconds_count', { ...reads, status_class: '4xx' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(after, 'quotewright_http_request_duration_seconds_bucket', { ...reads, status_class: '2xx', le: '+Inf' }),
    ).toBeGreaterThanOrEqual(3);
    expect(after).not.toContain(sale._id);
    expect(sample(after, 'quotewright_socketio_connections')).toBe(1);
    expect(sample(after, 'quotewright_socketio_rooms')).toBe(1);

    socket.close();
    socket = undefined;
    await eventually(async () => (sample(await scrape(), 'quotewright_socketio_connections') === 0 ? true : undefined));
    expect(sample(await scrape(), 'quotewright_socketio_rooms')).toBe(0);
  });

  it('a job and the ERP requests it made, by queue and by Odoo model.method', async () => {
    const run = await runErpFetch(a, tok.admin, 'contacts');
    expect(run.error).toBeNull();
    const text = await eventually(async () => {
      const s = await scrape();
      return (sample(s, 'quotewright_job_duration_seconds_count', { queue: 'erp-fetch', outcome: 'completed' }) ?? 0) >=
        1
        ? s
        : undefined;
    });
    expect(
      sample(text, 'quotewright_erp_request_duration_seconds_count', { method: 'res.partner.search_read' }),
    ).toBeGreaterThan(0);
    expect(sample(text, 'quotewright_job_queue_depth', { queue: 'erp-fetch' })).toBe(0);
    expect(sample(text, 'quotewright_job_queue_active', { queue: 'erp-fetch' })).toBeGreaterThanOrEqual(0);
    // the pool's gauges exist on PostgreSQL only
    const pool = sample(text, 'quotewright_db_pool_max_connections');
    if (t.database.engine === 'postgres') {
      expect(pool).toBe(5);
      expect(sample(text, 'quotewright_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'quotewright_db_pool_waiting_requests')).toBe(0);
    } else expect(pool).toBeUndefined();
  });

  it('a failed ERP request is counted by method and kind', async () => {
    const down = simConnector({ url: 'http://127.0.0.1:9', db: 'x', login: 'x', apiKey: 'x' }, { retries: 0 });
    const other = await createTestApp({ METRICS_TOKEN: TOKEN }, { erp: down, workers: false });
    try {
      const ready = await other.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.json()).toMatchObject({ status: 'degraded', checks: { erp: 'failed' } });
      const res = await other.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(
        sample(res.body, 'quotewright_erp_request_errors_total', { method: 'web.version', kind: 'unreachable' }),
      ).toBe(1);
      expect(sample(res.body, 'quotewright_erp_request_duration_seconds_count', { method: 'web.version' })).toBe(1);
      // each app counts its own: the first app saw none of this
      expect(sample(await scrape(), 'quotewright_erp_request_errors_total', { method: 'web.version' })).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});
