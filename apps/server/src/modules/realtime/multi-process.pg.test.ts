// Two real server processes (tsx src/main.ts) on one PostgreSQL database and one Redis: an HTTP edit on process 1
// reaches a socket client of process 2 as sale_changed, and the editors list merges the sockets of both processes.
import { applySaleDelta, type EditorsEvent, type SaleDelta, type SaleDto } from '@quotewright/contracts';
import type { Database } from '@quotewright/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/helpers';
import { call, processes, redisAnswers, sharedServerEnv, signIn } from '../../../test/processes';
import { type ClientSocket, connectSocket, countOf, identify, nextEvent, settled } from '../../../test/sockets';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const ADMIN = { email: 'admin@multi.test', password: 'admin-password-1' };

let database: Database;
const servers = processes();
const sockets: ClientSocket[] = [];
let urls: [string, string];

async function connect(url: string, token: string) {
  const s = await connectSocket(url, token);
  sockets.push(s);
  return s;
}

beforeAll(async () => {
  if (!(await redisAnswers(REDIS_URL)))
    throw new Error(
      `this test needs Redis at ${REDIS_URL}; start it with ` +
        'redis-server --daemonize yes --port 6379 --save "" --appendonly no',
    );

  database = await freshDatabase();
  const env = await sharedServerEnv(database, REDIS_URL, ADMIN);
  // One after the other: the first creates the administrator, the second finds it.
  const first = await servers.startServer(env);
  const second = await servers.startServer(env);
  urls = [first, second];
}, 240_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  await servers.stopAll();
  await database?.close();
});

describe('two server processes sharing PostgreSQL and Redis', () => {
  it('an edit on process 1 reaches a socket of process 2; editors merge across both', async () => {
    const [one, two] = urls;
    const adminToken = await signIn(one, ADMIN.email, ADMIN.password);
    const email = `bea-${Date.now()}@multi.test`;
    await call(one, 'POST', '/api/users', adminToken, {
      name: 'Bea Second',
      email,
      password: 'bea-password-1',
      modules: { sales: { enabled: true, level: 'editor' } },
    });
    // Signed in on process 2: the token works on both (one JWT_SECRET).
    const beaToken = await signIn(two, email, 'bea-password-1');
    const sale = await call<SaleDto>(one, 'POST', '/api/sales', adminToken, { name: 'Across processes' });

    const onOne = await connect(one, adminToken);
    expect(await identify(onOne, sale._id)).toMatchObject({ ok: true, version: expect.any(Number) });
    const onTwo = await connect(two, beaToken);
    const merged = (s: ClientSocket) =>
      nextEvent<EditorsEvent>(s, 'editors', (e) => e.saleId === sale._id && e.editors.length === 2);
    const mergedOnOne = merged(onOne);
    const mergedOnTwo = merged(onTwo);
    expect(await identify(onTwo, sale._id)).toMatchObject({ ok: true, version: expect.any(Number) });
    const names = (e: EditorsEvent) => e.editors.map((x) => x.name);
    expect(names(await mergedOnOne)).toEqual(['Administrator', 'Bea Second']);
    expect(names(await mergedOnTwo)).toEqual(['Administrator', 'Bea Second']);

    // The edit on process 1, seen on process 2 (and on process 1) as the delta the HTTP answer came from.
    const changedOnTwo = nextEvent<SaleDelta>(onTwo, 'sale_changed');
    const listOnTwo = nextEvent<{ saleId: string; version: number }>(onTwo, 'sales_changed');
    const changedOnOne = nextEvent<SaleDelta>(onOne, 'sale_changed');
    const answered = await call<SaleDelta>(one, 'POST', `/api/sales/sections/create/${sale._id}`, adminToken, {
      name: 'From process 1',
    });
    const delta = await changedOnTwo;
    expect(delta.version).toBe(sale.version + 1);
    expect(delta).toEqual(answered);
    const after = await call<SaleDto>(two, 'GET', `/api/sales/${sale._id}`, beaToken);
    expect(applySaleDelta(sale, delta)).toEqual(after);
    expect(await changedOnOne).toEqual(delta);
    expect(await listOnTwo).toEqual({ saleId: sale._id, version: delta.version });

    // Bea leaves (her socket on process 2 closes): process 1's socket hears it.
    const alone = nextEvent<EditorsEvent>(onOne, 'editors', (e) => e.editors.length === 1);
    onTwo.close();
    expect(names(await alone)).toEqual(['Administrator']);
  }, 60_000);

  it('rights removed on process 1 take a socket of process 2 out of the sale room at once', async () => {
    const [one, two] = urls;
    const adminToken = await signIn(one, ADMIN.email, ADMIN.password);
    const email = `cal-${Date.now()}@multi.test`;
    const cal = await call<{ _id: string }>(one, 'POST', '/api/users', adminToken, {
      name: 'Cal Third',
      email,
      password: 'cal-password-1',
      modules: { sales: { enabled: true, level: 'viewer' } },
    });
    const calToken = await signIn(two, email, 'cal-password-1');
    const sale = await call<SaleDto>(one, 'POST', '/api/sales', adminToken, { name: 'Rights across processes' });
    const onOne = await connect(one, adminToken);
    expect(await identify(onOne, sale._id)).toMatchObject({ ok: true, version: expect.any(Number) });
    const calOnTwo = await connect(two, calToken);
    const both = nextEvent<EditorsEvent>(onOne, 'editors', (e) => e.saleId === sale._id && e.editors.length === 2);
    expect(await identify(calOnTwo, sale._id)).toMatchObject({ ok: true, version: expect.any(Number) });
    await both;

    const alone = nextEvent<EditorsEvent>(onOne, 'editors', (e) => e.saleId === sale._id && e.editors.length === 1);
    await call(one, 'POST', `/api/users/${cal._id}`, adminToken, { modules: { sales: { enabled: false } } });
    expect((await alone).editors.map((e) => e.name)).toEqual(['Administrator']);
    expect(calOnTwo.connected).toBe(true);
  }, 60_000);
  it('editors stay right across processes while announcements are coalesced: one list per change per socket', async () => {
    const [one, two] = urls;
    const adminToken = await signIn(one, ADMIN.email, ADMIN.password);
    const person = async (name: string, url: string) => {
      const email = `${name.split(' ')[0]!.toLowerCase()}-${Date.now()}@multi.test`;
      await call(one, 'POST', '/api/users', adminToken, {
        name,
        email,
        password: 'tabs-password-1',
        modules: { sales: { enabled: true, level: 'viewer' } },
      });
      return signIn(url, email, 'tabs-password-1');
    };
    const danToken = await person('Dan Tabs', two);
    const eveToken = await person('Eve Late', one);
    const sale = await call<SaleDto>(one, 'POST', '/api/sales', adminToken, { name: 'Tabs across processes' });
    const is = (expected: string[]) => (e: EditorsEvent) =>
      e.saleId === sale._id && JSON.stringify(e.editors.map((x) => x.name)) === JSON.stringify(expected);

    // Five tabs of the administrator on process 1, then five of Dan on process 2, joining at once.
    const admins = await Promise.all(Array.from({ length: 5 }, () => connect(one, adminToken)));
    expect((await Promise.all(admins.map((s) => identify(s, sale._id)))).every((a) => a.ok)).toBe(true);
    for (const s of admins) await settled(s, 'editors', is(['Administrator']));
    const dans = await Promise.all(Array.from({ length: 5 }, () => connect(two, danToken)));
    expect((await Promise.all(dans.map((s) => identify(s, sale._id)))).every((a) => a.ok)).toBe(true);
    for (const s of [...admins, ...dans]) await settled(s, 'editors', is(['Administrator', 'Dan Tabs']));
    // One entry per person; each socket heard each list once (not once per tab that joined).
    for (const s of admins) expect(countOf(s, 'editors')).toBe(2);
    for (const s of dans) expect(countOf(s, 'editors')).toBe(1);

    // Within one interval: Dan's tabs all close on process 2 while Eve joins on process 1. The last state wins.
    const eve = await connect(one, eveToken);
    for (const s of dans) s.close();
    expect((await identify(eve, sale._id)).ok).toBe(true);
    for (const s of [...admins, eve]) await settled(s, 'editors', is(['Administrator', 'Eve Late']));
    for (const s of admins) expect(countOf(s, 'editors')).toBeLessThanOrEqual(4);
  }, 60_000);
});
