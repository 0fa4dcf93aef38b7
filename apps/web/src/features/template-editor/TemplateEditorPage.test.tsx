// The template editor's failures (docs/product/screens.md#messages): each is reported once — line actions in an error
// snackbar, section actions in the 'Error' dialog — the loading state ends, and nothing is left as an unhandled
// rejection.
import { authApi, catalogApi, type LineDto, type TemplateDto, templatesApi, usersApi } from '@quotewright/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HttpHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { PRODUCT_DRAG_TYPE } from '../../lib/products';
import { makeProduct, makeToken, makeUser, nowSeconds } from '../../test/fixtures';
import { answer, problem, serve } from '../../test/msw';
import { renderApp } from '../../test/renderApp';

const user = makeUser({ _id: 'u1', modules: { sales: { enabled: true, level: 'full_rights' } } });
const pricing = {
  total_price: '0',
  total_cost: '0',
  total_margin: '0',
  total_margin_percent: 0,
  total_markup_percent: 0,
  optional_total: '0.00',
  total_with_optional: '0.00',
};
const template: TemplateDto = {
  _id: 't1',
  name: 'Install kit',
  total_price: '0.00',
  created_on: '2026-01-01T00:00:00Z',
  updated_on: '2026-01-01T00:00:00Z',
  created_by: { id: 'u1', name: 'Ada Lovelace' },
  updated_by: { id: 'u1', name: 'Ada Lovelace' },
  pricing,
  version: 1,
  sections: [
    {
      _id: 's1',
      name: 'Hardware',
      presentation: 'details',
      show_details: true,
      merge: false,
      expanded: false,
      lines: [] as LineDto[],
      pricing,
    },
  ],
};
const product = makeProduct({ id: 42, name: 'DESK-1', display_name: 'Desk', description: 'A desk' });

function setup(...handlers: HttpHandler[]) {
  window.localStorage.setItem('token', makeToken({ sub: 'u1', exp: nowSeconds() + 3600 }));
  return serve(
    answer(usersApi.get, user),
    answer(authApi.config, { ssoProvider: null, erpName: 'Odoo' }),
    answer(templatesApi.get, template),
    answer(catalogApi.list, { items: [product], total: 1, page: 0, pageSize: 5 }),
    answer(catalogApi.get, product),
    ...handlers,
  );
}

async function openHardware() {
  renderApp('/template/t1');
  const row = await screen.findByTestId('template-section-Hardware');
  await userEvent.click(within(row).getByRole('button', { name: /expand/i }));
  return screen.findByTestId('template-lines-Hardware');
}

const overlayGone = () => waitFor(() => expect(screen.queryByTestId('loading-overlay')).not.toBeVisible());

describe('template editor failures', () => {
  it("a refused line edit keeps the dialog open with the server's reason beside the field, no snackbar", async () => {
    const withLine = structuredClone(template);
    withLine.sections[0]!.lines = [
      {
        _id: 'l1',
        kind: 'product',
        product: { id: 42, name: 'DESK-1', manufacturer: { name: 'Acme' } },
        name: 'Desk for the lobby',
        quantity: '1',
        price: '10.00',
        cost: '5.00',
        discount: 0,
        markup_percent: 100,
        margin_percent: 50,
        subtotal: '10.00',
        price_percentage_active: false,
        uom: { name: 'Units' },
      },
    ];
    const { calls } = setup(
      answer(templatesApi.get, withLine),
      answer(
        templatesApi.updateLines,
        problem(400, 'Some fields are invalid', {
          '0.quantity': 'Quantity is out of range',
        }),
      ),
    );
    await openHardware();
    fireEvent.click(await screen.findByText('Desk for the lobby'));
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Qty'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Quantity is out of range')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Qty')).toHaveValue('5');
    await overlayGone();
    expect(screen.queryByTestId('snackbar')).not.toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/templates/lines/update/t1/s1')?.body).toEqual([
      { _id: 'l1', quantity: '5' },
    ]);
  });

  it('a refused line create (dropped product) shows one error snackbar, no Error dialog', async () => {
    const { calls } = setup(answer(templatesApi.createLines, problem(409, 'The template has too many lines')));
    const zone = await openHardware();
    const dataTransfer = { types: [PRODUCT_DRAG_TYPE], getData: () => '42' };
    fireEvent.dragOver(zone, { dataTransfer });
    fireEvent.drop(zone, { dataTransfer });
    expect(await screen.findByTestId('snackbar')).toHaveTextContent('The template has too many lines');
    await overlayGone();
    expect(calls.find((c) => c.path === '/api/templates/lines/create/t1/s1')?.body).toEqual({
      lines: [{ product: 42, quantity: '1' }],
      sequence: -1,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('snackbar')).toHaveLength(1);
  });

  it('a product that cannot be read is reported in the snackbar and nothing is created', async () => {
    const { calls } = setup(answer(catalogApi.get, problem(404, 'Product not found')));
    await openHardware();
    await userEvent.click(await screen.findByRole('button', { name: 'Insert' }));
    expect(await screen.findByTestId('snackbar')).toHaveTextContent('Product not found');
    await overlayGone();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("a refused section change shows the 'Error' dialog once; the new row stays open with its name", async () => {
    setup(
      answer(templatesApi.createSection, problem(400, 'Name is too long')),
      answer(templatesApi.updateSection, problem(403, 'Sales full rights needed')),
    );
    renderApp('/template/t1');
    await screen.findByTestId('template-section-Hardware');
    await userEvent.click(screen.getByRole('button', { name: 'Add Section' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Section name' }), 'Extras');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    let error = await screen.findByRole('dialog', { name: 'Error' });
    expect(error).toHaveTextContent('Name is too long');
    await userEvent.click(within(error).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Section name' })).toHaveValue('Extras');
    expect(screen.queryByTestId('snackbar')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    // a fire-and-forget change (the Presentation select) that fails: reported, no unhandled rejection
    await userEvent.click(screen.getByRole('combobox', { name: 'Presentation of Hardware' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Optional' }));
    error = await screen.findByRole('dialog', { name: 'Error' });
    expect(error).toHaveTextContent('Sales full rights needed');
    await overlayGone();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });
});
