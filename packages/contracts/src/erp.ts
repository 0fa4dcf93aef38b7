// The ERP data fetch as the settings API answers it (docs/decisions/0004).
export type FetchKind = 'products' | 'sales' | 'contacts';

export interface FetchRunDto {
  id: string;
  kind: FetchKind;
  /** What the Settings buttons show. */
  state: 'loading' | 'success' | 'error';
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  progress: number;
  processed: number;
  total: number | null;
  written: number;
  deactivated: number;
  message: string | null;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}
