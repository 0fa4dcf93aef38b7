// Draining on SIGTERM (shutdown.ts, README "Running several processes"): /api/ready turns 503 at once while the rest
// is served; then no new connection is taken, the request in flight is answered, live sockets are closed at their
// transport (their clients reconnect by themselves, elsewhere), and the process exits 0 once released.
import type { AddressInfo } from 'node:net';
import { createConnection } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freshDatabase, login } from '../test/helpers';
import { baseUrl, connectSocket } from '../test/sockets';
import { buildApp } from './app';
import { testConfig } from './config';
import { drain } from './shutdown';

/** A promise and the function that settles it. */
function gate<T = void>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

const connects = (port: number) =>
  new Promise<boolean>((resolve) => {
    const c = createConnection({ port, host: '127.0.0.1' });
    c.once('connect', () => {
      c.destroy();
      resolve(true);
    });
    c.once('error', () => resolve(false));
  });

let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

it(
  'SIGTERM drains: ready 503 while serving on, then in-flight answered, sockets told to reconnect, exit 0',
  { timeout: 90_000 },
  async () => {
    const config = testConfig({ ADMIN_EMAIL, ADMIN_PASSWORD, JWT_SECRET: 'x'.repeat(40) });
    const app = await buildApp({ config, database, logger: false, workers: false });
    const slow = gate();
    const slowStarted = gate();
    app.get('/test/slow', async () => {
      slowStarted.open();
      await slow.promise;
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = baseUrl(app.server.address());
    const { port } = app.server.address() as AddressInfo;
    const token = await login({ app, database, config, close: async () => {} }, ADMIN_EMAIL, ADMIN_PASSWORD);
    const socket = await connectSocket(url, token);
    const socketClosed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    expect((await fetch(`${url}/api/ready`)).status).toBe(200);

    const inFlight = fetch(`${url}/test/slow`);
    await slowStarted.promise;
    const delay = gate();
    const waited = gate<number>();
    const released = gate();
    const exited = gate<number>();
    const drained = drain(app, 'SIGTERM', {
      delayMs: 5_000,
      timeoutMs: 60_000,
      wait: (ms) => {
        waited.open(ms);
        return delay.promise;
      },
      release: async () => released.open(),
      exit: (code) => exited.open(code),
    });

    // During the delay: not ready (the balancer moves on), everything else still served, new connections taken.
    expect(await waited.promise).toBe(5_000);
    const ready = await fetch(`${url}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ code: 'DRAINING' });
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('connection')).toBe('close');
    expect(socket.connected).toBe(true);

    // Then it closes: the socket at its transport (the client's own reconnection applies), no new connection.
    delay.open();
    expect(await socketClosed).toBe('transport close');
    await expect.poll(() => connects(port), { timeout: 10_000 }).toBe(false);

    // The request in flight is still answered, then the app finishes closing, is released, exits 0.
    slow.open();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ done: true });
    await drained;
    await released.promise;
    expect(await exited.promise).toBe(0);
    socket.close();
  },
);
