// Live co-editing of the open sale (issue 10, DESIGN §8): joins the sale's room, shows who else is in it, patches the
// cached sale with every delta another editor's change broadcasts, and refetches when it cannot (a gap, a reconnect).
// A change of a cell someone is editing here is reported to that cell (editConflicts.ts).
import type { SaleDeletedEvent, SaleDelta, SaleReplacedEvent } from '@quotewright/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useEditors } from '../../../app/providers/editors';
import { useSession } from '../../../app/providers/session';
import { useSnackbar } from '../../../app/providers/snackbar';
import { createSocket } from '../../../lib/socket';
import { applyServerDelta, saleKey, serverSale } from '../api/optimistic';
import type { Sale } from '../api/types';
import { reportEditConflicts } from './editConflicts';

export const saleDeletedNotice = (name: string) => `This sale was deleted by ${name}`;
export const lineDeletedNotice = (name: string) => `The line you were editing was deleted by ${name}`;
export const sectionDeletedNotice = (name: string) => `The section you had open was deleted by ${name}`;
export const saleReplacedNotice = (name: string) => `This sale was updated from the ${name}`;

/** The line whose row holds the keyboard focus (an open cell editor), if any. */
function focusedLineId(): string | null {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  return active?.closest?.('[data-line-id]')?.getAttribute('data-line-id') ?? null;
}

/**
 * Keeps the sale `saleId` live while mounted: `openSectionId` is the section shown (a notice when someone else
 * deletes it). Leaves the room (closes the socket) on unmount and clears the editors.
 */
export function useSaleRoom(saleId: string | undefined, openSectionId: string | null = null): void {
  const queryClient = useQueryClient();
  const { setEditors } = useEditors();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const { userId } = useSession();
  // The latest values without reconnecting when they change.
  const latest = useRef({ openSectionId, snackbar, navigate, setEditors, userId });
  latest.current = { openSectionId, snackbar, navigate, setEditors, userId };

  useEffect(() => {
    if (!saleId) return;
    const key = saleKey(saleId);
    const socket = createSocket();
    const refetch = () => void queryClient.invalidateQueries({ queryKey: key, exact: true });
    let connectedBefore = false;

    socket.on('connect', () => {
      socket.emit('identify', { sale: saleId }, (answer) => {
        if (answer && !answer.ok && answer.detail) latest.current.snackbar.show(answer.detail, 'error');
      });
      // A reconnection may have missed deltas: read the sale again.
      if (connectedBefore) refetch();
      connectedBefore = true;
    });
    socket.on('editors', (e) => {
      if (e.saleId === saleId) latest.current.setEditors(e.editors);
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
      latest.current.snackbar.show(saleReplacedNotice(e.by.name), 'info');
    });
    socket.on('sale_deleted', (e: SaleDeletedEvent) => {
      if (e.saleId !== saleId) return;
      latest.current.snackbar.show(saleDeletedNotice(e.by.name), 'warning');
      latest.current.navigate('/', { replace: true });
      queryClient.removeQueries({ queryKey: key, exact: true });
      void queryClient.invalidateQueries({ queryKey: ['sales', 'list'] });
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
      socket.close();
      latest.current.setEditors([]);
    };
  }, [saleId, queryClient]);
}
