import { erpFetchApi, type FetchKind } from '@quotewright/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';

export type { FetchKind } from '@quotewright/contracts';

export const fetchRunKey = (kind: FetchKind) => ['erp-fetch', kind] as const;

/** The latest run of a kind; polled every second while it is under way. */
export function useFetchRun(kind: FetchKind) {
  return useQuery({
    queryKey: fetchRunKey(kind),
    queryFn: async ({ signal }) => (await call(erpFetchApi.latest, { params: { kind } }, { signal })).run,
    refetchInterval: (query) => (query.state.data?.state === 'loading' ? 1000 : false),
  });
}

/** Starts a fetch (or joins the one under way: the server answers the running run). */
export function useStartFetch(kind: FetchKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(erpFetchApi.start, { params: { kind } }),
    onSuccess: (run) => queryClient.setQueryData(fetchRunKey(kind), run),
  });
}
