// An approver is told of a request for approval at once, on whatever screen they are (docs/product/rules.md#approvals):
// the shell holds one socket for the people who may approve something (sales full rights, admins); the server sends
// `approval_requested` only to the sockets of those who may decide the request, never its author. The notice has an
// `Open` button to the sale, and the sales list's "Awaiting approval" count is read again.
import type { ApprovalRequestedEvent } from '@quotewright/contracts';
import { canApproveAs } from '@quotewright/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { createSocket, onConnectionEnd } from '../../lib/socket';
import { useCurrentUser } from '../providers/currentUser';
import { useSnackbar } from '../providers/snackbar';

export const approvalRequestedNotice = (e: ApprovalRequestedEvent) =>
  `${e.by.name} requests approval of ${e.quote_number}${e.name ? ` (${e.name})` : ''}: ${e.summary}`;

export function useApprovalNotices(): void {
  const { data: user } = useCurrentUser();
  const approver = !!user && (canApproveAs(user, 'sales_full') || canApproveAs(user, 'admin'));
  const queryClient = useQueryClient();
  const latest = useRef({ snackbar: useSnackbar(), navigate: useNavigate() });
  latest.current = { snackbar: useSnackbar(), navigate: useNavigate() };
  useEffect(() => {
    if (!approver) return;
    const socket = createSocket('shell');
    // The screens with their own socket tell an ended session; this one only stops.
    const unwatchEnd = onConnectionEnd(socket, () => socket.close());
    socket.on('approval_requested', (e) => {
      latest.current.snackbar.show(approvalRequestedNotice(e), 'info', {
        label: 'Open',
        onClick: () => latest.current.navigate(`/sale/${encodeURIComponent(e.saleId)}`),
      });
      void queryClient.invalidateQueries({ queryKey: ['sales', 'list', 'awaiting-approval'] });
    });
    socket.connect();
    return () => {
      unwatchEnd();
      socket.close();
    };
  }, [approver, queryClient]);
}
