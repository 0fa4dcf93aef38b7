// Socket.IO clients for the realtime tests: connect with a token, wait for an event, record everything received.
import type { AddressInfo } from 'node:net';
import type { ClientToServerEvents, ServerToClientEvents } from '@quotewright/contracts';
import { io as connectClient, type Socket } from 'socket.io-client';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents> & {
  /** Every event received since the connection, in order. */
  received: { event: string; args: unknown[] }[];
};

export function baseUrl(address: AddressInfo | string | null): string {
  if (!address || typeof address === 'string') throw new Error('the server is not listening on a TCP port');
  return `http://127.0.0.1:${address.port}`;
}

/** A connected socket, or the connect_error (with its message and `data.status`). */
export function connectSocket(url: string, token: string | null): Promise<ClientSocket> {
  const socket = connectClient(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
    forceNew: true,
  }) as ClientSocket;
  socket.received = [];
  socket.onAny((event: string, ...args: unknown[]) => socket.received.push({ event, args }));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** The first event `event` (received from now on, or already received when `past`) that `match` accepts. */
export function nextEvent<T = unknown>(
  socket: ClientSocket,
  event: string,
  match: (payload: T) => boolean = () => true,
  timeoutMs = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event as never, listener as never);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event as never, listener as never);
      resolve(payload);
    };
    socket.on(event as never, listener as never);
  });
}

/** Emits `identify` and answers the ack. */
export function identify(socket: ClientSocket, sale: string | null): Promise<{ ok: boolean; detail?: string }> {
  return socket.timeout(5000).emitWithAck('identify', { sale });
}

/** Nothing of `event` arrives within `ms` (after the events already on their way). */
export async function quietFor(socket: ClientSocket, event: string, ms = 300): Promise<void> {
  const before = socket.received.filter((r) => r.event === event).length;
  await new Promise((r) => setTimeout(r, ms));
  const after = socket.received.filter((r) => r.event === event).length;
  if (after !== before) throw new Error(`unexpected ${event}: ${JSON.stringify(socket.received.slice(-1))}`);
}

/**
 * Resolves once the LAST `event` the socket received (already, or from now on) satisfies `match`: the settled
 * state of something announced several times (editors), whether or not it has arrived yet.
 */
export function settled<T = unknown>(
  socket: ClientSocket,
  event: string,
  match: (payload: T) => boolean,
  timeoutMs = 5000,
): Promise<T> {
  const last = () => socket.received.filter((r) => r.event === event).at(-1)?.args[0] as T | undefined;
  const now = last();
  if (now !== undefined && match(now)) return Promise.resolve(now);
  return nextEvent<T>(socket, event, match, timeoutMs).catch(() => {
    throw new Error(`${event} did not settle within ${timeoutMs} ms; last: ${JSON.stringify(last())}`);
  });
}

/** How many `event` the socket received. */
export const countOf = (socket: ClientSocket, event: string): number =>
  socket.received.filter((r) => r.event === event).length;
