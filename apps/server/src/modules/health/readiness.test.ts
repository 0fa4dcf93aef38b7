// GET /api/ready (readiness.ts): 200 when the database, Redis (with REDIS_URL) and the ERP answer, 503 NOT_READY naming
// what did not, 503 DRAINING once the process shuts down. The ERP's answer is kept a few seconds. Public, like
// /api/health, and never a secret in the answer.
import { type OdooSim, startOdooSim } from '@quotewright/odoo-sim';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, simConnector, type TestApp } from '../../../test/helpers';
import { createReadiness, type ReadinessDeps } from './readiness';

const redisUrl = process.env.REDIS_URL;
/** With REDIS_URL in the environment (the PostgreSQL run), the apps use Redis too and it is checked. */
const redisEnv: Record<string, string> = redisUrl ? { REDIS_URL: redisUrl } : {};
const redisState = redisUrl ? 'ok' : 'not configured';

describe('GET /api/ready', () => {
  let sim: OdooSim;
  let t: TestApp;
  beforeAll(async () => {
    sim = await startOdooSim({ version: 19 });
    t = await createTestApp(redisEnv, { erp: simConnector(sim, { protocol: 'json2' }), workers: false });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it('ready: every configured dependency answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: redisState, erp: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('draining: 503 DRAINING while /api/health still answers', async () => {
    t.app.readiness.markDraining();
    const res = await t.app.inject({ method: 'GET', url: '/api/ready', headers: { 'x-request-id': 'lb-drain-0001' } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 503, code: 'DRAINING', request_id: 'lb-drain-0001' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('without an ERP: "not configured", and ready', async () => {
    const bare = await createTestApp(redisEnv, { workers: false });
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json().checks).toEqual({ database: 'ok', redis: redisState, erp: 'not configured' });
    } finally {
      await bare.close();
    }
  });

  it('an ERP that does not answer: 200 degraded (editing works without it), with no address or credentials', async () => {
    const erp = simConnector({ url: 'http://127.0.0.1:9', db: 'secretdb', login: 'x', apiKey: 'k3y' }, { retries: 0 });
    const down = await createTestApp({}, { erp, workers: false });
    try {
      const res = await down.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'degraded',
        checks: { database: 'ok', redis: 'not configured', erp: 'failed' },
      });
      expect(res.body).not.toMatch(/127\.0\.0\.1|secretdb|k3y|ECONNREFUSED/);
    } finally {
      await down.close();
    }
  });

  it('a database that is closed: 503 NOT_READY naming it (and /api/health 503 with the request id)', async () => {
    const closed = await createTestApp({}, { workers: false });
    await closed.database.close();
    try {
      const res = await closed.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 'NOT_READY',
        detail: 'Not ready: database (failed)',
        checks: { database: 'failed', redis: 'not configured', erp: 'not configured' },
      });
      const health = await closed.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE', request_id: health.headers['x-request-id'] });
    } finally {
      await closed.app.close();
    }
  });
});

describe('the readiness checks', () => {
  const quiet = { info: vi.fn(), warn: vi.fn() };
  const deps = (over: Partial<ReadinessDeps> = {}): ReadinessDeps => ({
    database: async () => {},
    log: quiet,
    timeoutMs: 50,
    ...over,
  });

  it('a check that takes too long is "timeout"; every check runs at once', async () => {
    const never = () => new Promise<void>(() => {});
    const started = Date.now();
    const r = createReadiness(deps({ database: never, redis: never, erp: () => never() }));
    expect(await r.check()).toEqual({
      status: 'not_ready',
      checks: { database: 'timeout', redis: 'timeout', erp: 'timeout' },
    });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('Redis that does not answer: degraded, still 200 (rooms reach only this process meanwhile); the database: not ready', async () => {
    const down = async () => {
      throw new Error('ECONNREFUSED');
    };
    expect(await createReadiness(deps({ redis: down })).check()).toEqual({
      status: 'degraded',
      checks: { database: 'ok', redis: 'failed', erp: 'not configured' },
    });
    expect(await createReadiness(deps({ redis: down, database: down })).check()).toMatchObject({
      status: 'not_ready',
      checks: { database: 'failed', redis: 'failed' },
    });
    expect((await createReadiness(deps({ redis: async () => {} })).check()).status).toBe('ready');
  });

  it("the ERP's answer is kept 5 s: a balancer polling every second asks it once", async () => {
    let clock = 0;
    const erp = vi.fn(async (timeoutMs: number) => {
      expect(timeoutMs).toBe(50);
    });
    const r = createReadiness(deps({ erp, now: () => clock }));
    for (let s = 0; s < 5; s++) {
      clock = s * 1000;
      expect((await r.check()).status).toBe('ready');
    }
    expect(erp).toHaveBeenCalledTimes(1);
    clock = 5000;
    await r.check();
    expect(erp).toHaveBeenCalledTimes(2);
    // a failure is kept as long
    erp.mockRejectedValueOnce(new Error('down'));
    clock = 10_000;
    expect(await r.check()).toMatchObject({ status: 'degraded', checks: { erp: 'failed' } });
    clock = 14_999;
    expect(await r.check()).toMatchObject({ status: 'degraded', checks: { erp: 'failed' } });
    clock = 15_000;
    expect((await r.check()).status).toBe('ready');
    expect(erp).toHaveBeenCalledTimes(4);
  });

  it('a change of a check is logged once, not at every poll', async () => {
    const log = { info: vi.fn(), warn: vi.fn() };
    let up = false;
    const r = createReadiness(
      deps({
        log,
        database: async () => {
          if (!up) throw new Error('connection refused');
        },
      }),
    );
    for (let i = 0; i < 3; i++) await r.check();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![0]).toMatchObject({ check: 'database', state: 'failed' });
    expect((log.warn.mock.calls[0]![0] as { err: Error }).err.message).toBe('connection refused');
    up = true;
    for (let i = 0; i < 3; i++) await r.check();
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('draining asks nothing', async () => {
    const database = vi.fn(async () => {});
    const r = createReadiness(deps({ database }));
    expect(r.isDraining()).toBe(false);
    r.markDraining();
    expect(r.isDraining()).toBe(true);
    expect(await r.check()).toEqual({ status: 'draining' });
    expect(database).not.toHaveBeenCalled();
  });
});
