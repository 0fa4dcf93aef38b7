// The session behind a socket (docs/product/realtime.md#connecting, #authentication-and-session-end): the token is
// checked at the handshake and again before each inbound event, a changed user's sockets are checked at once, and
// a socket ends at its token's expiry.
import { randomUUID } from 'node:crypto';
import type { ConnectRefusal } from '@quotewright/contracts';
import { decodeJwt } from 'jose';
import { can } from '../../policy';
import { type RealtimeContext, type RealtimeServer, type RealtimeSocket, SALES_ROOM } from './context';
import { type Admit, TOO_MANY_CONNECTIONS } from './limits';
import type { Rooms } from './rooms';

/** setTimeout's longest delay (a signed 32-bit number of ms); a token living longer is re-armed on the way. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const SESSION_ENDED = 'Please sign in again: your session is missing, expired or ended';
const SESSION_EXPIRED = 'Session expired — sign in again';

/** The expiry (ms) a token claims; only read for a token that was verified, or to word a refusal. */
function claimedExpiry(token: string): number | undefined {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The handshake: the token (`auth.token`) must be a valid session, and its user within MAX_CONNECTIONS_PER_USER
 * (`admit`); the socket then carries them (SocketData).
 */
export function sessionHandshake(ctx: RealtimeContext, admit: Admit): Parameters<RealtimeServer['use']>[0] {
  return async (socket, next) => {
    const raw: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
    const token = typeof raw === 'string' && raw.length < 8192 ? raw : undefined;
    const refuse = (status: number, message: string, code?: ConnectRefusal['code']) =>
      next(
        Object.assign(new Error(message), { data: (code ? { status, code } : { status }) satisfies ConnectRefusal }),
      );
    try {
      const user = token ? await ctx.deps.auth.authenticate(token) : null;
      const expiresAt = token ? claimedExpiry(token) : undefined;
      if (!user || !token || expiresAt === undefined) {
        return expiresAt !== undefined && expiresAt <= Date.now()
          ? refuse(401, SESSION_EXPIRED, 'SESSION_EXPIRED')
          : refuse(401, SESSION_ENDED, 'SESSION_ENDED');
      }
      // The client left during the check: nothing to count.
      if (socket.conn.readyState !== 'open') return refuse(499, 'The connection was closed');
      if (!admit(socket, user.id)) return refuse(429, TOO_MANY_CONNECTIONS, 'TOO_MANY_CONNECTIONS');
      socket.data = { token, expiresAt, user, sale: null, joinedAt: 0, line: null, presenceKey: randomUUID() };
      next();
    } catch (err) {
      // The session could not be checked (the database did not answer): not a refusal. Socket.IO's client never
      // tries a refused handshake again, while it reconnects by itself (with its backoff) after a lost connection:
      // so the connection is closed under it, and the client comes back once the database does.
      ctx.deps.log.error({ err }, 'realtime handshake failed: closing the connection (the client reconnects)');
      socket.conn.close();
      refuse(503, 'The server could not check your session; try again shortly');
    }
  };
}

/** Why the socket's session is over: its token expired, or it was ended (password, account). */
export function sessionOver(socket: RealtimeSocket) {
  return socket.data.expiresAt <= Date.now()
    ? ({ code: 'SESSION_EXPIRED', detail: SESSION_EXPIRED } as const)
    : ({ code: 'SESSION_ENDED', detail: SESSION_ENDED } as const);
}

/** Tells the socket why (a `problem` naming the event that found out) and disconnects it. */
export function endSession(socket: RealtimeSocket, event = 'session') {
  socket.emit('problem', { event, status: 401, ...sessionOver(socket) });
  socket.disconnect(true);
}

/**
 * The token's expiry ends the socket then (its rooms left, nothing more sent), without waiting for an event.
 * Answers what stops the watch (the socket disconnected).
 */
export function watchExpiry(socket: RealtimeSocket): () => void {
  let expiry: NodeJS.Timeout | undefined;
  const check = () => {
    const wait = socket.data.expiresAt - Date.now();
    if (wait > 0) expiry = setTimeout(check, Math.min(wait, MAX_TIMER_MS));
    else endSession(socket);
  };
  check();
  return () => clearTimeout(expiry);
}

export function createSessions(ctx: RealtimeContext, rooms: Pick<Rooms, 'leaveSale'>) {
  /**
   * The user behind the socket, checked again before each inbound event: a deleted user, a changed password (token
   * version) or an expired token ends the socket; changed rights take effect (the sales rooms are left).
   */
  async function recheck(socket: RealtimeSocket): Promise<boolean> {
    const user = await ctx.deps.auth.authenticate(socket.data.token);
    if (!user) return false;
    socket.data.user = user;
    if (!can(user, 'sales.view')) {
      await socket.leave(SALES_ROOM);
      await rooms.leaveSale(socket);
    }
    return true;
  }

  /**
   * A user's rights, password or account changed: this process's sockets of that user are checked at once (rooms
   * left without view rights; a deleted user or ended session disconnected), not at their next inbound event.
   */
  async function recheckUser(userId: string) {
    const mine = [...ctx.io.of('/').sockets.values()].filter((s) => s.data.user?.id === userId);
    await Promise.all(
      mine.map(async (socket) => {
        try {
          if (!(await recheck(socket))) endSession(socket);
        } catch (err) {
          ctx.deps.log.warn(
            { err: err instanceof Error ? err.message : String(err), userId },
            'could not recheck a socket',
          );
        }
      }),
    );
  }

  return { recheck, recheckUser };
}
export type Sessions = ReturnType<typeof createSessions>;
