import { type LineDto, type SectionDto, usersApi } from '@quotewright/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PRODUCT_DRAG_TYPE } from '../../../lib/products';
import { makeToken, makeUser, nowSeconds } from '../../../test/fixtures';
import { answer, serve } from '../../../test/msw';
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
  presentation: 'details',
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
  serve(answer(usersApi.get, user));
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
    expect(negative).toHaveStyle({ color: 'rgb(198, 40, 40)' });
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

  it('marks negative quantities, prices and costs and zero quantities with a warning sign and its tooltip', async () => {
    setup();
    renderWithProviders(
      <TemplateLinesTable
        section={section([
          line('a'),
          line('b', { quantity: '-1' }),
          line('c', { quantity: '0' }),
          line('d', { price: '-5.00', cost: '-2.00', price_percentage_active: true }),
        ])}
        editable
        handlers={handlers()}
      />,
    );
    await screen.findByText('Line d');
    const codes = (id: string) =>
      Array.from(screen.getByTestId(`template-line-${id}`).querySelectorAll('[data-testid="value-warning"]')).map((m) =>
        m.getAttribute('data-warning-code'),
      );
    // price and cost show once the user (not in discrete mode) is known
    await waitFor(() => expect(codes('3')).toEqual(['NEGATIVE_PRICE', 'NEGATIVE_COST']));
    expect(codes('0')).toEqual([]);
    expect(codes('1')).toEqual(['NEGATIVE_QUANTITY']);
    expect(codes('2')).toEqual(['ZERO_QUANTITY']);
    const price = screen.getByRole('img', { name: /^Negative price: the customer will see -5\.00%/ });
    fireEvent.mouseOver(price);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Negative price: the customer will see -5.00%');
  });

  it('a refused value keeps the dialog open with what was typed and the reason beside the field', async () => {
    setup();
    const h = handlers();
    let refuse = true;
    vi.mocked(h.update).mockImplementation(async () =>
      refuse ? { message: 'Some fields are invalid', fields: { price: 'Price is out of range' } } : undefined,
    );
    renderWithProviders(
      <TemplateLinesTable
        section={section([line('a'), line('n', { kind: 'note', name: 'A note' })])}
        editable
        handlers={h}
      />,
    );
    fireEvent.click(await screen.findByText('Line a'));
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const qty = await screen.findByLabelText('Qty');
    // refused before sending
    fireEvent.change(qty, { target: { value: 'two' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a number, such as 2, -1 or 12.50')).toBeInTheDocument();
    expect(qty).toHaveValue('two');
    expect(qty).toHaveAttribute('aria-invalid', 'true');
    expect(h.update).not.toHaveBeenCalled();
    // refused by the server
    fireEvent.change(qty, { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Price is out of range')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByLabelText('Price')).toHaveValue('99');
    expect(screen.queryByText('Enter a number, such as 2, -1 or 12.50')).not.toBeInTheDocument();
    expect(h.update).toHaveBeenCalledWith([{ _id: 'a', quantity: '3', price: '99' }]);
    // corrected: saved, the dialog closes
    refuse = false;
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(h.update).toHaveBeenLastCalledWith([{ _id: 'a', quantity: '3', price: '12' }]);

    // a note keeps its text
    fireEvent.click(screen.getByText('A note'));
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(await screen.findByLabelText('Description'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Description is required')).toBeInTheDocument();
    expect(h.update).toHaveBeenCalledTimes(2);
  });

  it('formats amounts', () => {
    expect(templateAmount({ price_percentage_active: true }, '12.5')).toBe('12.50%');
    expect(templateAmount({ price_percentage_active: false }, '12.5')).toBe('$12.50');
  });
});
