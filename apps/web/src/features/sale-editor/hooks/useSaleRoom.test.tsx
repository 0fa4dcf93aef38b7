// The sale editor, live: a fake socket plays the server (src/test/fakeSocket.ts).
import { saleLinesApi } from '@quotewright/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { nextSocket } from '../../../test/fakeSocket';
import { answer, problem, type Reply } from '../../../test/msw';
import { admin, bob, change, deferred, lineOf, openSale, sale, saleGets, setup } from '../test/liveSale';

/** Opens the cell `label` of line `lineId` for editing. */
async function openCell(lineId: string, label: string) {
  const rows = await screen.findAllByTestId('line-row');
  const row = rows.find((r) => r.getAttribute('data-line-id') === lineId)!;
  fireEvent.doubleClick(within(row).getByRole('button', { name: `Edit ${label}` }));
  const input = within(row).getByRole('textbox', { name: label }) as HTMLInputElement;
  await waitFor(() => expect(input).toHaveFocus());
  return { row, input };
}

const setQuantity = (quantity: string) => (s: typeof sale) => {
  const l = lineOf(s, 'l1');
  l.quantity = quantity;
  l.subtotal = (Number(quantity) * 130).toFixed(2);
};

describe('the sale editor, live', () => {
  it('identifies the open sale, shows the editors from two, and leaves on unmount', async () => {
    setup();
    const { socket, router } = await openSale();
    act(() => socket.serverSends('editors', { saleId: 's1', editors: [{ id: 'a1', name: 'Admin' }] }));
    expect(screen.queryByTestId('editor-avatars')).not.toBeInTheDocument();
    act(() =>
      socket.serverSends('editors', {
        saleId: 's1',
        editors: [
          { id: 'a1', name: 'Admin' },
          { id: 'b2', name: 'Bob Baker' },
        ],
      }),
    );
    expect(await screen.findByTestId('editor-avatars')).toHaveAccessibleName('Editing now: Admin, Bob Baker');
    // (AvatarGroup lays its children out right to left: the DOM order is reversed.)
    expect(screen.getAllByTestId('editor-avatar').map((a) => a.textContent)).toEqual(['BB', 'A']);
    await act(() => router.navigate('/'));
    await waitFor(() => expect(socket.closed).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('editor-avatars')).not.toBeInTheDocument());
  });

  it("patches the cached sale with another editor's delta, without a GET; ignores versions it already has", async () => {
    const { calls } = setup();
    const { socket, queryClient } = await openSale('/sale/s1');
    const gets = saleGets(calls);
    const { delta, after } = change(sale, (s) => {
      s.sections[0]!.name = 'Renamed by Bob';
    });
    act(() => socket.serverSends('sale_changed', delta));
    await waitFor(() => expect(screen.getByTestId('section-row')).toHaveTextContent('Renamed by Bob'));
    expect(queryClient.getQueryData(['sale', 's1'])).toEqual(after);
    // Our own answer already stored version 4: the same delta again changes nothing.
    act(() => socket.serverSends('sale_changed', { ...delta, changes: { ...delta.changes, sections: undefined } }));
    expect(queryClient.getQueryData(['sale', 's1'])).toEqual(after);
    // Another sale's delta is not ours.
    act(() => socket.serverSends('sale_changed', { ...delta, saleId: 'other', version: 5 }));
    expect(queryClient.getQueryData(['sale', 's1'])).toEqual(after);
    expect(saleGets(calls)).toBe(gets);
  });

  it('refetches on a version gap and after a reconnection (re-identifying)', async () => {
    let server = sale;
    const { calls } = setup(() => server);
    const { socket } = await openSale('/sale/s1');
    const gets = saleGets(calls);
    const first = change(sale, (s) => {
      s.name = 'First';
    });
    const second = change(first.after, (s) => {
      s.sections[0]!.name = 'After a gap';
    });
    server = second.after;
    act(() => socket.serverSends('sale_changed', second.delta)); // version 5 while we hold 3
    await waitFor(() => expect(screen.getByTestId('section-row')).toHaveTextContent('After a gap'));
    expect(saleGets(calls)).toBe(gets + 1);

    act(() => socket.reconnect());
    await waitFor(() => expect(saleGets(calls)).toBe(gets + 2));
    expect(socket.sent('identify')).toEqual([{ sale: 's1' }, { sale: 's1' }]);
  });

  it('a change made between reading the sale and joining its room: the join says so and the sale is read again', async () => {
    const later = change(sale, (s) => {
      s.name = 'Changed before the join';
    });
    let served = sale;
    const { calls } = setup(() => served);
    // The GET answers version 3; then Bob's change commits (version 4), and only then does our socket join.
    nextSocket.answer = (event) => {
      served = later.after;
      return event === 'identify' ? { ok: true, version: later.after.version } : { ok: true };
    };
    await openSale('/sale/s1');
    await waitFor(() => expect(saleGets(calls)).toBe(2));
    await waitFor(() => expect(screen.getByTestId('sale-summary')).toHaveTextContent('Changed before the join'));
  });

  it('no second read when the sale held is the version the room joined at', async () => {
    const { calls } = setup(() => sale);
    nextSocket.answer = () => ({ ok: true, version: sale.version });
    const { queryClient } = await openSale('/sale/s1');
    // (a second read would start at once, in the join's answer: once nothing is being read, there was none)
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(saleGets(calls)).toBe(1);
  });

  it('a line deleted by someone else while it is being edited disappears with a notice', async () => {
    setup();
    const { socket } = await openSale();
    const rows = await screen.findAllByTestId('line-row');
    const widget = rows.find((r) => r.getAttribute('data-line-id') === 'l1')!;
    fireEvent.doubleClick(within(widget).getByRole('button', { name: 'Edit Description' }));
    const input = within(widget).getByRole('textbox', { name: 'Description' });
    await waitFor(() => expect(input).toHaveFocus());
    const { delta } = change(sale, (s) => {
      s.sections[0]!.lines = s.sections[0]!.lines.filter((l) => l._id !== 'l1');
    });
    act(() => socket.serverSends('sale_changed', delta));
    expect(await screen.findByText('The line you were editing was deleted by Bob Baker')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByTestId('line-row').map((r) => r.getAttribute('data-line-id'))).toEqual(['l2']),
    );
  });

  it('a sale deleted by someone else: a notice, then the sales list', async () => {
    setup();
    const { socket, router } = await openSale();
    act(() => socket.serverSends('sale_deleted', { saleId: 's1', by: bob }));
    expect(await screen.findByText('This sale was deleted by Bob Baker')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('a sale rewritten by the ERP fetch is read again once, with a notice; an older version is ignored', async () => {
    let current = sale;
    const { calls } = setup(() => current);
    const { socket, queryClient } = await openSale();
    await waitFor(() => expect(saleGets(calls)).toBe(1));
    act(() => socket.serverSends('sale_replaced', { saleId: 's1', version: 3, by: { id: 'erp', name: 'ERP' } }));
    current = { ...sale, version: 5, name: 'Office (from Odoo)' };
    act(() => socket.serverSends('sale_replaced', { saleId: 's1', version: 5, by: { id: 'erp', name: 'ERP' } }));
    expect(await screen.findByText('This sale was updated from the ERP')).toBeInTheDocument();
    await waitFor(() => expect(saleGets(calls)).toBe(2));
    expect(await screen.findByDisplayValue('Office (from Odoo)')).toBeInTheDocument();
    act(() => socket.serverSends('sale_replaced', { saleId: 'other', version: 9, by: { id: 'erp', name: 'ERP' } }));
    // (a read would start at once, in the event's handler: once nothing is being read, there was none)
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(saleGets(calls)).toBe(2);
  });

  it("a publish/sync by someone else is named; the user's own is read again without a notice", async () => {
    let current = sale;
    const { calls } = setup(() => current);
    const { socket } = await openSale();
    await waitFor(() => expect(saleGets(calls)).toBe(1));
    current = { ...sale, version: 6, name: 'Office (synced)' };
    act(() => socket.serverSends('sale_replaced', { saleId: 's1', version: 6, by: bob }));
    expect(await screen.findByText('Bob Baker synced this sale with the ERP')).toBeInTheDocument();
    await waitFor(() => expect(saleGets(calls)).toBe(2));
    current = { ...sale, version: 7, name: 'Office (mine)' };
    act(() =>
      socket.serverSends('sale_replaced', { saleId: 's1', version: 7, by: { id: admin._id, name: admin.name } }),
    );
    expect(await screen.findByDisplayValue('Office (mine)')).toBeInTheDocument();
    expect(screen.queryByText('Admin synced this sale with the ERP')).not.toBeInTheDocument();
  });

  describe('the server ending the connection', () => {
    it('the token expired: "Session expired — sign in again", and the person is sent to sign in', async () => {
      setup();
      const { socket, router } = await openSale();
      act(() =>
        socket.serverSends('problem', {
          event: 'session',
          status: 401,
          code: 'SESSION_EXPIRED',
          detail: 'Session expired — sign in again',
        }),
      );
      act(() => socket.serverSends('disconnect', 'io server disconnect'));
      expect(await screen.findByText('Session expired — sign in again')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(window.localStorage.getItem('token')).toBeNull();
      expect(screen.getByText('Your session has expired. Please login again.')).toBeInTheDocument();
      await waitFor(() => expect(socket.closed).toBe(true));
    });

    it('a reconnection refused because the token expired does the same', async () => {
      setup();
      const { socket, router } = await openSale();
      act(() => socket.serverSends('disconnect', 'transport close'));
      act(() =>
        socket.serverSends(
          'connect_error',
          Object.assign(new Error('Session expired — sign in again'), {
            data: { status: 401, code: 'SESSION_EXPIRED' },
          }),
        ),
      );
      expect(await screen.findByText('Session expired — sign in again')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    });

    it('a session ended elsewhere (password changed, account removed) also sends the person to sign in', async () => {
      setup();
      const { socket, router } = await openSale();
      act(() =>
        socket.serverSends('problem', {
          event: 'session',
          status: 401,
          code: 'SESSION_ENDED',
          detail: 'Please sign in',
        }),
      );
      expect(await screen.findByText('Your session has ended — sign in again')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    });

    it("too many connections or messages: the server's reason is shown, the editor stays open", async () => {
      setup();
      const { socket, router } = await openSale();
      const tooMany = 'Too many open connections for this account (at most 20): close some tabs or windows and reload';
      act(() =>
        socket.serverSends(
          'connect_error',
          Object.assign(new Error(tooMany), { data: { status: 429, code: 'TOO_MANY_CONNECTIONS' } }),
        ),
      );
      expect(await screen.findByText(tooMany)).toBeInTheDocument();
      // A refusal the rate allows is not the end; the one the server closes the socket after is.
      const slow = { event: 'identify', status: 429, code: 'RATE_LIMITED' };
      act(() => socket.serverSends('problem', { ...slow, detail: 'Too many messages: the connection was closed' }));
      act(() => socket.serverSends('disconnect', 'io server disconnect'));
      expect(await screen.findByText('Too many messages: the connection was closed')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/sale/s1');
      expect(window.localStorage.getItem('token')).not.toBeNull();
    });
  });

  describe('a cell someone else changes while it is being edited', () => {
    it('says who changed it and to what; Escape takes theirs and sends nothing', async () => {
      const { calls } = setup();
      const { socket } = await openSale();
      const { row, input } = await openCell('l1', 'Qty');
      fireEvent.change(input, { target: { value: '3' } });
      act(() => socket.serverSends('sale_changed', change(sale, setQuantity('5')).delta));
      expect(await screen.findByTestId('edit-conflict')).toHaveTextContent(
        'Bob Baker changed Qty to 5 while you were editing',
      );
      // Nothing is overwritten yet: the user's value stays in the cell until they choose.
      expect(input).toHaveValue('3');
      fireEvent.keyDown(input, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByTestId('edit-conflict')).not.toBeInTheDocument());
      expect(within(row).getByRole('button', { name: 'Edit Qty' })).toHaveTextContent('5');
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
    });

    it("'Use 3' sends an explicit overwrite of Bob's 5; Enter alone never does", async () => {
      const bobs = change(sale, setQuantity('5'));
      const mine = change(bobs.after, setQuantity('3'), { id: admin._id, name: admin.name });
      const { calls } = setup(() => sale, answer(saleLinesApi.update, mine.delta));
      const { socket, queryClient } = await openSale();
      const { row, input } = await openCell('l1', 'Qty');
      fireEvent.change(input, { target: { value: '3' } });
      act(() => socket.serverSends('sale_changed', bobs.delta));
      const notice = await screen.findByTestId('edit-conflict');
      expect(notice).toHaveTextContent('Bob Baker changed Qty to 5 while you were editing');
      // Enter moves to the choices (Keep first): nothing is sent
      fireEvent.keyDown(input, { key: 'Enter' });
      expect(within(notice).getByRole('button', { name: 'Keep 5' })).toHaveFocus();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
      fireEvent.click(within(notice).getByRole('button', { name: 'Use 3' }));
      await waitFor(() =>
        expect(calls.find((c) => c.path === '/api/sales/lines/update/s1/sec1')?.body).toEqual([
          { _id: 'l1', quantity: '3', base: { quantity: '5' }, overwrite: true },
        ]),
      );
      await waitFor(() => expect(queryClient.getQueryData(['sale', 's1'])).toEqual(mine.after));
      expect(within(row).getByRole('button', { name: 'Edit Qty' })).toHaveTextContent('3');
      expect(screen.queryByTestId('edit-conflict')).not.toBeInTheDocument();
    });

    it('an untouched draft follows the new value; own changes and other fields raise no notice', async () => {
      setup();
      const { socket } = await openSale();
      const { row, input } = await openCell('l1', 'Qty');
      // The user's own change (another tab, or their answer relayed by the room): no notice, the draft follows.
      const own = change(sale, setQuantity('2'), { id: admin._id, name: admin.name });
      act(() => socket.serverSends('sale_changed', own.delta));
      await waitFor(() => expect(input).toHaveValue('2'));
      // Bob changes another field of the line: not the one being edited.
      const price = change(own.after, (s) => {
        lineOf(s, 'l1').price = '150.00';
      });
      act(() => socket.serverSends('sale_changed', price.delta));
      await waitFor(() => expect(row.querySelector('[data-column="price"]')).toHaveTextContent('$150.00'));
      expect(screen.queryByTestId('edit-conflict')).not.toBeInTheDocument();
      // Bob changes the quantity: told, and nothing to choose (the draft was untouched and shows Bob's value).
      act(() => socket.serverSends('sale_changed', change(price.after, setQuantity('5')).delta));
      const notice = await screen.findByTestId('edit-conflict');
      expect(notice).toHaveTextContent('Bob Baker changed Qty to 5 while you were editing');
      await waitFor(() => expect(input).toHaveValue('5'));
      expect(within(notice).queryByRole('button', { name: 'Keep 5' })).not.toBeInTheDocument();
    });
  });

  describe('a save the server refuses because someone else changed the value first', () => {
    const refusedBy409 = () =>
      problem(409, 'Bob Baker changed Qty to 5 while you were editing', undefined, 'EDIT_CONFLICT', {
        members: {
          conflicts: [
            { line: 'l1', field: 'quantity', value: '5', base: '1', by: bob, at: '2026-11-21T10:00:00.000Z' },
          ],
        },
      });

    it('asks in the cell, with the typed text kept: Keep 5 sends nothing more, Use 3 overwrites 5', async () => {
      const mine = change(sale, setQuantity('3'), { id: admin._id, name: admin.name });
      let answers = 0;
      const { calls } = setup(
        () => sale,
        answer(saleLinesApi.update, () => (++answers === 1 ? refusedBy409() : mine.delta)),
      );
      const { socket, queryClient } = await openSale();
      const updates = () => calls.filter((c) => c.path === '/api/sales/lines/update/s1/sec1').map((c) => c.body);
      let { input } = await openCell('l1', 'Qty');
      fireEvent.change(input, { target: { value: '3' } });
      fireEvent.keyDown(input, { key: 'Enter' });
      // Based on the 1 the cell showed: refused, and asked about, not shown as an error.
      const notice = await screen.findByTestId('edit-conflict');
      expect(notice).toHaveTextContent('Bob Baker changed Qty to 5 while you were editing');
      expect(screen.queryByTestId('cell-error')).not.toBeInTheDocument();
      expect(screen.queryByTestId('snackbar')).not.toBeInTheDocument();
      input = screen.getByRole('textbox', { name: 'Qty' }) as HTMLInputElement;
      expect(input).toHaveValue('3');
      expect(updates()).toEqual([[{ _id: 'l1', quantity: '3', base: { quantity: '1' } }]]);
      // Bob's change reaches this browser after the refusal: the typed text stays (it is not a draft to follow).
      act(() => socket.serverSends('sale_changed', change(sale, setQuantity('5')).delta));
      await waitFor(() =>
        expect(lineOf(queryClient.getQueryData<typeof sale>(['sale', 's1'])!, 'l1').quantity).toBe('5'),
      );
      expect(input).toHaveValue('3');
      fireEvent.click(within(notice).getByRole('button', { name: 'Use 3' }));
      await waitFor(() =>
        expect(updates()[1]).toEqual([{ _id: 'l1', quantity: '3', base: { quantity: '5' }, overwrite: true }]),
      );
      await waitFor(() => expect(screen.queryByTestId('edit-conflict')).not.toBeInTheDocument());
    });

    it('the typed text stays when the refusal comes after the cell showed it (the edit shown at once, then undone)', async () => {
      const reply = deferred<Reply<typeof saleLinesApi.update>>();
      setup(
        () => sale,
        answer(saleLinesApi.update, () => reply.promise),
      );
      await openSale();
      const { row, input } = await openCell('l1', 'Qty');
      fireEvent.change(input, { target: { value: '3' } });
      fireEvent.keyDown(input, { key: 'Enter' });
      // shown at once (optimistic), while the request is out
      await waitFor(() => expect(within(row).getByRole('button', { name: 'Edit Qty' })).toHaveTextContent('3'));
      await act(async () => reply.resolve(refusedBy409()));
      const notice = await screen.findByTestId('edit-conflict');
      expect(within(notice).getByRole('button', { name: 'Use 3' })).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Qty' })).toHaveValue('3');
    });

    it('Keep 5 drops the typed text and sends nothing', async () => {
      const { calls } = setup(() => sale, answer(saleLinesApi.update, refusedBy409));
      await openSale();
      const { input } = await openCell('l1', 'Qty');
      fireEvent.change(input, { target: { value: '3' } });
      fireEvent.keyDown(input, { key: 'Enter' });
      const notice = await screen.findByTestId('edit-conflict');
      fireEvent.click(within(notice).getByRole('button', { name: 'Keep 5' }));
      await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Qty' })).not.toBeInTheDocument());
      expect(calls.filter((c) => c.path === '/api/sales/lines/update/s1/sec1')).toHaveLength(1);
    });
  });

  describe('a value of mine someone chose to replace', () => {
    const replaced = (previous: { id: string; name: string }, field = 'quantity') => ({
      saleId: 's1',
      section: 'sec1',
      line: 'l1',
      position: 1,
      label: 'AX-100',
      field,
      replaced: '44',
      value: '33',
      previous,
      by: bob,
    });

    it('tells me by whom and with what; someone else’s replaced value is not my news', async () => {
      setup();
      const { socket } = await openSale();
      act(() => socket.serverSends('value_replaced', replaced({ id: 'c3', name: 'Carl' })));
      act(() => socket.serverSends('value_replaced', replaced({ id: admin._id, name: admin.name })));
      expect(await screen.findByTestId('snackbar')).toHaveTextContent(
        'Bob Baker replaced your Qty 44 with 33 on line 1 (AX-100)',
      );
    });
  });

  describe('who is in a row', () => {
    it('marks the row of another person’s open cell with their name, and tells the others which cell is open here', async () => {
      setup();
      const { socket } = await openSale();
      const rowOf = async (id: string) =>
        (await screen.findAllByTestId('line-row')).find((r) => r.getAttribute('data-line-id') === id)!;
      act(() =>
        socket.serverSends('presence', {
          saleId: 's1',
          all: true,
          cells: [
            { key: 'k1', user: bob, line: 'l2' },
            // my own cell in another tab: not marked
            { key: 'k2', user: { id: admin._id, name: admin.name }, line: 'l1' },
          ],
        }),
      );
      expect(await within(await rowOf('l2')).findByTestId('row-presence')).toHaveTextContent('Bob Baker');
      expect(within(await rowOf('l1')).queryByTestId('row-presence')).not.toBeInTheDocument();
      act(() =>
        socket.serverSends('presence', { saleId: 's1', all: false, cells: [{ key: 'k1', user: bob, line: null }] }),
      );
      await waitFor(() => expect(screen.queryByTestId('row-presence')).not.toBeInTheDocument());
      // My open cell is announced (once it settles), and its closing too.
      const { input } = await openCell('l1', 'Qty');
      await waitFor(() => expect(socket.sent('editing')).toEqual([{ sale: 's1', line: 'l1' }]));
      fireEvent.keyDown(input, { key: 'Escape' });
      await waitFor(() =>
        expect(socket.sent('editing')).toEqual([
          { sale: 's1', line: 'l1' },
          { sale: 's1', line: null },
        ]),
      );
    });
  });
});
