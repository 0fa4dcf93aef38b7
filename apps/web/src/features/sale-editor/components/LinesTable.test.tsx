import { usersApi } from '@quotewright/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makeToken, makeUser, nowSeconds } from '../../../test/fixtures';
import { answer, serve } from '../../../test/msw';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { SaleLine, SaleSection } from '../api/types';
import { estimateRowHeight } from './LinesBody';
import { LinesTable, type LinesTableHandlers } from './LinesTable';
import { lineEditChanges } from './lineEdits';

const line = (id: string, over: Partial<SaleLine> = {}): SaleLine => ({
  _id: id,
  kind: 'product',
  product: { id: 1, name: `M-${id}`, manufacturer: { name: 'Acme' } },
  name: `Desc ${id}`,
  quantity: '1',
  price: '130.00',
  cost: '100.00',
  discount: 0,
  markup_percent: 30,
  margin_percent: 23.08,
  subtotal: '130.00',
  price_percentage_active: false,
  uom: { name: 'Units' },
  ...over,
});

const section = (lines: SaleLine[]): SaleSection => ({
  _id: 'sec1',
  name: 'Main',
  presentation: 'details',
  show_details: true,
  merge: false,
  expanded: false,
  lines,
  pricing: { total_price: '0', total_cost: '0', total_margin: '0', total_margin_percent: 0, total_markup_percent: 0 },
});

function handlers(): LinesTableHandlers {
  return {
    back: vi.fn(),
    commit: vi.fn(),
    remove: vi.fn(),
    addText: vi.fn(),
    insertProduct: vi.fn(),
    dropProduct: vi.fn(),
    setMarkup: vi.fn(),
    moveCopy: vi.fn(),
    reorder: vi.fn(),
  };
}

function setup(discreteMode = false) {
  // jsdom has no layout: give the virtualized scroll area a height so rows render.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  const user = makeUser({
    preferences: { darkMode: true, wideScreen: false, discreteMode },
    modules: { sales: { enabled: true, level: 'editor' } },
  });
  window.localStorage.setItem('token', makeToken({ sub: user._id, exp: nowSeconds() + 3600 }));
  serve(answer(usersApi.get, user));
}

const headers = () => screen.getAllByRole('columnheader').map((h) => h.getAttribute('aria-label') ?? h.textContent);
const rows = () => screen.getAllByTestId('line-row');

describe('lines table', () => {
  it('shows every column, notes in italics and headers in bold with only a description', async () => {
    setup(false);
    const lines = [
      line('a'),
      line('n', { kind: 'note', name: 'A note', product: { id: null, name: 'note', manufacturer: { name: null } } }),
      line('h', {
        kind: 'header',
        name: 'A header',
        product: { id: null, name: 'header', manufacturer: { name: null } },
      }),
    ];
    renderWithProviders(<LinesTable section={section(lines)} editable handlers={handlers()} />);
    await waitFor(() =>
      expect(headers()).toEqual([
        '',
        'Model',
        'Manufacturer',
        'Description',
        'Qty',
        'Price',
        'Disc. %',
        'Cost',
        'Markup %',
        'UOM',
        'Subtotal',
      ]),
    );
    const note = rows()[1]!;
    expect(within(note).getAllByRole('gridcell')).toHaveLength(2);
    expect(within(note).getByText('A note')).toHaveStyle({ fontStyle: 'italic' });
    expect(within(rows()[2]!).getByText('A header')).toHaveStyle({ fontWeight: '700' });
    expect(within(note).queryByText('$130.00')).not.toBeInTheDocument();
  });

  it('removes price, discount, cost, markup and subtotal in discrete mode', async () => {
    setup(true);
    renderWithProviders(
      <LinesTable section={section([line('a', { discount: 12.5 })])} editable handlers={handlers()} />,
    );
    await waitFor(() => expect(headers()).toEqual(['', 'Model', 'Manufacturer', 'Description', 'Qty', 'UOM']));
    expect(screen.queryByText('$130.00')).not.toBeInTheDocument();
    expect(screen.queryByText('30.00%')).not.toBeInTheDocument();
    expect(screen.queryByText('12.50%')).not.toBeInTheDocument();
  });

  it('shows the discount and edits it inline like Qty (selected product lines only); 0..100 only', async () => {
    setup(false);
    const h = handlers();
    const lines = [
      line('a', { discount: 12.5, subtotal: '113.75' }),
      line('b'),
      line('n', { kind: 'note', name: 'Note', product: { id: null, name: 'note', manufacturer: { name: null } } }),
    ];
    renderWithProviders(<LinesTable section={section(lines)} editable handlers={h} />);
    // money columns appear once the user (not in discrete mode) is known
    expect(await within((await screen.findAllByTestId('line-row'))[0]!).findByText('12.50%')).toBeInTheDocument();
    expect(within(rows()[1]!).getByText('0.00%')).toBeInTheDocument();
    fireEvent.click(rows()[0]!);
    fireEvent.click(rows()[2]!, { shiftKey: true });
    const edit = async (text: string) => {
      await userEvent.dblClick(within(rows()[1]!).getByRole('button', { name: 'Edit Disc. %' }));
      const input = within(rows()[1]!).getByRole('textbox', { name: 'Disc. %' });
      await userEvent.clear(input);
      await userEvent.type(input, `${text}{Enter}`);
    };
    await edit('5%');
    // each based on the value shown (decision 0020)
    expect(h.commit).toHaveBeenCalledWith(
      [
        { _id: 'a', discount: '5', base: { discount: '12.5' } },
        { _id: 'b', discount: '5', base: { discount: '0' } },
      ],
      expect.any(Function),
    );
    // a refused value stays in the cell, with the reason beneath it; the user corrects it and presses Enter again
    await edit('101');
    const input = within(rows()[1]!).getByRole('textbox', { name: 'Disc. %' });
    expect(input).toHaveValue('101');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByTestId('cell-error')).toHaveTextContent('Discount must be between 0 and 100');
    for (const [text, reason] of [
      ['-1', 'Discount must be between 0 and 100'],
      ['lots', 'Enter a number, such as 2, -1 or 12.50'],
    ] as const) {
      await userEvent.clear(input);
      await userEvent.type(input, `${text}{Enter}`);
      expect(input).toHaveValue(text);
      expect(screen.getByTestId('cell-error')).toHaveTextContent(reason);
    }
    expect(h.commit).toHaveBeenCalledTimes(1);
    await userEvent.clear(input);
    await userEvent.type(input, '7{Enter}');
    expect(h.commit).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('cell-error')).not.toBeInTheDocument();
  });

  it('a refused value: Escape drops the typed text and shows the saved value again', async () => {
    setup(false);
    const h = handlers();
    renderWithProviders(<LinesTable section={section([line('a')])} editable handlers={h} />);
    await userEvent.dblClick(
      await within((await screen.findAllByTestId('line-row'))[0]!).findByRole('button', { name: 'Edit Qty' }),
    );
    const input = within(rows()[0]!).getByRole('textbox', { name: 'Qty' });
    await userEvent.clear(input);
    await userEvent.type(input, '1e99{Enter}');
    expect(input).toHaveValue('1e99');
    expect(screen.getByTestId('cell-error')).toHaveTextContent('Enter a number');
    await userEvent.clear(input);
    await userEvent.type(input, '99999999999{Enter}');
    expect(screen.getByTestId('cell-error')).toHaveTextContent('Quantity is out of range');
    await userEvent.keyboard('{Escape}');
    expect(within(rows()[0]!).queryByRole('textbox')).toBeNull();
    expect(screen.queryByTestId('cell-error')).not.toBeInTheDocument();
    expect(within(rows()[0]!).getByRole('button', { name: 'Edit Qty' })).toHaveTextContent('1');
    expect(h.commit).not.toHaveBeenCalled();
  });

  it("a server's refusal after the cell closed opens it again with the typed text and the reason", async () => {
    setup(false);
    const h = handlers();
    renderWithProviders(<LinesTable section={section([line('a'), line('b')])} editable handlers={h} />);
    await userEvent.dblClick(
      await within((await screen.findAllByTestId('line-row'))[1]!).findByRole('button', { name: 'Edit Price' }),
    );
    const price = within(rows()[1]!).getByRole('textbox', { name: 'Price' });
    await userEvent.clear(price);
    await userEvent.type(price, '250{Enter}');
    expect(within(rows()[1]!).queryByRole('textbox')).toBeNull();
    const [changes, refused] = vi.mocked(h.commit).mock.calls[0]!;
    expect(changes).toEqual([{ _id: 'b', price: '250', base: { price: '130.00' } }]);
    let taken = false;
    act(() => {
      taken = refused!('This sale is Sale Order (sale): only quotes in draft or sent can be changed');
    });
    expect(taken).toBe(true);
    const again = within(rows()[1]!).getByRole('textbox', { name: 'Price' });
    expect(again).toHaveValue('250');
    expect(again).toHaveFocus();
    expect(screen.getByTestId('cell-error')).toHaveTextContent('only quotes in draft or sent can be changed');
    // while the cell is open again, a second refusal is not its to show
    expect(refused!('again')).toBe(false);
  });

  it('marks negative quantities, prices and costs and zero quantities with a warning sign and its tooltip', async () => {
    setup(false);
    const lines = [
      line('a'),
      line('b', { quantity: '-2', subtotal: '-260.00' }),
      line('c', { quantity: '0', subtotal: '0.00' }),
      line('d', { price: '-50.00', cost: '-10.00', subtotal: '-50.00' }),
      line('n', {
        kind: 'note',
        name: 'Note',
        quantity: '0',
        product: { id: null, name: 'note', manufacturer: { name: null } },
      }),
    ];
    renderWithProviders(<LinesTable section={section(lines)} editable handlers={handlers()} />);
    await waitFor(() => expect(rows()).toHaveLength(5));
    const marks = (i: number) =>
      within(rows()[i]!)
        .queryAllByTestId('value-warning')
        .map((m) => m.getAttribute('data-warning-code'));
    await waitFor(() => expect(marks(3)).toEqual(['NEGATIVE_PRICE', 'NEGATIVE_COST']));
    expect(marks(0)).toEqual([]);
    expect(marks(1)).toEqual(['NEGATIVE_QUANTITY']);
    expect(marks(2)).toEqual(['ZERO_QUANTITY']);
    expect(marks(4)).toEqual([]);
    const negative = within(rows()[1]!).getByRole('img', {
      name: 'Negative quantity: the customer will see -2. Intended for a return or a trade-in?',
    });
    expect(negative.closest('[data-column]')).toHaveAttribute('data-column', 'quantity');
    await userEvent.hover(negative);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Negative quantity: the customer will see -2. Intended for a return or a trade-in?',
    );
    expect(
      within(rows()[3]!).getByRole('img', { name: /^Negative price: the customer will see -\$50\.00/ }),
    ).toBeInTheDocument();
  });

  it('shows a line markup under 28 % in red', async () => {
    setup(false);
    const lines = [line('a'), line('b', { price: '120.00', markup_percent: 20, subtotal: '120.00' })];
    renderWithProviders(<LinesTable section={section(lines)} editable handlers={handlers()} />);
    const ok = await screen.findByText('30.00%');
    const low = screen.getByText('20.00%');
    expect(ok).toHaveAttribute('data-warning', 'false');
    expect(low).toHaveAttribute('data-warning', 'true');
    expect(getComputedStyle(low).color).not.toBe(getComputedStyle(ok).color);
  });

  it('shows a negative quantity (a return or credit) in the error colour', async () => {
    setup(false);
    const lines = [line('a', { quantity: '2' }), line('b', { quantity: '-3', subtotal: '-390.00' })];
    renderWithProviders(<LinesTable section={section(lines)} editable handlers={handlers()} />);
    const positive = await screen.findByText('2');
    const negative = screen.getByText('-3');
    expect(positive).toHaveAttribute('data-negative', 'false');
    expect(negative).toHaveAttribute('data-negative', 'true');
    expect(getComputedStyle(negative).color).not.toBe(getComputedStyle(positive).color);
  });

  it('never clears the text of a note: the edit is refused before it is sent', async () => {
    setup(false);
    const h = handlers();
    const lines = [
      line('a'),
      line('n', { kind: 'note', name: 'Note', product: { id: null, name: 'note', manufacturer: { name: null } } }),
    ];
    renderWithProviders(<LinesTable section={section(lines)} editable handlers={h} />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.dblClick(within(rows()[1]!).getByRole('button', { name: 'Edit Description' }));
    const input = within(rows()[1]!).getByRole('textbox', { name: 'Description' });
    await userEvent.clear(input);
    await userEvent.type(input, '   {Enter}');
    expect(h.commit).not.toHaveBeenCalled();
    expect(within(rows()[1]!).getByRole('textbox', { name: 'Description' })).toHaveValue('   ');
    expect(screen.getByTestId('cell-error')).toHaveTextContent('Description is required');
    // a multi-line edit that clears descriptions leaves the note's text alone
    expect(lineEditChanges(lines, new Set(['a', 'n']), 'a', 'name', '')).toEqual([
      { _id: 'a', name: '', base: { name: 'Desc a' } },
    ]);
  });

  it('selects with click, ctrl-click and shift-click', async () => {
    setup(false);
    renderWithProviders(
      <LinesTable section={section(['a', 'b', 'c', 'd'].map((id) => line(id)))} editable handlers={handlers()} />,
    );
    await waitFor(() => expect(rows()).toHaveLength(4));
    const selected = () => rows().map((r) => r.getAttribute('aria-selected') === 'true');
    fireEvent.click(rows()[0]!);
    expect(selected()).toEqual([true, false, false, false]);
    fireEvent.click(rows()[2]!, { ctrlKey: true });
    expect(selected()).toEqual([true, false, true, false]);
    fireEvent.click(rows()[3]!, { shiftKey: true });
    expect(selected()).toEqual([false, false, true, true]);
    fireEvent.click(rows()[1]!);
    expect(selected()).toEqual([false, true, false, false]);
    expect(screen.getByTestId('selection-count')).toHaveTextContent('1 selected');
  });

  it('resets the selection when the lines change', async () => {
    setup(false);
    const first = section(['a', 'b'].map((id) => line(id)));
    const h = handlers();
    function Harness() {
      const [s, setS] = useState(first);
      return (
        <>
          <button type="button" onClick={() => setS({ ...s, lines: s.lines.map((l) => ({ ...l })) })}>
            refresh
          </button>
          <LinesTable section={s} editable handlers={h} />
        </>
      );
    }
    renderWithProviders(<Harness />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(rows()[0]!);
    expect(rows()[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'refresh' }));
    await waitFor(() => expect(rows()[0]).toHaveAttribute('aria-selected', 'false'));
  });

  it('applies an edit to every selected line in one update call, never money to notes', async () => {
    setup(false);
    const h = handlers();
    const lines = [
      line('a'),
      line('b'),
      line('n', { kind: 'note', name: 'Note', product: { id: null, name: 'note', manufacturer: { name: null } } }),
    ];
    renderWithProviders(<LinesTable section={section(lines)} editable handlers={h} />);
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(rows()[0]!);
    fireEvent.click(rows()[2]!, { shiftKey: true });
    const qty = within(rows()[0]!).getByRole('button', { name: 'Edit Qty' });
    await userEvent.dblClick(qty);
    const input = within(rows()[0]!).getByRole('textbox', { name: 'Qty' });
    await userEvent.clear(input);
    await userEvent.type(input, '5{Enter}');
    expect(h.commit).toHaveBeenCalledTimes(1);
    expect(h.commit).toHaveBeenCalledWith(
      [
        { _id: 'a', quantity: '5', base: { quantity: '1' } },
        { _id: 'b', quantity: '5', base: { quantity: '1' } },
      ],
      expect.any(Function),
    );
  });

  it('starts editing a cell from the keyboard (Enter or F2); Escape leaves it unchanged', async () => {
    setup(false);
    const h = handlers();
    renderWithProviders(<LinesTable section={section([line('a'), line('b')])} editable handlers={h} />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const qty = within(rows()[1]!).getByRole('button', { name: 'Edit Qty' });
    qty.focus();
    await userEvent.keyboard('{Enter}');
    const input = within(rows()[1]!).getByRole('textbox', { name: 'Qty' });
    expect(input).toHaveFocus();
    await userEvent.clear(input);
    await userEvent.type(input, '7{Enter}');
    expect(h.commit).toHaveBeenCalledWith([{ _id: 'b', quantity: '7', base: { quantity: '1' } }], expect.any(Function));

    within(rows()[0]!).getByRole('button', { name: 'Edit Price' }).focus();
    await userEvent.keyboard('{F2}');
    const price = within(rows()[0]!).getByRole('textbox', { name: 'Price' });
    await userEvent.type(price, '999{Escape}');
    expect(within(rows()[0]!).queryByRole('textbox')).toBeNull();
    expect(within(rows()[0]!).getByRole('button', { name: 'Edit Price' })).toHaveTextContent('$130.00');
    expect(h.commit).toHaveBeenCalledTimes(1);
  });

  it('read-only: the figures without edit buttons or drag handles; negative money in the error colour', async () => {
    setup(false);
    const lines = [line('a'), line('b', { quantity: '-3', subtotal: '-390.00' })];
    renderWithProviders(<LinesTable section={section(lines)} editable={false} handlers={handlers()} />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const positive = (await within(rows()[0]!).findAllByText('$130.00')).at(-1)!;
    expect(screen.queryAllByRole('button', { name: /^Edit / })).toHaveLength(0);
    expect(screen.queryAllByLabelText('Drag to reorder')).toHaveLength(0);
    expect(within(rows()[1]!).getByText('-3')).toBeInTheDocument();
    const negative = within(rows()[1]!).getByText(/390\.00/);
    expect(getComputedStyle(negative).color).not.toBe(getComputedStyle(positive).color);
  });

  it('estimates a row from its description: one line, wrapped lines, notes across the row', () => {
    // 1,076 px wide, 876 px for the other columns: the description wraps at (200 - 16) / 7 = 26 characters
    expect(estimateRowHeight(line('a', { name: 'Short' }), 1076, 876)).toBe(41);
    expect(estimateRowHeight(line('a', { name: 'x'.repeat(27) }), 1076, 876)).toBe(13 + 2 * 21);
    expect(estimateRowHeight(line('a', { name: `${'x'.repeat(30)}\nend` }), 1076, 876)).toBe(13 + 3 * 21);
    const note = line('n', { kind: 'note', name: 'y'.repeat(100) });
    expect(estimateRowHeight(note, 1076, 876)).toBe(41);
    expect(estimateRowHeight(undefined, 1076, 876)).toBe(41);
  });

  it('computes only changed fields per line', () => {
    const lines = [line('a'), line('b', { quantity: '5' })];
    expect(lineEditChanges(lines, new Set(['a', 'b']), 'a', 'quantity', '5')).toEqual([
      { _id: 'a', quantity: '5', base: { quantity: '1' } },
    ]);
    expect(lineEditChanges(lines, new Set(['b']), 'a', 'name', 'X')).toEqual([
      { _id: 'a', name: 'X', base: { name: 'Desc a' } },
    ]);
    const discounted = [line('a', { discount: 5 }), line('b')];
    expect(lineEditChanges(discounted, new Set(['a', 'b']), 'a', 'discount', '5.0')).toEqual([
      { _id: 'b', discount: '5.0', base: { discount: '0' } },
    ]);
  });

  it('bases the edited cell on the value it showed when editing started, and an overwrite on what it replaces', () => {
    const lines = [line('a', { quantity: '44' }), line('b', { quantity: '7' })];
    // The cell opened at 2; 44 arrived while the person typed 33: the edit is still based on 2 (the server asks).
    expect(lineEditChanges(lines, new Set(), 'a', 'quantity', '33', { base: '2' })).toEqual([
      { _id: 'a', quantity: '33', base: { quantity: '2' } },
    ]);
    // "Use 33": an explicit overwrite of the values the question named; other selected lines keep their own base.
    const overwrite = new Map([['a', '44']]);
    expect(lineEditChanges(lines, new Set(['a', 'b']), 'a', 'quantity', '33', { base: '2', overwrite })).toEqual([
      { _id: 'a', quantity: '33', base: { quantity: '44' }, overwrite: true },
      { _id: 'b', quantity: '33', base: { quantity: '7' } },
    ]);
  });
});
