import { reportsApi, type StockProductDto } from '@quotewright/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';

export type StockProduct = StockProductDto;

export function useStockByProduct() {
  return useQuery({
    queryKey: ['reports', 'stock', 'byproduct'],
    queryFn: ({ signal }) => call(reportsApi.stockByProduct, {}, { signal }),
    retry: false,
  });
}
