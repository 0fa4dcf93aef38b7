import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function useResetPassword(userId: string | null) {
  return useMutation({
    mutationFn: (body: { password: string; password2: string }) =>
      api.post<{ ok: true }>(`/users/resetpassword/${encodeURIComponent(userId ?? '')}`, body),
  });
}
