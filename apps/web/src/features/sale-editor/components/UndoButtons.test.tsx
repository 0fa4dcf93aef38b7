// Undo and redo of the person's own edits (api/undo.ts): Ctrl+Z sends the step back to the server as a new edit,
// Ctrl+Shift+Z sends it again; a refusal (someone changed it since) is told and the step dropped.
import { type RevertBody, saleLinesApi, saleRevertApi } from '@quotewright/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, problem } from '../../../test/msw';
import type { Sale } from '../api/types';
import { admin, change, lineOf, openSale, sale, setup } from '../test/liveSale';

const me = { id: admin._id, name: admin.name };

/** A sale the handlers change as the server would, one version at a time. */
function server() {
  let current: Sale = sale;
  const reverts: RevertBody[] = [];
  const setQuantity = (quantity: string) => {
    const next = change(
      current,
      (s) => {
        lineOf(s, 'l1').quantity = quantity;
      },
      me,
    );
    current = next.after;
    return next.delta;
  };
  return { current: () => current, reverts, setQuantity };
}

async function editQuantity(to: string) {
  const cell = (await screen.findAllByRole('button', { name: 'Edit Qty' }))[0]!;
  await userEvent.dblClick(cell);
  const input = screen.getByRole('textbox', { name: 'Qty' });
  await userEvent.clear(input);
  await userEvent.paste(to);
  await userEvent.keyboard('{Enter}');
}

const firstQuantity = () => screen.getAllByRole('button', { name: 'Edit Qty' })[0]!;

describe('undo and redo in the sale editor', () => {
  it('Ctrl+Z puts the value back through the server, Ctrl+Shift+Z sets it again; the buttons follow', async () => {
    const s = server();
    setup(
      s.current,
      answer(saleLinesApi.update, () => s.setQuantity('4')),
      answer(saleRevertApi.revert, ({ body }) => {
        s.reverts.push(body as RevertBody);
        const restored = (body as RevertBody).restore.lines[0]!.state!.quantity;
        return { ...s.setQuantity(String(restored)), sections: {} };
      }),
    );
    await openSale();
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo).toBeDisabled();
    await editQuantity('4');
    await waitFor(() => expect(undo).toBeEnabled());
    expect(firstQuantity()).toHaveTextContent('4');

    await userEvent.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(firstQuantity()).toHaveTextContent('1'));
    expect(s.reverts[0]).toMatchObject({
      undo: true,
      expect: { lines: [{ id: 'l1', state: { quantity: '4', section: 'sec1' } }] },
      restore: { lines: [{ id: 'l1', state: { quantity: '1', section: 'sec1' } }] },
    });
    expect(undo).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Redo' })).toBeEnabled();

    await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await waitFor(() => expect(firstQuantity()).toHaveTextContent('4'));
    expect(s.reverts[1]).toMatchObject({ undo: false, restore: { lines: [{ state: { quantity: '4' } }] } });
    expect(screen.getByRole('button', { name: 'Redo' })).toBeDisabled();
    expect(undo).toBeEnabled();
  });

  it("tells why an undo is refused (someone changed it since) and drops that step; typing's own undo is left alone", async () => {
    const s = server();
    setup(
      s.current,
      answer(saleLinesApi.update, () => s.setQuantity('4')),
      answer(saleRevertApi.revert, () =>
        problem(409, 'This can no longer be undone: Bob Baker changed Qty of AX-100 since', undefined, 'CONFLICT'),
      ),
    );
    await openSale();
    await editQuantity('4');
    const undo = screen.getByRole('button', { name: 'Undo' });
    await waitFor(() => expect(undo).toBeEnabled());
    // In a text field, Ctrl+Z is the field's own: no request.
    await userEvent.dblClick(firstQuantity());
    await userEvent.keyboard('{Control>}z{/Control}');
    await userEvent.keyboard('{Escape}');
    expect(undo).toBeEnabled();

    await userEvent.click(undo);
    const snackbar = await screen.findByTestId('snackbar');
    expect(within(snackbar).getByText(/Bob Baker changed Qty of AX-100 since/)).toBeInTheDocument();
    expect(undo).toBeDisabled();
    expect(firstQuantity()).toHaveTextContent('4');
  });
});
