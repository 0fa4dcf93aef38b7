// The approval rules (Settings, admins; docs/product/rules.md#approvals).
import { approvalsApi } from '@quotewright/contracts';
import type { ApprovalRules } from '@quotewright/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';

const rulesKey = ['settings', 'approval-rules'] as const;

export function useApprovalRules() {
  return useQuery({
    queryKey: rulesKey,
    queryFn: ({ signal }) => call(approvalsApi.rules, {}, { signal }),
  });
}

export function useSaveApprovalRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: ApprovalRules) => call(approvalsApi.setRules, { body: rules }),
    onSuccess: (rules) => queryClient.setQueryData(rulesKey, rules),
  });
}
