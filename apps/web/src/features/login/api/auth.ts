import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { PublicConfig } from '../../../lib/types';

export function usePublicConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => api.get<PublicConfig>('/config', { signal, anonymous: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function login(email: string, password: string): Promise<{ token: string }> {
  return api.post<{ token: string }>('/users/login', { email, password }, { anonymous: true });
}

// A code is single-use: React may mount the exchanging component twice (StrictMode), so the request is shared.
const exchanges = new Map<string, Promise<{ token: string }>>();

export function exchangeCode(code: string): Promise<{ token: string }> {
  let pending = exchanges.get(code);
  if (!pending) {
    pending = api.post<{ token: string }>('/auth/exchange', { code }, { anonymous: true });
    exchanges.set(code, pending);
  }
  return pending;
}
