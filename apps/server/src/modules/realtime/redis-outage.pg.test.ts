// Redis away under two server processes (decision 0037): each stays in the balancer (/api/ready 200 `degraded`) and
// edits go on; once Redis is back, the sockets that may have missed another process's changes rejoin by themselves
// and their join answers the sale's version after those changes, so a browser behind reads the sale again; and
// changes cross processes live again.
import type { SaleDelta, SaleDto } from '@quotewright/contracts';
import type { Database } from '@quotewright/db';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, freshDatabase } from '../../../test/helpers';
import { call, type OwnRedis, ownRedis, processes, sharedServerEnv, signIn } from '../../../test/processes';
import { nextEvent } from '../../../test/sockets';

const ADMIN = { email: 'admin@redis-outage.test', password: 'admin-password-1' };

let database: Database;
let redis: OwnRedis;
const servers = processes();
const sockets: Socket[] = [];
let urls: [string, string];

beforeAll(async () => {
  redis = await ownRedis();
  database = await freshDatabase();
  const env = await sharedServerEnv(database, redis.url, ADMIN);
  // One after the other: the first creates the administrator, the second finds it.
  urls = [await servers.startServer(env), await servers.startServer(env)];
}, 240_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  await servers.stopAll();
  await redis?.stop();
  await database?.close();
});

const readiness = async (url: string) => {
  const res = await fetch(`${url}/api/ready`);
  return { status: res.status, body: (await res.json()) as { status: string; checks?: { redis: string } } };
};

/**
 * A browser's socket: reconnects by itself, and on every connection joins the sale again, keeping each join's answer
 * (the sale's version then) in `joins`.
 */
function browserSocket(url: string, token: string, saleId: string) {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, forceNew: true });
  sockets.push(socket);
  const joins: { ok: boolean; version?: number }[] = [];
  const disconnects: string[] = [];
  socket.on('connect', () => {
    void socket
      .timeout(5000)
      .emitWithAck('identify', { sale: saleId })
      .then((answer: { ok: boolean; version?: number }) => joins.push(answer));
  });
  socket.on('disconnect', (reason) => disconnects.push(reason));
  return { socket, joins, disconnects };
}

describe('Redis away under two processes', () => {
  it('both stay ready (degraded) and take edits; once Redis is back the sockets rejoin and catch up', async () => {
    const [one, two] = urls;
    const token = await signIn(one, ADMIN.email, ADMIN.password);
    const sale = await call<SaleDto>(one, 'POST', '/api/sales', token, { name: 'Through a Redis outage' });
    const onTwo = browserSocket(two, token, sale._id);
    await eventually(async () => (onTwo.joins.length === 1 ? true : undefined), 10_000, 20);
    expect(onTwo.joins[0]).toMatchObject({ ok: true, version: sale.version });
    // Live across processes before the outage.
    const seen = nextEvent<SaleDelta>(onTwo.socket as never, 'sale_changed');
    const first = await call<SaleDelta>(one, 'POST', `/api/sales/sections/create/${sale._id}`, token, {
      name: 'Before the outage',
    });
    expect((await seen).version).toBe(first.version);

    await redis.stop();
    // Both processes stay in the balancer, saying what is missing.
    for (const url of urls) {
      const r = await eventually(async () => {
        const r = await readiness(url);
        return r.body.checks?.redis !== 'ok' ? r : undefined;
      });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ status: 'degraded', checks: { redis: expect.stringMatching(/failed|timeout/) } });
    }
    // Edits go on through either process.
    const during = await call<SaleDelta>(one, 'POST', `/api/sales/sections/create/${sale._id}`, token, {
      name: 'During the outage',
    });
    expect(during.version).toBe(first.version + 1);
    const onTwoMeanwhile = await call<SaleDto>(two, 'GET', `/api/sales/${sale._id}`, token);
    expect(onTwoMeanwhile.sections.map((s) => s.name)).toEqual(['Before the outage', 'During the outage']);

    await redis.start();
    // The socket on process 2 may have missed that change: its connection is closed under it (not refused), it comes
    // back by itself, and its join answers the version after the change.
    const rejoined = await eventually(async () => onTwo.joins.find((j, i) => i > 0 && j.ok), 30_000, 50);
    expect(onTwo.disconnects).toContain('transport close');
    expect(rejoined.version).toBe(during.version);
    for (const url of urls)
      await eventually(async () => ((await readiness(url)).body.status === 'ready' ? true : undefined));

    // Live across processes again.
    const again = nextEvent<SaleDelta>(onTwo.socket as never, 'sale_changed', undefined, 10_000);
    const after = await call<SaleDelta>(one, 'POST', `/api/sales/sections/create/${sale._id}`, token, {
      name: 'After the outage',
    });
    expect((await again).version).toBe(after.version);
  }, 120_000);
});
