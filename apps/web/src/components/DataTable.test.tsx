import { usersApi } from '@quotewright/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MRT_ColumnDef } from 'material-react-table';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { makeToken, makeUser, nowSeconds } from '../test/fixtures';
import { answer, serve } from '../test/msw';
import { renderWithProviders } from '../test/renderWithProviders';
import { DataTable, useDataTable } from './DataTable';

interface Line {
  model: string;
  qty: number;
  price: number;
  cost: number;
  markup: number;
}

const columns: MRT_ColumnDef<Line>[] = [
  { accessorKey: 'model', header: 'Model' },
  { accessorKey: 'qty', header: 'Qty' },
  { accessorKey: 'price', header: 'Price', meta: { sensitive: 'price' } },
  { accessorKey: 'cost', header: 'Cost', meta: { sensitive: 'cost' } },
  { accessorKey: 'markup', header: 'Markup %', meta: { sensitive: 'markup' } },
];
const data: Line[] = [{ model: 'AX-100', qty: 2, price: 125.5, cost: 99.25, markup: 26.45 }];

function LinesTable() {
  const table = useDataTable({ columns, data });
  return <DataTable table={table} />;
}

function headers() {
  return within(screen.getByRole('table'))
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.replace(/[^A-Za-z %]/g, '').trim());
}

function setup(discreteMode: boolean) {
  const user = makeUser({ preferences: { darkMode: true, wideScreen: false, discreteMode } });
  window.localStorage.setItem('token', makeToken({ sub: user._id, exp: nowSeconds() + 3600 }));
  return serve(
    answer(usersApi.get, user),
    answer(usersApi.discreteMode, ({ params }) => ({
      ...user,
      preferences: { ...user.preferences, discreteMode: params.value === 'true' },
    })),
  );
}

describe('discrete columns', () => {
  it('shows price, cost and markup when discrete mode is off', async () => {
    setup(false);
    renderWithProviders(<LinesTable />);
    await waitFor(() => expect(headers()).toEqual(['Model', 'Qty', 'Price', 'Cost', 'Markup %']));
    expect(screen.getByText('AX-100')).toBeInTheDocument();
  });

  it('hides sensitive columns while the preferences are still loading', async () => {
    const user = makeUser();
    window.localStorage.setItem('token', makeToken({ sub: user._id, exp: nowSeconds() + 3600 }));
    let release: (r: typeof user) => void = () => {};
    serve(
      answer(
        usersApi.get,
        () =>
          new Promise<typeof user>((r) => {
            release = r;
          }),
      ),
    );
    renderWithProviders(<LinesTable />);
    await waitFor(() => expect(headers()).toEqual(['Model', 'Qty']));
    release(user);
    await waitFor(() => expect(headers()).toEqual(['Model', 'Qty', 'Price', 'Cost', 'Markup %']));
  });

  it('removes every sensitive column in discrete mode, including from the column chooser', async () => {
    setup(true);
    renderWithProviders(<LinesTable />);
    await waitFor(() => expect(headers()).toEqual(['Model', 'Qty']));
    expect(screen.queryByText('125.5')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show/Hide columns' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByText('Price')).not.toBeInTheDocument();
    expect(within(menu).queryByText('Cost')).not.toBeInTheDocument();
    expect(within(menu).getByText('Model')).toBeInTheDocument();
  });
});

function LoadingTable() {
  const [isLoading, setLoading] = useState(true);
  const table = useDataTable({ columns, data: isLoading ? [] : data, state: { isLoading } });
  return (
    <>
      <button type="button" onClick={() => setLoading(false)}>
        Loaded
      </button>
      <DataTable table={table} />
    </>
  );
}

describe('sort labels', () => {
  it('never draws a nameless sort button while the table loads, and names each one once rows are there', async () => {
    setup(false);
    renderWithProviders(<LoadingTable />);
    await waitFor(() => expect(headers()).toContain('Model'));
    const nameless = () =>
      Array.from(document.querySelectorAll('.MuiTableSortLabel-root')).filter((el) => !el.getAttribute('aria-label'));
    expect(nameless()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Loaded' }));
    await screen.findByText('AX-100');
    expect(document.querySelectorAll('.MuiTableSortLabel-root').length).toBeGreaterThan(0);
    expect(nameless()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Sort by Model ascending' })).toBeInTheDocument();
  });
});
