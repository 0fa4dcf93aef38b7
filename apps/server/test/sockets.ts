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

/**
 * Everything the server has sent the socket so far has arrived: a round trip through the server (an unknown event,
 * refused through its ack) comes back after whatever the server wrote to the socket before answering it, since one
 * connection carries its packets in order. So an emission of an action already answered, or of an event already
 * published on the in-process bus (relayed at once), has been received by then. An emission the server makes later
 * (a timer's, such as the editors announcement) is not covered. A disconnected socket receives nothing more.
 */
export async function roundTrip(socket: ClientSocket): Promise<void> {
  if (!socket.connected) return;
  const answer = (await (socket as unknown as Socket).timeout(5000).emitWithAck('round_trip')) as {
    ok: boolean;
    detail?: string;
  };
  if (answer.ok || answer.detail !== 'Unknown event: round_trip') {
    throw new Error(`the round trip was answered ${JSON.stringify(answer)}`);
  }
}

/**
 * The socket received exactly `expected` `event`s (default: none) once everything the server has sent it so far
 * has arrived (`roundTrip`): what must not reach a socket has not, rather than "not within some milliseconds".
 */
export async function quietFor(socket: ClientSocket, event: string, expected = 0): Promise<void> {
  await roundTrip(socket);
  const got = socket.received.filter((r) => r.event === event);
  if (got.length !== expected) {
    throw new Error(`expected ${expected} ${event}, received ${got.length}: ${JSON.stringify(got.slice(expected))}`);
  }
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
