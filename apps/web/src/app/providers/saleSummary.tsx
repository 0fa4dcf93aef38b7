// The drawer's sale summary slot: the sale editor puts its summary here while a sale is loaded.
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

interface SaleSummaryApi {
  summary: ReactNode | null;
  setSummary(summary: ReactNode | null): void;
}

const SaleSummaryContext = createContext<SaleSummaryApi | null>(null);

export function SaleSummaryProvider({ children }: { children: ReactNode }) {
  const [summary, setSummary] = useState<ReactNode | null>(null);
  const value = useMemo(() => ({ summary, setSummary }), [summary]);
  return <SaleSummaryContext.Provider value={value}>{children}</SaleSummaryContext.Provider>;
}

export function useSaleSummary(): SaleSummaryApi {
  const ctx = useContext(SaleSummaryContext);
  if (!ctx) throw new Error('useSaleSummary must be used inside SaleSummaryProvider');
  return ctx;
}
