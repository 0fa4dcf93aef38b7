import type { StockLocationDto } from '@quotewright/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type StockLocation = StockLocationDto;

export function useStockByLocation() {
  return useQuery({
    queryKey: ['reports', 'stock', 'bylocation'],
    queryFn: ({ signal }) => api.get<StockLocation[]>('/inventory/stock/bylocation', { signal }),
    retry: false,
  });
}
