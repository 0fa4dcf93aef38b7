// Keyboard quick-add (docs/product/screens.md#quick-add): the entry row at the end of the lines suggests products as
// one types; Enter adds the highlighted one at the section's end and opens its quantity; Enter there saves it and the
// entry row has the focus again — lines typed without the mouse.
import { catalogApi, saleLinesApi } from '@quotewright/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../test/fixtures';
import { answer } from '../../test/msw';
import type { Sale } from './api/types';
import { admin, change, deferred, line, lineOf, openSale, sale, setup } from './test/liveSale';

const me = { id: admin._id, name: admin.name };
const DESK = makeProduct({ id: 7, name: 'DESK-1', description: 'Standing desk' });
const DOCK = makeProduct({ id: 8, name: 'DOCK-2', description: 'Docking station' });

/** A sale the handlers change as the server would. */
function server() {
  let current: Sale = sale;
  let next = 3;
  return {
    current: () => current,
    create(product: number) {
      const id = `l${next++}`;
      const made = change(
        current,
        (s) => {
          s.sections[0]!.lines.push({ ...line(id, product === 7 ? 'Standing desk' : 'Docking station') });
        },
        me,
      );
      current = made.after;
      return { ...made.delta, lines: [lineOf(current, id)], errors: [] };
    },
    quantity(id: string, quantity: string) {
      const made = change(
        current,
        (s) => {
          lineOf(s, id).quantity = quantity;
        },
        me,
      );
      current = made.after;
      return made.delta;
    },
  };
}

describe('quick-add in the sale editor', () => {
  it('types two lines with the keyboard only: suggestion, Enter, quantity, Enter, and again', async () => {
    const s = server();
    const { calls } = setup(
      s.current,
      answer(catalogApi.suggest, ({ query }) => [DESK, DOCK].filter((p) => p.model.startsWith(query.q.toUpperCase()))),
      answer(catalogApi.get, ({ params }) => (Number(params.id) === 7 ? DESK : DOCK)),
      answer(saleLinesApi.create, ({ body }) => s.create(body.lines[0]!.product)),
      answer(saleLinesApi.update, ({ body }) => s.quantity(body[0]!._id, String(body[0]!.quantity))),
    );
    await openSale();
    const entry = screen.getByRole('combobox', { name: 'Add a line' });
    await userEvent.click(entry);

    await userEvent.keyboard('de');
    expect(await screen.findByRole('option', { name: /DESK-1/ })).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    // the new line's quantity is open for typing
    const qty = await screen.findByRole('textbox', { name: 'Qty' });
    await waitFor(() => expect(qty).toHaveFocus());
    await userEvent.keyboard('{Control>}a{/Control}5{Enter}');
    await waitFor(() => expect(entry).toHaveFocus());
    expect(entry).toHaveValue('');

    await userEvent.keyboard('do');
    await screen.findByRole('option', { name: /DOCK-2/ });
    await userEvent.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Qty' })).toHaveFocus());
    await userEvent.keyboard('{Control>}a{/Control}2{Enter}');
    await waitFor(() => expect(entry).toHaveFocus());

    expect(calls.filter((c) => c.path === '/api/sales/lines/create/s1/sec1').map((c) => c.body)).toEqual([
      { lines: [{ product: 7, quantity: '1' }], sequence: -1 },
      { lines: [{ product: 8, quantity: '1' }], sequence: -1 },
    ]);
    const edits = calls.filter((c) => c.path === '/api/sales/lines/update/s1/sec1').map((c) => c.body);
    expect(edits).toEqual([
      [expect.objectContaining({ _id: 'l3', quantity: '5' })],
      [expect.objectContaining({ _id: 'l4', quantity: '2' })],
    ]);
    const rows = screen.getAllByTestId('line-row');
    expect(within(rows[2]!).getByRole('button', { name: 'Edit Qty' })).toHaveTextContent('5');
    expect(within(rows[3]!).getByRole('button', { name: 'Edit Qty' })).toHaveTextContent('2');
  });

  it('Enter adds the suggestion shown first, even when a newer list still holds the one an older list put first', async () => {
    const s = server();
    const later = deferred<void>();
    const { calls } = setup(
      s.current,
      // "d": the desk first; "do": the dock first, the desk still listed (a similar model) — and answered late
      answer(catalogApi.suggest, async ({ query }) => {
        if (query.q.toLowerCase() === 'd') return [DESK, DOCK];
        await later.promise;
        return [DOCK, DESK];
      }),
      answer(catalogApi.get, ({ params }) => (Number(params.id) === 7 ? DESK : DOCK)),
      answer(saleLinesApi.create, ({ body }) => s.create(body.lines[0]!.product)),
    );
    await openSale();
    await userEvent.click(screen.getByRole('combobox', { name: 'Add a line' }));
    await userEvent.keyboard('d');
    await waitFor(() => expect(screen.getAllByRole('option')[0]).toHaveTextContent('DESK-1'));
    await userEvent.keyboard('o');
    later.resolve();
    await waitFor(() => expect(screen.getAllByRole('option')[0]).toHaveTextContent('DOCK-2'));
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/sales/lines/create/s1/sec1').map((c) => c.body)).toEqual([
        { lines: [{ product: 8, quantity: '1' }], sequence: -1 },
      ]),
    );
  });

  it('Escape clears the entry; a search without a match says so', async () => {
    setup(() => sale, answer(catalogApi.suggest, []));
    await openSale();
    const entry = screen.getByRole('combobox', { name: 'Add a line' });
    await userEvent.click(entry);
    await userEvent.keyboard('zzz');
    expect(await screen.findByText('No product matches')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(entry).toHaveValue('');
  });

  it('"?" lists the keyboard shortcuts (not while typing in a field)', async () => {
    setup(() => sale, answer(catalogApi.suggest, []));
    await openSale();
    await userEvent.click(screen.getByRole('combobox', { name: 'Add a line' }));
    await userEvent.keyboard('?');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    (document.activeElement as HTMLElement).blur();
    await userEvent.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getByRole('table', { name: 'Undo' })).toHaveTextContent('Ctrl+ZUndo your last change');
    expect(within(help).getByText('Add it at the end and type its quantity')).toBeInTheDocument();
    await userEvent.click(within(help).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument());
  });
});
