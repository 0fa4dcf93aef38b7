import { type RouteInput, usersApi } from '@quotewright/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api';

export function useResetPassword(userId: string | null) {
  return useMutation({
    mutationFn: (body: RouteInput<typeof usersApi.resetPassword>['body']) =>
      call(usersApi.resetPassword, { params: { id: userId ?? '' }, body }),
  });
}
