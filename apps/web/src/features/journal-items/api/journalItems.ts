import { type CompanyDto, REPORT_FILES } from '@quotewright/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { REQUEST_TIMEOUT_MS } from '../../../lib/constants';
import { fileNameFromDisposition, saveBlob } from '../../../lib/download';
import { readToken } from '../../../lib/token';

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
    queryFn: ({ signal }) => api.get<CompanyDto[]>('/accounting/companies', { signal }),
    staleTime: 10 * 60_000,
    retry: false,
  });
}

export const journalItemsPath = (startDate: string, endDate: string, companyId: number) =>
  `/accounting/report/journalitems/${startDate}/${endDate}/${companyId}`;

/**
 * Downloads journalitems.xlsx, reporting the bytes received as the server streams them (the server answers as
 * soon as the ERP's first page is read, then writes page after page), and saves it under the server's name.
 */
export async function downloadJournalItems(
  startDate: string,
  endDate: string,
  companyId: number,
  onProgress?: (bytes: number) => void,
): Promise<string> {
  const headers: Record<string, string> = {};
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`/api${journalItemsPath(startDate, endDate, companyId)}`, {
    headers,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    let message = text || res.statusText || `Request failed with status ${res.status}`;
    try {
      const body = JSON.parse(text) as { detail?: string; title?: string };
      message = body.detail ?? body.title ?? message;
    } catch {
      // not JSON
    }
    throw new ApiError(message, { status: res.status });
  }
  const chunks: BlobPart[] = [];
  let bytes = 0;
  const reader = res.body?.getReader();
  if (reader)
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.length;
      onProgress?.(bytes);
    }
  else chunks.push(await res.blob());
  const name = fileNameFromDisposition(res.headers.get('Content-Disposition')) ?? REPORT_FILES.journalItems;
  saveBlob(new Blob(chunks, { type: res.headers.get('Content-Type') ?? undefined }), name);
  return name;
}
