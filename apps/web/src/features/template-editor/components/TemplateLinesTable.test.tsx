import type { LineDto, SectionDto } from '@quotewright/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PRODUCT_DRAG_TYPE } from '../../../lib/products';
import { makeToken, makeUser, nowSeconds } from '../../../test/fixtures';
import { mockApi } from '../../../test/mockApi';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { templateAmount } from './format';
import { type TemplateLinesHandlers, TemplateLinesTable } from './TemplateLinesTable';

const line = (id: string, over: Partial<LineDto> = {}): LineDto => ({
  _id: id,
  kind: 'product',
  product: { id: 1, name: `M-${id}`, manufacturer: { name: 'Acme' } },
  name: `Line ${id}`,
  quantity: '1',
  price: '10.00',
  cost: '5.00',
  discount: 0,
  markup_percent: 100,
  margin_percent: 50,
  subtotal: '10.00',
  price_percentage_active: false,
  uom: { name: 'Units' },
  ...over,
});
const section = (lines: LineDto[]): SectionDto => ({
  _id: 's1',
  name: 'Hardware',
  show_details: true,
  merge: false,
  expanded: false,
  lines,
  pricing: { total_price: '0', total_cost: '0', total_margin: '0', total_margin_percent: 0, total_markup_percent: 0 },
});
const handlers = (): TemplateLinesHandlers => ({
  dropProduct: vi.fn(),
  addText: vi.fn(),
  update: vi.fn(),
  remove: vi.fn(),
  reorder: vi.fn(),
});

function setup() {
  const user = makeUser({ preferences: { darkMode: false, wideScreen: false, discreteMode: false } });
  window.localStorage.setItem('token', makeToken({ sub: user._id, exp: nowSeconds() + 3600 }));
  mockApi({ 'GET /api/users/u1': { body: user } });
}

/** A drop with the given drag data (jsdom has no DataTransfer). */
function drop(target: Element, data: Record<string, string>) {
  const dataTransfer = { types: Object.keys(data), getData: (k: string) => data[k] ?? '' };
  fireEvent.dragOver(target, { dataTransfer });
  fireEvent.drop(target, { dataTransfer });
}

describe('template lines table', () => {
  it('shows $ or % (Based on Total), negatives in the error colour, notes italic and headers bold', async () => {
    setup();
    renderWithProviders(
      <TemplateLinesTable
        section={section([
          line('a', { price: '-3.50' }),
          line('b', { price: '10.00', cost: '5.00', price_percentage_active: true }),
          line('n', {
            kind: 'note',
            name: 'A note',
            product: { id: null, name: 'note', manufacturer: { name: null } },
          }),
          line('h', {
            kind: 'header',
            name: 'A head',
            product: { id: null, name: 'header', manufacturer: { name: null } },
          }),
        ])}
        editable
        handlers={handlers()}
      />,
    );
    const negative = await screen.findByText('-$3.50');
    // the theme's error colour; a positive amount has none of its own
    expect(negative).toHaveStyle({ color: 'rgb(211, 47, 47)' });
    expect(screen.getAllByText('$5.00')[0]!.style.color).toBe('');
    expect(screen.getByText('10.00%')).toBeInTheDocument();
    expect(screen.getByText('5.00%')).toBeInTheDocument();
    expect(screen.getByText('A note')).toHaveStyle({ fontStyle: 'italic' });
    expect(screen.getByText('A head')).toHaveStyle({ fontWeight: 700 });
    expect(screen.queryByText('note')).toBeNull();
  });

  it('a dropped product is added; a drop without a product id is ignored', async () => {
    setup();
    const h = handlers();
    renderWithProviders(<TemplateLinesTable section={section([line('a')])} editable handlers={h} />);
    const zone = await screen.findByTestId('template-lines-Hardware');
    drop(zone, { [PRODUCT_DRAG_TYPE]: '42' });
    expect(h.dropProduct).toHaveBeenCalledWith(42);
    drop(zone, { [PRODUCT_DRAG_TYPE]: '' });
    drop(zone, { 'text/plain': 'x' });
    expect(h.dropProduct).toHaveBeenCalledTimes(1);
  });

  it('edits every selected line (ctrl-click) with the changed fields only', async () => {
    setup();
    const h = handlers();
    renderWithProviders(
      <TemplateLinesTable section={section([line('a'), line('b'), line('c')])} editable handlers={h} />,
    );
    fireEvent.click(await screen.findByText('Line a'));
    fireEvent.click(screen.getByText('Line c'), { ctrlKey: true });
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(await screen.findByLabelText('Qty'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(h.update).toHaveBeenCalledWith([
        { _id: 'a', quantity: '4' },
        { _id: 'c', quantity: '4' },
      ]),
    );
  });

  it('formats amounts', () => {
    expect(templateAmount({ price_percentage_active: true }, '12.5')).toBe('12.50%');
    expect(templateAmount({ price_percentage_active: false }, '12.5')).toBe('$12.50');
  });
});
