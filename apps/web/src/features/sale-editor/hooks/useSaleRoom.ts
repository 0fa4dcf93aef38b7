// Live co-editing of the open sale (docs/product/realtime.md): joins the sale's room, shows who else is in it, patches
// the cached sale with every delta another editor's change broadcasts, and refetches when it cannot (a gap, a
// reconnect).
// A change of a cell someone is editing here is reported to that cell (editConflicts.ts); who has a cell of which row
// open travels both ways (presence.ts); a person whose value someone chose to replace is told.
import {
  ACTIVITY_SENSITIVE_FIELDS,
  type OdooSyncStatus,
  type PresenceEvent,
  type SaleDeletedEvent,
  type SaleDelta,
  type SaleReplacedEvent,
  type SyncOdooAck,
  type ValueReplacedEvent,
  valueReplacedText,
} from '@quotewright/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useHideMoney } from '../../../app/discrete';
import { useEditors } from '../../../app/providers/editors';
import { useConnectionEnd } from '../../../app/providers/liveSession';
import { useSession } from '../../../app/providers/session';
import { useSnackbar } from '../../../app/providers/snackbar';
import { createSocket, type LiveSocket, onConnectionEnd } from '../../../lib/socket';
import { applyServerDelta, saleKey, serverSale } from '../api/optimistic';
import { syncStatusKey } from '../api/sync';
import type { Sale } from '../api/types';
import { approvalKey } from '../approvals/api';
import { reportEditConflicts } from './editConflicts';
import { clearPresence, presenceRefused, receivePresence, setPresenceSender } from './presence';

export const saleDeletedNotice = (name: string) => `This sale was deleted by ${name}`;
export const lineDeletedNotice = (name: string) => `The line you were editing was deleted by ${name}`;
export const sectionDeletedNotice = (name: string) => `The section you had open was deleted by ${name}`;
/** A sale rewritten outside the editor: by the ERP fetch (id 'erp'), or by someone's publish/sync. */
export const saleReplacedNotice = (by: { id: string; name: string }) =>
  by.id === 'erp' ? 'This sale was updated from the ERP' : `${by.name} synced this sale with the ERP`;

/** The line whose cell editor is open and holds the keyboard focus, if any. */
function focusedLineId(): string | null {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  // an open editor only: the grid keeps the focus on a row's cell after an edit, which is not editing it
  if (!(active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement)) return null;
  return active.closest('[data-line-id]')?.getAttribute('data-line-id') ?? null;
}

/**
 * Keeps the sale `saleId` live while mounted: `openSectionId` is the section shown (a notice when someone else
 * deletes it). Leaves the room (closes the socket) on unmount and clears the editors.
 */
export function useSaleRoom(
  saleId: string | undefined,
  openSectionId: string | null = null,
): { syncOdoo: (createNew: boolean) => Promise<SyncOdooAck> } {
  const queryClient = useQueryClient();
  const { setEditors } = useEditors();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const { userId } = useSession();
  const connectionEnd = useConnectionEnd();
  const hideMoney = useHideMoney();
  // The latest values without reconnecting when they change.
  const latest = useRef({ openSectionId, snackbar, navigate, setEditors, userId, connectionEnd, hideMoney });
  latest.current = { openSectionId, snackbar, navigate, setEditors, userId, connectionEnd, hideMoney };
  const socketRef = useRef<LiveSocket | null>(null);

  useEffect(() => {
    if (!saleId) return;
    const key = saleKey(saleId);
    const socket = createSocket();
    socketRef.current = socket;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: key, exact: true });
    let connectedBefore = false;

    // The sale's version when this socket joined its room: a sale read before (or while) joining may be older —
    // a change made in between reached the room before us — and is then read again.
    let joinedVersion = 0;
    const checkJoined = () => {
      const held = serverSale(queryClient, saleId);
      if (held && held.version < joinedVersion) refetch();
    };
    const unwatchCache = queryClient.getQueryCache().subscribe((e) => {
      if (
        e.type === 'updated' &&
        e.action.type === 'success' &&
        e.query.queryKey[0] === 'sale' &&
        e.query.queryKey[1] === saleId &&
        e.query.queryKey.length === 2
      )
        checkJoined();
    });
    socket.on('connect', () => {
      socket.emit('identify', { sale: saleId }, (answer) => {
        if (answer && !answer.ok && answer.detail) latest.current.snackbar.show(answer.detail, 'error');
        if (answer?.ok && answer.version !== undefined) {
          joinedVersion = answer.version;
          checkJoined();
        }
        if (answer?.ok) {
          // In the room: the cell open here (if any) is shown to the others, and each change of it from now on.
          setPresenceSender((line) => {
            // a refusal (too many events at once) is not worth a word: the state is sent again a little later
            socket.emit('editing', { sale: saleId, line }, (answer) => {
              if (!answer?.ok) presenceRefused();
            });
          });
        }
      });
      // A reconnection may have missed deltas: read the sale again.
      if (connectedBefore) refetch();
      connectedBefore = true;
    });
    // The server ends the socket when the session expires or ends (the person signs in again), or refuses it.
    const unwatchEnd = onConnectionEnd(socket, (end) => latest.current.connectionEnd(end));
    socket.on('editors', (e) => {
      if (e.saleId === saleId) latest.current.setEditors(e.editors);
    });
    socket.on('presence', (e: PresenceEvent) => {
      if (e.saleId === saleId) receivePresence(e, latest.current.userId);
    });
    socket.on('disconnect', () => {
      // Out of the room: nothing is sent, and the others' cells are read again on the next join.
      setPresenceSender(null);
      clearPresence();
    });
    // Someone chose to replace this person's value (after their question): they are told by whom, and with what.
    socket.on('value_replaced', (e: ValueReplacedEvent) => {
      if (e.saleId !== saleId || e.previous.id !== latest.current.userId || e.by.id === latest.current.userId) return;
      const values = !(latest.current.hideMoney && ACTIVITY_SENSITIVE_FIELDS.has(e.field));
      latest.current.snackbar.show(valueReplacedText(e, values), 'warning');
    });
    socket.on('sale_changed', (delta: SaleDelta) => {
      if (delta.saleId !== saleId) return;
      const current = serverSale(queryClient, saleId);
      // Not loaded yet (the GET will bring this version), or already applied (our own answer, an older delta).
      if (!current || delta.version <= current.version) return;
      const { notify } = noticesFor(delta, current);
      const outcome = applyServerDelta(queryClient, delta);
      // Our own changes come back through the room too: only someone else's change conflicts with an open cell.
      // (By user id: the same user in a second tab is not told.)
      if (outcome.status === 'applied' && delta.by.id !== latest.current.userId) reportEditConflicts(current, delta);
      for (const text of notify) latest.current.snackbar.show(text, 'warning');
    });
    socket.on('sale_replaced', (e: SaleReplacedEvent) => {
      if (e.saleId !== saleId) return;
      const current = queryClient.getQueryData<Sale>(key);
      if (current && e.version <= current.version) return;
      refetch();
      // The user's own publish/sync needs no notice (the sync button shows it).
      if (e.by.id !== latest.current.userId) latest.current.snackbar.show(saleReplacedNotice(e.by), 'info');
    });
    socket.on('sale_deleted', (e: SaleDeletedEvent) => {
      if (e.saleId !== saleId) return;
      latest.current.snackbar.show(saleDeletedNotice(e.by.name), 'warning');
      latest.current.navigate('/', { replace: true });
      queryClient.removeQueries({ queryKey: key, exact: true });
      void queryClient.invalidateQueries({ queryKey: ['sales', 'list'] });
    });
    // Publish/sync progress (docs/product/realtime.md#publish-progress): kept as the status the GET would answer; a
    // finished run changed the sale.
    socket.on('odoo_sync_status', (status: OdooSyncStatus) => {
      if (status.saleId !== saleId) return;
      queryClient.setQueryData(syncStatusKey(saleId), status);
      if (status.state !== 'queued' && status.state !== 'syncing') refetch();
    });
    // Approvals (docs/product/rules.md#approvals): the sale's approval changed (read it again); an approver is told of a
    // request for approval of any sale at once.
    socket.on('approval_changed', (e) => {
      if (e.saleId === saleId) void queryClient.invalidateQueries({ queryKey: approvalKey(saleId), exact: true });
    });
    socket.connect();

    function noticesFor(delta: SaleDelta, current: Sale): { notify: string[] } {
      const notify: string[] = [];
      const editing = focusedLineId();
      if (editing && delta.changes.lines?.removed.includes(editing)) notify.push(lineDeletedNotice(delta.by.name));
      const open = latest.current.openSectionId;
      if (open && delta.changes.sections?.removed.includes(open) && current.sections.some((s) => s._id === open)) {
        notify.push(sectionDeletedNotice(delta.by.name));
      }
      return { notify };
    }

    return () => {
      unwatchCache();
      unwatchEnd();
      setPresenceSender(null);
      clearPresence();
      socket.close();
      if (socketRef.current === socket) socketRef.current = null;
      latest.current.setEditors([]);
    };
  }, [saleId, queryClient]);

  /** Starts a publish/sync of the sale (`sync_odoo`); the ack says whether it started or why not. */
  const syncOdoo = useCallback(
    (createNew: boolean) =>
      new Promise<SyncOdooAck>((resolve) => {
        const socket = socketRef.current;
        if (!saleId || !socket) {
          resolve({ ok: false, detail: 'Not connected to the server' });
          return;
        }
        socket.emit('sync_odoo', { sale: saleId, create_new: createNew }, (answer) => {
          if (answer?.ok) queryClient.setQueryData(syncStatusKey(saleId), answer.status);
          resolve(answer);
        });
      }),
    [saleId, queryClient],
  );
  return { syncOdoo };
}
