// The customer documents' settings (decision 0031): "Quote validity (days)". Read by the sale editor (the default a
// sale's validity falls back to) and the Settings screen (where admins change it); one query for both.
import { companyApi } from '@quotewright/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from './api';

export const documentSettingsKey = ['settings', 'documents'] as const;

export function useDocumentSettings() {
  return useQuery({
    queryKey: documentSettingsKey,
    queryFn: ({ signal }) => call(companyApi.documentSettings, {}, { signal }),
    staleTime: 60_000,
  });
}
