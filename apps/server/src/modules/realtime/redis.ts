// The Redis connections of the Socket.IO Redis adapter (REDIS_URL: rooms span every process sharing that Redis).
import { createClient } from 'redis';
import type { RealtimeDeps } from './context';

/**
 * Two Redis connections (publish, subscribe) for the adapter; the start fails clearly when Redis cannot be reached.
 * `onResubscribed` is called each time the subscribing connection is back after a loss (its channels subscribed
 * again): what other processes published meanwhile never reached this one.
 */
export async function redisClients(url: string, log: RealtimeDeps['log']) {
  let connected = false;
  const pub = createClient({
    url,
    socket: {
      // At start: three tries, then the start fails. Once connected: reconnect for ever, backing off up to 1 s (a
      // try a second while it is away costs nothing; changes cross processes again within a second of its return).
      reconnectStrategy: (retries, cause) =>
        connected ? Math.min(100 * 2 ** retries, 1000) : retries >= 3 ? cause : 200 * (retries + 1),
    },
  });
  const sub = pub.duplicate();
  let lastError = '';
  for (const client of [pub, sub]) {
    client.on('error', (err: Error) => {
      // One line per distinct failure, not one per retry.
      if (err.message !== lastError) log.error({ err: err.message }, 'Redis connection error (realtime adapter)');
      lastError = err.message;
    });
  }
  try {
    await Promise.all([pub.connect(), sub.connect()]);
  } catch (err) {
    await Promise.allSettled([pub.disconnect(), sub.disconnect()]);
    throw new Error(`cannot reach Redis at REDIS_URL (${err instanceof Error ? err.message : String(err)})`);
  }
  connected = true;
  const resubscribed: (() => void)[] = [];
  // 'ready' after connect() resolved: a reconnection (node-redis subscribes the channels again before it says so).
  sub.on('ready', () => {
    for (const fn of resubscribed) fn();
  });
  return {
    pub,
    sub,
    onResubscribed(fn: () => void) {
      resubscribed.push(fn);
    },
  };
}
