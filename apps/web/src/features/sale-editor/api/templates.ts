// Templates applied to the sale (docs/product/api.md#templates-on-a-sale): each call answers a SaleDelta stored like
// every other edit's (storeDelta), behind the loading overlay; a failure shows the server's message in the 'Error'
// dialog.
import { type RouteInput, saleTemplatesApi, templatesApi } from '@quotewright/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDialog } from '../../../app/providers/dialog';
import { useLoadingOverlay } from '../../../app/providers/loading';
import { call } from '../../../lib/api';
import { storeDelta } from './mutations';

const templatesKey = ['templates'] as const;

/** The template list (GET /templates): the Apply Template dialog's choices, and which applied templates still exist. */
export function useTemplateChoices(enabled: boolean) {
  return useQuery({
    queryKey: templatesKey,
    queryFn: ({ signal }) => call(templatesApi.list, {}, { signal }),
    enabled,
  });
}

export function useTemplateSections(templateId: string | null) {
  return useQuery({
    queryKey: ['template', templateId],
    queryFn: ({ signal }) => call(templatesApi.get, { params: { id: templateId! } }, { signal }),
    enabled: templateId !== null,
  });
}

export type SaleTemplateRequest =
  | ({ action: 'add'; templateId: string } & RouteInput<typeof saleTemplatesApi.add>['body'])
  | { action: 'refresh' | 'remove'; templateId: string };

export function useSaleTemplateAction(saleId: string) {
  const qc = useQueryClient();
  const dialog = useDialog();
  const loading = useLoadingOverlay();
  return useMutation({
    mutationKey: ['sale', saleId, 'templates'],
    mutationFn: (req: SaleTemplateRequest) => {
      const params = { saleId, templateId: req.templateId };
      return loading.track(
        req.action === 'add'
          ? call(saleTemplatesApi.add, { params, body: { sections: req.sections, copyStyle: req.copyStyle } })
          : call(saleTemplatesApi[req.action], { params }),
      );
    },
    onSuccess: (delta) => storeDelta(qc, delta),
    onError: (err, req) => {
      void dialog.error(err);
      // the template may have been deleted meanwhile: read the list again, so the menu shows it as deleted
      if (req.action !== 'remove') void qc.invalidateQueries({ queryKey: templatesKey });
    },
  });
}
