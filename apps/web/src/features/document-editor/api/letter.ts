import { type CoverLetterBody, exportsApi } from '@quotewright/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { coverLetterKey } from '../../../lib/queryKeys';

const key = coverLetterKey;

/** The sale's cover letter (empty when none was saved). */
export function useCoverLetter(saleId: string) {
  return useQuery({ queryKey: key(saleId), queryFn: () => call(exportsApi.coverLetter, { params: { id: saleId } }) });
}

export function useSaveCoverLetter(saleId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CoverLetterBody) => call(exportsApi.saveCoverLetter, { params: { id: saleId }, body: { body } }),
    onSuccess: (saved) => qc.setQueryData(key(saleId), saved),
  });
}
