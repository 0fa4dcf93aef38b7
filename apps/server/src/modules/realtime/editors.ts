// Who has a sale open: the `editors` event (docs/product/realtime.md#editors).
//
// A join or leave marks the sale's room; once EDITORS_INTERVAL_MS has passed the list is read from every process
// and each process sends it to ITS sockets in the room whose last list differs. A second tab of someone already
// listed, or a repeated identify, tells nobody but that tab; a burst of joins is one list per socket.
import type { Actor } from '@quotewright/contracts';
import { type RealtimeContext, type RealtimeServer, type RealtimeSocket, type SocketData, saleRoom } from './context';
import { EDITORS_INTERVAL_MS } from './limits';

/** Who is in a sale's room (on every process), one entry per user in order of first join. */
async function listEditors(io: RealtimeServer, saleId: string): Promise<Actor[]> {
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
  return [...first.values()].sort((a, b) => a.at - b.at || a.editor.id.localeCompare(b.editor.id)).map((e) => e.editor);
}

export function createEditors(ctx: RealtimeContext) {
  const { io } = ctx;
  /** What this process last sent each of its sockets (the sale and its list). */
  const toldEditors = new WeakMap<RealtimeSocket, string>();
  /** Rooms with an announcement due: its timer, the one being sent, whether the other processes must be told. */
  const editorsDue = new Map<
    string,
    { timer: NodeJS.Timeout | undefined; sending: Promise<void>; tellOthers: boolean }
  >();

  /** Sends the room's list to this process's sockets in it that were not sent this very list last. */
  async function tellEditors(saleId: string) {
    const room = saleRoom(saleId);
    if (!io.of('/').adapter.rooms.get(room)?.size) return;
    try {
      const payload = { saleId, editors: await listEditors(io, saleId) };
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
      ctx.deps.log.warn(
        { err: err instanceof Error ? err.message : String(err), saleId },
        'could not list the editors of a sale',
      );
    }
  }

  /** Someone joined or left the sale's room (here, or on another process when `!tellOthers`). */
  function editorsChanged(saleId: string, tellOthers = true) {
    if (ctx.closed) return;
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
      if (ctx.closed) return;
      if (entry.tellOthers && ctx.shared) io.serverSideEmit('editors_changed', saleId);
      entry.tellOthers = false;
      // One announcement at a time per room: a slow one never lands after the next, fresher one.
      const sending = entry.sending.then(() => tellEditors(saleId));
      entry.sending = sending;
      void sending.then(() => {
        if (entry.sending === sending && !entry.timer && editorsDue.get(saleId) === entry) editorsDue.delete(saleId);
      });
    }, EDITORS_INTERVAL_MS);
  }

  return {
    changed: editorsChanged,
    /** The socket left its sale: whatever list it was sent last, its next one is sent. */
    forget(socket: RealtimeSocket) {
      toldEditors.delete(socket);
    },
    /** The gateway closes: no announcement due is sent. */
    close() {
      for (const due of editorsDue.values()) clearTimeout(due.timer);
      editorsDue.clear();
    },
  };
}
export type Editors = ReturnType<typeof createEditors>;
