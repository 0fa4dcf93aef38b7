// The drawer's sale summary slot: the sale editor puts its summary here while a sale is loaded. The setter and the
// summary are two contexts: the editor, which only sets it, is never rendered again when the summary changes.
import { createContext, type ReactNode, useContext, useState } from 'react';

type SetSummary = (summary: ReactNode | null) => void;

const SummaryContext = createContext<ReactNode | null>(null);
const SetSummaryContext = createContext<SetSummary | null>(null);

export function SaleSummaryProvider({ children }: { children: ReactNode }) {
  const [summary, setSummary] = useState<ReactNode | null>(null);
  return (
    <SetSummaryContext.Provider value={setSummary}>
      <SummaryContext.Provider value={summary}>{children}</SummaryContext.Provider>
    </SetSummaryContext.Provider>
  );
}

/** What the drawer shows of the loaded sale (null when none is loaded). */
export function useSaleSummary(): ReactNode | null {
  return useContext(SummaryContext);
}

/** Puts a summary in the drawer (null takes it away); a stable function. */
export function useSetSaleSummary(): SetSummary {
  const set = useContext(SetSummaryContext);
  if (!set) throw new Error('useSetSaleSummary must be used inside SaleSummaryProvider');
  return set;
}
