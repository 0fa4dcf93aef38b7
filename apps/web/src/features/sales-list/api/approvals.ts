// The sales awaiting approval (docs/product/screens.md#sales-list): the "Awaiting approval" filter's page and count.
// Under the list's query key, so every `sales_changed` (an approval requested or decided included) reads it again.
import { approvalsApi, type PendingApprovalsPage } from '@quotewright/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';

export function usePendingApprovals(query: { page: number; pageSize: number }, enabled = true) {
  return useQuery<PendingApprovalsPage>({
    queryKey: ['sales', 'list', 'awaiting-approval', query.page, query.pageSize],
    queryFn: ({ signal }) => call(approvalsApi.pending, { query }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
