import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { ErpError, type ErpErrorKind } from '../modules/erp/erp.errors';
import { registerErrorHandling } from './errors';

function appThrowing(err: unknown) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/boom', async () => {
    throw err;
  });
  return app;
}

describe('error mapping to problem+json', () => {
  it.each([
    ['unreachable', 502, 'ERP_UNREACHABLE'],
    ['timeout', 504, 'ERP_TIMEOUT'],
    ['auth', 502, 'ERP_AUTH_FAILED'],
    ['access', 502, 'ERP_ACCESS_DENIED'],
    ['validation', 422, 'ERP_VALIDATION'],
    ['missing', 409, 'ERP_RECORD_MISSING'],
    ['protocol', 502, 'ERP_PROTOCOL'],
    ['unknown', 502, 'ERP_ERROR'],
  ] as [ErpErrorKind, number, string][])('ERP %s → %i %s with the ERP message', async (kind, status, code) => {
    const res = await appThrowing(new ErpError(kind, `the ERP said ${kind}`)).inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status, code, detail: `the ERP said ${kind}` });
  });

  it('typed app errors keep their fields and headers', async () => {
    const res = await appThrowing(new AppError('RATE_LIMITED', 'slow down', undefined, { 'Retry-After': '30' })).inject(
      {
        method: 'GET',
        url: '/boom',
      },
    );
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('30');
  });

  it('an unexpected error is a 500 that does not leak its message', async () => {
    const res = await appThrowing(new Error('secret connection string postgres://u:p@h')).inject({
      method: 'GET',
      url: '/boom',
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('INTERNAL');
    expect(res.body).not.toContain('postgres://');
  });
});
