// The sales list follows other people's changes (docs/product/realtime.md#sales_changed): every sale changed, created
// or deleted anywhere (`sales_changed`, sent to everyone who may view sales) refetches the list, at most once per
// LIST_REFRESH_DEBOUNCE_MS.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useConnectionEnd } from '../../../app/providers/liveSession';
import { createSocket, onConnectionEnd } from '../../../lib/socket';

export const LIST_REFRESH_DEBOUNCE_MS = 300;

export function useSalesListLive(enabled = true): void {
  const queryClient = useQueryClient();
  // The latest handler without reconnecting when it changes.
  const onEnd = useConnectionEnd();
  const connectionEnd = useRef(onEnd);
  connectionEnd.current = onEnd;
  useEffect(() => {
    if (!enabled) return;
    const socket = createSocket();
    // An expired or ended session ends the socket: the person is told and signs in again.
    const unwatchEnd = onConnectionEnd(socket, (end) => connectionEnd.current(end));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: ['sales', 'list'] }),
        LIST_REFRESH_DEBOUNCE_MS,
      );
    };
    let connectedBefore = false;
    socket.on('connect', () => {
      // Changes made while disconnected were missed.
      if (connectedBefore) refresh();
      connectedBefore = true;
    });
    socket.on('sales_changed', refresh);
    socket.connect();
    return () => {
      clearTimeout(timer);
      unwatchEnd();
      socket.close();
    };
  }, [enabled, queryClient]);
}
