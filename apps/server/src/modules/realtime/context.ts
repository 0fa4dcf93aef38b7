// What the parts of the realtime gateway (realtime.gateway.ts, docs/product/realtime.md) share: the Socket.IO server
// and what each socket carries, the rooms, the dependencies, and how an inbound event is read and refused.
import type { ClientToServerEvents, ServerToClientEvents } from '@quotewright/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { SaleEvents } from '../../infra/sale-events';
import type { AuthUser } from '../../policy';
import type { AuthService } from '../auth/auth.service';
import type { SaleSyncService } from '../sales/sale-sync.service';
import type { SalesService } from '../sales/sales.service';

/** The room of every socket whose user may view sales (the sales list refetches on `sales_changed`). */
export const SALES_ROOM = 'sales';
export const saleRoom = (saleId: string) => `sale:${saleId}`;

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
export interface InterServerEvents {
  user_changed(userId: string): void;
  /** Someone joined or left a sale's room on the sending process: each process tells its own sockets in it. */
  editors_changed(saleId: string): void;
}
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export interface RealtimeDeps {
  auth: Pick<AuthService, 'authenticate' | 'forget'>;
  sales: Pick<SalesService, 'watchVersion'>;
  /** Publish/sync to the ERP (sync_odoo); without it the event is refused. */
  saleSync?: Pick<SaleSyncService, 'start'>;
  events: SaleEvents;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** redis://… : rooms span every process sharing this Redis. */
  redisUrl?: string | undefined;
  /** The prefix of the adapter's channels (REDIS_PREFIX): processes of one installation share it. */
  redisPrefix?: string | undefined;
}

/** What every part of the gateway works on (one per createRealtime). */
export interface RealtimeContext {
  io: RealtimeServer;
  deps: RealtimeDeps;
  /** Rooms span processes (the Redis adapter): the other processes are told of joins, leaves and changed users. */
  shared: boolean;
  /** Set when the gateway closes: nothing more is scheduled. */
  closed: boolean;
}

export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** More for the ack (e.g. the problems that block a publish). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** Zod issues of a strict object → one line ("sale: Unknown sale id; Unknown field: user"). */
export function describeIssues(
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

/** The name of an inbound packet's event, as a `problem` repeats it. */
export const eventName = (raw: unknown) => (typeof raw === 'string' ? raw.slice(0, 100) : String(raw));
/** Takes the ack callback, if any, off the end of an inbound packet's arguments. */
export const ackOf = (args: unknown[]) =>
  typeof args.at(-1) === 'function' ? (args.pop() as (answer: unknown) => void) : undefined;
