import { auditApi, type RouteInput } from '@quotewright/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** The query of a page of the log, as the screen sends it (filters and page). */
export type AuditListQuery = NonNullable<RouteInput<typeof auditApi.list>['query']>;

export const auditQueryKey = ['audit'] as const;

/** A page of the admin audit log; the page shown stays while the next one loads. */
export function useAuditPage(query: AuditListQuery, enabled = true) {
  return useQuery({
    queryKey: [...auditQueryKey, 'page', query],
    queryFn: ({ signal }) => call(auditApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Everyone the log names as an actor (deleted users too), for the "Who" filter. */
export function useAuditActors() {
  return useQuery({
    queryKey: [...auditQueryKey, 'actors'],
    queryFn: ({ signal }) => call(auditApi.actors, {}, { signal }),
  });
}
