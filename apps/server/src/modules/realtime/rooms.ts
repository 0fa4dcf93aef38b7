// The rooms of sales (docs/product/realtime.md#rooms, #identify): a socket is in one sale's room at a time, joined by
// `identify` and left for another sale, `null`, a disconnection, or the loss of the right to view sales.
import { type IdentifyPayload, identifyPayload } from '@quotewright/contracts';
import { can } from '../../policy';
import { describeIssues, type RealtimeContext, type RealtimeSocket, Refusal, saleRoom } from './context';
import type { Editors } from './editors';
import { closedCell, tellPresence } from './presence';

/**
 * When a socket joined a sale: wall-clock milliseconds (comparable between processes), strictly increasing within
 * this process, so two joins in the same millisecond keep their order in the editors list.
 */
let lastJoin = 0;
const joinTime = () => {
  lastJoin = Math.max(Date.now(), lastJoin + 0.001);
  return lastJoin;
};

export function createRooms(ctx: RealtimeContext, editors: Editors) {
  async function leaveSale(socket: RealtimeSocket) {
    const previous = socket.data.sale;
    if (!previous) return;
    socket.data.sale = null;
    editors.forget(socket);
    await socket.leave(saleRoom(previous));
    closedCell(ctx, socket, previous);
    editors.changed(previous);
  }

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
    const version = await ctx.deps.sales.watchVersion(user, sale);
    if (version === undefined) {
      await leaveSale(socket);
      throw new Refusal(404, 'Sale not found');
    }
    if (joined) {
      editors.changed(sale);
      await tellPresence(ctx, socket, sale);
    }
    return { version };
  }

  return { leaveSale, identify };
}
export type Rooms = ReturnType<typeof createRooms>;
