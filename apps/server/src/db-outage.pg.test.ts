// Database outages (docs/architecture.md#databases): PostgreSQL ends connections (pg_terminate_backend, a restart, a
// failover) while requests run. The server must keep running (an unhandled 'error' event would fail this run), answer
// 503 problem+json while the database is away, recover by itself, and never lose a write it acknowledged.
import { inArray, saleLines } from '@quotewright/db';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUrl } from '../test/global-setup';
import { createTestApp, type TestApp } from '../test/helpers';
import { api, roleTokens, seedProducts, type Tokens } from './modules/sales/testkit';

let t: TestApp;
let tok: Tokens;
let a: ReturnType<typeof api>;
let admin: pg.Client;
let dbName: string;

beforeAll(async () => {
  t = await createTestApp();
  tok = await roleTokens(t);
  a = api(t);
  await seedProducts(t, [1, 2]);
  const { rows } = await t.database.executeSql('SELECT current_database() AS name');
  dbName = String(rows[0]!.name);
  admin = new pg.Client({ connectionString: adminUrl(process.env.DATABASE_URL!) });
  await admin.connect();
});
afterAll(async () => {
  await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`).catch(() => undefined);
  await admin.end();
  await t.close();
});

const killBackends = () =>
  admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
    dbName,
  ]);

describe('the database drops its connections', () => {
  it('mid-traffic: no 500, no exit, every acknowledged write is kept, and it recovers by itself', async () => {
    let sale = await a.ok('POST', '/api/sales', tok.editor, { name: 'Outage' });
    sale = await a.ok('POST', `/api/sales/sections/create/${sale._id}`, tok.editor, { name: 'A' });
    const url = `/api/sales/lines/create/${sale._id}/${sale.sections[0]!._id}`;
    const statuses = new Map<number, number>();
    /** Checks run at each answer: the waits below resolve on the answer that meets them. */
    const onAnswer = new Set<() => void>();
    const count = (status: number) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      for (const check of onAnswer) check();
    };
    const acknowledged: string[] = [];
    let stop = false;
    const worker = async () => {
      while (!stop) {
        const res = await a.post(url, tok.editor, { lines: [{ product: 1, quantity: 1 }] });
        count(res.statusCode);
        if (res.statusCode === 200)
          acknowledged.push(...(res.json() as { lines: { _id: string }[] }).lines.map((l) => l._id));
        else {
          expect(res.statusCode).toBe(503);
          expect(res.headers['content-type']).toContain('application/problem+json');
          expect(res.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
          expect(res.headers['retry-after']).toBe('5');
        }
        const read = await a.get(`/api/sales/${sale._id}`, tok.editor);
        count(read.statusCode);
        expect([200, 503]).toContain(read.statusCode);
      }
    };
    const workers = [worker(), worker(), worker()];
    const answered = () => [...statuses.values()].reduce((n, c) => n + c, 0);
    /** Resolves at the answer after which `met` holds (at once if it does already). */
    const until = (met: () => boolean, what: string) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!met()) return;
          onAnswer.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          onAnswer.delete(check);
          reject(new Error(`${what} not within 20 s: ${JSON.stringify([...statuses])}`));
        }, 20_000);
        onAnswer.add(check);
        check();
      });
    /** Waits until the workers have had `n` more answers (traffic between the outages, and after the last). */
    const traffic = (n: number) => {
      const from = answered();
      return until(() => answered() >= from + n, `${n} more answers`);
    };
    for (let i = 0; i < 4; i++) {
      await traffic(6);
      await killBackends();
    }
    // served again after the last outage, by the same pool
    const servedBefore = statuses.get(200) ?? 0;
    await until(() => (statuses.get(200) ?? 0) > servedBefore, 'a request served after the last outage');
    await traffic(6);
    stop = true;
    await Promise.all(workers);

    expect(statuses.get(500) ?? 0).toBe(0);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    // Recovered: the same pool serves again without a restart.
    expect((await a.get('/api/health', null)).statusCode).toBe(200);
    const stored = await t.database.db
      .select({ id: saleLines.id })
      .from(saleLines)
      .where(inArray(saleLines.id, acknowledged));
    expect(stored.length).toBe(acknowledged.length);
    const final = await a.ok('GET', `/api/sales/${sale._id}`, tok.editor);
    expect(final.sections[0]!.lines.length).toBeGreaterThanOrEqual(acknowledged.length);
  });

  it('while the database refuses connections: 503 problem+json; afterwards it serves again', async () => {
    await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS false`);
    await killBackends();
    const res = await a.get('/api/sales', tok.editor);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE' });
    const health = await a.get('/api/health', null);
    expect(health.statusCode).toBe(503);
    await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
    expect((await a.get('/api/sales', tok.editor)).statusCode).toBe(200);
    expect((await a.get('/api/health', null)).statusCode).toBe(200);
  });
});
