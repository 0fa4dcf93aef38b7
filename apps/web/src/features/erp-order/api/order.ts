import { type ErpOrderView, erpOrderApi } from '@quotewright/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';

export type ErpOrder = ErpOrderView;

/** An order of the built-in demo ERP, as the ERP holds it (read-only). */
export function useErpOrder(odooId: string | undefined) {
  return useQuery({
    queryKey: ['erp-order', odooId],
    queryFn: ({ signal }) => call(erpOrderApi.order, { params: { id: odooId } }, { signal }),
    enabled: !!odooId,
    retry: false,
  });
}
