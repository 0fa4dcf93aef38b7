// The realtime connection (docs/product/realtime.md#connecting): Socket.IO on /socket.io with the token in the
// handshake `auth`.
// Created by the screens that need live data (the sale editor, the sales list), and by the shell for an approver's
// notices (app/shell/useApprovalNotices.ts).
import type { ClientToServerEvents, ConnectRefusal, ProblemEvent, ServerToClientEvents } from '@quotewright/contracts';
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

/** Who holds a socket: a screen, or the shell (an approver's notices). Tests tell them apart by it. */
export type SocketHolder = 'screen' | 'shell';

let factory: (holder: SocketHolder) => LiveSocket = connectToServer;

/** A new, not yet connected socket (call `connect()`). */
export function createSocket(holder: SocketHolder = 'screen'): LiveSocket {
  return factory(holder);
}

/** Tests replace the connection with a fake (src/test/fakeSocket.ts); null restores the real one. */
export function setSocketFactory(next: ((holder: SocketHolder) => LiveSocket) | null): void {
  factory = next ?? connectToServer;
}

/**
 * Why the server ended a socket, or would not open one: the session expired or ended (the person must sign in
 * again), or the connection was refused or closed for another reason worth telling (too many open connections,
 * too many messages) — `detail` says it in words.
 */
export type ConnectionEnd = { kind: 'session'; why: 'expired' | 'ended' } | { kind: 'refused'; detail: string };

/**
 * Calls `ended` when the server ends the socket (a `problem` naming the reason comes just before it closes it) or
 * refuses the connection (`connect_error`) for one of the reasons above. Answers the function that stops listening.
 */
export function onConnectionEnd(socket: LiveSocket, ended: (end: ConnectionEnd) => void): () => void {
  // A refusal for too many messages is answered per event while the rate allows; only the one followed by the
  // server closing the socket ends it.
  let rateLimited: string | null = null;
  const onProblem = (p: ProblemEvent) => {
    if (p.code === 'SESSION_EXPIRED') ended({ kind: 'session', why: 'expired' });
    else if (p.code === 'SESSION_ENDED') ended({ kind: 'session', why: 'ended' });
    else if (p.code === 'RATE_LIMITED') rateLimited = p.detail;
  };
  const onDisconnect = (reason: string) => {
    if (reason === 'io server disconnect' && rateLimited) ended({ kind: 'refused', detail: rateLimited });
    rateLimited = null;
  };
  const onRefused = (err: Error & { data?: ConnectRefusal }) => {
    const code = err.data?.code;
    if (code === 'SESSION_EXPIRED') ended({ kind: 'session', why: 'expired' });
    else if (code === 'SESSION_ENDED') ended({ kind: 'session', why: 'ended' });
    else if (code === 'TOO_MANY_CONNECTIONS') ended({ kind: 'refused', detail: err.message });
  };
  socket.on('problem', onProblem);
  socket.on('disconnect', onDisconnect);
  socket.on('connect_error', onRefused);
  return () => {
    socket.off('problem', onProblem);
    socket.off('disconnect', onDisconnect);
    socket.off('connect_error', onRefused);
  };
}
