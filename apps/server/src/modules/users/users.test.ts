import { users } from '@quotewright/db';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  bearer,
  createTestApp,
  createUser,
  login,
  modulesWith,
  PASSWORD,
  type TestApp,
} from '../../../test/helpers';

let t: TestApp;
let adminToken: string;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_EMAIL: '3', LOGIN_MAX_FAILURES_PER_IP: '1000' });
  adminToken = await login(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  adminId = decodeJwt(adminToken).sub!;
});
afterAll(() => t.close());

const post = (url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });
const get = (url: string, token: string | null) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('login', () => {
  it('answers a signed token with sub, name and exp', async () => {
    const res = await post('/api/users/login', null, { email: ADMIN_EMAIL.toUpperCase(), password: ADMIN_PASSWORD });
    expect(res.statusCode).toBe(200);
    const claims = decodeJwt(res.json().token);
    expect(claims.sub).toBe(adminId);
    expect(claims.name).toBe('Administrator');
    expect(claims.exp! - Math.floor(Date.now() / 1000)).toBeGreaterThan(11 * 3600);
  });

  it('gives the same loginerror whether or not the email exists', async () => {
    await createUser(t, { email: 'known@example.com' });
    const wrong = await post('/api/users/login', null, { email: 'known@example.com', password: 'wrong-password' });
    const unknown = await post('/api/users/login', null, { email: 'nobody@example.com', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.headers['content-type']).toContain('application/problem+json');
    expect(wrong.json().errors).toEqual({ loginerror: expect.any(String) });
    // Everything but the request's own id (a new one per request) is the same.
    const { request_id: a, ...unknownBody } = unknown.json();
    const { request_id: b, ...wrongBody } = wrong.json();
    expect(a).not.toBe(b);
    expect(unknownBody).toEqual(wrongBody);
  });

  it('reports missing fields per field', async () => {
    const res = await post('/api/users/login', null, { email: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: 'Email is required', password: 'Password is required' });
    const none = await post('/api/users/login', null, {});
    expect(Object.keys(none.json().errors).sort()).toEqual(['email', 'password']);
  });

  it('locks an (e-mail, address) pair out with 429 and Retry-After, the right password included, and only that pair', async () => {
    await createUser(t, { email: 'target@example.com' });
    const attempt = (password: string, remoteAddress: string, email = 'target@example.com') =>
      t.app.inject({ method: 'POST', url: '/api/users/login', remoteAddress, payload: { email, password } });
    for (let i = 0; i < 3; i++) expect((await attempt('nope-nope', '10.9.0.66')).statusCode).toBe(401);
    const blocked = await attempt(PASSWORD, '10.9.0.66');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    // decision 0008: the owner, from their own address, is not locked out by someone else's failures.
    expect((await attempt(PASSWORD, '10.9.0.1')).statusCode).toBe(200);
    // Another account from the attacker's address is not affected either.
    await createUser(t, { email: 'bystander@example.com' });
    expect((await attempt(PASSWORD, '10.9.0.66', 'bystander@example.com')).statusCode).toBe(200);
  });

  it('an address past its limit may only sign in to e-mails it signed in with before (a shared proxy)', async () => {
    const t2 = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '2', LOGIN_MAX_FAILURES_PER_EMAIL: '100' });
    try {
      await createUser(t2, { email: 'regular@example.com' });
      await createUser(t2, { email: 'newcomer@example.com' });
      const attempt = (email: string, password = 'bad-pass-1', remoteAddress = '10.0.0.1') =>
        t2.app.inject({ method: 'POST', url: '/api/users/login', remoteAddress, payload: { email, password } });
      expect((await attempt('regular@example.com', PASSWORD)).statusCode).toBe(200);
      expect((await attempt('a@example.com')).statusCode).toBe(401);
      expect((await attempt('b@example.com')).statusCode).toBe(401);
      expect((await attempt('c@example.com')).statusCode).toBe(429);
      expect((await attempt('newcomer@example.com', PASSWORD)).statusCode).toBe(429);
      // A known-good pair still passes; another address is not affected.
      expect((await attempt('regular@example.com', PASSWORD)).statusCode).toBe(200);
      expect((await attempt('c@example.com', 'bad-pass-1', '10.0.0.2')).statusCode).toBe(401);
      expect((await attempt('newcomer@example.com', PASSWORD, '10.0.0.2')).statusCode).toBe(200);
    } finally {
      await t2.close();
    }
  });

  it('refuses requests with an expired, forged or missing token', async () => {
    expect((await get(`/api/users/${adminId}`, null)).statusCode).toBe(401);
    expect((await get(`/api/users/${adminId}`, `${adminToken}x`)).statusCode).toBe(401);
    let clock = Date.now() - 13 * 3600 * 1000;
    const later = await createTestApp({}, { now: () => clock });
    try {
      const old = await login(later, ADMIN_EMAIL, ADMIN_PASSWORD);
      expect((await later.app.inject({ method: 'GET', url: '/api/users', headers: bearer(old) })).statusCode).toBe(200);
      clock = Date.now();
      const res = await later.app.inject({ method: 'GET', url: '/api/users', headers: bearer(old) });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    } finally {
      await later.close();
    }
  });
});

describe('profile and preferences', () => {
  it('answers the own profile without any password field', async () => {
    const u = await createUser(t, { email: 'me@example.com', name: 'Me' });
    const token = await login(t, 'me@example.com');
    const res = await get(`/api/users/${u.id}`, token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      _id: u.id,
      name: 'Me',
      email: 'me@example.com',
      isAdmin: false,
      date: u.createdAt.toISOString(),
      azure_id: null,
      modules: {
        sales: { enabled: false, level: 'viewer' },
        accounting: { enabled: false, level: 'viewer' },
        inventory: { enabled: false, level: 'viewer' },
      },
      preferences: { darkMode: true, wideScreen: false, discreteMode: false },
    });
    expect(res.body).not.toMatch(/argon2|password/i);
  });

  it("refuses another user's profile to a non-admin, allows it to an admin", async () => {
    const a = await createUser(t, { email: 'a1@example.com' });
    const b = await createUser(t, { email: 'b1@example.com' });
    const tokenA = await login(t, 'a1@example.com');
    expect((await get(`/api/users/${b.id}`, tokenA)).statusCode).toBe(403);
    expect((await get(`/api/users/${a.id}`, adminToken)).statusCode).toBe(200);
    expect((await get('/api/users/00000000-0000-4000-8000-000000000000', adminToken)).statusCode).toBe(404);
  });

  it.each([
    ['darkmode', 'darkMode', 'false', false],
    ['widescreen', 'wideScreen', 'true', true],
    ['discrete', 'discreteMode', 'true', true],
  ] as const)('POST /users/%s toggles %s and persists it', async (segment, key, value, expected) => {
    const u = await createUser(t);
    const token = await login(t, u.email);
    const res = await post(`/api/users/${segment}/${u.id}/${value}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().preferences[key]).toBe(expected);
    const again = await get(`/api/users/${u.id}`, token);
    expect(again.json().preferences[key]).toBe(expected);
    // the other preferences are untouched
    const others = Object.entries(again.json().preferences).filter(([k]) => k !== key);
    const defaults: Record<string, boolean> = { darkMode: true, wideScreen: false, discreteMode: false };
    for (const [k, v] of others) expect(v).toBe(defaults[k]);
  });

  it('rejects a preference value other than true/false and other users', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const token = await login(t, u.email);
    const bad = await post(`/api/users/darkmode/${u.id}/maybe`, token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ value: 'Expected true or false' });
    expect((await post(`/api/users/darkmode/${other.id}/false`, token)).statusCode).toBe(403);
    const [row] = (await t.database.db.select().from(users)).filter((r) => r.id === other.id);
    expect(row?.preferences.darkMode).toBe(true);
  });
});

describe('password change', () => {
  it('checks length and equality per field and writes nothing on error', async () => {
    const u = await createUser(t);
    const token = await login(t, u.email);
    const short = await post(`/api/users/resetpassword/${u.id}`, token, { password: 'short', password2: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ password: 'Password must be at least 8 characters' });
    const differ = await post(`/api/users/resetpassword/${u.id}`, token, {
      password: 'long-enough-1',
      password2: 'long-enough-2',
    });
    expect(differ.statusCode).toBe(400);
    expect(differ.json().errors).toEqual({ password2: 'Passwords must match' });
    // still the old password, still the old session
    expect((await get(`/api/users/${u.id}`, token)).statusCode).toBe(200);
    expect(await login(t, u.email)).toBeTruthy();
  });

  it('accepts a form body, ends the other sessions and makes the new password the only one', async () => {
    const u = await createUser(t);
    const token = await login(t, u.email);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/resetpassword/${u.id}`,
      headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'password=brand-new-pass&password2=brand-new-pass',
    });
    expect(res.statusCode).toBe(200);
    expect((await get(`/api/users/${u.id}`, token)).statusCode).toBe(401);
    const wrong = await post('/api/users/login', null, { email: u.email, password: PASSWORD });
    expect(wrong.statusCode).toBe(401);
    expect(await login(t, u.email, 'brand-new-pass')).toBeTruthy();
  });

  it("cannot change another user's password unless admin", async () => {
    const u = await createUser(t);
    const victim = await createUser(t);
    const token = await login(t, u.email);
    const res = await post(`/api/users/resetpassword/${victim.id}`, token, {
      password: 'hijacked-1',
      password2: 'hijacked-1',
    });
    expect(res.statusCode).toBe(403);
    expect(await login(t, victim.email)).toBeTruthy();
    const byAdmin = await post(`/api/users/resetpassword/${victim.id}`, adminToken, {
      password: 'reset-by-admin',
      password2: 'reset-by-admin',
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(await login(t, victim.email, 'reset-by-admin')).toBeTruthy();
  });
});

describe('user administration', () => {
  it('creates a user with default modules and preferences; the new user can sign in', async () => {
    const res = await post('/api/users', adminToken, {
      name: 'New Person',
      email: 'New@Example.com',
      password: 'initial-pass',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'New Person',
      email: 'new@example.com',
      isAdmin: false,
      azure_id: null,
      modules: modulesWith('disabled'),
      preferences: { darkMode: true, wideScreen: false, discreteMode: false },
    });
    expect(res.body).not.toMatch(/argon2|passwordHash/);
    expect(await login(t, 'new@example.com', 'initial-pass')).toBeTruthy();
  });

  it('refuses a duplicate email with a field error', async () => {
    await post('/api/users', adminToken, { name: 'Dup', email: 'dup@example.com', password: 'initial-pass' });
    const res = await post('/api/users', adminToken, {
      name: 'Dup 2',
      email: 'DUP@example.com',
      password: 'initial-pass',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN', errors: { email: expect.any(String) } });
  });

  it('updates modules partially and lists users', async () => {
    const created = (
      await post('/api/users', adminToken, { name: 'Inv', email: 'inv@example.com', password: 'initial-pass' })
    ).json();
    const res = await post(`/api/users/${created._id}`, adminToken, {
      modules: { inventory: { enabled: true }, sales: { level: 'full_rights' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().modules).toEqual({
      sales: { enabled: false, level: 'full_rights' },
      accounting: { enabled: false, level: 'viewer' },
      inventory: { enabled: true, level: 'viewer' },
    });
    const list = await get('/api/users', adminToken);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((u: { email: string }) => u.email)).toContain('inv@example.com');
    expect(list.body).not.toMatch(/argon2/);
  });

  it('takes back the user object exactly as GET answers it, with its modules changed', async () => {
    const created = (
      await post('/api/users', adminToken, { name: 'Round Trip', email: 'round@example.com', password: 'initial-pass' })
    ).json();
    const read = (await get(`/api/users/${created._id}`, adminToken)).json();
    expect(Object.keys(read)).toEqual(expect.arrayContaining(['_id', 'date', 'azure_id', 'preferences']));
    read.modules.sales = { enabled: true, level: 'editor' };
    read.name = 'Round Trip 2';
    const res = await post(`/api/users/${created._id}`, adminToken, read);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...read, name: 'Round Trip 2' });
    // Read-only fields are not changed by sending other values.
    const changed = await post(`/api/users/${created._id}`, adminToken, {
      ...read,
      date: '2000-01-01T00:00:00.000Z',
      azure_id: 'someone-else',
      preferences: { darkMode: false, wideScreen: true, discreteMode: true },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual(res.json());
    expect((await get(`/api/users/${created._id}`, adminToken)).json()).toEqual(res.json());
  });

  it('still refuses truly unknown fields, and a user object sent to another user', async () => {
    const created = (
      await post('/api/users', adminToken, { name: 'Strict', email: 'strict@example.com', password: 'initial-pass' })
    ).json();
    const unknown = await post(`/api/users/${created._id}`, adminToken, { name: 'X', role: 'admin' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ role: 'Unknown field' });
    const other = await post(`/api/users/${created._id}`, adminToken, { _id: adminId, name: 'Hijack' });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual({ _id: expect.any(String) });
    expect((await get(`/api/users/${created._id}`, adminToken)).json().name).toBe('Strict');
  });

  it('deletes a user; the deleted user token stops working; the admin cannot delete themself', async () => {
    const u = await createUser(t);
    const token = await login(t, u.email);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/users/${u.id}`, headers: bearer(adminToken) });
    expect(del.statusCode).toBe(204);
    expect((await get(`/api/users/${u.id}`, token)).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/users/${u.id}`, headers: bearer(adminToken) });
    expect(again.statusCode).toBe(404);
    const self = await t.app.inject({ method: 'DELETE', url: `/api/users/${adminId}`, headers: bearer(adminToken) });
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('CANNOT_DELETE_SELF');
  });

  it('keeps at least one administrator', async () => {
    const res = await post(`/api/users/${adminId}`, adminToken, { isAdmin: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('LAST_ADMIN');
    expect((await get(`/api/users/${adminId}`, adminToken)).json().isAdmin).toBe(true);
  });

  it('module rights changed by the admin apply to the next request of that user', async () => {
    const u = await createUser(t, { modules: modulesWith('viewer', ['sales']) });
    const token = await login(t, u.email);
    await post(`/api/users/${u.id}`, adminToken, { isAdmin: true });
    expect((await get('/api/users', token)).statusCode).toBe(200);
  });
});
