// The bus → rooms (docs/product/realtime.md#server--client-events): what the services publish on the in-process
// SaleEvents bus after commit, sent to the sale's room and the sales room, once, by the process that published it.
import type { SaleEvent } from '../../infra/sale-events';
import { type RealtimeContext, SALES_ROOM, saleRoom } from './context';

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
      case 'user_changed':
        void recheckUser(e.userId);
        // The other processes check their own sockets of this user.
        if (ctx.shared) io.serverSideEmit('user_changed', e.userId);
        break;
    }
  }
  return ctx.deps.events.subscribe(relay);
}
