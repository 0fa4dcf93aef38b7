import type { CoverLetter, CoverLetterBody } from '@quotewright/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const key = (saleId: string) => ['sale', saleId, 'document'] as const;
const path = (saleId: string) => `/sales/${encodeURIComponent(saleId)}/document`;

/** The sale's cover letter (empty when none was saved). */
export function useCoverLetter(saleId: string) {
  return useQuery({ queryKey: key(saleId), queryFn: () => api.get<CoverLetter>(path(saleId)) });
}

export function useSaveCoverLetter(saleId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CoverLetterBody) => api.put<CoverLetter>(path(saleId), { body }),
    onSuccess: (saved) => qc.setQueryData(key(saleId), saved),
  });
}
