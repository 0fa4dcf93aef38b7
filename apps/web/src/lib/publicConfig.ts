import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import type { PublicConfig } from './types';

/** GET /api/config (anonymous): the ERP's display name and the SSO provider. Shared cache with the login screen. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => api.get<PublicConfig>('/config', { signal, anonymous: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The ERP's name for labels such as 'Open in Odoo' (Odoo until the config has loaded). */
export function useErpName(): string {
  return usePublicConfig().data?.erpName ?? 'Odoo';
}
