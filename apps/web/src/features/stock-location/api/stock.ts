import { reportsApi, type StockLocationDto } from '@quotewright/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';

export type StockLocation = StockLocationDto;

export function useStockByLocation() {
  return useQuery({
    queryKey: ['reports', 'stock', 'bylocation'],
    queryFn: ({ signal }) => call(reportsApi.stockByLocation, {}, { signal }),
    retry: false,
  });
}
