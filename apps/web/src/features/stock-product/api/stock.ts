import { REPORT_FILES, type StockByProductDto, type StockProductDto } from '@quotewright/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { downloadFile } from '../../../lib/download';

export type StockProduct = StockProductDto;

export function useStockByProduct() {
  return useQuery({
    queryKey: ['reports', 'stock', 'byproduct'],
    queryFn: ({ signal }) => api.get<StockByProductDto>('/inventory/stock/byproduct', { signal }),
    retry: false,
  });
}

export const downloadStockReport = () => downloadFile('/inventory/stock/report', REPORT_FILES.stock);
