// The sale's activity feed (docs/product/screens.md#activity): GET /api/sales/:id/activity, newest first, a page at a
// time ("Load more").
// Every change of the sale bumps its version (our own answers and other editors' deltas both patch the cached sale):
// the feed refetches its loaded pages when the version it was read at is behind.
import { ACTIVITY_PAGE_SIZE, type ActivityEntryDto, type ActivityPageDto, salesApi } from '@quotewright/contracts';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { call } from '../../../lib/api';

export const activityKey = (saleId: string) => ['sale', saleId, 'activity'] as const;

export function fetchActivity(
  saleId: string,
  page: number,
  pageSize = ACTIVITY_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<ActivityPageDto> {
  return call(salesApi.activity, { params: { id: saleId }, query: { page, pageSize } }, { signal });
}

/**
 * The feed of `saleId` while mounted. `version` is the sale's current version: when it grows, the loaded pages are
 * read again (a new entry at the top shifts every page).
 */
export function useSaleActivity(saleId: string, version: number, pageSize = ACTIVITY_PAGE_SIZE) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: activityKey(saleId),
    queryFn: ({ pageParam, signal }) => fetchActivity(saleId, pageParam, pageSize, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => ((last.page + 1) * last.pageSize < last.total ? last.page + 1 : undefined),
  });
  const seen = useRef(version);
  useEffect(() => {
    if (version === seen.current) return;
    seen.current = version;
    void queryClient.invalidateQueries({ queryKey: activityKey(saleId), exact: true });
  }, [version, saleId, queryClient]);

  // Pages read at different moments may overlap (an entry added between two reads): each entry once.
  const entries = useMemo(() => {
    const seenIds = new Set<string>();
    const out: ActivityEntryDto[] = [];
    for (const page of query.data?.pages ?? []) {
      for (const e of page.items) {
        if (seenIds.has(e._id)) continue;
        seenIds.add(e._id);
        out.push(e);
      }
    }
    return out;
  }, [query.data]);
  const total = query.data?.pages.at(-1)?.total ?? 0;
  return { ...query, entries, total };
}
