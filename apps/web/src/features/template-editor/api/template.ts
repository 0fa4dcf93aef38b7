import type { TemplateDto } from '@quotewright/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDialog } from '../../../app/providers/dialog';
import { useLoadingOverlay } from '../../../app/providers/loading';
import { useSnackbar } from '../../../app/providers/snackbar';
import { api, errorMessage } from '../../../lib/api';

export const templateQueryKey = (id: string) => ['template', id] as const;

export function useTemplate(id: string) {
  return useQuery({
    queryKey: templateQueryKey(id),
    queryFn: ({ signal }) => api.get<TemplateDto>(`/templates/${encodeURIComponent(id)}`, { signal }),
  });
}

/** Line actions report in an error snackbar; section and template actions in the 'Error' dialog. */
export const reportsInSnackbar = (path: string) => path.startsWith('lines/');

/**
 * Every change of a template is a POST under /templates/… (docs/product/api.md#templates), behind the global loading
 * overlay until the editor has read the template again. `run` never rejects: it answers undefined when the call failed,
 * after reporting the server's message once (docs/product/screens.md#messages: an error snackbar for line actions,
 * else the 'Error' dialog), so callers may fire and forget (`void action.run(…)`).
 */
export function useTemplateAction(templateId: string) {
  const qc = useQueryClient();
  const dialog = useDialog();
  const snackbar = useSnackbar();
  const loading = useLoadingOverlay();
  const m = useMutation({
    mutationFn: ({ path, body }: { path: string; body?: unknown }) =>
      api.post<unknown>(`/templates/${path}`, body ?? {}),
    // awaited by mutateAsync: the overlay stays until the template has been read again
    onSettled: () => qc.invalidateQueries({ queryKey: templateQueryKey(templateId) }),
  });
  return {
    pending: m.isPending,
    /**
     * A change whose refusal the caller shows itself (an edit dialog keeps the typed values with the reasons beside
     * them): never reports, answers the error instead.
     */
    attempt: async <T = unknown>(
      path: string,
      body?: unknown,
    ): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> => {
      try {
        return { ok: true, value: (await loading.track(m.mutateAsync({ path, body }))) as T };
      } catch (error) {
        return { ok: false, error };
      }
    },
    run: async <T = unknown>(path: string, body?: unknown): Promise<T | undefined> => {
      try {
        return (await loading.track(m.mutateAsync({ path, body }))) as T;
      } catch (e) {
        if (reportsInSnackbar(path)) snackbar.show(errorMessage(e), 'error');
        else void dialog.error(errorMessage(e));
        return undefined;
      }
    },
  };
}
