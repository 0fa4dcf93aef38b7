// Amounts on screens follow the ERP company's currency (decision 0031), "$" until it is known.
import { approvalsApi, authApi, companyApi, type SaleListItemDto, salesApi, usersApi } from '@quotewright/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney, setMoneyCurrency } from '../../lib/format';
import { makeToken, makeUser, nowSeconds } from '../../test/fixtures';
import { answer, serve } from '../../test/msw';
import { renderApp } from '../../test/renderApp';

const admin = makeUser({ _id: 'a1', name: 'Admin', isAdmin: true });
const item: SaleListItemDto = {
  _id: 's1',
  quote_number: 'Q00001',
  order_number: 'Q00001',
  name: 'Quote 1',
  customer: { id: 1, name: 'Acme' },
  salesperson: { id: 2, name: 'Sam' },
  total_price: '1234.50',
  optional_total: '0.00',
  state: 'draft',
  state_label: 'Quote',
  updated_on: '2026-11-21T10:00:00Z',
};

function setup(currency?: { code: string; symbol: string; position: 'before' | 'after'; decimal_places: number }) {
  window.localStorage.setItem('token', makeToken({ sub: 'a1', exp: nowSeconds() + 3600 }));
  return serve(
    answer(usersApi.get, admin),
    answer(approvalsApi.pending, { items: [], total: 0, page: 0, pageSize: 1 }),
    answer(authApi.config, { ssoProvider: null, erpName: 'Odoo' }),
    answer(salesApi.list, { items: [item], total: 1, page: 0, pageSize: 20 }),
    ...(currency ? [answer(companyApi.company, { company: null, currency })] : []),
  );
}

afterEach(() => setMoneyCurrency(null));

describe('amounts in the company currency', () => {
  it('shows US dollars for a US company (and before the company is known)', async () => {
    setup();
    renderApp('/');
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
  });

  it("shows a euro company's amounts with € after them", async () => {
    setup({ code: 'EUR', symbol: '€', position: 'after', decimal_places: 2 });
    renderApp('/');
    expect(await screen.findByText('1,234.50 €')).toBeInTheDocument();
    expect(screen.queryByText('$1,234.50')).not.toBeInTheDocument();
  });

  it('formats with the currency set, and back to dollars', () => {
    setMoneyCurrency({ symbol: '¥', position: 'before', decimalPlaces: 0 });
    expect(formatMoney('1234.5')).toBe('¥1,235');
    setMoneyCurrency(null);
    expect(formatMoney('1234.5')).toBe('$1,234.50');
  });
});
