/**
 * Authorization matrix: every route Fastify knows × every role → the expected status. A route without a row fails
 * the first test, so a new route cannot ship without deciding who may call it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { productRelated, products } from '@quotewright/db';
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
} from '../../test/helpers';

const ROLES = ['anonymous', 'disabled', 'viewer', 'editor', 'full', 'admin'] as const;
type Role = (typeof ROLES)[number];
type Expect = Record<Role, number>;

interface Ctx {
  role: Role;
  /** The acting user (a random id for anonymous). */
  self: { id: string; email: string };
  /** A fresh user that is not the actor. */
  other(): Promise<{ id: string; email: string }>;
}
interface Case {
  name: string;
  path(ctx: Ctx): string | Promise<string>;
  body?(ctx: Ctx): unknown;
  headers?: Record<string, string>;
  expect: Expect;
  /** The call ends the actor's sessions (password change): log in again afterwards. */
  endsSession?: boolean;
}
type Matrix = Record<string, Case[]>;

const all = (status: number): Expect => ({
  anonymous: status,
  disabled: status,
  viewer: status,
  editor: status,
  full: status,
  admin: status,
});
const signedIn = (status: number, admin = status): Expect => ({ ...all(status), anonymous: 401, admin });
const adminOnly = (ok: number): Expect => ({ ...all(403), anonymous: 401, admin: ok });
/** Readers of a module: every enabled level and the admin; a user without the module is refused. */
const moduleViewers = (ok: number): Expect => ({
  anonymous: 401,
  disabled: 403,
  viewer: ok,
  editor: ok,
  full: ok,
  admin: ok,
});
const RUN_ID = '5b0c1c1e-0000-4000-8000-000000000001';
let seq = 0;
const uniqueEmail = () => `matrix-${Date.now()}-${++seq}@example.com`;

const MATRIX: Matrix = {
  'GET /api/health': [{ name: 'public', path: () => '/api/health', expect: all(200) }],
  'GET /api/config': [{ name: 'public', path: () => '/api/config', expect: all(200) }],
  'POST /api/auth/exchange': [
    { name: 'unknown code', path: () => '/api/auth/exchange', body: () => ({ code: 'not-a-code' }), expect: all(401) },
  ],
  'POST /api/users/login': [
    {
      name: 'valid credentials',
      path: () => '/api/users/login',
      body: () => ({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      expect: all(200),
    },
  ],
  'GET /api/users': [{ name: 'list', path: () => '/api/users', expect: adminOnly(200) }],
  'POST /api/users': [
    {
      name: 'create',
      path: () => '/api/users',
      body: () => ({ name: 'Created', email: uniqueEmail(), password: 'long-enough-1' }),
      expect: adminOnly(201),
    },
  ],
  'GET /api/users/:id': [
    { name: 'own', path: (c) => `/api/users/${c.self.id}`, expect: signedIn(200) },
    { name: "another user's", path: async (c) => `/api/users/${(await c.other()).id}`, expect: adminOnly(200) },
  ],
  'POST /api/users/:id': [
    { name: 'own', path: (c) => `/api/users/${c.self.id}`, body: () => ({ name: 'Renamed' }), expect: adminOnly(200) },
    {
      name: "another user's",
      path: async (c) => `/api/users/${(await c.other()).id}`,
      body: () => ({ modules: { sales: { enabled: true } } }),
      expect: adminOnly(200),
    },
  ],
  'DELETE /api/users/:id': [
    { name: 'own', path: (c) => `/api/users/${c.self.id}`, expect: adminOnly(409) },
    { name: "another user's", path: async (c) => `/api/users/${(await c.other()).id}`, expect: adminOnly(204) },
  ],
  'POST /api/users/resetpassword/:id': [
    {
      name: 'own',
      path: (c) => `/api/users/resetpassword/${c.self.id}`,
      body: (c) => ({
        password: c.role === 'admin' ? ADMIN_PASSWORD : PASSWORD,
        password2: c.role === 'admin' ? ADMIN_PASSWORD : PASSWORD,
      }),
      expect: signedIn(200),
      endsSession: true,
    },
    {
      name: "another user's",
      path: async (c) => `/api/users/resetpassword/${(await c.other()).id}`,
      body: () => ({ password: 'new-password-1', password2: 'new-password-1' }),
      expect: adminOnly(200),
    },
  ],
  ...Object.fromEntries(
    ['darkmode', 'widescreen', 'discrete'].map((p) => [
      `POST /api/users/${p}/:id/:value`,
      [
        { name: 'own', path: (c: Ctx) => `/api/users/${p}/${c.self.id}/true`, expect: signedIn(200) },
        {
          name: "another user's",
          path: async (c: Ctx) => `/api/users/${p}/${(await c.other()).id}/true`,
          expect: adminOnly(200),
        },
      ],
    ]),
  ),
  'GET /api/products': [
    { name: 'list', path: () => '/api/products?search=desk&pageSize=5', expect: moduleViewers(200) },
  ],
  'GET /api/products/:id': [{ name: 'one', path: () => '/api/products/1', expect: moduleViewers(200) }],
  'GET /api/products/hasrelated/:id': [
    { name: 'one', path: () => '/api/products/hasrelated/1', expect: moduleViewers(200) },
  ],
  'GET /api/partners/customers': [{ name: 'list', path: () => '/api/partners/customers', expect: moduleViewers(200) }],
  'GET /api/partners/templates': [{ name: 'list', path: () => '/api/partners/templates', expect: moduleViewers(200) }],
  'GET /api/partners/salespersons': [
    { name: 'list', path: () => '/api/partners/salespersons', expect: moduleViewers(200) },
  ],
  'POST /api/odoo/sync/:kind': [
    { name: 'products', path: () => '/api/odoo/sync/products', expect: adminOnly(202) },
    { name: 'sales', path: () => '/api/odoo/sync/sales', expect: adminOnly(202) },
    { name: 'contacts', path: () => '/api/odoo/sync/contacts', expect: adminOnly(202) },
  ],
  'GET /api/odoo/sync/:kind': [{ name: 'latest', path: () => '/api/odoo/sync/products', expect: adminOnly(200) }],
  'GET /api/odoo/runs/:id': [{ name: 'unknown run', path: () => `/api/odoo/runs/${RUN_ID}`, expect: adminOnly(404) }],
  'GET /*': [
    { name: 'SPA page', path: () => '/sale/123', expect: all(200) },
    { name: 'SPA asset', path: () => '/assets/app.js', expect: all(200) },
  ],
};

let t: TestApp;
const actors = new Map<Role, { id: string; email: string; password: string; token?: string }>();

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'qw-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Quotewright</title>');
  const assets = join(dist, 'assets');
  (await import('node:fs')).mkdirSync(assets);
  writeFileSync(join(assets, 'app.js'), 'console.log(1)');
  t = await createTestApp({
    WEB_DIST: dist,
    LOGIN_MAX_FAILURES_PER_IP: '10000',
    LOGIN_MAX_FAILURES_PER_EMAIL: '10000',
  });
  await t.database.db.insert(products).values([
    {
      id: 1,
      model: 'DESK-1',
      name: 'Desk',
      description: 'A desk',
      price: '100',
      cost: '60',
      isBundle: true,
      contentHash: 'x',
    },
    { id: 2, model: 'LEG-1', name: 'Leg', description: 'A leg', price: '10', cost: '6', contentHash: 'y' },
  ]);
  await t.database.db.insert(productRelated).values({ productId: 1, position: 0, relatedId: 2, quantity: '4' });
  const users = await t.app.inject({
    method: 'GET',
    url: '/api/users',
    headers: bearer(await login(t, ADMIN_EMAIL, ADMIN_PASSWORD)),
  });
  const admin = users.json()[0];
  actors.set('admin', { id: admin._id, email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const levels = { disabled: 'disabled', viewer: 'viewer', editor: 'editor', full: 'full_rights' } as const;
  for (const [role, level] of Object.entries(levels)) {
    const u = await createUser(t, { email: `${role}@matrix.test`, modules: modulesWith(level) });
    actors.set(role as Role, { id: u.id, email: u.email, password: PASSWORD });
  }
});
afterAll(() => t.close());

async function tokenFor(role: Role): Promise<string | null> {
  if (role === 'anonymous') return null;
  const a = actors.get(role)!;
  a.token ??= await login(t, a.email, a.password);
  return a.token;
}

describe('authorization matrix', () => {
  it('has a row for every registered route, and no row for a route that does not exist', () => {
    const registered = new Set(t.app.routeTable.map((r) => `${r.method} ${r.url}`));
    const missing = [...registered].filter((r) => !(r in MATRIX));
    const stale = Object.keys(MATRIX).filter((r) => !registered.has(r));
    expect(missing, 'routes without a matrix row').toEqual([]);
    expect(stale, 'matrix rows for unknown routes').toEqual([]);
  });

  const cases = Object.entries(MATRIX).flatMap(([route, list]) =>
    list.flatMap((c) => ROLES.map((role) => ({ route, c, role, label: `${route} (${c.name}) as ${role}` }))),
  );
  it.each(cases)('$label', async ({ route, c, role }) => {
    const method = route.split(' ')[0] as 'GET' | 'POST' | 'DELETE';
    const actor = actors.get(role);
    const ctx: Ctx = {
      role,
      self: actor ?? { id: '99999999-9999-4999-8999-999999999999', email: 'nobody@example.com' },
      other: async () => {
        const u = await createUser(t, { email: uniqueEmail() });
        return { id: u.id, email: u.email };
      },
    };
    const token = await tokenFor(role);
    const body = c.body?.(ctx);
    const res = await t.app.inject({
      method,
      url: await c.path(ctx),
      headers: { ...(token ? bearer(token) : {}), ...c.headers },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    if (c.endsSession && actor) actor.token = undefined;
    expect(res.statusCode, res.body.slice(0, 300)).toBe(c.expect[role]);
  });
});
