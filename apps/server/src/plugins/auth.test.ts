import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
let spa: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const dist = mkdtempSync(join(tmpdir(), 'qw-auth-spa-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>SPA</title>');
  spa = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  await spa.close();
});

describe('sign-in check', () => {
  // The router decodes the path: these reach the same handlers as /api/users and /api/sales.
  it.each(['/%61pi/users', '/%61%70%69/users', '/api/%75sers', '/%61pi/sales'])(
    'GET %s without a token is 401, like /api/users',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    },
  );

  it('a public route stays public under an encoded path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/%61pi/health' });
    expect(res.statusCode).toBe(200);
  });

  it.each(['/%61pi/users', '/%61pi/nope', '/api/nope'])(
    'with the web app served, GET %s without a token is 401 too (the catch-all does not make /api public)',
    async (url) => {
      const res = await spa.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
    },
  );

  it("the web app's pages stay public", async () => {
    for (const url of ['/', '/sale/abc', '/%61pi-docs']) {
      const res = await spa.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
  });
});
