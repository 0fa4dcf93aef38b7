// Presence (docs/product/realtime.md#presence): whose cell is open on which row. Each socket of a sale's room says
// which line's cell it has open (`editing`); the others in the room are told at once (`presence`), a socket joining
// is told every open cell of the sale, and a socket leaving the sale or disconnecting closes its cell for the others.
import { editingPayload, type PresenceCell } from '@quotewright/contracts';
import { can } from '../../policy';
import {
  describeIssues,
  type RealtimeContext,
  type RealtimeSocket,
  Refusal,
  type SocketData,
  saleRoom,
} from './context';

const cellOf = (data: Pick<SocketData, 'user' | 'presenceKey' | 'line'>): PresenceCell => ({
  key: data.presenceKey,
  user: { id: data.user.id, name: data.user.name },
  line: data.line,
});

/** The socket, which left `saleId` (or is gone), had a cell open there: the others see it closed. */
export function closedCell(ctx: RealtimeContext, socket: RealtimeSocket, saleId: string) {
  if (socket.data.line === null || socket.data.line === undefined) return;
  socket.data.line = null;
  ctx.io.to(saleRoom(saleId)).emit('presence', { saleId, all: false, cells: [cellOf(socket.data)] });
}

/** Every open cell of the sale (on every process), to a socket that just joined its room. */
export async function tellPresence(ctx: RealtimeContext, socket: RealtimeSocket, saleId: string) {
  const sockets = await ctx.io.in(saleRoom(saleId)).fetchSockets();
  const cells: PresenceCell[] = [];
  for (const s of sockets) {
    const d = s.data as Partial<SocketData> | undefined;
    if (!d?.user || d.sale !== saleId || !d.line || !d.presenceKey || s.id === socket.id) continue;
    cells.push(cellOf({ user: d.user, presenceKey: d.presenceKey, line: d.line }));
  }
  if (socket.data.sale === saleId) socket.emit('presence', { saleId, all: true, cells });
}

/** `editing {sale, line}`: the line whose cell the socket has open in the sale it joined (null: none). */
export async function editing(socket: RealtimeSocket, args: unknown[]): Promise<undefined> {
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
