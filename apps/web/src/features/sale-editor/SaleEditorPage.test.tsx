import {
  authApi,
  catalogApi,
  partnersApi,
  type SaleWarning,
  saleLinesApi,
  salesApi,
  usersApi,
} from '@quotewright/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HttpHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeProduct, makeToken, makeUser, nowSeconds } from '../../test/fixtures';
import { answer, problem, serve } from '../../test/msw';
import { renderApp } from '../../test/renderApp';
import type { Sale } from './api/types';
import { admin, change, line, sale as liveSale, setup as setupLiveSale } from './test/liveSale';

/** The shared live sale with one line (Widget): single-row queries below ('Edit Qty', 'Add note') stay unambiguous. */
const sale: Sale = { ...liveSale, sections: [{ ...liveSale.sections[0]!, lines: [line('l1', 'Widget')] }] };

/** The server's answer to an edit of the admin's that changed nothing shown here: the sale one version later. */
const unchanged = () => change(sale, () => {}, { id: admin._id, name: admin.name });

function setup(...handlers: HttpHandler[]) {
  return setupLiveSale(() => sale, ...handlers);
}

describe('sale editor', () => {
  it('shows the info panel, the sections and the drawer summary; and the publish button', async () => {
    setup();
    renderApp('/sale/s1');
    expect(await screen.findByTestId('state-chip')).toHaveTextContent('Quote');
    expect(screen.getByTestId('quote-number')).toHaveTextContent('Q00007');
    expect(screen.getByText(/Last modified by Admin on 11\/21\/2026/)).toBeInTheDocument();
    expect(screen.getByTestId('sync-button')).toHaveTextContent('Publish to Odoo');
    expect(screen.getByTestId('sync-button')).toBeEnabled();
    expect(screen.getByTestId('section-row')).toHaveTextContent('Main');
    expect(within(screen.getByTestId('sale-summary')).getByText('Office')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Office (Q00007) | Quotewright'));
  });

  it('mounts the print view (every line of the sale) only while printing, so edits do not re-render it', async () => {
    setup();
    renderApp('/sale/s1');
    expect(await screen.findByTestId('section-row')).toHaveTextContent('Main');
    expect(screen.queryByTestId('sale-print')).not.toBeInTheDocument();
    fireEvent(window, new Event('beforeprint'));
    expect(screen.getByTestId('sale-print')).toHaveTextContent('Widget');
    fireEvent(window, new Event('afterprint'));
    expect(screen.queryByTestId('sale-print')).not.toBeInTheDocument();
  });

  it('lists the values to check before the customer sees them, without failing the check', async () => {
    const warning: SaleWarning = {
      code: 'NEGATIVE_QUANTITY',
      field: 'quantity',
      message: 'Negative quantity: the customer will see -2. Intended for a return or a trade-in?',
      section: { index: 1, name: 'Main' },
      line: { number: 1, id: 'l1', label: 'AX-100 — Widget' },
    };
    setup(answer(salesApi.checkProducts, { valid: true, sections: [], warnings: [warning] }));
    renderApp('/sale/s1');
    await userEvent.click(await screen.findByRole('button', { name: 'Check Products' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('All order lines appear to have valid products!');
    expect(dialog).not.toHaveTextContent('The validity check returned errors.');
    const listed = within(dialog).getByTestId('sale-warnings');
    expect(listed).toHaveTextContent('1 value to check before the customer sees it');
    expect(within(listed).getByTestId('sale-warning')).toHaveTextContent(
      'Negative quantity: the customer will see -2. Intended for a return or a trade-in?',
    );
    expect(within(listed).getByTestId('sale-warning')).toHaveTextContent('Section 1 (Main), line 1 (AX-100 — Widget)');
  });

  it('lists the lines without valid products per section, or says the check failed', async () => {
    let fail = false;
    setup(
      answer(salesApi.checkProducts, () =>
        fail
          ? problem(500, 'boom')
          : { valid: false, sections: [{ name: 'Main', lines: ['AX-100 — Widget'] }], warnings: [] },
      ),
    );
    renderApp('/sale/s1');
    await userEvent.click(await screen.findByRole('button', { name: 'Check Products' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Results')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('The validity check returned errors.');
    expect(dialog).toHaveTextContent('Main');
    expect(dialog).toHaveTextContent('AX-100 — Widget');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fail = true;
    await userEvent.click(await screen.findByRole('button', { name: 'Check Products' }));
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveTextContent('Unable to check products'));
    expect(within(screen.getByRole('dialog')).getByText('Error')).toBeInTheDocument();
  });

  it('adds a dropped bundle with the multiplier and explains members that were not added', async () => {
    const bundle = makeProduct({
      id: 7,
      name: 'KIT-1',
      display_name: 'Kit',
      description: 'Starter kit',
      category: { name: 'Kits' },
      price: '10.00',
      cost: '5.00',
      is_bundle: true,
      related_products: [
        { product: makeProduct({ id: 8, name: 'PART-8' }), description: 'Cable', quantity: '2', uom: null },
        {
          product: makeProduct({ id: 9, name: 'PART-9', active: false }),
          description: 'Old bracket',
          quantity: '1',
          uom: null,
        },
      ],
    });
    const { calls } = setup(
      answer(catalogApi.get, bundle),
      answer(saleLinesApi.create, { ...unchanged().delta, lines: [], errors: [{ product: 9 }] }),
    );
    renderApp('/sale/s1?section=sec1');
    const zone = await screen.findByTestId('lines-drop-zone');
    const data = { types: ['application/x-quotewright-product'], getData: () => '7', dropEffect: 'none' };
    fireEvent.dragOver(zone, { dataTransfer: data });
    expect(await screen.findByText('Add product here')).toBeInTheDocument();
    fireEvent.drop(zone, { dataTransfer: data });
    const related = await screen.findByRole('dialog', { name: 'Related Products' });
    const multiplier = within(related).getByLabelText('Multiplier');
    await userEvent.clear(multiplier);
    await userEvent.type(multiplier, '3');
    expect(
      within(related)
        .getAllByTestId('related-total')
        .map((c) => c.textContent),
    ).toEqual(['6', '3']);
    await userEvent.click(within(related).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/sales/lines/create/s1/sec1')?.body).toEqual({
        lines: [
          { product: 7, quantity: '3' },
          { product: 8, quantity: '6' },
          { product: 9, quantity: '3' },
        ],
        sequence: -1,
      }),
    );
    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(error).toHaveTextContent('An Error occured while adding the Bundle.');
    expect(within(error).getByTestId('bundle-errors')).toHaveTextContent('PART-9 — Old bracket');
    expect(error).toHaveTextContent('modify the bundle and remove the inactive products');
  });

  it('reports a failed line action in an error snackbar and ends the loading state', async () => {
    setup(answer(saleLinesApi.note, problem(409, 'This sale can no longer be edited')));
    renderApp('/sale/s1?section=sec1');
    await userEvent.click(await screen.findByRole('button', { name: 'Add note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add note' });
    await userEvent.type(within(dialog).getByLabelText('Note'), 'Hello');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByTestId('snackbar')).toHaveTextContent('This sale can no longer be edited');
    await waitFor(() => expect(screen.queryByTestId('loading-overlay')).not.toBeVisible());
  });

  it("a refused edit keeps the typed text in the cell with the server's reason beside it, not in a toast", async () => {
    const { calls } = setup(
      answer(
        saleLinesApi.update,
        problem(400, 'Some fields are invalid', {
          '0.quantity': 'Quantity is out of range',
        }),
      ),
    );
    renderApp('/sale/s1?section=sec1');
    await userEvent.dblClick(await screen.findByRole('button', { name: 'Edit Qty' }));
    const input = screen.getByRole('textbox', { name: 'Qty' });
    await userEvent.clear(input);
    await userEvent.paste('250');
    await userEvent.keyboard('{Enter}');
    // the server's field message, in the cell, with the typed text kept
    const reason = await screen.findByTestId('cell-error');
    expect(reason).toHaveTextContent('Quantity is out of range');
    expect(reason).not.toHaveTextContent('Some fields are invalid');
    const again = screen.getByRole('textbox', { name: 'Qty' });
    expect(again).toHaveValue('250');
    expect(again).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('snackbar')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/sales/lines/update/s1/sec1').map((c) => c.body)).toEqual([
      [{ _id: 'l1', quantity: '250', base: { quantity: '1' } }],
    ]);
    // Escape: the saved value again
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Qty' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Qty' })).toHaveTextContent('1');
  });

  it('an empty note cannot be added: Add stays disabled until there is text', async () => {
    const { calls } = setup(answer(saleLinesApi.note, unchanged().delta));
    renderApp('/sale/s1?section=sec1');
    await userEvent.click(await screen.findByRole('button', { name: 'Add note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add note' });
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    // pasted, not typed key by key: the test stays quick on a busy machine
    await userEvent.click(within(dialog).getByLabelText('Note'));
    await userEvent.paste('   ');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(add).toBeDisabled();
    expect(calls.some((c) => c.path.startsWith('/api/sales/lines/note'))).toBe(false);
    await userEvent.paste('Deliver on site');
    expect(add).toBeEnabled();
    await userEvent.click(add);
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/sales/lines/note/s1/sec1')?.body).toEqual({
        name: '   Deliver on site',
        sequence: -1,
      }),
    );
  });

  it('a sales viewer gets no New Sale form at /sale, only "not allowed"', async () => {
    const viewer = makeUser({ _id: 'v1', modules: { sales: { enabled: true, level: 'viewer' } } });
    window.localStorage.setItem('token', makeToken({ sub: 'v1', exp: nowSeconds() + 3600 }));
    const { calls } = serve(
      answer(usersApi.get, viewer),
      answer(authApi.config, { ssoProvider: null, erpName: 'Odoo' }),
      answer(partnersApi.customers, []),
      answer(partnersApi.templates, []),
      answer(partnersApi.salespersons, []),
    );
    renderApp('/sale');
    expect(await screen.findByTestId('not-allowed')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('the New Sale form has a Cancel that goes back to the sales list without saving', async () => {
    const { calls } = setup();
    const { router } = renderApp('/sale');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Never saved');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/sales')).toBe(false);
  });

  it('asks for a name before saving a new quote with neither a name nor a customer', async () => {
    const { calls } = setup(answer(salesApi.create, { ...sale, _id: 's1', name: 'Kitchen' }));
    const { router } = renderApp('/sale');
    await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    let ask = await screen.findByRole('dialog', { name: 'Name this quote' });
    expect(ask).toHaveTextContent('A quote needs a name or a customer');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/sales')).toBe(false);
    // Back: nothing saved, the form is still there to choose a customer
    await userEvent.click(within(ask).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/sale');
    // a blank name is no name
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    ask = await screen.findByRole('dialog', { name: 'Name this quote' });
    const save = within(ask).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.type(within(ask).getByRole('textbox', { name: 'Quote name' }), 'Kitchen{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sale/s1'));
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/sales').map((c) => c.body)).toEqual([
      expect.objectContaining({ name: 'Kitchen', customer: null }),
    ]);
  });

  it('opens a new sale in edit mode and moves to /sale/{id} after the first save', async () => {
    const { calls } = setup(answer(salesApi.create, { ...sale, _id: 's1' }));
    const { router } = renderApp('/sale');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toBeEnabled();
    await userEvent.type(name, 'Office');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sale/s1'));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/sales')?.body).toMatchObject({ name: 'Office' });
  });
});
