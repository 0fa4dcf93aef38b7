import { type AnalyticAccountDto, reportsApi } from '@quotewright/contracts';
import type { EntryStatus } from '@quotewright/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';

export type AnalyticAccount = AnalyticAccountDto;

/** What the server is asked for: changing either means running the report again. */
export interface AnalyticRun {
  entryStatus: EntryStatus;
  /** 'YYYY-MM-DD' */
  accountingDate: string;
  /** bumped by each Run Report, so running the same parameters again fetches again */
  run: number;
}

export function useAnalyticReport(run: AnalyticRun | null) {
  return useQuery({
    queryKey: ['reports', 'analytic', run],
    queryFn: ({ signal }) =>
      call(
        reportsApi.analyticAccounts,
        { params: { entryStatus: run!.entryStatus, accountingDate: run!.accountingDate } },
        { signal },
      ),
    enabled: run !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
    retry: false,
  });
}
