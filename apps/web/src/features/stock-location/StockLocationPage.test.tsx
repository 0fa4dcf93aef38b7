import { authApi, reportsApi, usersApi } from '@quotewright/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeToken, makeUser, nowSeconds } from '../../test/fixtures';
import { answer, serve } from '../../test/msw';
import { renderApp } from '../../test/renderApp';

const quant = (id: number, product: string, quantity: number) => ({
  id,
  product_id: { id, name: product },
  lot_id: null,
  location_id: { id: 1, name: 'Stock' },
  reserved_quantity: 0,
  quantity,
});
const location = (id: number, name: string, company: string, quants: ReturnType<typeof quant>[]) => ({
  id,
  name,
  complete_name: `WH/${name}`,
  usage: 'internal',
  company_id: { id: company === 'Demo Inc.' ? 1 : 4, name: company },
  stock_qty: quants.reduce((s, q) => s + q.quantity, 0),
  quant_ids: quants,
});

function setup() {
  const user = makeUser({ _id: 'a1', name: 'Storekeeper', modules: { inventory: { enabled: true, level: 'viewer' } } });
  window.localStorage.setItem('token', makeToken({ sub: 'a1', exp: nowSeconds() + 3600 }));
  return serve(
    answer(usersApi.get, user),
    answer(authApi.config, { ssoProvider: null, erpName: 'Odoo' }),
    answer(reportsApi.stockByLocation, [
      location(1, 'Stock', 'Demo Inc.', [quant(1, 'Desk', 4), quant(2, 'Chair', 6)]),
      location(2, 'Shelf 2', 'Demo Inc.', [quant(3, 'Lamp', 1.5)]),
      location(3, 'Toronto', 'Demo Canada', []),
    ]),
  );
}

describe('stock by location', () => {
  it('groups by company (groups open, details closed); a location opens its quants', async () => {
    setup();
    renderApp('/stock/location');
    expect(await screen.findByText('WH/Shelf 2')).toBeInTheDocument();
    expect(screen.getByText('WH/Toronto')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent ?? '');
    for (const h of ['Name', 'Full Name', 'Type', 'Stock Qty']) expect(headers.some((x) => x.includes(h))).toBe(true);
    // the group row sums its locations
    expect(screen.getByText('11.5')).toBeInTheDocument();
    expect(screen.queryAllByTestId('stock-quant')).toHaveLength(0);
    const row = screen.getByText('WH/Stock').closest('tr')!;
    await userEvent.click(
      within(row)
        .getAllByRole('button', { name: /expand/i })
        .at(-1)!,
    );
    const quants = await screen.findAllByTestId('stock-quant');
    expect(quants.map((q) => q.textContent)).toEqual(['Desk04', 'Chair06']);
    expect(screen.getByRole('button', { name: 'Download Report' })).toBeInTheDocument();
  });
});
