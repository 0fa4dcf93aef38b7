// Amounts on screens are shown in the ERP company's currency (decision 0031): GET /api/erp/company once per session
// (kept 10 minutes), and lib/format's formatMoney follows it. Until it is known (or when it cannot be read) amounts
// stay in US dollars. A company whose currency is not US dollars re-renders the page once when it arrives.
import { type CurrencyDto, companyApi } from '@quotewright/contracts';
import type { MoneyCurrency } from '@quotewright/domain';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { call } from '../../lib/api';
import { setMoneyCurrency } from '../../lib/format';

export const companyKey = ['erp', 'company'] as const;

export function useCompany() {
  return useQuery({
    queryKey: companyKey,
    queryFn: ({ signal }) => call(companyApi.company, {}, { signal }),
    staleTime: 10 * 60 * 1000,
  });
}

export const toMoneyCurrency = (c: CurrencyDto): MoneyCurrency => ({
  symbol: c.symbol,
  position: c.position,
  decimalPlaces: c.decimal_places,
});

/** Renders `children` with amounts in the company's currency (re-mounted once when a currency other than $ arrives). */
export function CompanyCurrency({ children }: { children: ReactNode }) {
  const { data } = useCompany();
  const currency = data ? toMoneyCurrency(data.currency) : null;
  // Set during render, before the children format anything: the value only depends on the query's data.
  setMoneyCurrency(currency);
  const key = currency ? `${currency.symbol}|${currency.position}|${currency.decimalPlaces}` : '$|before|2';
  return <Fragment key={key}>{children}</Fragment>;
}
