import { authApi, reportsApi, type StockProductDto, usersApi } from '@quotewright/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeToken, makeUser, nowSeconds } from '../../test/fixtures';
import { answer, serve } from '../../test/msw';
import { renderApp } from '../../test/renderApp';

const quant = (id: number, location: string) => ({
  id,
  product_id: { id: 5, name: 'Desk' },
  lot_id: id === 1 ? { id: 9, name: 'LOT-9' } : null,
  location_id: { id, name: location },
  reserved_quantity: 1,
  quantity: 4,
});
const products: StockProductDto[] = Array.from({ length: 25 }, (_, i) => ({
  id: i + 1,
  name: `Product ${String(i + 1).padStart(2, '0')}`,
  category: { name: 'Furniture' },
  company: { id: 1, name: 'Demo' },
  qty_available: 8,
  cost: 12.5,
  liability: 100,
  stock_quant_ids: [quant(1, 'WH/Stock'), quant(2, 'WH/Shelf 2')],
}));

function setup(discrete: boolean, rows: StockProductDto[] = products) {
  const user = makeUser({
    _id: 'a1',
    name: 'Storekeeper',
    modules: { inventory: { enabled: true, level: 'viewer' } },
    preferences: { darkMode: false, wideScreen: false, discreteMode: discrete },
  });
  window.localStorage.setItem('token', makeToken({ sub: 'a1', exp: nowSeconds() + 3600 }));
  return serve(
    answer(usersApi.get, user),
    answer(authApi.config, { ssoProvider: null, erpName: 'Odoo' }),
    answer(reportsApi.stockByProduct, { total_liability: 2500, products: rows }),
  );
}

describe('stock by product', () => {
  it('the columns, 20 rows a page, summed Total Liability in the header, quants in the row detail', async () => {
    setup(false);
    renderApp('/stock/product');
    expect(await screen.findByTestId('total-liability')).toHaveTextContent('Total Liability: $2,500.00');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent ?? '');
    for (const h of ['Name', 'Category', 'Company', 'Stock Qty', 'Unit Cost', 'Total Liability'])
      expect(headers.some((x) => x.includes(h))).toBe(true);
    expect(screen.getByText('Product 20')).toBeInTheDocument();
    expect(screen.queryByText('Product 21')).toBeNull();
    expect(screen.getAllByText('$12.50').length).toBe(20);
    const row = screen.getByText('Product 01').closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /expand/i }));
    const quants = await screen.findAllByTestId('stock-quant');
    expect(quants.map((q) => q.textContent)).toEqual(['WH/StockLOT-914', 'WH/Shelf 214']);
    expect(document.title).toBe('Stock by Product | Quotewright');
  });

  it('discrete mode hides the unit cost, the liability and the header total', async () => {
    setup(true);
    renderApp('/stock/product');
    await screen.findByText('Product 01');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent ?? '');
    expect(headers.some((x) => x.includes('Unit Cost') || x.includes('Total Liability'))).toBe(false);
    expect(screen.queryByTestId('total-liability')).toBeNull();
    expect(screen.queryByText(/\$/)).toBeNull();
  });

  it('a product stocked by two companies: a row for each, at its cost, each opening its own quants', async () => {
    const desk = (company: { id: number; name: string }, cost: number, quantId: number, location: string) => ({
      ...products[0]!,
      id: 5,
      name: 'Desk',
      company,
      qty_available: 4,
      cost,
      liability: 4 * cost,
      stock_quant_ids: [{ ...quant(quantId, location), id: quantId }],
    });
    setup(false, [
      desk({ id: 1, name: 'Demo Inc.' }, 10, 1, 'WH/Stock'),
      desk({ id: 4, name: 'Demo Canada' }, 11, 2, 'TOR/Stock'),
    ]);
    renderApp('/stock/product');
    const rows = (await screen.findAllByText('Desk')).map((c) => c.closest('tr')!);
    expect(rows).toHaveLength(2);
    expect(
      rows.map((r) => [within(r).getByText(/^Demo/).textContent, within(r).getByText(/^\$1[01]\.00$/).textContent]),
    ).toEqual([
      ['Demo Inc.', '$10.00'],
      ['Demo Canada', '$11.00'],
    ]);
    await userEvent.click(within(rows[1]!).getByRole('button', { name: /expand/i }));
    const quants = await screen.findAllByTestId('stock-quant');
    expect(quants.map((q) => q.textContent)).toEqual(['TOR/Stock14']);
  });
});
