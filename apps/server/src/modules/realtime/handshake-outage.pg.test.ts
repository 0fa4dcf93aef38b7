// A socket that connects while the database is away (issue #25, found while building the chaos run's reconnecting
// clients): the server cannot check the session. Socket.IO's client never tries a refused handshake again (a
// middleware error ends the socket) while it does reconnect by itself after a lost connection; so the server must not
// refuse — it closes the connection, and the client, like the web app's, comes back once the database does, with no
// reload. (Refused, the web app's sale editor stayed without live changes until the page was reloaded.)
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUrl } from '../../../test/global-setup';
import { createTestApp, createUser, login, type TestApp } from '../../../test/helpers';
import { baseUrl } from '../../../test/sockets';

let t: TestApp;
let url: string;
let admin: pg.Client;
let dbName: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = baseUrl(t.app.server.address());
  const { rows } = await t.database.executeSql('SELECT current_database() AS name');
  dbName = String(rows[0]!.name);
  admin = new pg.Client({ connectionString: adminUrl(process.env.DATABASE_URL!) });
  await admin.connect();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`).catch(() => undefined);
  await admin.end();
  await t.close();
});

describe('a socket handshake while the database is away', () => {
  it('is not refused for good: the client reconnects by itself once the database is back', async () => {
    const user = await createUser(t, { email: `outage-${Date.now()}@realtime.test` });
    // A token no request has used yet: its check needs the database (none is kept in memory).
    const token = await login(t, user.email);
    await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS false`);
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [dbName],
    );
    // As the web app connects: Socket.IO's own reconnection, nothing added (short delays for the test).
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      forceNew: true,
      reconnectionDelay: 100,
      reconnectionDelayMax: 200,
    });
    sockets.push(socket);
    const refusals: unknown[] = [];
    socket.on('connect_error', (err: Error & { data?: unknown }) => {
      if (err.data) refusals.push(err.data);
    });
    // The first try fails: the session cannot be checked.
    await new Promise<void>((resolve) => {
      socket.once('connect_error', () => resolve());
      socket.once('disconnect', () => resolve());
    });
    expect(socket.connected).toBe(false);
    await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no reconnection (refused: ${JSON.stringify(refusals)}, active: ${socket.active})`)),
        15_000,
      );
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    expect(socket.connected).toBe(true);
    expect(refusals).toEqual([]);
  }, 60_000);
});
