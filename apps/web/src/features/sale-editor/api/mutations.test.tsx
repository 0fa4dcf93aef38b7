// Optimistic edits through the mutation hooks, in the whole app: the cell shows the edit before the server answers,
// the answer replaces it with the server's values, and a refusal rolls back only this edit (what another editor
// changed meanwhile stays) with the server's message (beside the edited cell, which keeps the typed text).
import { saleLinesApi } from '@quotewright/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, problem, type Reply } from '../../../test/msw';
import { admin, change, deferred, lineOf, openSale, sale, setup } from '../test/liveSale';
import type { Sale } from './types';

type LinesAnswer = Reply<typeof saleLinesApi.update>;

const row = (id: string) => screen.getAllByTestId('line-row').find((r) => r.getAttribute('data-line-id') === id)!;
const cell = (id: string, column: string) => row(id).querySelector(`[data-column="${column}"]`)!;
const cached = (qc: { getQueryData(key: unknown[]): unknown }) => qc.getQueryData(['sale', 's1']) as Sale;

/** Types `value` into the Qty cell of line `id` and commits it (Enter). */
async function editQuantity(id: string, value: string) {
  await screen.findAllByTestId('line-row');
  fireEvent.doubleClick(within(row(id)).getByRole('button', { name: 'Edit Qty' }));
  const input = within(row(id)).getByRole('textbox', { name: 'Qty' });
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

describe('optimistic line edits', () => {
  it('shows the new quantity and totals before the server answers; the answer then applies', async () => {
    const reply = deferred<LinesAnswer>();
    const { calls } = setup(
      () => sale,
      answer(saleLinesApi.update, () => reply.promise),
    );
    const { queryClient } = await openSale();
    await editQuantity('l1', '7');

    // The server has not answered: the cell, the line's subtotal and the section total already show the edit
    // (computed with the domain's pricing), and the cached version is still the server's.
    await waitFor(() => expect(cell('l1', 'quantity')).toHaveTextContent('7'));
    expect(cell('l1', 'subtotal')).toHaveTextContent('$910.00');
    expect(screen.getByTestId('section-totals')).toHaveTextContent('$1,040.00');
    expect(cached(queryClient).version).toBe(3);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);

    // The server's answer (what it stored, one version later) replaces the optimistic values.
    const server = change(
      sale,
      (s) => {
        const l = lineOf(s, 'l1');
        l.quantity = '7';
        l.subtotal = '910.00';
        s.sections[0]!.pricing = { ...s.sections[0]!.pricing, total_price: '1040.00' };
      },
      { id: admin._id, name: admin.name },
    );
    reply.resolve(server.delta);
    await waitFor(() => expect(cached(queryClient)).toEqual(server.after));
    expect(cell('l1', 'quantity')).toHaveTextContent('7');
  });

  it("rolls back a refused edit with the server's message, keeping another editor's change made meanwhile", async () => {
    const reply = deferred<LinesAnswer>();
    setup(
      () => sale,
      answer(saleLinesApi.update, () => reply.promise),
    );
    const { queryClient, socket } = await openSale();
    await editQuantity('l1', '7');
    await waitFor(() => expect(cell('l1', 'quantity')).toHaveTextContent('7'));

    // Meanwhile Bob changes the same line's price and renames the other line.
    const bobs = change(sale, (s) => {
      lineOf(s, 'l1').price = '150.00';
      lineOf(s, 'l2').name = 'Gadget by Bob';
    });
    act(() => socket.serverSends('sale_changed', bobs.delta));
    await waitFor(() => expect(cell('l1', 'price')).toHaveTextContent('$150.00'));
    // Bob's change applied under the pending edit: the quantity still shows ours.
    expect(cell('l1', 'quantity')).toHaveTextContent('7');
    expect(cell('l2', 'description')).toHaveTextContent('Gadget by Bob');
    expect(cached(queryClient).version).toBe(4);

    reply.resolve(problem(400, 'Some fields are invalid', { '0.quantity': 'Quantity is out of range' }));
    // The reason shows in the cell, which keeps the typed text until it is corrected or dropped (Escape).
    expect(await screen.findByTestId('cell-error')).toHaveTextContent('Quantity is out of range');
    const input = within(row('l1')).getByRole('textbox', { name: 'Qty' });
    expect(input).toHaveValue('7');
    expect(screen.queryByTestId('snackbar')).not.toBeInTheDocument();
    fireEvent.keyDown(input, { key: 'Escape' });
    // Only our quantity went back; Bob's price and name stay, and the sale is exactly the server's.
    await waitFor(() => expect(cell('l1', 'quantity')).toHaveTextContent(/^1$/));
    expect(cell('l1', 'price')).toHaveTextContent('$150.00');
    expect(cell('l2', 'description')).toHaveTextContent('Gadget by Bob');
    expect(cached(queryClient)).toEqual(bobs.after);
  });

  it('deletes lines at once and brings them back when the server refuses', async () => {
    const reply = deferred<Reply<typeof saleLinesApi.remove>>();
    setup(
      () => sale,
      answer(saleLinesApi.remove, () => reply.promise),
    );
    const { queryClient } = await openSale();
    const ids = () => screen.getAllByTestId('line-row').map((r) => r.getAttribute('data-line-id'));
    await waitFor(() => expect(ids()).toEqual(['l1', 'l2']));
    fireEvent.click(row('l1'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(ids()).toEqual(['l2']));
    expect(screen.getByTestId('section-totals')).toHaveTextContent('$130.00');
    expect(screen.queryByTestId('loading-overlay')).not.toBeVisible();
    reply.resolve(problem(409, 'This sale can no longer be edited'));
    expect(await screen.findByTestId('snackbar')).toHaveTextContent('This sale can no longer be edited');
    await waitFor(() => expect(ids()).toEqual(['l1', 'l2']));
    expect(cached(queryClient)).toEqual(sale);
  });

  it('an edit of a line Bob deleted meanwhile names Bob instead of "Line not found"', async () => {
    const reply = deferred<LinesAnswer>();
    setup(
      () => sale,
      answer(saleLinesApi.update, () => reply.promise),
    );
    const { socket } = await openSale();
    await editQuantity('l1', '7');
    await waitFor(() => expect(cell('l1', 'quantity')).toHaveTextContent('7'));
    // Bob's deletion reaches us before the server refuses our edit of that line.
    const bobs = change(sale, (s) => {
      s.sections[0]!.lines = s.sections[0]!.lines.filter((l) => l._id !== 'l1');
    });
    act(() => socket.serverSends('sale_changed', bobs.delta));
    reply.resolve(problem(404, 'Line not found', undefined, 'NOT_FOUND'));
    const snackbar = await screen.findByTestId('snackbar');
    await waitFor(() => expect(snackbar).toHaveTextContent('Your change was not saved: Bob Baker deleted the line'));
    expect(snackbar).not.toHaveTextContent('Line not found');
    await waitFor(() =>
      expect(screen.getAllByTestId('line-row').map((r) => r.getAttribute('data-line-id'))).toEqual(['l2']),
    );
  });

  it('a 404 that arrives before the deletion reads the sale again and says the line was deleted', async () => {
    let current = sale;
    const { calls } = setup(
      () => current,
      answer(saleLinesApi.update, () => {
        // Deleted on the server; the broadcast has not reached this client.
        current = change(sale, (s) => {
          s.sections[0]!.lines = s.sections[0]!.lines.filter((l) => l._id !== 'l1');
        }).after;
        return problem(404, 'Line not found', undefined, 'NOT_FOUND');
      }),
    );
    await openSale();
    await editQuantity('l1', '7');
    const snackbar = await screen.findByTestId('snackbar');
    await waitFor(() => expect(snackbar).toHaveTextContent('Your change was not saved: someone else deleted the line'));
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/sales/s1').length).toBe(2);
    await waitFor(() =>
      expect(screen.getAllByTestId('line-row').map((r) => r.getAttribute('data-line-id'))).toEqual(['l2']),
    );
  });

  it('a 404 for a line that still exists shows the server message', async () => {
    setup(() => sale, answer(saleLinesApi.update, problem(404, 'Line not found', undefined, 'NOT_FOUND')));
    await openSale();
    await editQuantity('l1', '7');
    await waitFor(() => expect(screen.getByTestId('cell-error')).toHaveTextContent('Line not found'));
  });
});
