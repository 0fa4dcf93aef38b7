// The realtime connection (DESIGN §8): Socket.IO on /socket.io with the token in the handshake `auth`.
// Created by the screens that need live data (the sale editor, the sales list); the shell only displays editors.
import type { ClientToServerEvents, ServerToClientEvents } from '@quotewright/contracts';
import { io, type Socket } from 'socket.io-client';
import { readToken } from './token';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

function connectToServer(): LiveSocket {
  return io({
    path: '/socket.io',
    autoConnect: false,
    transports: ['websocket', 'polling'],
    // Read at every (re)connection: a new sign-in's token is used.
    auth: (cb) => cb({ token: readToken() }),
  });
}

let factory: () => LiveSocket = connectToServer;

/** A new, not yet connected socket (call `connect()`). */
export function createSocket(): LiveSocket {
  return factory();
}

/** Tests replace the connection with a fake (src/test/fakeSocket.ts); null restores the real one. */
export function setSocketFactory(next: (() => LiveSocket) | null): void {
  factory = next ?? connectToServer;
}
