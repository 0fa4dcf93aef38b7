// The bus → rooms (docs/product/realtime.md#server--client-events): what the services publish on the in-process
// SaleEvents bus after commit, sent to the sale's room and the sales room, once, by the process that published it.
import type { ApprovalRequestedEvent } from '@quotewright/contracts';
import { canApproveAs } from '@quotewright/domain';
import type { SaleEvent } from '../../infra/sale-events';
import { type RealtimeContext, SALES_ROOM, saleRoom } from './context';

/**
 * An approval request, to the sockets (of every process) whose user may decide it: an approver of the kind it needs,
 * never its author.
 */
async function tellApprovers(ctx: RealtimeContext, event: ApprovalRequestedEvent, requestedBy: string) {
  const sockets = await ctx.io.in(SALES_ROOM).fetchSockets();
  for (const s of sockets) {
    const user = s.data.user;
    if (user && user.id !== requestedBy && canApproveAs(user, event.approver)) s.emit('approval_requested', event);
  }
}

/** Relays the bus to the rooms until the function it answers is called; a changed user is `recheckUser`ed. */
export function relaySaleEvents(ctx: RealtimeContext, recheckUser: (userId: string) => Promise<void>): () => void {
  const { io } = ctx;
  function relay(e: SaleEvent) {
    switch (e.type) {
      case 'sale_changed':
        io.to(saleRoom(e.delta.saleId)).emit('sale_changed', e.delta);
        io.to(SALES_ROOM).emit('sales_changed', { saleId: e.delta.saleId, version: e.delta.version });
        break;
      case 'sale_created':
        io.to(SALES_ROOM).emit('sales_changed', { saleId: e.saleId, version: e.version });
        break;
      case 'sale_deleted':
        io.to(saleRoom(e.saleId)).emit('sale_deleted', { saleId: e.saleId, by: e.by });
        io.in(saleRoom(e.saleId)).socketsLeave(saleRoom(e.saleId));
        io.to(SALES_ROOM).emit('sales_changed', { saleId: e.saleId, version: null });
        break;
      case 'sales_replaced':
        for (const s of e.sales) io.to(saleRoom(s.saleId)).emit('sale_replaced', { ...s, by: e.by });
        io.to(SALES_ROOM).emit('sales_changed', { saleId: null, version: null });
        break;
      case 'odoo_sync_status':
        io.to(saleRoom(e.status.saleId)).emit('odoo_sync_status', e.status);
        break;
      case 'value_replaced':
        io.to(saleRoom(e.event.saleId)).emit('value_replaced', e.event);
        break;
      case 'approval_requested':
        void tellApprovers(ctx, e.event, e.requestedBy).catch((err) =>
          ctx.deps.log.error({ err }, 'could not tell the approvers of a request'),
        );
        break;
      case 'approval_changed':
        io.to(saleRoom(e.event.saleId)).emit('approval_changed', e.event);
        io.to(SALES_ROOM).emit('sales_changed', { saleId: e.event.saleId, version: null });
        break;
      case 'user_changed':
        void recheckUser(e.userId);
        // The other processes check their own sockets of this user.
        if (ctx.shared) io.serverSideEmit('user_changed', e.userId);
        break;
    }
  }
  return ctx.deps.events.subscribe(relay);
}
