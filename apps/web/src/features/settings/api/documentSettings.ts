// The customer documents' settings (Settings, admins; decision 0031): "Quote validity (days)".
import { companyApi, type DocumentSettingsDto } from '@quotewright/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { documentSettingsKey, useDocumentSettings } from '../../../lib/documentSettings';

const key = documentSettingsKey;

export { useDocumentSettings };

export function useSaveDocumentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DocumentSettingsDto) => call(companyApi.setDocumentSettings, { body }),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
