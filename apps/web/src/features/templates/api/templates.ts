import type { TemplateDto, TemplateListDto } from '@quotewright/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const templatesQueryKey = ['templates'] as const;

export function useTemplates() {
  return useQuery({
    queryKey: templatesQueryKey,
    queryFn: ({ signal }) => api.get<TemplateListDto>('/templates', { signal }),
  });
}

/** Create, rename and delete: the answers of rename and delete are the full list (docs/product/api.md#templates). */
export function useTemplateMutations() {
  const qc = useQueryClient();
  const setList = (list: TemplateListDto) => qc.setQueryData(templatesQueryKey, list);
  return {
    create: useMutation({
      mutationFn: (name: string) => api.post<TemplateDto>('/templates', { name }),
      onSuccess: () => qc.invalidateQueries({ queryKey: templatesQueryKey }),
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) =>
        api.post<TemplateListDto>(`/templates/${encodeURIComponent(id)}`, { name }),
      onSuccess: setList,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete<TemplateListDto>(`/templates/${encodeURIComponent(id)}`),
      onSuccess: setList,
    }),
  };
}
