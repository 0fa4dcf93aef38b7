// Live co-editing (docs/product/realtime.md): a Socket.IO server on the app's HTTP server (path /socket.io) between the
// in-process SaleEvents bus and the browsers. With REDIS_URL the Redis adapter makes rooms span processes: an event
// is emitted once, by the process whose service published it, and reaches every process's sockets in that room.
import { randomUUID } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import {
  type Actor,
  type ClientToServerEvents,
  type ConnectRefusal,
  editingPayload,
  type IdentifyPayload,
  identifyPayload,
  type PresenceCell,
  type ServerToClientEvents,
  syncOdooPayload,
} from '@quotewright/contracts';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { decodeJwt } from 'jose';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import { AppError } from '../../errors';
import type { SaleEvent, SaleEvents } from '../../infra/sale-events';
import { type AuthUser, can } from '../../policy';
import type { AuthService } from '../auth/auth.service';
import { type SaleSyncService, SyncProblemsError } from '../sales/sale-sync.service';
import type { SalesService } from '../sales/sales.service';

/** Every client → server event the gateway accepts; anything else is answered `problem` 404. */
export const INBOUND_EVENTS = ['identify', 'sync_odoo', 'editing'] as const;
/** Every server → client event (the authorization matrix has a row for each). */
export const OUTBOUND_EVENTS = [
  'editors',
  'sale_changed',
  'sale_replaced',
  'sale_deleted',
  'sales_changed',
  'odoo_sync_status',
  'presence',
  'value_replaced',
  'problem',
] as const;

/** The room of every socket whose user may view sales (the sales list refetches on `sales_changed`). */
export const SALES_ROOM = 'sales';
export const saleRoom = (saleId: string) => `sale:${saleId}`;

/** Inbound payloads are small: a sale id. */
const MAX_MESSAGE_BYTES = 16 * 1024;

// ─── Limits ─────────────────────────────────────────────────────────────────────────────────────────────────────────
// A person's browser sends an event when it opens a sale (identify) or clicks Publish (sync_odoo): a few in a burst
// (a reconnection re-identifies; a quick succession of sales opened), never several per second for long. Each
// socket has a token bucket: INBOUND_BURST events at once, refilled at INBOUND_PER_SECOND. An event beyond it is
// refused (429, through its ack or a `problem`) without being handled or queued; a socket that keeps sending
// regardless is disconnected after INBOUND_REFUSALS_BEFORE_DISCONNECT refusals in a row.

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
/** setTimeout's longest delay (a signed 32-bit number of ms); a token living longer is re-armed on the way. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface SocketData {
  token: string;
  /** When the token expires (ms since the epoch): the socket is ended then. */
  expiresAt: number;
  user: AuthUser;
  /** The sale whose room the socket is in. */
  sale: string | null;
  /** When it joined that room (editors are listed in join order). */
  joinedAt: number;
  /** The line of that sale whose cell this socket has open (presence), or null. */
  line: string | null;
  /** Tells this socket's open cell apart from others of the same person (another tab) in `presence`. */
  presenceKey: string;
}
/** Between processes (Redis adapter): a user changed, each process checks its own sockets of that user. */
interface InterServerEvents {
  user_changed(userId: string): void;
  /** Someone joined or left a sale's room on the sending process: each process tells its own sockets in it. */
  editors_changed(saleId: string): void;
}
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export interface RealtimeDeps {
  auth: Pick<AuthService, 'authenticate' | 'forget'>;
  sales: Pick<SalesService, 'watchVersion'>;
  /** Publish/sync to the ERP (sync_odoo); without it the event is refused. */
  saleSync?: Pick<SaleSyncService, 'start'>;
  events: SaleEvents;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** redis://… : rooms span every process sharing this Redis. */
  redisUrl?: string | undefined;
}

export interface Realtime {
  io: RealtimeServer;
  /** Disconnects every socket, stops relaying, closes the Redis connections. */
  close(): Promise<void>;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** More for the ack (e.g. the problems that block a publish). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

const SESSION_ENDED = 'Please sign in again: your session is missing, expired or ended';
const SESSION_EXPIRED = 'Session expired — sign in again';
const SLOW_DOWN = 'Too many messages: slow down and try again in a moment';
const TOO_MANY_DISCONNECTED = 'Too many messages: the connection was closed';
const TOO_MANY_CONNECTIONS = `Too many open connections for this account (at most ${MAX_CONNECTIONS_PER_USER}): close some tabs or windows and reload`;

/** The expiry (ms) a token claims; only read for a token that was verified, or to word a refusal. */
function claimedExpiry(token: string): number | undefined {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** Zod issues of a strict object → one line ("sale: Unknown sale id; Unknown field: user"). */
function describeIssues(
  issues: readonly { code: string; path: readonly PropertyKey[]; message: string; keys?: string[] }[],
) {
  return issues
    .map((i) =>
      i.code === 'unrecognized_keys' && i.keys
        ? i.keys.map((k) => `Unknown field: ${k}`).join('; ')
        : `${i.path.map(String).join('.') || 'payload'}: ${i.message}`,
    )
    .join('; ');
}

/** Two Redis connections (publish, subscribe) for the adapter; the start fails clearly when Redis cannot be reached. */
async function redisClients(url: string, log: RealtimeDeps['log']) {
  let connected = false;
  const pub = createClient({
    url,
    socket: {
      // At start: three tries, then the start fails. Once connected: reconnect for ever, backing off up to 5 s.
      reconnectStrategy: (retries, cause) =>
        connected ? Math.min(200 * 2 ** retries, 5000) : retries >= 3 ? cause : 200 * (retries + 1),
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
  return { pub, sub };
}

/**
 * When a socket joined a sale: wall-clock milliseconds (comparable between processes), strictly increasing within
 * this process, so two joins in the same millisecond keep their order in the editors list.
 */
let lastJoin = 0;
const joinTime = () => {
  lastJoin = Math.max(Date.now(), lastJoin + 0.001);
  return lastJoin;
};

export async function createRealtime(httpServer: HttpServer, deps: RealtimeDeps): Promise<Realtime> {
  const { auth, sales, events, log } = deps;
  // Redis first: when it cannot be reached the start fails before anything is attached to the HTTP server.
  const redis = deps.redisUrl ? await redisClients(deps.redisUrl, log) : undefined;
  const io: RealtimeServer = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
  });
  let closed = false;
  if (redis) {
    io.adapter(createAdapter(redis.pub, redis.sub, { key: 'quotewright' }));
    io.on('user_changed', (userId) => {
      // Another process changed this user: its requests here must not be answered from the checked-token cache.
      auth.forget(userId);
      void recheckUser(userId);
    });
    io.on('editors_changed', (saleId) => {
      // Only a process with sockets in that room has someone to tell.
      if (io.of('/').adapter.rooms.get(saleRoom(saleId))?.size) editorsChanged(saleId, false);
    });
  }

  // ─── Editors ────────────────────────────────────────────────────────────────────────────────────────────────
  // A join or leave marks the sale's room; once EDITORS_INTERVAL_MS has passed the list is read from every process
  // and each process sends it to ITS sockets in the room whose last list differs. A second tab of someone already
  // listed, or a repeated identify, tells nobody but that tab; a burst of joins is one list per socket.

  /** What this process last sent each of its sockets (the sale and its list). */
  const toldEditors = new WeakMap<RealtimeSocket, string>();
  /** Rooms with an announcement due: its timer, the one being sent, whether the other processes must be told. */
  const editorsDue = new Map<
    string,
    { timer: NodeJS.Timeout | undefined; sending: Promise<void>; tellOthers: boolean }
  >();

  /** Who is in a sale's room (on every process), one entry per user in order of first join. */
  async function listEditors(saleId: string): Promise<Actor[]> {
    const sockets = await io.in(saleRoom(saleId)).fetchSockets();
    const first = new Map<string, { editor: Actor; at: number }>();
    for (const s of sockets) {
      const d = s.data as Partial<SocketData> | undefined;
      if (!d?.user || d.sale !== saleId) continue;
      const seen = first.get(d.user.id);
      if (!seen || (d.joinedAt ?? 0) < seen.at) {
        first.set(d.user.id, { editor: { id: d.user.id, name: d.user.name }, at: d.joinedAt ?? 0 });
      }
    }
    return [...first.values()]
      .sort((a, b) => a.at - b.at || a.editor.id.localeCompare(b.editor.id))
      .map((e) => e.editor);
  }

  /** Sends the room's list to this process's sockets in it that were not sent this very list last. */
  async function tellEditors(saleId: string) {
    const room = saleRoom(saleId);
    if (!io.of('/').adapter.rooms.get(room)?.size) return;
    try {
      const payload = { saleId, editors: await listEditors(saleId) };
      const key = JSON.stringify(payload);
      const to: string[] = [];
      for (const id of io.of('/').adapter.rooms.get(room) ?? []) {
        const socket = io.of('/').sockets.get(id);
        if (!socket || socket.data.sale !== saleId || toldEditors.get(socket) === key) continue;
        toldEditors.set(socket, key);
        to.push(id);
      }
      // Each socket is a room of its own id: one encoded packet for all of them.
      if (to.length) io.local.to(to).emit('editors', payload);
    } catch (err) {
      log.warn(
        { err: err instanceof Error ? err.message : String(err), saleId },
        'could not list the editors of a sale',
      );
    }
  }

  /** Someone joined or left the sale's room (here, or on another process when `!tellOthers`). */
  function editorsChanged(saleId: string, tellOthers = true) {
    if (closed) return;
    let due = editorsDue.get(saleId);
    if (!due) {
      due = { timer: undefined, sending: Promise.resolve(), tellOthers: false };
      editorsDue.set(saleId, due);
    }
    due.tellOthers ||= tellOthers;
    if (due.timer) return;
    const entry = due;
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      if (closed) return;
      if (entry.tellOthers && redis) io.serverSideEmit('editors_changed', saleId);
      entry.tellOthers = false;
      // One announcement at a time per room: a slow one never lands after the next, fresher one.
      const sending = entry.sending.then(() => tellEditors(saleId));
      entry.sending = sending;
      void sending.then(() => {
        if (entry.sending === sending && !entry.timer && editorsDue.get(saleId) === entry) editorsDue.delete(saleId);
      });
    }, EDITORS_INTERVAL_MS);
  }

  async function leaveSale(socket: RealtimeSocket) {
    const previous = socket.data.sale;
    if (!previous) return;
    socket.data.sale = null;
    toldEditors.delete(socket);
    await socket.leave(saleRoom(previous));
    closedCell(socket, previous);
    editorsChanged(previous);
  }

  // ─── Presence ───────────────────────────────────────────────────────────────────────────────────────────────
  // Whose cell is open on which row: each socket of a sale's room says which line's cell it has open (`editing`);
  // the others in the room are told at once (`presence`), a socket joining is told every open cell of the sale,
  // and a socket leaving the sale or disconnecting closes its cell for the others.

  const cellOf = (data: Pick<SocketData, 'user' | 'presenceKey' | 'line'>): PresenceCell => ({
    key: data.presenceKey,
    user: { id: data.user.id, name: data.user.name },
    line: data.line,
  });

  /** The socket, which left `saleId` (or is gone), had a cell open there: the others see it closed. */
  function closedCell(socket: RealtimeSocket, saleId: string) {
    if (socket.data.line === null || socket.data.line === undefined) return;
    socket.data.line = null;
    io.to(saleRoom(saleId)).emit('presence', { saleId, all: false, cells: [cellOf(socket.data)] });
  }

  /** Every open cell of the sale (on every process), to a socket that just joined its room. */
  async function tellPresence(socket: RealtimeSocket, saleId: string) {
    const sockets = await io.in(saleRoom(saleId)).fetchSockets();
    const cells: PresenceCell[] = [];
    for (const s of sockets) {
      const d = s.data as Partial<SocketData> | undefined;
      if (!d?.user || d.sale !== saleId || !d.line || !d.presenceKey || s.id === socket.id) continue;
      cells.push(cellOf({ user: d.user, presenceKey: d.presenceKey, line: d.line }));
    }
    if (socket.data.sale === saleId) socket.emit('presence', { saleId, all: true, cells });
  }

  /** `editing {sale, line}`: the line whose cell the socket has open in the sale it joined (null: none). */
  async function editing(socket: RealtimeSocket, args: unknown[]): Promise<undefined> {
    if (args.length !== 1) throw new Refusal(400, 'editing takes one payload: {sale, line}');
    const parsed = editingPayload.safeParse(args[0]);
    if (!parsed.success) throw new Refusal(400, describeIssues(parsed.error.issues));
    const { sale, line } = parsed.data;
    if (socket.data.sale !== sale) throw new Refusal(400, 'Open the sale first (identify), then its cells');
    if (line !== null && !can(socket.data.user, 'sales.edit'))
      throw new Refusal(403, 'You do not have permission to edit sales');
    if (socket.data.line === line) return undefined;
    socket.data.line = line;
    socket.to(saleRoom(sale)).emit('presence', { saleId: sale, all: false, cells: [cellOf(socket.data)] });
    return undefined;
  }

  // ─── Inbound events ─────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Joins the sale's room and answers the sale's version read AFTER joining: every change committed later reaches
   * this socket as a delta, and a client holding an older version (a change between its GET and this join) knows to
   * read the sale again. Identifying the sale already joined answers the version and changes nothing else.
   */
  async function identify(socket: RealtimeSocket, args: unknown[]): Promise<{ version: number } | undefined> {
    if (args.length !== 1) throw new Refusal(400, 'identify takes one payload: {sale}');
    const parsed = identifyPayload.safeParse(args[0]);
    if (!parsed.success) throw new Refusal(400, describeIssues(parsed.error.issues));
    const { sale }: IdentifyPayload = parsed.data;
    if (sale === null) {
      await leaveSale(socket);
      return undefined;
    }
    const user = socket.data.user;
    if (!can(user, 'sales.view')) throw new Refusal(403, 'You do not have permission to view sales');
    let joined = false;
    if (socket.data.sale !== sale) {
      await leaveSale(socket);
      // A socket closed meanwhile must not be left behind in a room.
      if (!socket.connected) return undefined;
      socket.data.sale = sale;
      socket.data.joinedAt = joinTime();
      await socket.join(saleRoom(sale));
      joined = true;
    }
    const version = await sales.watchVersion(user, sale);
    if (version === undefined) {
      await leaveSale(socket);
      throw new Refusal(404, 'Sale not found');
    }
    if (joined) {
      editorsChanged(sale);
      await tellPresence(socket, sale);
    }
    return { version };
  }

  /**
   * Publish or sync a sale to the ERP (decision 0011): full rights on sales, a draft/sent sale, nothing the ERP would
   * refuse. The ack answers the run started, or the one already under way; progress follows as odoo_sync_status
   * to the sale's room.
   */
  async function syncOdoo(socket: RealtimeSocket, args: unknown[]): Promise<Record<string, unknown>> {
    if (args.length !== 1) throw new Refusal(400, 'sync_odoo takes one payload: {sale, create_new}');
    const parsed = syncOdooPayload.safeParse(args[0]);
    if (!parsed.success) throw new Refusal(400, describeIssues(parsed.error.issues));
    if (!deps.saleSync) throw new Refusal(503, 'Publishing to the ERP is not available on this server');
    try {
      const { started, status } = await deps.saleSync.start(socket.data.user, parsed.data.sale, parsed.data.create_new);
      return { started, status };
    } catch (err) {
      if (err instanceof SyncProblemsError) throw new Refusal(err.status, err.message, { problems: err.problems });
      throw err;
    }
  }

  /**
   * The user behind the socket, checked again before each inbound event: a deleted user, a changed password (token
   * version) or an expired token ends the socket; changed rights take effect (the sales rooms are left).
   */
  async function recheck(socket: RealtimeSocket): Promise<boolean> {
    const user = await auth.authenticate(socket.data.token);
    if (!user) return false;
    socket.data.user = user;
    if (!can(user, 'sales.view')) {
      await socket.leave(SALES_ROOM);
      await leaveSale(socket);
    }
    return true;
  }

  /** Why the socket's session is over: its token expired, or it was ended (password, account). */
  function sessionOver(socket: RealtimeSocket) {
    return socket.data.expiresAt <= Date.now()
      ? ({ code: 'SESSION_EXPIRED', detail: SESSION_EXPIRED } as const)
      : ({ code: 'SESSION_ENDED', detail: SESSION_ENDED } as const);
  }

  /** Tells the socket why (a `problem` naming the event that found out) and disconnects it. */
  function endSession(socket: RealtimeSocket, event = 'session') {
    socket.emit('problem', { event, status: 401, ...sessionOver(socket) });
    socket.disconnect(true);
  }

  /**
   * A user's rights, password or account changed: this process's sockets of that user are checked at once (rooms
   * left without view rights; a deleted user or ended session disconnected), not at their next inbound event.
   */
  async function recheckUser(userId: string) {
    const mine = [...io.of('/').sockets.values()].filter((s) => s.data.user?.id === userId);
    await Promise.all(
      mine.map(async (socket) => {
        try {
          if (!(await recheck(socket))) endSession(socket);
        } catch (err) {
          log.warn({ err: err instanceof Error ? err.message : String(err), userId }, 'could not recheck a socket');
        }
      }),
    );
  }

  /** Each handler answers what the ack carries beside `ok: true` (nothing for most). */
  const handlers: Record<
    (typeof INBOUND_EVENTS)[number],
    (socket: RealtimeSocket, args: unknown[]) => Promise<Record<string, unknown> | undefined>
  > = {
    identify: identify,
    sync_odoo: syncOdoo,
    editing: editing,
  };

  const eventName = (raw: unknown) => (typeof raw === 'string' ? raw.slice(0, 100) : String(raw));
  const ackOf = (args: unknown[]) =>
    typeof args.at(-1) === 'function' ? (args.pop() as (answer: unknown) => void) : undefined;

  /** One inbound event: never throws; a refusal is answered through the ack, or a `problem` event without one. */
  async function dispatch(socket: RealtimeSocket, packet: unknown[]) {
    const [rawEvent, ...args] = packet;
    const event = eventName(rawEvent);
    const ack = ackOf(args);
    const refuse = (status: number, detail: string, extra?: Record<string, unknown>) => {
      if (ack) ack({ ...extra, ok: false, detail });
      else socket.emit('problem', { event, status, detail });
    };
    // Events still queued when the socket closed are not handled.
    if (!socket.connected) return;
    try {
      if (!(await recheck(socket))) {
        ack?.({ ok: false, detail: sessionOver(socket).detail });
        endSession(socket, event);
        return;
      }
      const handler = Object.hasOwn(handlers, event) ? handlers[event as keyof typeof handlers] : undefined;
      if (!handler) return refuse(404, `Unknown event: ${event}`);
      const answer = await handler(socket, args);
      ack?.({ ...answer, ok: true });
    } catch (err) {
      if (err instanceof Refusal) return refuse(err.status, err.message, err.extra);
      if (err instanceof AppError) return refuse(err.status, err.message);
      log.error({ err, event }, 'realtime event failed');
      refuse(500, 'The server could not handle this event; try again shortly');
    }
  }

  /** An event beyond the socket's rate: refused unhandled; the last refusal allowed closes the socket. */
  function refuseTooMany(socket: RealtimeSocket, packet: unknown[], refusalsInARow: number) {
    const [rawEvent, ...args] = packet;
    const event = eventName(rawEvent);
    const ack = ackOf(args);
    const last = refusalsInARow >= INBOUND_REFUSALS_BEFORE_DISCONNECT;
    const detail = last ? TOO_MANY_DISCONNECTED : SLOW_DOWN;
    ack?.({ ok: false, detail });
    if (!ack || last) socket.emit('problem', { event, status: 429, code: 'RATE_LIMITED', detail });
    if (last) {
      log.warn({ userId: socket.data.user.id, event }, 'a socket kept sending beyond its rate: disconnected');
      socket.disconnect(true);
    }
  }

  // ─── Connections ────────────────────────────────────────────────────────────────────────────────────────────

  /** Sockets of each user on this process, counted from the handshake until the socket or its transport closes. */
  const connections = new Map<string, number>();
  function admit(socket: RealtimeSocket, userId: string): boolean {
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
  }

  io.use(async (socket, next) => {
    const raw: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
    const token = typeof raw === 'string' && raw.length < 8192 ? raw : undefined;
    const refuse = (status: number, message: string, code?: ConnectRefusal['code']) =>
      next(
        Object.assign(new Error(message), { data: (code ? { status, code } : { status }) satisfies ConnectRefusal }),
      );
    try {
      const user = token ? await auth.authenticate(token) : null;
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
      log.error({ err }, 'realtime handshake failed');
      refuse(503, 'The server could not check your session; try again shortly');
    }
  });

  io.on('connection', (socket) => {
    if (can(socket.data.user, 'sales.view')) void socket.join(SALES_ROOM);

    // The token's expiry ends the socket then (its rooms left, nothing more sent), without waiting for an event.
    let expiry: NodeJS.Timeout | undefined;
    const watchExpiry = () => {
      const wait = socket.data.expiresAt - Date.now();
      if (wait > 0) expiry = setTimeout(watchExpiry, Math.min(wait, MAX_TIMER_MS));
      else endSession(socket);
    };
    watchExpiry();

    // Inbound events run one at a time per socket, in arrival order (an identify never overtakes the previous one),
    // at most INBOUND_BURST at once and INBOUND_PER_SECOND on average: one over is refused before it is queued.
    let queue = Promise.resolve();
    let tokens = INBOUND_BURST;
    let refilledAt = Date.now();
    let refusalsInARow = 0;
    socket.use((packet) => {
      const now = Date.now();
      tokens = Math.min(INBOUND_BURST, tokens + ((now - refilledAt) / 1000) * INBOUND_PER_SECOND);
      refilledAt = now;
      if (tokens < 1) return refuseTooMany(socket, packet, ++refusalsInARow);
      tokens -= 1;
      refusalsInARow = 0;
      queue = queue.then(() => dispatch(socket, packet));
      // `next` is never called: every event is handled here, none reaches a listener unchecked.
    });
    socket.on('disconnect', () => {
      clearTimeout(expiry);
      const sale = socket.data.sale;
      if (sale) {
        // (the socket has left its rooms: everyone else in the sale's is told its cell closed)
        closedCell(socket, sale);
        void queue.then(() => editorsChanged(sale));
      }
    });
  });

  // ─── The bus → rooms ────────────────────────────────────────────────────────────────────────────────────────

  function relay(e: SaleEvent) {
    switch (e.type) {
      case 'sale_changed':
        io.to(saleRoom(e.delta.saleId)).emit('sale_changed', e.delta);
        io.to(SALES_ROOM).emit('sales_changed', { saleId: e.delta.saleId, version: e.delta.version });
        break;
      case 'sale_created':
        io.to(SALES_ROOM).emit('sales_changed', { saleId: e.saleId, version: e.version });
        break;
      case 'sale_deleted':
        io.to(saleRoom(e.saleId)).emit('sale_deleted', { saleId: e.saleId, by: e.by });
        io.in(saleRoom(e.saleId)).socketsLeave(saleRoom(e.saleId));
        io.to(SALES_ROOM).emit('sales_changed', { saleId: e.saleId, version: null });
        break;
      case 'sales_replaced':
        for (const s of e.sales) io.to(saleRoom(s.saleId)).emit('sale_replaced', { ...s, by: e.by });
        io.to(SALES_ROOM).emit('sales_changed', { saleId: null, version: null });
        break;
      case 'odoo_sync_status':
        io.to(saleRoom(e.status.saleId)).emit('odoo_sync_status', e.status);
        break;
      case 'value_replaced':
        io.to(saleRoom(e.event.saleId)).emit('value_replaced', e.event);
        break;
      case 'user_changed':
        void recheckUser(e.userId);
        // The other processes check their own sockets of this user.
        if (redis) io.serverSideEmit('user_changed', e.userId);
        break;
    }
  }
  const unsubscribe = events.subscribe(relay);

  return {
    io,
    async close() {
      closed = true;
      for (const due of editorsDue.values()) clearTimeout(due.timer);
      editorsDue.clear();
      unsubscribe();
      // Closes every socket, the adapter and the engine (and the HTTP server, which Fastify closes anyway).
      await io.close();
      if (redis) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
    },
  };
}
