// The Paste lines dialog (docs/product/screens.md#paste-lines) against the API as msw plays it: the catalog match, and
// the template paste route (the dialog is the same for the sale's).
import {
  catalogApi,
  type LineDto,
  type PasteMatchDto,
  type ProductDto,
  templatesApi,
  usersApi,
} from '@quotewright/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HttpHandler } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { call } from '../../lib/api';
import { makeProduct, makeToken, makeUser, nowSeconds } from '../../test/fixtures';
import { answer, type Call, problem, serve } from '../../test/msw';
import { renderWithProviders } from '../../test/renderWithProviders';
import { PasteLinesDialog } from './PasteLinesDialog';

const product = (id: number, model: string, over: Partial<ProductDto> = {}): ProductDto =>
  makeProduct({ id, name: model, model, description: `${model} from the catalog`, ...over });
const DESK = product(1, 'DESK-1', { price: '100.00', cost: '60.00' });
const LEG = product(2, 'LEG-1', { price: '10.00', cost: '4.00' });
const CHAIR_A = product(11, 'CH-1', { description: 'Chair, black' });
const CHAIR_B = product(12, 'CH-2', { description: 'Chair, grey' });
const OLD_CHAIR = product(13, 'CH-OLD', { description: 'Chair, discontinued', active: false });

/** The catalog's answer per pasted model. */
const MATCHES: Record<string, PasteMatchDto> = {
  'DESK-1': { status: 'matched', by: 'model', candidates: [{ product: DESK, confidence: 1 }] },
  'LEG-1': { status: 'matched', by: 'model', candidates: [{ product: LEG, confidence: 1 }] },
  CHAIR: {
    status: 'ambiguous',
    by: 'fuzzy',
    candidates: [
      { product: CHAIR_A, confidence: 0.62 },
      { product: CHAIR_B, confidence: 0.58 },
      { product: OLD_CHAIR, confidence: 0.55 },
    ],
  },
};
const unmatched: PasteMatchDto = { status: 'unmatched', by: null, candidates: [] };

const pasted: LineDto[] = [];

function setup(...handlers: HttpHandler[]) {
  // jsdom has no layout: give the virtualized rows' scroll area a height so rows render.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  const user = makeUser({ _id: 'u1', preferences: { darkMode: false, wideScreen: false, discreteMode: false } });
  window.localStorage.setItem('token', makeToken({ sub: 'u1', exp: nowSeconds() + 3600 }));
  return serve(
    answer(usersApi.get, user),
    answer(catalogApi.match, ({ body }) => ({ rows: body.rows.map((r) => MATCHES[r.model ?? ''] ?? unmatched) })),
    answer(templatesApi.pasteLines, { lines: pasted, errors: [] }),
    ...handlers,
  );
}

/** The dialog on `text`, confirming through the template paste route; `onClose` is a spy. */
function open(text: string) {
  const onClose = vi.fn();
  renderWithProviders(
    <PasteLinesDialog
      initialText={text}
      target="Hardware"
      onClose={onClose}
      onConfirm={(lines) =>
        call(templatesApi.pasteLines, { params: { templateId: 't1', sectionId: 's1' }, body: { lines, sequence: -1 } })
      }
    />,
  );
  return { onClose };
}

const dialog = () => screen.getByRole('dialog', { name: 'Paste lines' });
const combo = (name: RegExp) => within(dialog()).getByRole('combobox', { name });
async function choose(name: RegExp, option: string | RegExp) {
  await userEvent.click(combo(name));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}
async function matchProducts() {
  await userEvent.click(within(dialog()).getByRole('button', { name: 'Match products' }));
  return screen.findByRole('table', { name: 'Pasted rows' });
}
const addButton = () => within(dialog()).getByRole('button', { name: /^Add \d+ lines?$/ });
const sent = (calls: Call[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);
const PASTE = '/api/templates/lines/paste/t1/s1';

describe('Paste lines', () => {
  it('recognises a header row; a column is changed or ignored; the rows are matched with the columns chosen', async () => {
    const { calls } = setup();
    open(
      'Part No.\tDescription\tQty\tUnit price\tBrand\nDESK-1\tStanding desk\t2\t1,250.00\tAcme\nLEG-1\tDesk leg\t4\t10.50\tAcme\n',
    );
    await screen.findByRole('dialog', { name: 'Paste lines' });
    expect(combo(/^Column 1 \(Part No\.\)/)).toHaveTextContent('Model / part number');
    expect(combo(/^Column 2 \(Description\)/)).toHaveTextContent('Description');
    expect(combo(/^Column 3 \(Qty\)/)).toHaveTextContent('Quantity');
    expect(combo(/^Column 4 \(Unit price\)/)).toHaveTextContent('Unit price');
    expect(combo(/^Column 5 \(Brand\)/)).toHaveTextContent('Manufacturer');
    expect(screen.getByRole('checkbox', { name: 'First row is a header' })).toBeChecked();
    expect(screen.getByTestId('paste-row-count')).toHaveTextContent('2 rows');
    await choose(/^Column 5 \(Brand\)/, 'Ignore');
    // one column per meaning: the description taken as the model leaves the first column ignored
    await choose(/^Column 2 \(Description\)/, 'Model / part number');
    expect(combo(/^Column 1 \(Part No\.\)/)).toHaveTextContent('Ignore');
    await choose(/^Column 1 \(Part No\.\)/, 'Model / part number');
    await choose(/^Column 2 \(Description\)/, 'Description');
    const table = await matchProducts();
    expect(sent(calls, '/api/products/match').map((c) => c.body)).toEqual([
      {
        rows: [
          { model: 'DESK-1', description: 'Standing desk', manufacturer: '' },
          { model: 'LEG-1', description: 'Desk leg', manufacturer: '' },
        ],
      },
    ]);
    expect(within(table).getAllByTestId('paste-row')).toHaveLength(2);
    expect(screen.getByTestId('paste-counts')).toHaveTextContent('2 matched · 0 to choose · 0 without a match');
  });

  it("reads numbers in the locale's format; one it cannot read is flagged and holds the paste back until corrected", async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    const { calls } = setup();
    const { onClose } = open('Artikel\tMenge\tEinzelpreis\nDESK-1\t2\t1.234,50\nLEG-1\t4\t1.5\n');
    await screen.findByRole('dialog', { name: 'Paste lines' });
    expect(combo(/^Number format/)).toHaveTextContent('1.234,56');
    // flagged already in the preview, with the reason
    expect(dialog()).toHaveTextContent('“1.5” does not read as a number here (decimal mark “,”)');
    const table = await matchProducts();
    const price2 = within(table).getByRole('textbox', { name: 'Unit price of row 2' });
    expect(price2).toHaveAttribute('aria-invalid', 'true');
    expect(within(table).getAllByTestId('paste-row')[1]).toHaveTextContent('does not read as a number here');
    expect(screen.getByTestId('paste-flagged')).toHaveTextContent('1 row has a number that cannot be read');
    expect(screen.getByTestId('paste-totals')).toHaveTextContent('1 line to add · Total $2,469.00');
    expect(addButton()).toBeDisabled();
    await userEvent.clear(price2);
    await userEvent.type(price2, '1,5{Enter}');
    await waitFor(() => expect(price2).toHaveAttribute('aria-invalid', 'false'));
    expect(screen.queryByTestId('paste-flagged')).not.toBeInTheDocument();
    expect(screen.getByTestId('paste-totals')).toHaveTextContent('2 lines to add · Total $2,475.00');
    await userEvent.click(addButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(calls, PASTE).map((c) => c.body)).toEqual([
      {
        lines: [
          { product: 1, quantity: '2', price: '1234.5' },
          { product: 2, quantity: '4', price: '1.5' },
        ],
        sequence: -1,
      },
    ]);
  });

  it('an ambiguous row is chosen, an unmatched one added as a note, another skipped: one call adds exactly those', async () => {
    const { calls } = setup();
    const { onClose } = open(
      'DESK-1\tStanding desk\t2\nCHAIR\tOffice chair\t3\nXYZ-9\tMystery part\t1\nFOO-1\tSomething\t1\n',
    );
    const table = await matchProducts();
    expect(screen.getByTestId('paste-counts')).toHaveTextContent('1 matched · 1 to choose · 2 without a match');
    expect(screen.getByTestId('paste-undecided')).toHaveTextContent('3 rows need a choice');
    expect(addButton()).toBeDisabled();
    await userEvent.click(within(table).getByRole('combobox', { name: 'Product for row 2' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Choose…',
      'CH-1 — Chair, black (62 %)',
      'CH-2 — Chair, grey (58 %)',
      'CH-OLD — Chair, discontinued (55 %) — inactive',
      'Add as a note',
      'Skip',
    ]);
    expect(screen.getByRole('option', { name: /CH-OLD/ })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('option', { name: 'CH-2 — Chair, grey (58 %)' }));
    await choose(/^Product for row 3/, 'Add as a note');
    await choose(/^Product for row 4/, 'Skip');
    expect(screen.queryByTestId('paste-undecided')).not.toBeInTheDocument();
    await userEvent.click(addButton());
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent(calls, PASTE).map((c) => c.body)).toEqual([
      {
        lines: [{ product: 1, quantity: '2' }, { product: 12, quantity: '3' }, { note: 'XYZ-9 — Mystery part' }],
        sequence: -1,
      },
    ]);
  });

  it('the price and cost come from the sheet or the catalog, and the totals and margin follow', async () => {
    const { calls } = setup();
    open('Model\tQty\tPrice\tCost\nDESK-1\t2\t150\t90\n');
    await matchProducts();
    const totals = screen.getByTestId('paste-totals');
    expect(totals).toHaveTextContent('Total $300.00 · Cost $180.00 · Margin $120.00 (40.00%)');
    await choose(/^Unit price from/, 'Catalog');
    expect(totals).toHaveTextContent('Total $200.00 · Cost $180.00 · Margin $20.00 (10.00%)');
    await choose(/^Cost from/, 'Catalog');
    expect(totals).toHaveTextContent('Total $200.00 · Cost $120.00 · Margin $80.00 (40.00%)');
    await choose(/^Unit price from/, 'Sheet');
    // no description column: the catalog's description only
    await userEvent.click(combo(/^Description from/));
    expect(await screen.findByRole('option', { name: 'Sheet' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(addButton());
    await waitFor(() => expect(sent(calls, PASTE)).toHaveLength(1));
    expect(sent(calls, PASTE)[0]!.body).toEqual({ lines: [{ product: 1, quantity: '2', price: '150' }], sequence: -1 });
  });

  it('a product found with the search is chosen for an unmatched row', async () => {
    const { calls } = setup(answer(catalogApi.list, { items: [CHAIR_B], total: 1, page: 0, pageSize: 10 }));
    open('Model\tQty\nXYZ-9\t5\n');
    const table = await matchProducts();
    await userEvent.click(within(table).getByRole('button', { name: 'Find a product for row 1' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose a Product' });
    // the list opens on a search for the row's model
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/products' && c.query.includes('search=XYZ-9'))).toBe(true),
    );
    await userEvent.click(await within(picker).findByRole('button', { name: 'Choose' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Choose a Product' })).not.toBeInTheDocument());
    expect(within(table).getByRole('combobox', { name: 'Product for row 1' })).toHaveTextContent('CH-2 — Chair, grey');
    await userEvent.click(addButton());
    await waitFor(() => expect(sent(calls, PASTE)).toHaveLength(1));
    expect(sent(calls, PASTE)[0]!.body).toEqual({ lines: [{ product: 12, quantity: '5' }], sequence: -1 });
  });

  it('2,000 rows: only the rows in view are rendered, and the totals follow an edit of one', async () => {
    // rows measured at their height (jsdom lays nothing out: every row would be measured 0 high, and all rendered)
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.getAttribute('data-testid') === 'paste-row' ? 52 : 0;
    });
    setup();
    const sheet = Array.from({ length: 2000 }, (_, i) => `${i % 2 ? 'LEG-1' : 'DESK-1'}\t1`).join('\n');
    open(`Model\tQty\n${sheet}`);
    const table = await matchProducts();
    expect(screen.getByTestId('paste-totals')).toHaveTextContent('2,000 lines to add · Total $110,000.00');
    expect(within(table).getAllByTestId('paste-row').length).toBeLessThan(60);
    const qty = within(table).getByRole('textbox', { name: 'Qty of row 1' });
    await userEvent.clear(qty);
    await userEvent.type(qty, '3{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('paste-totals')).toHaveTextContent('2,000 lines to add · Total $110,200.00'),
    );
  });

  it("the server's refusal shows in the dialog, which keeps its rows and choices; a failed match can be retried", async () => {
    let matchFails = true;
    setup(
      answer(templatesApi.pasteLines, problem(400, 'Price is out of range')),
      answer(catalogApi.match, ({ body }) =>
        matchFails
          ? problem(503, 'The database is not available')
          : { rows: body.rows.map((r) => MATCHES[r.model ?? ''] ?? unmatched) },
      ),
    );
    const { onClose } = open('DESK-1\tDesk\t1\n');
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Paste lines' })).getByRole('button', {
        name: 'Match products',
      }),
    );
    expect(await within(dialog()).findByText('The database is not available')).toBeInTheDocument();
    matchFails = false;
    await matchProducts();
    await userEvent.click(addButton());
    expect(await screen.findByTestId('paste-error')).toHaveTextContent('Price is out of range');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getAllByTestId('paste-row')).toHaveLength(1);
    expect(addButton()).toBeEnabled();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
