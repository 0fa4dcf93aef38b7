import { authApi } from '@quotewright/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from './api';

/** GET /api/config (public): the ERP's display name and the SSO provider; the login screen reads it too. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => call(authApi.config, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The ERP's name for labels such as 'Open in Odoo' (Odoo until the config has loaded). */
export function useErpName(): string {
  return usePublicConfig().data?.erpName ?? 'Odoo';
}
