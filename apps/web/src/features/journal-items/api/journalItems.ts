import { type CompanyDto, REPORT_FILES, reportsApi } from '@quotewright/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, download } from '../../../lib/api';

/**
 * Companies 1 and 4 (docs/product/rules.md#journal-items), labelled with their names; the ERP's list when it answers.
 * Without it (loading, or the call failed) the names are unknown: the ids label them.
 */
export const DEFAULT_COMPANIES: CompanyDto[] = [
  { id: 1, name: 'Company 1' },
  { id: 4, name: 'Company 4' },
];
export const DEFAULT_COMPANY_ID = 1;

export function useCompanies() {
  return useQuery({
    queryKey: ['reports', 'companies'],
    queryFn: ({ signal }) => call(reportsApi.companies, {}, { signal }),
    staleTime: 10 * 60_000,
    retry: false,
  });
}

/**
 * Downloads journalitems.xlsx, reporting the bytes received as the server streams them (the server answers as
 * soon as the ERP's first page is read, then writes page after page), and saves it under the server's name.
 */
export function downloadJournalItems(
  startDate: string,
  endDate: string,
  companyId: number,
  onProgress?: (bytes: number) => void,
): Promise<string> {
  return download(
    reportsApi.journalItems,
    { params: { startDate, endDate, companyId: String(companyId) } },
    REPORT_FILES.journalItems,
    onProgress ? { onProgress } : {},
  );
}
