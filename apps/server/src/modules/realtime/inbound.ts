// Inbound events (docs/product/realtime.md#client--server-events): each socket's events run one at a time, in
// arrival order, within its rate (limits.ts); each is handled after its user is checked again, and answered through
// its ack, or by a `problem` when refused without one.
import { syncOdooPayload } from '@quotewright/contracts';
import { AppError } from '../../errors';
import { SyncProblemsError } from '../sales/sale-sync.service';
import { ackOf, describeIssues, eventName, type RealtimeContext, type RealtimeSocket, Refusal } from './context';
import { inboundRate, refuseTooMany } from './limits';
import { editing } from './presence';
import type { Rooms } from './rooms';
import { endSession, type Sessions, sessionOver } from './session';

/** Every client → server event the gateway accepts; anything else is answered `problem` 404. */
export const INBOUND_EVENTS = ['identify', 'sync_odoo', 'editing'] as const;

/** Each handler answers what the ack carries beside `ok: true` (nothing for most). */
type Handler = (socket: RealtimeSocket, args: unknown[]) => Promise<Record<string, unknown> | undefined>;

/**
 * Publish or sync a sale to the ERP (decision 0011): full rights on sales, a draft/sent sale, nothing the ERP would
 * refuse. The ack answers the run started, or the one already under way; progress follows as odoo_sync_status
 * to the sale's room.
 */
async function syncOdoo(
  ctx: RealtimeContext,
  socket: RealtimeSocket,
  args: unknown[],
): Promise<Record<string, unknown>> {
  if (args.length !== 1) throw new Refusal(400, 'sync_odoo takes one payload: {sale, create_new}');
  const parsed = syncOdooPayload.safeParse(args[0]);
  if (!parsed.success) throw new Refusal(400, describeIssues(parsed.error.issues));
  if (!ctx.deps.saleSync) throw new Refusal(503, 'Publishing to the ERP is not available on this server');
  try {
    const { started, status } = await ctx.deps.saleSync.start(
      socket.data.user,
      parsed.data.sale,
      parsed.data.create_new,
    );
    return { started, status };
  } catch (err) {
    if (err instanceof SyncProblemsError) throw new Refusal(err.status, err.message, { problems: err.problems });
    throw err;
  }
}

export function createInbound(
  ctx: RealtimeContext,
  rooms: Pick<Rooms, 'identify'>,
  sessions: Pick<Sessions, 'recheck'>,
) {
  const handlers: Record<(typeof INBOUND_EVENTS)[number], Handler> = {
    identify: rooms.identify,
    sync_odoo: (socket, args) => syncOdoo(ctx, socket, args),
    editing: editing,
  };

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
      if (!(await sessions.recheck(socket))) {
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
      ctx.deps.log.error({ err, event }, 'realtime event failed');
      refuse(500, 'The server could not handle this event; try again shortly');
    }
  }

  /**
   * Takes every inbound event of the socket: one at a time, in arrival order (an identify never overtakes the
   * previous one), at most INBOUND_BURST at once and INBOUND_PER_SECOND on average: one over is refused before it
   * is queued. Answers the queue's end (every event accepted so far handled).
   */
  function accept(socket: RealtimeSocket): () => Promise<void> {
    let queue = Promise.resolve();
    const rate = inboundRate();
    socket.use((packet) => {
      const refusalsInARow = rate.take();
      if (refusalsInARow > 0) return refuseTooMany(ctx, socket, packet, refusalsInARow);
      queue = queue.then(() => dispatch(socket, packet));
      // `next` is never called: every event is handled here, none reaches a listener unchecked.
    });
    return () => queue;
  }

  return { accept };
}
export type Inbound = ReturnType<typeof createInbound>;
