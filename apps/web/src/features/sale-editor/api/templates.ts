// Templates applied to the sale (docs/product/api.md#templates-on-a-sale): each call answers a SaleDelta stored like
// every other edit's (storeDelta), behind the loading overlay; a failure shows the server's message in the 'Error'
// dialog.
import type { SaleDelta, TemplateDto, TemplateListDto } from '@quotewright/contracts';
import type { TemplateCopyStyle } from '@quotewright/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDialog } from '../../../app/providers/dialog';
import { useLoadingOverlay } from '../../../app/providers/loading';
import { api, errorMessage } from '../../../lib/api';
import { storeDelta } from './mutations';

const enc = encodeURIComponent;

const templatesKey = ['templates'] as const;

/** The template list (GET /templates): the Apply Template dialog's choices, and which applied templates still exist. */
export function useTemplateChoices(enabled: boolean) {
  return useQuery({
    queryKey: templatesKey,
    queryFn: ({ signal }) => api.get<TemplateListDto>('/templates', { signal }),
    enabled,
  });
}

export function useTemplateSections(templateId: string | null) {
  return useQuery({
    queryKey: ['template', templateId],
    queryFn: ({ signal }) => api.get<TemplateDto>(`/templates/${enc(templateId!)}`, { signal }),
    enabled: templateId !== null,
  });
}

export type SaleTemplateRequest =
  | { action: 'add'; templateId: string; sections: string[]; copyStyle: TemplateCopyStyle }
  | { action: 'refresh' | 'remove'; templateId: string };

export function useSaleTemplateAction(saleId: string) {
  const qc = useQueryClient();
  const dialog = useDialog();
  const loading = useLoadingOverlay();
  return useMutation({
    mutationKey: ['sale', saleId, 'templates'],
    mutationFn: (req: SaleTemplateRequest) =>
      loading.track(
        api.post<SaleDelta>(
          `/sales/templates/${req.action}/${enc(saleId)}/${enc(req.templateId)}`,
          req.action === 'add' ? { sections: req.sections, copyStyle: req.copyStyle } : {},
        ),
      ),
    onSuccess: (delta) => storeDelta(qc, delta),
    onError: (err, req) => {
      void dialog.error(errorMessage(err));
      // the template may have been deleted meanwhile: read the list again, so the menu shows it as deleted
      if (req.action !== 'remove') void qc.invalidateQueries({ queryKey: templatesKey });
    },
  });
}
