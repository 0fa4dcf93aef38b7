import { type CompanyDto, REPORT_FILES } from '@quotewright/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { downloadFile } from '../../../lib/download';

/** SPEC §2, §9: companies 1 and 4, labelled with their names; the ERP's list when it answers. */
export const DEFAULT_COMPANIES: CompanyDto[] = [
  { id: 1, name: 'Company 1' },
  { id: 4, name: 'Company 4' },
];
export const DEFAULT_COMPANY_ID = 1;

export function useCompanies() {
  return useQuery({
    queryKey: ['reports', 'companies'],
    queryFn: ({ signal }) => api.get<CompanyDto[]>('/accounting/companies', { signal }),
    staleTime: 10 * 60_000,
    retry: false,
  });
}

export const journalItemsPath = (startDate: string, endDate: string, companyId: number) =>
  `/accounting/report/journalitems/${startDate}/${endDate}/${companyId}`;

export function downloadJournalItems(startDate: string, endDate: string, companyId: number) {
  return downloadFile(journalItemsPath(startDate, endDate, companyId), REPORT_FILES.journalItems);
}
