import { users } from '@quotewright/db';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createUser, login, type TestApp } from '../test/helpers';

let t: TestApp;
let admin: string;
let adminId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  adminId = decodeJwt(admin).sub!;
});
afterAll(() => t.close());

const snapshot = async () =>
  (await t.database.db.select().from(users)).map((u) => JSON.stringify({ ...u, updatedAt: undefined })).sort();

function expectProblem(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  status: number,
  code: string,
) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toContain('application/problem+json');
  expect(res.json()).toMatchObject({
    status,
    code,
    title: expect.any(String),
    detail: expect.any(String),
    type: expect.any(String),
  });
}

describe('bad input never writes anything', () => {
  it('malformed JSON → 400 INVALID_JSON', async () => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: '{"name": "x", "email": ',
    });
    expectProblem(res, 400, 'INVALID_JSON');
    expect(await snapshot()).toEqual(before);
  });

  it('wrong types → 400 with a message per field', async () => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(admin),
      payload: { name: 42, email: 'not-an-email', password: ['x'], isAdmin: 'yes' },
    });
    expectProblem(res, 400, 'VALIDATION_FAILED');
    const errors = (res.json() as { errors: Record<string, string> }).errors;
    expect(Object.keys(errors).sort()).toEqual(['email', 'isAdmin', 'name', 'password']);
    expect(errors.email).toBe('Email is invalid');
    expect(await snapshot()).toEqual(before);
  });

  it('unknown fields are refused: no mass assignment', async () => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(admin),
      payload: { name: 'Sneaky', email: 'sneaky@example.com', password: 'long-enough', tokenVersion: 5, azure_id: 'x' },
    });
    expectProblem(res, 400, 'VALIDATION_FAILED');
    expect((res.json() as { errors: Record<string, string> }).errors).toEqual({
      tokenVersion: 'Unknown field',
      azure_id: 'Unknown field',
    });
    const nested = await t.app.inject({
      method: 'POST',
      url: `/api/users/${adminId}`,
      headers: bearer(admin),
      payload: { modules: { sales: { enabled: true, superpowers: true } } },
    });
    expectProblem(nested, 400, 'VALIDATION_FAILED');
    expect(await snapshot()).toEqual(before);
  });

  it('a user cannot make themself admin or change their own modules', async () => {
    const u = await createUser(t, { email: 'plain@example.com' });
    const token = await login(t, 'plain@example.com');
    const before = await snapshot();
    for (const payload of [
      { isAdmin: true },
      { modules: { sales: { enabled: true, level: 'full_rights' } } },
      { name: 'Renamed' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/users/${u.id}`, headers: bearer(token), payload });
      expectProblem(res, 403, 'FORBIDDEN');
    }
    // the preference routes take no body fields either
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/darkmode/${u.id}/true`,
      headers: bearer(token),
      payload: { isAdmin: true },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { isAdmin: boolean }).isAdmin).toBe(false);
    expect(await snapshot()).toEqual(before.map((s) => s)); // dark mode was already true: nothing changed
  });

  it('oversized bodies → 413', async () => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(admin),
      payload: { name: 'x'.repeat(2 * 1024 * 1024), email: 'big@example.com', password: 'long-enough' },
    });
    expectProblem(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(await snapshot()).toEqual(before);
  });

  it('unknown and malformed ids → 404 / 400 problem+json', async () => {
    const before = await snapshot();
    const unknown = '11111111-1111-4111-8111-111111111111';
    expectProblem(
      await t.app.inject({ method: 'GET', url: `/api/users/${unknown}`, headers: bearer(admin) }),
      404,
      'NOT_FOUND',
    );
    expectProblem(
      await t.app.inject({
        method: 'POST',
        url: `/api/users/${unknown}`,
        headers: bearer(admin),
        payload: { name: 'X' },
      }),
      404,
      'NOT_FOUND',
    );
    expectProblem(
      await t.app.inject({ method: 'DELETE', url: `/api/users/${unknown}`, headers: bearer(admin) }),
      404,
      'NOT_FOUND',
    );
    const malformed = await t.app.inject({ method: 'GET', url: '/api/users/1%27%20or%201=1', headers: bearer(admin) });
    expectProblem(malformed, 400, 'VALIDATION_FAILED');
    expect((malformed.json() as { errors: Record<string, string> }).errors).toEqual({ id: 'Unknown user id' });
    expectProblem(
      await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: bearer(admin) }),
      404,
      'NOT_FOUND',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('a text body where JSON is expected → 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { ...bearer(admin), 'content-type': 'text/plain' },
      payload: 'name=x',
    });
    expectProblem(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('response hygiene', () => {
  it('sets helmet headers and a request id, and never sends stack traces', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('health answers 503 when the database is gone', async () => {
    const t2 = await createTestApp();
    await t2.database.close();
    const res = await t2.app.inject({ method: 'GET', url: '/api/health' });
    expectProblem(res, 503, 'DATABASE_UNAVAILABLE');
    await t2.app.close();
  });
});

describe('the web app', () => {
  it('serves index.html for the start page and client routes, uncached, and problem+json under /api', async () => {
    const { mkdirSync, mkdtempSync, readFileSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dist = mkdtempSync(join(tmpdir(), 'qw-spa-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Quotewright SPA</title>');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'index-D8gvmE5E.js'), 'console.log(1)');
    writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
    const t2 = await createTestApp({ WEB_DIST: dist });
    try {
      // the build's hashed files are kept for a year; other files for an hour
      const asset = await t2.app.inject({ method: 'GET', url: '/assets/index-D8gvmE5E.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // the build's compressed forms are sent as they are, to a client that accepts them
      const big = `console.log(${JSON.stringify('x'.repeat(5000))});`;
      const { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } = await import('node:zlib');
      writeFileSync(join(dist, 'assets', 'big-C0ffee12.js'), big);
      writeFileSync(join(dist, 'assets', 'big-C0ffee12.js.br'), brotliCompressSync(big));
      writeFileSync(join(dist, 'assets', 'big-C0ffee12.js.gz'), gzipSync(big));
      for (const [accept, encoding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        [undefined, undefined],
      ] as const) {
        const res = await t2.app.inject({
          method: 'GET',
          url: '/assets/big-C0ffee12.js',
          headers: accept ? { 'accept-encoding': accept } : {},
        });
        expect(res.statusCode, accept).toBe(200);
        expect(res.headers['content-encoding'], accept).toBe(encoding);
        expect(res.headers['content-type'], accept).toContain('javascript');
        expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
        const body =
          encoding === 'br'
            ? brotliDecompressSync(res.rawPayload)
            : encoding === 'gzip'
              ? gunzipSync(res.rawPayload)
              : res.rawPayload;
        expect(body.toString(), accept).toBe(big);
        // the very bytes the build wrote (not compressed again here)
        if (encoding)
          expect(
            res.rawPayload.equals(
              readFileSync(join(dist, 'assets', `big-C0ffee12.js.${encoding === 'br' ? 'br' : 'gz'}`)),
            ),
          ).toBe(true);
      }
      const icon = await t2.app.inject({ method: 'GET', url: '/favicon.svg' });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['cache-control']).toBe('public, max-age=3600');
      for (const url of ['/', '/sale/abc', '/users']) {
        const res = await t2.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body).toContain('Quotewright SPA');
      }
      // under /api, unknown paths are not public either: 401 without a session
      const api = await t2.app.inject({ method: 'GET', url: '/api/nope' });
      expect(api.statusCode).toBe(401);
      expect(api.headers['content-type']).toContain('application/problem+json');
    } finally {
      await t2.close();
    }
  });
});

describe('NUL characters', () => {
  it('are refused with 400 in bodies, query strings and paths, and nothing is written', async () => {
    const before = await snapshot();
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(admin),
      payload: { name: 'Nul\u0000Name', email: 'nul@example.com', password: 'long-enough-1' },
    });
    expectProblem(body, 400, 'VALIDATION_FAILED');
    expect((body.json() as { detail: string }).detail).toContain('NUL');
    const query = await t.app.inject({ method: 'GET', url: '/api/products?search=a%00b', headers: bearer(admin) });
    expectProblem(query, 400, 'VALIDATION_FAILED');
    const path = await t.app.inject({ method: 'GET', url: '/api/users/a%00b', headers: bearer(admin) });
    expectProblem(path, 400, 'VALIDATION_FAILED');
    expect(await snapshot()).toEqual(before);
  });
});
