// Publish/sync to the ERP (decision 0011): the last run's status (live through the sale's room, read again
// on reload) and the pre-publish check.
import { type OdooSyncStatus, type SyncCheck, saleSyncApi } from '@quotewright/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';

export const syncStatusKey = (saleId: string) => ['sale', saleId, 'odoo-sync'] as const;

/** The sale's last publish/sync (updated by `odoo_sync_status` in useSaleRoom). */
export function useSyncStatus(saleId: string) {
  return useQuery({
    queryKey: syncStatusKey(saleId),
    queryFn: () => call(saleSyncApi.status, { params: { id: saleId } }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** What a publish/sync would do, and what the ERP would refuse. */
export function checkSync(saleId: string, createNew: boolean): Promise<SyncCheck> {
  return call(saleSyncApi.check, { params: { id: saleId }, query: { create_new: createNew ? 'true' : undefined } });
}

export const isRunning = (s: OdooSyncStatus | undefined) => s?.state === 'queued' || s?.state === 'syncing';
