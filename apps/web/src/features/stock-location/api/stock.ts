import { REPORT_FILES, type StockLocationDto } from '@quotewright/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { downloadFile } from '../../../lib/download';

export type StockLocation = StockLocationDto;

export function useStockByLocation() {
  return useQuery({
    queryKey: ['reports', 'stock', 'bylocation'],
    queryFn: ({ signal }) => api.get<StockLocation[]>('/inventory/stock/bylocation', { signal }),
    retry: false,
  });
}

export const downloadStockReport = () => downloadFile('/inventory/stock/report', REPORT_FILES.stock);
