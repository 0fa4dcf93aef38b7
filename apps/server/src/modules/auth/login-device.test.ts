import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, PASSWORD, type TestApp } from '../../../test/helpers';
import { buildApp } from '../../app';

/**
 * A browser that has signed in to an account carries a signed device cookie; its sign-in attempts for that account
 * are throttled on their own, so failures of others behind the same address (an office NAT, a VPN, a proxy) cannot
 * lock it out.
 */
const OFFICE = '10.20.0.1';
const WRONG = 'wrong-password-1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Inject = TestApp['app']['inject'];
function attempt(
  app: { inject: Inject },
  email: string,
  password: string,
  opts: { from?: string; cookie?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/users/login',
    remoteAddress: opts.from ?? OFFICE,
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
    payload: { email, password },
  });
}

/** Signs in and answers the device cookie as a browser would send it back (`name=value`). */
async function signInForCookie(app: { inject: Inject }, email: string, from = OFFICE, cookie?: string) {
  const res = await attempt(app, email, PASSWORD, { from, cookie });
  expect(res.statusCode).toBe(200);
  const device = res.cookies.find((c) => c.name === 'qw_device');
  expect(device, 'the sign-in sets the device cookie').toBeDefined();
  return `qw_device=${device!.value}`;
}

async function lockPair(app: { inject: Inject }, email: string, from = OFFICE) {
  for (let i = 0; i < 10; i++) expect((await attempt(app, email, WRONG, { from })).statusCode).toBe(401);
  expect((await attempt(app, email, WRONG, { from })).statusCode).toBe(429);
}

describe('sign-in device proof', () => {
  it('strangers failing from the owner’s address do not lock the owner’s browser out; a cookie-less attempt still is', async () => {
    const victim = await createUser(t, { email: 'victim@example.com', isAdmin: true });
    const cookie = await signInForCookie(t.app, victim.email);
    await lockPair(t.app, victim.email);

    const owner = await attempt(t.app, victim.email, PASSWORD, { cookie });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().token).toEqual(expect.any(String));
    // Without the proof the pair stays blocked, the right password included, as before.
    const bare = await attempt(t.app, victim.email, PASSWORD);
    expect(bare.statusCode).toBe(429);
    expect(Number(bare.headers['retry-after'])).toBeGreaterThan(0);
    // The owner's browser also passes while the stranger keeps trying.
    expect((await attempt(t.app, victim.email, WRONG)).statusCode).toBe(429);
    expect((await attempt(t.app, victim.email, PASSWORD, { cookie })).statusCode).toBe(200);
  });

  it('a forged, tampered or someone else’s device cookie gives no exemption', async () => {
    const victim = await createUser(t, { email: 'victim2@example.com' });
    const stranger = await createUser(t, { email: 'stranger2@example.com' });
    const victimCookie = await signInForCookie(t.app, victim.email);
    // The stranger signs in to their own account behind the same NAT: a genuine cookie, but not for the victim.
    const strangersOwn = await signInForCookie(t.app, stranger.email);
    const value = victimCookie.slice('qw_device='.length);
    const [id, sig] = value.split('.') as [string, string];
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const forged = [
      `qw_device=${flip(id)}.${sig}`,
      `qw_device=${id}.${flip(sig)}`,
      `qw_device=${id}`,
      'qw_device=AAAAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      strangersOwn,
    ];
    for (let i = 0; i < 10; i++) {
      const res = await attempt(t.app, victim.email, WRONG, { cookie: forged[i % forged.length] });
      expect(res.statusCode).toBe(401);
    }
    for (const cookie of forged)
      expect((await attempt(t.app, victim.email, PASSWORD, { cookie })).statusCode).toBe(429);
    expect((await attempt(t.app, victim.email, PASSWORD, { cookie: victimCookie })).statusCode).toBe(200);
  });

  it('a device’s own failures still throttle it, without charging them to its colleagues', async () => {
    const owner = await createUser(t, { email: 'laptop@example.com' });
    const cookie = await signInForCookie(t.app, owner.email);
    for (let i = 0; i < 10; i++) expect((await attempt(t.app, owner.email, WRONG, { cookie })).statusCode).toBe(401);
    const stolen = await attempt(t.app, owner.email, PASSWORD, { cookie });
    expect(stolen.statusCode).toBe(429);
    expect(stolen.json().code).toBe('RATE_LIMITED');
    // The shared (address, e-mail) count was not touched by the device's failures.
    expect((await attempt(t.app, owner.email, PASSWORD)).statusCode).toBe(200);
  });

  it('one browser keeps one device id across accounts and renews it at each sign-in', async () => {
    const a = await createUser(t, { email: 'shared-a@example.com' });
    const b = await createUser(t, { email: 'shared-b@example.com' });
    const first = await signInForCookie(t.app, a.email);
    const second = await signInForCookie(t.app, b.email, OFFICE, first);
    expect(second).toBe(first);
    await lockPair(t.app, a.email);
    await lockPair(t.app, b.email);
    expect((await attempt(t.app, a.email, PASSWORD, { cookie: second })).statusCode).toBe(200);
    expect((await attempt(t.app, b.email, PASSWORD, { cookie: second })).statusCode).toBe(200);
  });

  it('a browser unseen for 180 days is a stranger again', async () => {
    let clock = Date.now();
    const c = await createTestApp({}, { now: () => clock, workers: false });
    try {
      await createUser(c, { email: 'away@example.com' });
      const cookie = await signInForCookie(c.app, 'away@example.com');
      clock += 179 * 86_400_000;
      await lockPair(c.app, 'away@example.com');
      expect((await attempt(c.app, 'away@example.com', PASSWORD, { cookie })).statusCode).toBe(200);
      clock += 181 * 86_400_000;
      await lockPair(c.app, 'away@example.com');
      expect((await attempt(c.app, 'away@example.com', PASSWORD, { cookie })).statusCode).toBe(429);
    } finally {
      await c.close();
    }
  });

  it('the cookie is HttpOnly, SameSite=Strict, sent only to the sign-in route, long-lived, Secure over https', async () => {
    const u = await createUser(t, { email: 'cookie-attrs@example.com' });
    const plain = await attempt(t.app, u.email, PASSWORD);
    const c = plain.cookies.find((x) => x.name === 'qw_device')!;
    expect(c).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/users/login', maxAge: 180 * 86_400 });
    expect(c.secure).toBeFalsy();
    expect(c.value).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    // A failed attempt sets nothing.
    expect((await attempt(t.app, u.email, WRONG)).cookies).toEqual([]);

    const behindTls = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
    try {
      await createUser(behindTls, { email: 'tls@example.com' });
      const res = await attempt(behindTls.app, 'tls@example.com', PASSWORD, {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.cookies.find((x) => x.name === 'qw_device')?.secure).toBe(true);
    } finally {
      await behindTls.close();
    }
  });
});

describe('known devices and addresses live in the database', () => {
  it('another process and a restarted one recognise the device and the known address', async () => {
    const first = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '3' });
    const another = () => buildApp({ config: first.config, database: first.database, logger: false, workers: false });
    let firstOpen = true;
    try {
      await createUser(first, { email: 'owner@example.com' });
      await createUser(first, { email: 'regular@example.com' });
      const cookie = await signInForCookie(first.app, 'owner@example.com');
      // Signed in from this address once: it stays a known address of the account.
      expect((await attempt(first.app, 'regular@example.com', PASSWORD)).statusCode).toBe(200);

      // A second process on the same database (the first still running), then one started after the first stopped:
      // neither has seen those sign-ins.
      for (const round of ['alongside', 'after a restart']) {
        const other = await another();
        try {
          await lockPair(other, 'owner@example.com');
          expect((await attempt(other, 'owner@example.com', PASSWORD, { cookie })).statusCode, round).toBe(200);
          // The address is now past its limit (3): only e-mails that signed in there may still try.
          expect((await attempt(other, 'unknown@example.com', PASSWORD)).statusCode, round).toBe(429);
          expect((await attempt(other, 'regular@example.com', PASSWORD)).statusCode, round).toBe(200);
        } finally {
          await other.close();
        }
        if (firstOpen) {
          firstOpen = false;
          await first.app.close();
        }
      }
    } finally {
      if (firstOpen) await first.app.close();
      await first.database.close();
    }
  });
});
