import { createHash, randomBytes } from 'node:crypto';
import { eq, users } from '@quotewright/db';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  bearer,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../../test/helpers';
import { AUTH_CACHE_MS } from './auth.service';
import { loginCodesRepository } from './login-codes.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function issueCode(userId: string, expiresInMs: number): Promise<string> {
  const code = randomBytes(24).toString('base64url');
  const hash = createHash('sha256').update(code).digest('hex');
  await loginCodesRepository(t.database.db).create(hash, userId, new Date(Date.now() + expiresInMs));
  return code;
}
const exchange = (code: string) => t.app.inject({ method: 'POST', url: '/api/auth/exchange', payload: { code } });

describe('one-time sign-in codes', () => {
  it('a valid code gives a working token for its user, once', async () => {
    const u = await createUser(t, { name: 'Sso User' });
    const code = await issueCode(u.id, 60_000);
    const res = await exchange(code);
    expect(res.statusCode).toBe(200);
    const token = res.json().token as string;
    expect(decodeJwt(token)).toMatchObject({ sub: u.id, name: 'Sso User' });
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${u.id}`, headers: bearer(token) })).statusCode).toBe(
      200,
    );
    const again = await exchange(code);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('UNAUTHENTICATED');
  });

  it('an expired code is refused', async () => {
    const u = await createUser(t);
    const res = await exchange(await issueCode(u.id, -1000));
    expect(res.statusCode).toBe(401);
  });

  it('the public config says whether SSO is offered', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({ ssoProvider: null, erpName: 'Odoo' });
  });
});

describe('checked tokens are reused briefly (decision 0012)', () => {
  it('a rights change through the app applies to the very next request; a change made outside it within AUTH_CACHE_MS', async () => {
    let clock = Date.now();
    const c = await createTestApp({}, { now: () => clock });
    try {
      const u = await createUser(c, { email: 'cache@example.com', isAdmin: true });
      const token = await login(c, 'cache@example.com');
      const users_ = () => c.app.inject({ method: 'GET', url: '/api/users', headers: bearer(token) });
      expect((await users_()).statusCode).toBe(200);

      // Outside the app (another program writes the database): seen once the checked token is older than the TTL.
      await c.database.db.update(users).set({ tokenVersion: 99 }).where(eq(users.id, u.id));
      expect((await users_()).statusCode).toBe(200);
      clock += AUTH_CACHE_MS + 1;
      expect((await users_()).statusCode).toBe(401);

      // Through the app: the admin deletes another user; that user's very next request is refused.
      const v = await createUser(c, { email: 'cache2@example.com', isAdmin: true });
      const vToken = await login(c, 'cache2@example.com');
      const asV = () => c.app.inject({ method: 'GET', url: '/api/users', headers: bearer(vToken) });
      expect((await asV()).statusCode).toBe(200);
      const adminToken = await login(c, ADMIN_EMAIL, ADMIN_PASSWORD);
      const del = await c.app.inject({ method: 'DELETE', url: `/api/users/${v.id}`, headers: bearer(adminToken) });
      expect(del.statusCode).toBeLessThan(300);
      expect((await asV()).statusCode).toBe(401);
    } finally {
      await c.close();
    }
  });
});
