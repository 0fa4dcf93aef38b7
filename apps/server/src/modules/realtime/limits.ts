// Limits of the realtime gateway (docs/product/realtime.md#limits).
//
// A person's browser sends an event when it opens a sale (identify) or clicks Publish (sync_odoo): a few in a burst
// (a reconnection re-identifies; a quick succession of sales opened), never several per second for long. Each
// socket has a token bucket: INBOUND_BURST events at once, refilled at INBOUND_PER_SECOND. An event beyond it is
// refused (429, through its ack or a `problem`) without being handled or queued; a socket that keeps sending
// regardless is disconnected after INBOUND_REFUSALS_BEFORE_DISCONNECT refusals in a row.
import { ackOf, eventName, type RealtimeContext, type RealtimeSocket } from './context';

/** Inbound payloads are small: a sale id. */
export const MAX_MESSAGE_BYTES = 16 * 1024;
/** Events a socket may send at once. */
export const INBOUND_BURST = 20;
/** Events per second a socket may keep sending. */
export const INBOUND_PER_SECOND = 5;
/** Refused events in a row (none accepted in between) after which the socket is disconnected. */
export const INBOUND_REFUSALS_BEFORE_DISCONNECT = 10;
/**
 * Open sockets per user on one process: several tabs (each sale editor and the sales list hold one) and devices
 * stay well within it; a script opening hundreds is refused (429) at the handshake.
 */
export const MAX_CONNECTIONS_PER_USER = 20;
/**
 * The editors of a sale are announced at most once per interval per room: joins and leaves within it are sent as
 * one list, computed when the interval ends (so the last state is the one sent).
 */
export const EDITORS_INTERVAL_MS = 200;

const SLOW_DOWN = 'Too many messages: slow down and try again in a moment';
const TOO_MANY_DISCONNECTED = 'Too many messages: the connection was closed';
export const TOO_MANY_CONNECTIONS = `Too many open connections for this account (at most ${MAX_CONNECTIONS_PER_USER}): close some tabs or windows and reload`;

/**
 * Counts the sockets of each user on this process, from the handshake until the socket or its transport closes:
 * `admit` counts one more, or answers false when its user has MAX_CONNECTIONS_PER_USER already.
 */
export function connectionCounter() {
  const connections = new Map<string, number>();
  return function admit(socket: RealtimeSocket, userId: string): boolean {
    const count = connections.get(userId) ?? 0;
    if (count >= MAX_CONNECTIONS_PER_USER) return false;
    connections.set(userId, count + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (connections.get(userId) ?? 1) - 1;
      if (left > 0) connections.set(userId, left);
      else connections.delete(userId);
    };
    // `disconnect` once connected; the transport's close also covers a client gone before the connection completed.
    socket.on('disconnect', release);
    socket.conn.once('close', release);
    return true;
  };
}
export type Admit = ReturnType<typeof connectionCounter>;

/**
 * The token bucket of one socket's inbound events: `take` answers 0 when an event may go on, else how many events
 * have been refused in a row, this one included.
 */
export function inboundRate() {
  let tokens = INBOUND_BURST;
  let refilledAt = Date.now();
  let refusalsInARow = 0;
  return {
    take(): number {
      const now = Date.now();
      tokens = Math.min(INBOUND_BURST, tokens + ((now - refilledAt) / 1000) * INBOUND_PER_SECOND);
      refilledAt = now;
      if (tokens < 1) return ++refusalsInARow;
      tokens -= 1;
      refusalsInARow = 0;
      return 0;
    },
  };
}

/** An event beyond the socket's rate: refused unhandled; the last refusal allowed closes the socket. */
export function refuseTooMany(ctx: RealtimeContext, socket: RealtimeSocket, packet: unknown[], refusalsInARow: number) {
  const [rawEvent, ...args] = packet;
  const event = eventName(rawEvent);
  const ack = ackOf(args);
  const last = refusalsInARow >= INBOUND_REFUSALS_BEFORE_DISCONNECT;
  const detail = last ? TOO_MANY_DISCONNECTED : SLOW_DOWN;
  ack?.({ ok: false, detail });
  if (!ack || last) socket.emit('problem', { event, status: 429, code: 'RATE_LIMITED', detail });
  if (last) {
    ctx.deps.log.warn({ userId: socket.data.user.id, event }, 'a socket kept sending beyond its rate: disconnected');
    socket.disconnect(true);
  }
}
