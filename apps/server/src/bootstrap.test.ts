import { users } from '@quotewright/db';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/helpers';
import { buildApp } from './app';
import { bootstrapFirstAdmin } from './bootstrap';
import { ConfigError, loadConfig, testConfig } from './config';
import { settingsRepository } from './infra/settings.repository';
import { usersRepository } from './modules/users/users.repository';

const quiet = { info() {}, warn() {} };

describe('first start', () => {
  it('creates one admin from ADMIN_EMAIL/ADMIN_PASSWORD, once', async () => {
    const database = await freshDatabase();
    const config = testConfig({ ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'boss-password' });
    const app = await buildApp({ config, database, logger: false });
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'boss@example.com', password: 'boss-password' },
    });
    expect(login.statusCode).toBe(200);
    await app.close();
    // a second start (even with other values) creates nobody
    const again = await buildApp({
      config: testConfig({ ADMIN_EMAIL: 'other@example.com', ADMIN_PASSWORD: 'other-password' }),
      database,
      logger: false,
    });
    await again.close();
    const rows = await database.db.select().from(users);
    expect(rows.map((r) => [r.email, r.isAdmin])).toEqual([['boss@example.com', true]]);
    await database.close();
  });

  it('without ADMIN_* creates admin@example.com with a random password printed once', async () => {
    const database = await freshDatabase();
    const printed: string[] = [];
    const log = { info() {}, warn: (m: object | string) => printed.push(String(m)) };
    const repo = usersRepository(database.db);
    const settings = settingsRepository(database.db);
    const first = await bootstrapFirstAdmin(testConfig(), repo, settings, log);
    expect(first.created).toBe(true);
    expect(first.email).toBe('admin@example.com');
    expect(first.password).toMatch(/^[\w-]{16}$/);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain(first.password);
    const second = await bootstrapFirstAdmin(testConfig(), repo, settings, log);
    expect(second.created).toBe(false);
    expect(printed).toHaveLength(1);
    await database.close();
  });

  it('never runs again once the database has users, even if all admins are deleted later', async () => {
    const database = await freshDatabase();
    const repo = usersRepository(database.db);
    const settings = settingsRepository(database.db);
    await bootstrapFirstAdmin(testConfig(), repo, settings, quiet);
    const [admin] = await repo.list();
    await repo.delete(admin!.id);
    const again = await bootstrapFirstAdmin(testConfig(), repo, settings, quiet);
    expect(again.created).toBe(false);
    expect(await repo.countAll()).toBe(0);
    await database.close();
  });

  it('generates the JWT secret once and reuses it across starts', async () => {
    const database = await freshDatabase();
    const config = testConfig({ ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'password-a1' });
    const app1 = await buildApp({ config, database, logger: false });
    const { token } = (
      await app1.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: 'a@example.com', password: 'password-a1' },
      })
    ).json();
    await app1.close();
    const app2 = await buildApp({ config, database, logger: false });
    const res = await app2.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    await app2.close();
    await database.close();
  });
});

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: './data', TOKEN_TTL: 12 * 3600 });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ ADMIN_EMAIL: 'not-an-email' }, 'ADMIN_EMAIL'],
    [{ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_PASSWORD: 'long-enough-pw' }, 'ADMIN_EMAIL'],
    [{ TOKEN_TTL: 'forever' }, 'TOKEN_TTL'],
    [{ TOKEN_TTL: '10s' }, 'TOKEN_TTL'],
    [{ REDIS_PREFIX: 'two words' }, 'REDIS_PREFIX'],
    [{ RUN_STALE_AFTER: '5s' }, 'RUN_STALE_AFTER'],
  ])('refuses %o with a one-line message naming %s', (env, name) => {
    let err: unknown;
    try {
      loadConfig(env as NodeJS.ProcessEnv);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const message = (err as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toContain(name);
  });

  it('takes an optional redis:// URL for the realtime adapter', () => {
    expect(loadConfig({}).REDIS_URL).toBeUndefined();
    expect(loadConfig({ REDIS_URL: '' }).REDIS_URL).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(loadConfig({ REDIS_URL: 'rediss://user:pw@cache:6380/0' }).REDIS_URL).toBe('rediss://user:pw@cache:6380/0');
    // Its channels' prefix: one per installation sharing a Redis.
    expect(loadConfig({}).REDIS_PREFIX).toBe('quotewright');
    expect(loadConfig({ REDIS_PREFIX: 'qw-staging' }).REDIS_PREFIX).toBe('qw-staging');
  });

  it('takes over a run whose process stopped after RUN_STALE_AFTER (2 minutes unless told)', () => {
    expect(loadConfig({}).RUN_STALE_AFTER).toBe(120);
    expect(loadConfig({ RUN_STALE_AFTER: '30s' }).RUN_STALE_AFTER).toBe(30);
  });

  it('parses durations', () => {
    expect(loadConfig({ TOKEN_TTL: '15m' }).TOKEN_TTL).toBe(900);
    expect(loadConfig({ TOKEN_TTL: '7d' }).TOKEN_TTL).toBe(7 * 86400);
    expect(loadConfig({ TOKEN_TTL: '3600' }).TOKEN_TTL).toBe(3600);
  });
});
