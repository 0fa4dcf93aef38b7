// The request id (plugins/request-id.ts): a caller's plain X-Request-Id carries through, anything else is replaced by
// a new one; every answer says it in X-Request-Id and every problem in `request_id`; every log line written while the
// request is handled carries it, the app's (services') logger's lines too.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, login, type TestApp } from '../../test/helpers';
import { AppError } from '../errors';
import { registerErrorHandling } from './errors';
import { logMixin, registerRequestId, requestIdOf } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string | string[]> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it("a caller's plain id carries through; without one a UUID is made", async () => {
    for (const id of ['lb-0123456789', '0f8fad5b-d9cb-469f-a165-70867728950e', 'a.b_c-d.e_f', 'x'.repeat(128)]) {
      const res = await get('/api/health', { 'x-request-id': id });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-request-id'], id).toBe(id);
    }
    const made = await get('/api/health');
    expect(made.headers['x-request-id']).toMatch(UUID);
    expect((await get('/api/health')).headers['x-request-id']).not.toBe(made.headers['x-request-id']);
  });

  it('an id that is not a plain token is replaced, never echoed', async () => {
    for (const bad of [
      'short',
      'x'.repeat(129),
      'has space-123456',
      'quote"d-12345678',
      'new\\nline-1234567',
      'semi;colon-1234567',
      'ünïcode-12345678',
      '',
    ]) {
      const res = await get('/api/health', { 'x-request-id': bad });
      expect(res.headers['x-request-id'], bad).toMatch(UUID);
    }
    // sent twice: a list, not one id
    const twice = await get('/api/health', { 'x-request-id': ['lb-0123456789', 'lb-9876543210'] });
    expect(twice.headers['x-request-id']).toMatch(UUID);
  });

  it('every problem carries the id of its request, as its header says', async () => {
    const admin = await login(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const cases = [
      {
        res: await get('/api/users/00000000-0000-4000-8000-000000000000', {
          'x-request-id': 'trace-404-0001',
          ...bearer(admin),
        }),
        status: 404,
      },
      { res: await get('/api/users'), status: 401 },
      { res: await get('/api/sales/not-a-uuid', { authorization: 'Bearer x' }), status: 401 },
      {
        res: await t.app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: '{"email":',
          headers: { 'content-type': 'application/json', 'x-request-id': 'trace-400-0001' },
        }),
        status: 400,
      },
      {
        res: await t.app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { email: 'not-an-email', password: 1 },
        }),
        status: 400,
      },
    ];
    for (const { res, status } of cases) {
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toContain('application/problem+json');
      const id = res.headers['x-request-id'];
      expect(typeof id).toBe('string');
      expect(res.json().request_id).toBe(id);
    }
    expect(cases[0]!.res.json().request_id).toBe('trace-404-0001');
    expect(cases[3]!.res.json().request_id).toBe('trace-400-0001');
  });
});

describe('in the logs', () => {
  let app: FastifyInstance;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    app = Fastify({
      logger: { level: 'info', mixin: logMixin, stream: { write: (l: string) => void lines.push(JSON.parse(l)) } },
      genReqId: requestIdOf,
      requestIdHeader: false,
    });
    registerRequestId(app);
    registerErrorHandling(app);
    // A service is given the app's logger, not the request's: its lines still carry the request's id.
    const service = async (what: string) => {
      await new Promise((r) => setTimeout(r, 5));
      app.log.info({ what }, 'service line');
    };
    app.post('/work', async (req) => {
      req.log.info('handler line');
      await service('work');
      return { ok: true };
    });
    app.get('/boom', async () => {
      await service('boom');
      throw new Error('kaboom');
    });
    app.get('/refused', async () => {
      throw new AppError('FORBIDDEN', 'No');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const of = (reqId: string) => lines.filter((l) => l.reqId === reqId).map((l) => l.msg);

  it("the request's lines, the service's and the completion line carry it, once each", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/work',
      payload: { big: 'x'.repeat(100_000) },
      headers: { 'x-request-id': 'trace-log-0001' },
    });
    expect(res.statusCode).toBe(200);
    expect(of('trace-log-0001')).toEqual(expect.arrayContaining(['handler line', 'service line', 'request completed']));
    // the mixin does not add a second reqId to the request's own logger (pino would write the key twice)
    const raw: string[] = [];
    const probe = Fastify({ logger: { mixin: logMixin, stream: { write: (l: string) => void raw.push(l) } } });
    registerRequestId(probe);
    probe.get('/', async (req) => {
      req.log.info('once');
      return {};
    });
    await probe.inject({ method: 'GET', url: '/', headers: { 'x-request-id': 'trace-once-0001' } });
    await probe.close();
    const once = raw.find((l) => l.includes('"msg":"once"'))!;
    expect(once.match(/"reqId"/g)).toHaveLength(1);
  });

  it('the error handler logs with it; a line outside any request has none', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom', headers: { 'x-request-id': 'trace-err-0001' } });
    expect(res.statusCode).toBe(500);
    expect(res.json().request_id).toBe('trace-err-0001');
    expect(res.headers['x-request-id']).toBe('trace-err-0001');
    expect(of('trace-err-0001')).toEqual(expect.arrayContaining(['service line', 'unhandled error']));
    const refused = await app.inject({ method: 'GET', url: '/refused' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().request_id).toBe(refused.headers['x-request-id']);
    app.log.info('outside');
    expect(lines.find((l) => l.msg === 'outside')).not.toHaveProperty('reqId');
  });
});
