import { usersApi } from '@quotewright/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeToken, makeUser, nowSeconds } from '../../../test/fixtures';
import { answer, serve } from '../../../test/msw';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { SaleSection } from '../api/types';
import { type SectionHandlers, SectionsTable } from './SectionsTable';

const sec = (id: string, margin: number, markup: number): SaleSection => ({
  _id: id,
  name: `Section ${id}`,
  presentation: 'details',
  show_details: true,
  merge: false,
  expanded: false,
  lines: [],
  pricing: {
    total_price: '100.00',
    total_cost: '80.00',
    total_margin: '20.00',
    total_margin_percent: margin,
    total_markup_percent: markup,
  },
});

const handlers = (): SectionHandlers => ({
  open: vi.fn(),
  create: vi.fn(async () => true),
  rename: vi.fn(async () => true),
  setPresentation: vi.fn(),
  remove: vi.fn(),
  duplicate: vi.fn(),
  copy: vi.fn(),
  reorder: vi.fn(),
});

function setup(discreteMode: boolean) {
  const user = makeUser({ preferences: { darkMode: false, wideScreen: false, discreteMode } });
  window.localStorage.setItem('token', makeToken({ sub: user._id, exp: nowSeconds() + 3600 }));
  serve(answer(usersApi.get, user));
}

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

describe('sections table', () => {
  it('colours margin under 22 % and markup under 28 % in the error colour', async () => {
    setup(false);
    renderWithProviders(
      <SectionsTable sections={[sec('a', 21.99, 27.99), sec('b', 22, 28)]} editable handlers={handlers()} title="T" />,
    );
    const lowMargin = await screen.findByText('21.99%');
    expect(lowMargin).toHaveAttribute('data-warning', 'true');
    expect(screen.getByText('27.99%')).toHaveAttribute('data-warning', 'true');
    expect(screen.getByText('22.00%')).toHaveAttribute('data-warning', 'false');
    expect(screen.getByText('28.00%')).toHaveAttribute('data-warning', 'false');
    expect(getComputedStyle(lowMargin).color).not.toBe(getComputedStyle(screen.getByText('22.00%')).color);
    expect(screen.getAllByRole('button', { name: 'Rename' })).toHaveLength(2);
  });

  it('hides the four money columns in discrete mode', async () => {
    setup(true);
    renderWithProviders(<SectionsTable sections={[sec('a', 30, 40)]} editable handlers={handlers()} title="T" />);
    await waitFor(() => expect(headers()).toEqual(['', 'Name', 'Presentation', 'Actions']));
    expect(screen.queryByText('$100.00')).not.toBeInTheDocument();
  });

  it('shows every column otherwise', async () => {
    setup(false);
    renderWithProviders(<SectionsTable sections={[sec('a', 30, 40)]} editable handlers={handlers()} title="T" />);
    await waitFor(() =>
      expect(headers()).toEqual([
        '',
        'Name',
        'Presentation',
        'Total Price',
        'Total Cost',
        'Margin $',
        'Margin %',
        'Markup %',
        'Actions',
      ]),
    );
  });

  it('sets a section presentation from its select; optional sections show the totals with and without them', async () => {
    setup(false);
    const h = handlers();
    const optional = { ...sec('b', 30, 40), presentation: 'optional' as const };
    renderWithProviders(<SectionsTable sections={[sec('a', 30, 40), optional]} editable handlers={h} title="T" />);
    const select = await screen.findByRole('combobox', { name: 'Presentation of Section a' });
    expect(select).toHaveTextContent('Details');
    expect(screen.getByRole('combobox', { name: 'Presentation of Section b' })).toHaveTextContent('Optional');
    await userEvent.click(select);
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Total only' }));
    expect(h.setPresentation).toHaveBeenCalledWith(expect.objectContaining({ _id: 'a' }), 'total');
    expect(h.open).not.toHaveBeenCalled();
    const totals = screen.getByTestId('optional-totals');
    expect(totals).toHaveTextContent('Total without optional $100.00');
    expect(totals).toHaveTextContent('Optional $100.00');
    expect(totals).toHaveTextContent('Total with optional $200.00');
  });

  it('shows no optional totals without optional sections, nor in discrete mode', async () => {
    setup(true);
    const optional = { ...sec('b', 30, 40), presentation: 'optional' as const };
    renderWithProviders(<SectionsTable sections={[optional]} editable handlers={handlers()} title="T" />);
    await waitFor(() => expect(headers()).toEqual(['', 'Name', 'Presentation', 'Actions']));
    expect(screen.queryByTestId('optional-totals')).not.toBeInTheDocument();
  });
});
