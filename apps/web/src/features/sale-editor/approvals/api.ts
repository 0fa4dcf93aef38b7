// A sale's approval (docs/product/rules.md#approvals): its state as the server answers it (the rules, the latest request
// and its decision), read again when the sale's room says it changed (`approval_changed`, useSaleRoom) and after this
// person's request or decision. What the sale breaks is evaluated here, as lines change (useLiveApproval).
import {
  type ApprovalDecisionBody,
  type ApprovalStateDto,
  approvalsApi,
  type RouteInput,
} from '@quotewright/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';

export const approvalKey = (saleId: string) => ['sale', saleId, 'approval'] as const;

export function useApprovalState(saleId: string) {
  return useQuery<ApprovalStateDto>({
    queryKey: approvalKey(saleId),
    queryFn: ({ signal }) => call(approvalsApi.state, { params: { id: saleId } }, { signal }),
  });
}

type RequestBody = RouteInput<typeof approvalsApi.request>['body'];

/** Request approval (with a comment). */
export function useRequestApproval(saleId: string) {
  const queryClient = useQueryClient();
  return useMutation<ApprovalStateDto, Error, RequestBody>({
    mutationFn: (body) => call(approvalsApi.request, { params: { id: saleId }, body }),
    onSuccess: (state) => queryClient.setQueryData(approvalKey(saleId), state),
  });
}

/** Approve or reject the pending request, for the version of the sale the approver looked at. */
export function useDecideApproval(saleId: string) {
  const queryClient = useQueryClient();
  return useMutation<ApprovalStateDto, Error, { verb: 'approve' | 'reject'; body: ApprovalDecisionBody }>({
    mutationFn: ({ verb, body }) =>
      call(verb === 'approve' ? approvalsApi.approve : approvalsApi.reject, { params: { id: saleId }, body }),
    onSuccess: (state) => queryClient.setQueryData(approvalKey(saleId), state),
    onError: () => void queryClient.invalidateQueries({ queryKey: approvalKey(saleId), exact: true }),
  });
}
