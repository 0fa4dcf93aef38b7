// Live co-editing (docs/product/realtime.md): a Socket.IO server on the app's HTTP server (path /socket.io) between the
// in-process SaleEvents bus and the browsers. With REDIS_URL the Redis adapter makes rooms span processes: an event
// is emitted once, by the process whose service published it, and reaches every process's sockets in that room.
//
// The parts, each over the shared context (context.ts): the session (session.ts: handshake, re-checks, token
// expiry), the limits (limits.ts), the sales' rooms and identify (rooms.ts), who has a sale open (editors.ts) and
// whose cell is open (presence.ts), the inbound events (inbound.ts) and the bus relayed to the rooms (relay.ts).
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server } from 'socket.io';
import { can } from '../../policy';
import {
  type RealtimeContext,
  type RealtimeDeps,
  type RealtimeServer,
  type RealtimeSocket,
  SALES_ROOM,
  saleRoom,
} from './context';
import { createEditors, type Editors } from './editors';
import { createInbound, type Inbound } from './inbound';
import { connectionCounter, MAX_MESSAGE_BYTES } from './limits';
import { closedCell } from './presence';
import { redisClients } from './redis';
import { relaySaleEvents } from './relay';
import { createRooms } from './rooms';
import { createSessions, sessionHandshake, watchExpiry } from './session';

export { type RealtimeDeps, type RealtimeServer, SALES_ROOM, type SocketData, saleRoom } from './context';
export { INBOUND_EVENTS } from './inbound';
export {
  EDITORS_INTERVAL_MS,
  INBOUND_BURST,
  INBOUND_PER_SECOND,
  INBOUND_REFUSALS_BEFORE_DISCONNECT,
  MAX_CONNECTIONS_PER_USER,
} from './limits';

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
  'approval_requested',
  'approval_changed',
] as const;

export interface Realtime {
  io: RealtimeServer;
  /** This process's connections and the sales' rooms they are in (metrics). */
  stats(): { connections: number; rooms: number };
  /** PING to the Redis of the adapter (readiness); absent without REDIS_URL. */
  pingRedis?: () => Promise<void>;
  /** Disconnects every socket, stops relaying, closes the Redis connections. */
  close(): Promise<void>;
}

export async function createRealtime(httpServer: HttpServer, deps: RealtimeDeps): Promise<Realtime> {
  // Redis first: when it cannot be reached the start fails before anything is attached to the HTTP server.
  const redis = deps.redisUrl ? await redisClients(deps.redisUrl, deps.log) : undefined;
  const io: RealtimeServer = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
  });
  const ctx: RealtimeContext = { io, deps, shared: redis !== undefined, closed: false };
  const editors = createEditors(ctx);
  const rooms = createRooms(ctx, editors);
  const sessions = createSessions(ctx, rooms);
  const inbound = createInbound(ctx, rooms, sessions);
  /** Each socket's inbound queue: resolves once every event it sent so far is handled (and acknowledged). */
  const handledOf = new WeakMap<RealtimeSocket, () => Promise<void>>();
  const answered = async (socket: RealtimeSocket) => {
    const handled = handledOf.get(socket);
    if (!handled) return;
    for (let queue = handled(); ; queue = handled()) {
      await queue;
      if (queue === handled()) return;
    }
  };
  if (redis) {
    io.adapter(createAdapter(redis.pub, redis.sub, { key: deps.redisPrefix ?? 'quotewright' }));
    io.on('user_changed', (userId) => {
      // Another process changed this user: its requests here must not be answered from the checked-token cache.
      deps.auth.forget(userId);
      void sessions.recheckUser(userId);
    });
    io.on('editors_changed', (saleId) => {
      // Only a process with sockets in that room has someone to tell.
      if (io.of('/').adapter.rooms.get(saleRoom(saleId))?.size) editors.changed(saleId, false);
    });
    // Redis was away (decision 0037): this process's sockets may have missed other processes' changes and editors.
    // Their connections are closed under them (not refused: Socket.IO's client reconnects by itself only then); they
    // join again, the join answers each sale's version, and a browser behind it reads the sale again.
    // Each once what it sent is answered (a Publish asked just then gets its ack first: the packets ahead of a close
    // are written before it).
    redis.onResubscribed(() => {
      const sockets = [...io.of('/').sockets.values()];
      deps.log.info({ sockets: sockets.length }, 'Redis is back: live connections rejoin to catch up');
      for (const socket of sockets) void answered(socket).then(() => socket.conn.close());
    });
  }

  io.use(sessionHandshake(ctx, connectionCounter()));
  io.on('connection', (socket) => handledOf.set(socket, connected(ctx, socket, editors, inbound)));
  const unsubscribe = relaySaleEvents(ctx, sessions.recheckUser);

  const salePrefix = saleRoom('');
  return {
    io,
    stats() {
      const nsp = io.of('/');
      let rooms = 0;
      for (const name of nsp.adapter.rooms.keys()) if (name.startsWith(salePrefix)) rooms++;
      return { connections: nsp.sockets.size, rooms };
    },
    ...(redis
      ? {
          pingRedis: async () => {
            // While it reconnects a command would wait in the client's queue: say so at once instead.
            if (!redis.pub.isReady) throw new Error('Redis is not connected (reconnecting)');
            await redis.pub.ping();
          },
        }
      : {}),
    async close() {
      ctx.closed = true;
      editors.close();
      unsubscribe();
      // Closes every socket, the adapter and the engine (and the HTTP server, which Fastify closes anyway).
      await io.close();
      if (redis) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
    },
  };
}

/**
 * A socket past the handshake: in the sales room when its user may view sales, ended at its token's expiry, its
 * inbound events taken; once it disconnects its open cell closes, and its sale's editors are announced after the
 * events it sent are handled. Answers its inbound queue (see Inbound.accept).
 */
function connected(ctx: RealtimeContext, socket: RealtimeSocket, editors: Editors, inbound: Inbound) {
  if (can(socket.data.user, 'sales.view')) void socket.join(SALES_ROOM);
  const stopExpiry = watchExpiry(socket);
  const handled = inbound.accept(socket);
  socket.on('disconnect', () => {
    stopExpiry();
    const sale = socket.data.sale;
    if (sale) {
      // (the socket has left its rooms: everyone else in the sale's is told its cell closed)
      closedCell(ctx, socket, sale);
      void handled().then(() => editors.changed(sale));
    }
  });
  return handled;
}
