import type { StockByProductDto, StockProductDto } from '@quotewright/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type StockProduct = StockProductDto;

export function useStockByProduct() {
  return useQuery({
    queryKey: ['reports', 'stock', 'byproduct'],
    queryFn: ({ signal }) => api.get<StockByProductDto>('/inventory/stock/byproduct', { signal }),
    retry: false,
  });
}
