// The report's filters (docs/product/rules.md#analytic-account-summary): entry status and accounting date are sent to
// the server (changing them marks the report not loaded); the client, sales and date filters refilter the fetched rows
// locally.
import { type AnalyticFilters, DEFAULT_ENTRY_STATUS, type EntryStatus, filterAnalyticRows } from '@quotewright/domain';
import { format } from 'date-fns';
import { useCallback, useMemo, useState } from 'react';
import type { AnalyticAccount, AnalyticRun } from '../api/analytic';

/** A picker's Date (local midnight) → 'YYYY-MM-DD' of that calendar day. */
export const dayOf = (d: Date | null): string | null =>
  d && !Number.isNaN(d.getTime()) ? format(d, 'yyyy-MM-dd') : null;

export interface AnalyticForm {
  filterClients: boolean;
  filterSales: boolean;
  startDate: Date | null;
  endDate: Date | null;
  entryStatus: EntryStatus;
  accountingDate: Date | null;
}

export function useAnalyticFilters(today: () => Date = () => new Date()) {
  const [form, setForm] = useState<AnalyticForm>(() => ({
    filterClients: true,
    filterSales: true,
    startDate: null,
    endDate: null,
    entryStatus: DEFAULT_ENTRY_STATUS,
    accountingDate: today(),
  }));
  const [run, setRun] = useState<AnalyticRun | null>(null);

  const set = useCallback(<K extends keyof AnalyticForm>(key: K, value: AnalyticForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    // the server computed the rows for the old status/date: they are no longer the report asked for
    if (key === 'entryStatus' || key === 'accountingDate') setRun(null);
  }, []);

  const accountingDay = dayOf(form.accountingDate);
  const runReport = useCallback(() => {
    if (!accountingDay) return;
    setRun((r) => ({ entryStatus: form.entryStatus, accountingDate: accountingDay, run: (r?.run ?? 0) + 1 }));
  }, [form.entryStatus, accountingDay]);

  const local: AnalyticFilters = useMemo(
    () => ({
      filterClients: form.filterClients,
      filterSales: form.filterSales,
      startDate: dayOf(form.startDate),
      endDate: dayOf(form.endDate),
    }),
    [form.filterClients, form.filterSales, form.startDate, form.endDate],
  );
  const refilter = useCallback((rows: AnalyticAccount[]) => filterAnalyticRows(rows, local), [local]);

  return { form, set, run, runReport, canRun: accountingDay !== null, refilter };
}
