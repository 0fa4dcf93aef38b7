import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp } from '../../../test/helpers';
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
