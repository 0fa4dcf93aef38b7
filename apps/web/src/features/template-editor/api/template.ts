import type { TemplateDto } from '@quotewright/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDialog } from '../../../app/providers/dialog';
import { api, errorMessage } from '../../../lib/api';

export const templateQueryKey = (id: string) => ['template', id] as const;

export function useTemplate(id: string) {
  return useQuery({
    queryKey: templateQueryKey(id),
    queryFn: ({ signal }) => api.get<TemplateDto>(`/templates/${encodeURIComponent(id)}`, { signal }),
  });
}

/**
 * Every change of a template is a POST under /templates/… (SPEC §7); the editor then reads the template again.
 * A failure shows the server's message in the 'Error' dialog (SPEC §8).
 */
export function useTemplateAction(templateId: string) {
  const qc = useQueryClient();
  const dialog = useDialog();
  const m = useMutation({
    mutationFn: ({ path, body }: { path: string; body?: unknown }) =>
      api.post<unknown>(`/templates/${path}`, body ?? {}),
    onSettled: () => qc.invalidateQueries({ queryKey: templateQueryKey(templateId) }),
    onError: (e) => void dialog.error(errorMessage(e)),
  });
  return {
    pending: m.isPending,
    run: <T = unknown>(path: string, body?: unknown) => m.mutateAsync({ path, body }) as Promise<T>,
  };
}
