// A sale's revisions (docs/product/screens.md#revisions): the list, a revision read, two sides compared, Save revision
// and Restore, through the route definitions of packages/contracts routes/sale-revisions.ts. The list and a comparison
// with the sale now are read again when the sale's version moves (an edit, a publish that saved a revision, a
// restore). A restore answers the usual delta: it is applied to the cached sale like any edit (api/mutations.ts).
import {
  type RevisionCompare,
  type RevisionRestoreAnswer,
  type RevisionSummary,
  saleRevisionsApi,
} from '@quotewright/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { call } from '../../../lib/api';
import { coverLetterKey } from '../../../lib/queryKeys';
import { storeDelta } from '../api/mutations';

export const revisionsKey = (saleId: string) => ['sale', saleId, 'revisions'] as const;

/** `current` (the sale now) or a revision's id. */
export type RevisionSide = 'current' | string;

/** The revisions of `saleId`, newest first; read again when `version` (the sale's) moves. */
export function useRevisions(saleId: string, version: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...revisionsKey(saleId), 'list'],
    queryFn: async ({ signal }) => (await call(saleRevisionsApi.list, { params: { saleId } }, { signal })).items,
  });
  const seen = useRef(version);
  useEffect(() => {
    if (version === seen.current) return;
    seen.current = version;
    void queryClient.invalidateQueries({ queryKey: [...revisionsKey(saleId), 'list'] });
  }, [version, saleId, queryClient]);
  return query;
}

/** One revision (its sale and cover letter as they were): a revision never changes, so it is read once. */
export function useRevision(saleId: string, revisionId: string | null) {
  return useQuery({
    queryKey: [...revisionsKey(saleId), 'read', revisionId],
    queryFn: ({ signal }) => call(saleRevisionsApi.read, { params: { saleId, revisionId: revisionId! } }, { signal }),
    enabled: revisionId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * What differs from `from` to `to`. Two revisions never change; a side that is the sale now is read again at each
 * new `version` of the sale (the previous answer stays on screen meanwhile).
 */
export function useRevisionCompare(
  saleId: string,
  sides: { from: RevisionSide; to: RevisionSide } | null,
  version: number,
) {
  const live = sides !== null && (sides.from === 'current' || sides.to === 'current');
  return useQuery<RevisionCompare>({
    queryKey: [...revisionsKey(saleId), 'compare', sides?.from, sides?.to, live ? version : null],
    queryFn: ({ signal }) => call(saleRevisionsApi.compare, { params: { saleId }, query: sides! }, { signal }),
    enabled: sides !== null,
    staleTime: live ? 0 : Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
}

/** Save revision: the new revision (the list is read again). */
export function useSaveRevision(saleId: string) {
  const queryClient = useQueryClient();
  return useMutation<RevisionSummary, Error, { comment?: string }>({
    mutationFn: ({ comment }) => call(saleRevisionsApi.save, { params: { saleId }, body: comment ? { comment } : {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...revisionsKey(saleId), 'list'] }),
  });
}

/**
 * Restore: the sale gets the revision's header, sections, lines and cover letter as one edit (its delta applied to the cached sale, so the
 * editor shows the restored content); the answer names the revision saved just before (restoring it undoes this).
 */
export function useRestoreRevision(saleId: string) {
  const queryClient = useQueryClient();
  return useMutation<RevisionRestoreAnswer, Error, { revisionId: string }>({
    mutationFn: ({ revisionId }) => call(saleRevisionsApi.restore, { params: { saleId, revisionId } }),
    onSuccess: async (answer) => {
      await storeDelta(queryClient, answer);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...revisionsKey(saleId), 'list'] }),
        queryClient.invalidateQueries({ queryKey: coverLetterKey(saleId) }),
      ]);
    },
  });
}
