import { type TemplateListDto, templatesApi } from '@quotewright/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';

export const templatesQueryKey = ['templates'] as const;

export function useTemplates() {
  return useQuery({
    queryKey: templatesQueryKey,
    queryFn: ({ signal }) => call(templatesApi.list, {}, { signal }),
  });
}

/** Create, rename and delete: the answers of rename and delete are the full list (docs/product/api.md#templates). */
export function useTemplateMutations() {
  const qc = useQueryClient();
  const setList = (list: TemplateListDto) => qc.setQueryData(templatesQueryKey, list);
  return {
    create: useMutation({
      mutationFn: (name: string) => call(templatesApi.create, { body: { name } }),
      onSuccess: () => qc.invalidateQueries({ queryKey: templatesQueryKey }),
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) =>
        call(templatesApi.update, { params: { id }, body: { name } }),
      onSuccess: setList,
    }),
    remove: useMutation({
      mutationFn: (id: string) => call(templatesApi.remove, { params: { id } }),
      onSuccess: setList,
    }),
  };
}
