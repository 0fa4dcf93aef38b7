/**
 * Single sign-on against a REAL local identity provider (oidc-provider) over real HTTP: the app listens on a loopback
 * port, the test plays the browser (manual redirects, a cookie jar for the IdP), and a small Koa middleware in the
 * IdP can re-sign the ID token with tampered claims to prove the checks of the app.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { auditLog, eq, ssoStates, users } from '@quotewright/db';
import { defaultModules } from '@quotewright/domain';
import { decodeJwt, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../test/helpers';
import { ConfigError, loadConfig } from '../../config';

const CLIENT_ID = 'quotewright-test';
const CLIENT_SECRET = 'quotewright-test-secret-0123456789';
const TENANT = '11111111-2222-3333-4444-555555555555';

interface Account {
  sub: string;
  oid?: string;
  tid?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

/** The person who signs in at the IdP next; each test sets it. */
let account: Account;
/** When set, the IdP's token endpoint answers an ID token with these claims changed (validly re-signed). */
let tamper: ((claims: JWTPayload) => void) | undefined;

function listen(server: Server, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** A free loopback port: the app's PUBLIC_URL (and the IdP's redirect URI) must be known before it starts. */
async function freePort(): Promise<number> {
  const s = createServer();
  const port = await listen(s);
  await close(s);
  return port;
}

interface Idp {
  issuer: string;
  server: Server;
}

async function startIdp(redirectUris: string[]): Promise<Idp> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = createServer();
  const port = await listen(server);
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['idp-cookie-key-for-tests'] },
    claims: { openid: ['sub', 'oid', 'tid'], email: ['email', 'email_verified'], profile: ['name'] },
    // Scope claims in the ID token too (as Azure does), not only at the userinfo endpoint.
    conformIdTokenClaims: false,
    pkce: { methods: ['S256'], required: () => true },
    features: { devInteractions: { enabled: false } },
    ttl: { AccessToken: 600, IdToken: 600, AuthorizationCode: 60, Interaction: 600, Session: 600, Grant: 600 },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ ...account, sub: id }) }),
    // A first-party client: consent is given without asking.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
  });
  provider.use(async (ctx, next) => {
    // The login "page": the current account signs in at once.
    if (ctx.path.startsWith('/interaction/')) {
      const returnTo = await provider.interactionResult(ctx.req, ctx.res, { login: { accountId: account.sub } });
      ctx.redirect(returnTo);
      return;
    }
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && tamper && body?.id_token) {
      const claims = decodeJwt(body.id_token);
      tamper(claims);
      const idToken = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).sign(privateKey);
      ctx.body = { ...body, id_token: idToken };
    }
  });
  server.on('request', provider.callback());
  return { issuer, server };
}

interface Running {
  t: TestApp;
  base: string;
}

async function startApp(port: number, env: Record<string, string>): Promise<Running> {
  const t = await createTestApp(env);
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, base: `http://127.0.0.1:${port}` };
}

const ssoEnv = (issuer: string, port: number, extra: Record<string, string> = {}) => ({
  SSO_PROVIDER: 'Microsoft',
  OIDC_ISSUER: issuer,
  OIDC_CLIENT_ID: CLIENT_ID,
  OIDC_CLIENT_SECRET: CLIENT_SECRET,
  PUBLIC_URL: `http://127.0.0.1:${port}/`,
  ...extra,
});

/** GET without following redirects; answers the status and the Location (resolved against the request URL). */
async function get(url: string | URL, cookies?: Map<string, string>) {
  const headers: Record<string, string> = {};
  if (cookies?.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(url, { redirect: 'manual', headers });
  for (const c of res.headers.getSetCookie()) {
    const pair = c.split(';')[0]!;
    const i = pair.indexOf('=');
    cookies?.set(pair.slice(0, i), pair.slice(i + 1));
  }
  const location = res.headers.get('location');
  return { res, location: location ? new URL(location, url) : null };
}

/** Starts a sign-in at the app; answers the IdP authorization URL. */
async function begin(app: Running): Promise<URL> {
  const { res, location } = await get(`${app.base}/auth/azure`);
  expect(res.status).toBe(302);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return location!;
}

/** Plays the browser at the IdP until it sends us back to the app: answers the callback URL (code, state). */
async function atIdp(authorizeUrl: URL, app: Running): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizeUrl;
  for (let hop = 0; hop < 10; hop++) {
    if (url.origin === app.base) return url;
    const { res, location } = await get(url, jar);
    if (!location) throw new Error(`the IdP answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    url = location;
  }
  throw new Error('too many redirects at the IdP');
}

/** The app's answer to a callback URL: where the browser is sent next (path + query). */
async function callback(url: URL): Promise<{ path: string; params: URLSearchParams }> {
  const { res, location } = await get(url);
  expect(res.status).toBe(302);
  expect(location!.origin).toBe(url.origin);
  return { path: location!.pathname, params: location!.searchParams };
}

/** A whole sign-in: app → IdP → app callback → the app's final redirect. */
async function signIn(app: Running) {
  const callbackUrl = await atIdp(await begin(app), app);
  return { ...(await callback(callbackUrl)), callbackUrl };
}

async function exchange(app: Running, code: string) {
  const res = await fetch(`${app.base}/api/auth/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  return { status: res.status, body: (await res.json()) as { token?: string } };
}

function expectError(result: { path: string; params: URLSearchParams }, text: RegExp) {
  expect(result.path).toBe('/login');
  expect(result.params.get('sso_error')).toMatch(text);
  expect(result.params.has('code')).toBe(false);
}

/** The audit log entries about a user (docs/decisions/0033-audit-log.md). */
const auditOf = (app: Running, userId: string) =>
  app.t.database.db.select().from(auditLog).where(eq(auditLog.targetId, userId));

const userRow = async (app: Running, email: string) => {
  const rows = await app.t.database.db.select().from(users);
  return rows.find((u) => u.email === email);
};

let idp: Idp;
let main: Running;
let autoCreate: Running;
let ports: number[];

beforeAll(async () => {
  ports = [await freePort(), await freePort()];
  idp = await startIdp(ports.map((p) => `http://127.0.0.1:${p}/auth/azure/callback`));
  main = await startApp(ports[0]!, ssoEnv(idp.issuer, ports[0]!, { OIDC_ALLOWED_TENANT: TENANT }));
  autoCreate = await startApp(ports[1]!, ssoEnv(idp.issuer, ports[1]!, { SSO_AUTO_CREATE: 'true' }));
});
afterAll(async () => {
  await main?.t.close();
  await autoCreate?.t.close();
  if (idp) await close(idp.server);
});

describe('single sign-on with a real OIDC provider', () => {
  it('offers the provider in the public config', async () => {
    const res = await fetch(`${main.base}/api/config`);
    expect(await res.json()).toEqual({ ssoProvider: 'Microsoft', erpName: 'Odoo' });
  });

  it('sends the browser to the IdP with PKCE (S256), state and nonce', async () => {
    const url = await begin(main);
    expect(url.origin).toBe(idp.issuer);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('redirect_uri')).toBe(`${main.base}/auth/azure/callback`);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid profile email');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(q.get('nonce')).toMatch(/^[\w-]{20,}$/);
    // Kept server-side, hashed: the state itself is not stored.
    const rows = await main.t.database.db.select().from(ssoStates);
    expect(rows.some((r) => r.stateHash === q.get('state'))).toBe(false);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('links an existing user by verified e-mail (case-insensitive) and ends with a one-time code', async () => {
    const u = await createUser(main.t, { email: 'ada@example.test', name: 'Ada' });
    account = { sub: 'sub-ada', oid: 'oid-ada', tid: TENANT, email: 'Ada@Example.TEST', email_verified: true };
    const result = await signIn(main);
    expect(result.path).toBe('/');
    const code = result.params.get('code')!;
    expect(code).toMatch(/^[\w-]{43}$/);
    // No JWT in the URL: the code is opaque and short-lived.
    expect(code.split('.')).toHaveLength(1);

    const first = await exchange(main, code);
    expect(first.status).toBe(200);
    const token = first.body.token!;
    expect(decodeJwt(token)).toMatchObject({ sub: u.id, name: 'Ada' });
    expect((await exchange(main, code)).status).toBe(401);

    // Azure Linked: azure_id is the oid claim.
    const me = await fetch(`${main.base}/api/users/${u.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await me.json()) as { azure_id: string | null }).azure_id).toBe('oid-ada');

    // The link is an admin audit log entry: the person signing in is its actor, with their address.
    expect(await auditOf(main, u.id)).toEqual([
      expect.objectContaining({
        actorId: u.id,
        actorName: 'Ada',
        action: 'user.sso_link_changed',
        targetLabel: 'ada@example.test',
        before: { sso: 'not linked' },
        after: { sso: 'linked' },
        ip: '127.0.0.1',
      }),
    ]);
  });

  it('finds a linked user by SSO id even when the e-mail changed at the IdP', async () => {
    account = {
      sub: 'sub-ada',
      oid: 'oid-ada',
      tid: TENANT,
      email: 'ada.lovelace@elsewhere.test',
      email_verified: true,
    };
    const result = await signIn(main);
    expect(result.path).toBe('/');
    const { body } = await exchange(main, result.params.get('code')!);
    expect(decodeJwt(body.token!).sub).toBe((await userRow(main, 'ada@example.test'))!.id);
  });

  it('uses sub as the SSO id when there is no oid claim', async () => {
    const u = await createUser(main.t, { email: 'sub.only@example.test' });
    account = { sub: 'generic-sub-1', tid: TENANT, email: 'sub.only@example.test', email_verified: true };
    expect((await signIn(main)).path).toBe('/');
    expect((await userRow(main, u.email))!.azureId).toBe('generic-sub-1');
  });

  it('refuses a replayed callback (the state is single use)', async () => {
    account = { sub: 'sub-ada', oid: 'oid-ada', tid: TENANT, email: 'ada@example.test', email_verified: true };
    const { path, callbackUrl } = await signIn(main);
    expect(path).toBe('/');
    expectError(await callback(callbackUrl), /expired or was already used/);
  });

  it('refuses a wrong, a missing and an expired state', async () => {
    account = { sub: 'sub-ada', oid: 'oid-ada', tid: TENANT, email: 'ada@example.test', email_verified: true };
    const url = await atIdp(await begin(main), main);
    const wrong = new URL(url);
    wrong.searchParams.set('state', 'not-the-state');
    expectError(await callback(wrong), /expired or was already used/);
    const missing = new URL(url);
    missing.searchParams.delete('state');
    expectError(await callback(missing), /expired or was already used/);
    // The genuine state still works once: a wrong one did not burn it.
    expect((await callback(url)).path).toBe('/');

    const late = await atIdp(await begin(main), main);
    await main.t.database.db.update(ssoStates).set({ expiresAt: new Date(Date.now() - 1000) });
    expectError(await callback(late), /expired or was already used/);
  });

  it('sends the PKCE verifier: a wrong one is refused by the IdP', async () => {
    account = { sub: 'sub-ada', oid: 'oid-ada', tid: TENANT, email: 'ada@example.test', email_verified: true };
    const url = await atIdp(await begin(main), main);
    await main.t.database.db.update(ssoStates).set({ codeVerifier: 'x'.repeat(43) });
    expectError(await callback(url), /could not be verified/);
  });

  it('passes on an error from the IdP without details', async () => {
    const state = (await begin(main)).searchParams.get('state')!;
    const url = new URL(`${main.base}/auth/azure/callback`);
    const error = { error: 'access_denied', error_description: 'secret detail', state, iss: idp.issuer };
    url.search = new URLSearchParams(error).toString();
    const result = await callback(url);
    expectError(result, /did not complete/);
    expect(result.params.get('sso_error')).not.toContain('secret detail');
  });

  it('accepts an ID token re-signed without changes (the tampering below is the only difference)', async () => {
    account = { sub: 'sub-ada', oid: 'oid-ada', tid: TENANT, email: 'ada@example.test', email_verified: true };
    tamper = () => {};
    try {
      expect((await signIn(main)).path).toBe('/');
    } finally {
      tamper = undefined;
    }
  });

  const tampered: [string, Partial<JWTPayload>][] = [
    ['nonce', { nonce: 'another-nonce' }],
    ['issuer', { iss: 'https://evil.example.test' }],
    ['audience', { aud: 'another-client' }],
    ['expiry', { exp: Math.floor(Date.now() / 1000) - 3600 }],
  ];
  for (const [what, change] of tampered) {
    it(`refuses an ID token with a tampered ${what}`, async () => {
      account = { sub: 'sub-ada', oid: 'oid-ada', tid: TENANT, email: 'ada@example.test', email_verified: true };
      tamper = (claims) => Object.assign(claims, change);
      try {
        const result = await signIn(main);
        expectError(result, /could not be verified/);
      } finally {
        tamper = undefined;
      }
    });
  }

  it('refuses another tenant when OIDC_ALLOWED_TENANT is set', async () => {
    account = {
      sub: 'sub-ada',
      oid: 'oid-ada',
      tid: 'another-tenant',
      email: 'ada@example.test',
      email_verified: true,
    };
    expectError(await signIn(main), /organization is not allowed/);
    account = { sub: 'sub-ada', oid: 'oid-ada', email: 'ada@example.test', email_verified: true };
    expectError(await signIn(main), /organization is not allowed/);
  });

  it('refuses an unknown user when auto-create is off, and creates nobody', async () => {
    account = { sub: 'sub-new', oid: 'oid-new', tid: TENANT, email: 'newcomer@example.test', email_verified: true };
    expectError(await signIn(main), /No account matches/);
    expect(await userRow(main, 'newcomer@example.test')).toBeUndefined();
  });

  it('does not link by an unverified e-mail', async () => {
    const u = await createUser(main.t, { email: 'unverified@example.test' });
    account = { sub: 'sub-unv', oid: 'oid-unv', tid: TENANT, email: 'unverified@example.test', email_verified: false };
    expectError(await signIn(main), /No account matches/);
    expect((await userRow(main, u.email))!.azureId).toBeNull();
  });

  it('does not re-link a user linked to another SSO identity', async () => {
    await createUser(main.t, { email: 'taken@example.test', azureId: 'oid-original' });
    account = { sub: 'sub-x', oid: 'oid-intruder', tid: TENANT, email: 'taken@example.test', email_verified: true };
    expectError(await signIn(main), /linked to another/);
    const taken = (await userRow(main, 'taken@example.test'))!;
    expect(taken.azureId).toBe('oid-original');
    expect(await auditOf(main, taken.id)).toEqual([]);
  });

  it('creates an unknown user with default modules (not admin) when SSO_AUTO_CREATE is on', async () => {
    account = { sub: 'sub-grace', oid: 'oid-grace', email: 'Grace@Example.test', email_verified: true, name: 'Grace' };
    const result = await signIn(autoCreate);
    expect(result.path).toBe('/');
    const row = (await userRow(autoCreate, 'grace@example.test'))!;
    expect(row).toMatchObject({ name: 'Grace', isAdmin: false, azureId: 'oid-grace', passwordHash: null });
    expect(row.modules).toEqual(defaultModules());
    const { body } = await exchange(autoCreate, result.params.get('code')!);
    expect(decodeJwt(body.token!).sub).toBe(row.id);
    // A second sign-in finds the same user.
    const again = await signIn(autoCreate);
    expect(decodeJwt((await exchange(autoCreate, again.params.get('code')!)).body.token!).sub).toBe(row.id);
    // One entry: the account created by its own sign-in (the second sign-in changed nothing).
    expect(await auditOf(autoCreate, row.id)).toEqual([
      expect.objectContaining({
        actorId: row.id,
        actorName: 'Grace',
        action: 'user.created',
        targetLabel: 'grace@example.test',
        before: null,
        after: expect.objectContaining({ email: 'grace@example.test', isAdmin: false, sso: 'linked' }),
      }),
    ]);
  });

  it('never auto-creates from an unverified e-mail', async () => {
    account = { sub: 'sub-mallory', oid: 'oid-mallory', email: 'mallory@example.test', email_verified: false };
    expectError(await signIn(autoCreate), /No account matches/);
    expect(await userRow(autoCreate, 'mallory@example.test')).toBeUndefined();
  });
});

describe('single sign-on off or unreachable', () => {
  it('answers 404 problem+json and no provider when SSO is not configured', async () => {
    const t = await createTestApp();
    try {
      for (const url of ['/auth/azure', '/auth/azure/callback?code=x&state=y']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().ssoProvider).toBeNull();
    } finally {
      await t.close();
    }
  });

  it('an unreachable IdP ends on the login page with a short message', async () => {
    const dead = await freePort();
    const t = await createTestApp(ssoEnv(`http://127.0.0.1:${dead}`, 3000));
    try {
      const res = await t.app.inject({ method: 'GET', url: '/auth/azure' });
      expect(res.statusCode).toBe(302);
      const location = new URL(res.headers.location as string, 'http://x');
      expect(location.pathname).toBe('/login');
      expect(location.searchParams.get('sso_error')).toMatch(/unavailable/);
    } finally {
      await t.close();
    }
  });
});

describe('SSO configuration', () => {
  const full = ssoEnv('https://login.microsoftonline.com/tenant/v2.0', 3000);

  it('is all or nothing, naming the missing variable in one line', () => {
    for (const name of Object.keys(full)) {
      const env = { ...full, [name]: '' };
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(`Invalid configuration: ${name} is required for single sign-on`);
    }
    expect(() => loadConfig({ OIDC_ALLOWED_TENANT: TENANT })).toThrow(/SSO_PROVIDER is required/);
    expect(loadConfig({}).SSO_PROVIDER).toBeUndefined();
  });

  it('checks the URLs and the flag', () => {
    expect(loadConfig(full)).toMatchObject({ PUBLIC_URL: 'http://127.0.0.1:3000', SSO_AUTO_CREATE: false });
    expect(() => loadConfig({ ...full, OIDC_ISSUER: 'http://idp.example.test' })).toThrow(
      'Invalid configuration: OIDC_ISSUER must be an https URL (http only on localhost)',
    );
    expect(() => loadConfig({ ...full, PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL must be an http\(s\) URL/);
    expect(() => loadConfig({ ...full, SSO_AUTO_CREATE: 'yes' })).toThrow(/SSO_AUTO_CREATE must be true or false/);
    expect(loadConfig({ ...full, SSO_AUTO_CREATE: 'true' }).SSO_AUTO_CREATE).toBe(true);
  });
});
