import { type RouteAnswer, type RouteDef, type RouteInput, templatesApi } from '@quotewright/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDialog } from '../../../app/providers/dialog';
import { useLoadingOverlay } from '../../../app/providers/loading';
import { useSnackbar } from '../../../app/providers/snackbar';
import { call } from '../../../lib/api';

export const templateQueryKey = (id: string) => ['template', id] as const;

export function useTemplate(id: string) {
  return useQuery({
    queryKey: templateQueryKey(id),
    queryFn: ({ signal }) => call(templatesApi.get, { params: { id } }, { signal }),
  });
}

/** The changes of a section (its name, Show Details) and of lines, as the routes take them. */
export type SectionPatch = RouteInput<typeof templatesApi.updateSection>['body'];
export type LineEdits = RouteInput<typeof templatesApi.updateLines>['body'];

/** Line actions report in an error snackbar; section and template actions in the 'Error' dialog. */
export const reportsInSnackbar = (def: RouteDef) => def.path.startsWith('/api/templates/lines/');

/** What `call` sends for one change of the template. */
type Change = { def: RouteDef; input: object };

/**
 * Every change of a template is a POST under /api/templates/… (docs/product/api.md#templates; packages/contracts
 * routes/templates.ts), behind the global loading overlay until the editor has read the template again. `run` never
 * rejects: it answers undefined when the call failed, after reporting the server's message once
 * (docs/product/screens.md#messages: an error snackbar for line actions, else the 'Error' dialog), so callers may fire
 * and forget (`void action.run(…)`).
 */
export function useTemplateAction(templateId: string) {
  const qc = useQueryClient();
  const dialog = useDialog();
  const snackbar = useSnackbar();
  const loading = useLoadingOverlay();
  const m = useMutation({
    mutationFn: ({ def, input }: Change) => call(def, input),
    // awaited by mutateAsync: the overlay stays until the template has been read again
    onSettled: () => qc.invalidateQueries({ queryKey: templateQueryKey(templateId) }),
  });
  return {
    pending: m.isPending,
    /**
     * A change whose refusal the caller shows itself (an edit dialog keeps the typed values with the reasons beside
     * them): never reports, answers the error instead.
     */
    attempt: async <D extends RouteDef>(
      def: D,
      input: RouteInput<D>,
    ): Promise<{ ok: true; value: RouteAnswer<D> } | { ok: false; error: unknown }> => {
      try {
        return { ok: true, value: (await loading.track(m.mutateAsync({ def, input }))) as RouteAnswer<D> };
      } catch (error) {
        return { ok: false, error };
      }
    },
    run: async <D extends RouteDef>(def: D, input: RouteInput<D>): Promise<RouteAnswer<D> | undefined> => {
      try {
        return (await loading.track(m.mutateAsync({ def, input }))) as RouteAnswer<D>;
      } catch (e) {
        if (reportsInSnackbar(def)) snackbar.showError(e);
        else void dialog.error(e);
        return undefined;
      }
    },
  };
}
