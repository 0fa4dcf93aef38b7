// Live co-editing (issue 10, DESIGN §8): a Socket.IO server on the app's HTTP server (path /socket.io) between the
// in-process SaleEvents bus and the browsers. With REDIS_URL the Redis adapter makes rooms span processes: an event
// is emitted once, by the process whose service published it, and reaches every process's sockets in that room.
import type { Server as HttpServer } from 'node:http';
import {
  type Actor,
  type ClientToServerEvents,
  type IdentifyPayload,
  identifyPayload,
  type ServerToClientEvents,
  syncOdooPayload,
} from '@quotewright/contracts';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import { AppError } from '../../errors';
import type { SaleEvent, SaleEvents } from '../../infra/sale-events';
import { type AuthUser, can } from '../../policy';
import type { AuthService } from '../auth/auth.service';
import { type SaleSyncService, SyncProblemsError } from '../sales/sale-sync.service';
import type { SalesService } from '../sales/sales.service';

/** Every client → server event the gateway accepts; anything else is answered `problem` 404. */
export const INBOUND_EVENTS = ['identify', 'sync_odoo'] as const;
/** Every server → client event (the authorization matrix has a row for each). */
export const OUTBOUND_EVENTS = [
  'editors',
  'sale_changed',
  'sale_replaced',
  'sale_deleted',
  'sales_changed',
  'odoo_sync_status',
  'problem',
] as const;

/** The room of every socket whose user may view sales (the sales list refetches on `sales_changed`). */
export const SALES_ROOM = 'sales';
export const saleRoom = (saleId: string) => `sale:${saleId}`;

/** Inbound payloads are small: a sale id. */
const MAX_MESSAGE_BYTES = 16 * 1024;

export interface SocketData {
  token: string;
  user: AuthUser;
  /** The sale whose room the socket is in. */
  sale: string | null;
  /** When it joined that room (editors are listed in join order). */
  joinedAt: number;
}
/** Between processes (Redis adapter): a user changed, each process checks its own sockets of that user. */
interface InterServerEvents {
  user_changed(userId: string): void;
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

export async function createRealtime(httpServer: HttpServer, deps: RealtimeDeps): Promise<Realtime> {
  const { auth, sales, events, log } = deps;
  // Redis first: when it cannot be reached the start fails before anything is attached to the HTTP server.
  const redis = deps.redisUrl ? await redisClients(deps.redisUrl, log) : undefined;
  const io: RealtimeServer = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
  });
  if (redis) {
    io.adapter(createAdapter(redis.pub, redis.sub, { key: 'quotewright' }));
    io.on('user_changed', (userId) => {
      // Another process changed this user: its requests here must not be answered from the checked-token cache.
      auth.forget(userId);
      void recheckUser(userId);
    });
  }

  // ─── Editors ────────────────────────────────────────────────────────────────────────────────────────────────

  /** Who is in a sale's room (on every process), one entry per user in order of first join, sent to the room. */
  async function announce(saleId: string) {
    try {
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
      const editors = [...first.values()]
        .sort((a, b) => a.at - b.at || a.editor.id.localeCompare(b.editor.id))
        .map((e) => e.editor);
      io.to(saleRoom(saleId)).emit('editors', { saleId, editors });
    } catch (err) {
      log.warn(
        { err: err instanceof Error ? err.message : String(err), saleId },
        'could not list the editors of a sale',
      );
    }
  }

  async function leaveSale(socket: RealtimeSocket) {
    const previous = socket.data.sale;
    if (!previous) return;
    socket.data.sale = null;
    await socket.leave(saleRoom(previous));
    await announce(previous);
  }

  // ─── Inbound events ─────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Joins the sale's room and answers the sale's version read AFTER joining: every change committed later reaches
   * this socket as a delta, and a client holding an older version (a change between its GET and this join) knows to
   * read the sale again.
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
    if (socket.data.sale !== sale) {
      await leaveSale(socket);
      socket.data.sale = sale;
      socket.data.joinedAt = Date.now();
      await socket.join(saleRoom(sale));
    }
    const version = await sales.watchVersion(user, sale);
    if (version === undefined) {
      await leaveSale(socket);
      throw new Refusal(404, 'Sale not found');
    }
    await announce(sale);
    return { version };
  }

  /**
   * Publish or sync a sale to the ERP (issue 11): full rights on sales, a draft/sent sale, nothing the ERP would
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

  /**
   * A user's rights, password or account changed: this process's sockets of that user are checked at once (rooms
   * left without view rights; a deleted user or ended session disconnected), not at their next inbound event.
   */
  async function recheckUser(userId: string) {
    const mine = [...io.of('/').sockets.values()].filter((s) => s.data.user?.id === userId);
    await Promise.all(
      mine.map(async (socket) => {
        try {
          if (await recheck(socket)) return;
          socket.emit('problem', { event: 'session', status: 401, detail: SESSION_ENDED });
          socket.disconnect(true);
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
  };

  /** One inbound event: never throws; a refusal is answered through the ack, or a `problem` event without one. */
  async function dispatch(socket: RealtimeSocket, packet: unknown[]) {
    const [rawEvent, ...args] = packet;
    const event = typeof rawEvent === 'string' ? rawEvent.slice(0, 100) : String(rawEvent);
    const ack = typeof args.at(-1) === 'function' ? (args.pop() as (answer: unknown) => void) : undefined;
    const refuse = (status: number, detail: string, extra?: Record<string, unknown>) => {
      if (ack) ack({ ...extra, ok: false, detail });
      else socket.emit('problem', { event, status, detail });
    };
    try {
      if (!(await recheck(socket))) {
        socket.emit('problem', { event, status: 401, detail: SESSION_ENDED });
        ack?.({ ok: false, detail: SESSION_ENDED });
        socket.disconnect(true);
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

  // ─── Connections ────────────────────────────────────────────────────────────────────────────────────────────

  io.use(async (socket, next) => {
    const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
    const refuse = (status: number, message: string) => next(Object.assign(new Error(message), { data: { status } }));
    try {
      const user = typeof token === 'string' && token.length < 8192 ? await auth.authenticate(token) : null;
      if (!user) return refuse(401, SESSION_ENDED);
      socket.data = { token: token as string, user, sale: null, joinedAt: 0 };
      next();
    } catch (err) {
      log.error({ err }, 'realtime handshake failed');
      refuse(503, 'The server could not check your session; try again shortly');
    }
  });

  io.on('connection', (socket) => {
    if (can(socket.data.user, 'sales.view')) void socket.join(SALES_ROOM);
    // Inbound events run one at a time per socket, in arrival order (an identify never overtakes the previous one).
    let queue = Promise.resolve();
    socket.use((packet) => {
      queue = queue.then(() => dispatch(socket, packet));
      // `next` is never called: every event is handled here, none reaches a listener unchecked.
    });
    socket.on('disconnect', () => {
      const sale = socket.data.sale;
      if (sale) void queue.then(() => announce(sale));
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
      unsubscribe();
      // Closes every socket, the adapter and the engine (and the HTTP server, which Fastify closes anyway).
      await io.close();
      if (redis) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
    },
  };
}
