// Paste lines in the sale editor (docs/product/screens.md#paste-lines): Ctrl+V on the lines table or the toolbar's
// 'Paste lines' opens the dialog; its lines go below the selected line (else at the section's end) in one call, and
// the answer's delta shows them.
import { catalogApi, type PasteMatchDto, saleLinesApi } from '@quotewright/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../test/fixtures';
import { answer, type Call, problem } from '../../test/msw';
import { change, line, openSale, sale, setup } from './test/liveSale';

const DESK = makeProduct({ id: 7, name: 'DESK-1', description: 'Standing desk' });
const matched: PasteMatchDto = { status: 'matched', by: 'model', candidates: [{ product: DESK, confidence: 1 }] };

/** The server's answer to a paste: the sale with a "Pasted desk" line at `at` in Main. */
function pasted(at: number) {
  const { delta } = change(sale, (s) => {
    s.sections[0]!.lines.splice(at, 0, { ...line('l3', 'Pasted desk'), quantity: '2' });
  });
  return { ...delta, ids: ['l3'], errors: [] };
}

const pastes = (calls: Call[]) => calls.filter((c) => c.path === '/api/sales/lines/paste/s1/sec1');
const clipboard = (text: string) => ({
  clipboardData: { getData: (type: string) => (type === 'text/plain' ? text : '') },
});

async function reviewAndAdd() {
  const dialog = await screen.findByRole('dialog', { name: 'Paste lines' });
  expect(within(dialog).getByTestId('paste-target')).toHaveTextContent('Into Main');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Match products' }));
  await within(dialog).findByRole('table', { name: 'Pasted rows' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add 1 line' }));
  return dialog;
}

describe('Paste lines in the sale editor', () => {
  it('Ctrl+V on the lines goes below the selected line; the dialog closes and the line shows', async () => {
    const { calls } = setup(
      () => sale,
      answer(catalogApi.match, { rows: [matched] }),
      answer(saleLinesApi.paste, pasted(1)),
    );
    await openSale();
    const rows = await screen.findAllByTestId('line-row');
    fireEvent.click(within(rows[0]!).getByText('Widget'));
    const cell = within(rows[0]!).getAllByRole('gridcell')[2]!;
    fireEvent.paste(cell, clipboard('DESK-1\tStanding desk\t2'));
    await reviewAndAdd();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Paste lines' })).not.toBeInTheDocument());
    expect(pastes(calls).map((c) => c.body)).toEqual([{ lines: [{ product: 7, quantity: '2' }], sequence: 1 }]);
    await waitFor(() =>
      expect(screen.getAllByTestId('line-row').map((r) => r.textContent)).toEqual([
        expect.stringContaining('Widget'),
        expect.stringContaining('Pasted desk'),
        expect.stringContaining('Gadget'),
      ]),
    );
  });

  it("'Paste lines' in the toolbar takes the rows typed or pasted in the dialog, at the section's end by default", async () => {
    const { calls } = setup(
      () => sale,
      answer(catalogApi.match, { rows: [matched] }),
      answer(saleLinesApi.paste, pasted(2)),
    );
    await openSale();
    await userEvent.click(await screen.findByRole('button', { name: 'Paste lines' }));
    const dialog = await screen.findByRole('dialog', { name: 'Paste lines' });
    const text = within(dialog).getByRole('textbox', { name: 'Rows from a spreadsheet' });
    await userEvent.click(text);
    await userEvent.paste('Model\tQty\nDESK-1\t2\n');
    await reviewAndAdd();
    await waitFor(() => expect(pastes(calls)).toHaveLength(1));
    expect(pastes(calls)[0]!.body).toEqual({ lines: [{ product: 7, quantity: '2' }], sequence: -1 });
  });

  it('a refusal stays in the dialog with the rows; nothing is lost', async () => {
    const { calls } = setup(
      () => sale,
      answer(catalogApi.match, { rows: [matched] }),
      answer(
        saleLinesApi.paste,
        problem(409, 'This sale is Sale Order (sale): only quotes in draft or sent can be changed'),
      ),
    );
    await openSale();
    fireEvent.paste((await screen.findAllByTestId('line-row'))[1]!, clipboard('DESK-1\t2'));
    const dialog = await reviewAndAdd();
    expect(await within(dialog).findByTestId('paste-error')).toHaveTextContent(
      'This sale is Sale Order (sale): only quotes in draft or sent can be changed',
    );
    expect(within(dialog).getAllByTestId('paste-row')).toHaveLength(1);
    expect(pastes(calls)).toHaveLength(1);
    // said once, in the dialog (no snackbar besides)
    expect(screen.getAllByText(/only quotes in draft or sent can be changed/)).toHaveLength(1);
  });
});
