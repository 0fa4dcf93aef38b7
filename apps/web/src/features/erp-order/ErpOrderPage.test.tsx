// The demo ERP's order page ('Open in Odoo' with the built-in simulator): the order as the ERP holds it, read-only.
import { authApi, type ErpOrderView, erpOrderApi, usersApi } from '@quotewright/contracts';
import { defaultPreferences } from '@quotewright/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeToken, makeUser, nowSeconds } from '../../test/fixtures';
import { type Answer, answer, problem, serve } from '../../test/msw';
import { renderApp } from '../../test/renderApp';
import { DEMO_ERP_NOTICE } from './ErpOrderPage';

const order: ErpOrderView = {
  odooId: 242,
  name: 'S00242',
  state: 'draft',
  stateLabel: 'Quotation',
  customer: 'Azure Interior',
  invoiceAddress: 'Azure Interior, Billing',
  deliveryAddress: 'Azure Interior, Warehouse',
  salesperson: 'Mitchell Admin',
  origin: 'Q00012',
  dateOrder: '2026-11-20T10:00:00Z',
  sections: [
    {
      name: null,
      lines: [
        {
          id: 1,
          kind: 'product',
          description: 'Setup fee',
          quantity: '1',
          uom: 'Units',
          unitPrice: '50.00',
          discount: '0',
          subtotal: '50.00',
        },
      ],
    },
    {
      name: 'Desks',
      lines: [
        {
          id: 3,
          kind: 'subsection',
          description: 'Floor 2',
          quantity: null,
          uom: null,
          unitPrice: null,
          discount: null,
          subtotal: null,
        },
        {
          id: 4,
          kind: 'product',
          description: '[DESK-1] Desk',
          quantity: '2',
          uom: 'Units',
          unitPrice: '1200.00',
          discount: '10',
          subtotal: '2160.00',
        },
        {
          id: 5,
          kind: 'note',
          description: 'Delivered assembled',
          quantity: null,
          uom: null,
          unitPrice: null,
          discount: null,
          subtotal: null,
        },
      ],
    },
  ],
  amountUntaxed: '2210.00',
  amountTax: '331.50',
  amountTotal: '2541.50',
  sale: { id: 's1', quoteNumber: 'Q00012', name: 'Office' },
};

function setup(order: Answer<typeof erpOrderApi.order>, discrete = false) {
  const user = makeUser({
    _id: 'a1',
    name: 'Vera Viewer',
    modules: { sales: { enabled: true, level: 'viewer' } },
    preferences: { ...defaultPreferences(), discreteMode: discrete },
  });
  window.localStorage.setItem('token', makeToken({ sub: 'a1', exp: nowSeconds() + 3600 }));
  return serve(
    answer(usersApi.get, user),
    answer(authApi.config, { ssoProvider: null, erpName: 'Odoo' }),
    answer(erpOrderApi.order, order),
  );
}

const rowsOf = (section: HTMLElement) =>
  within(section)
    .getAllByTestId('erp-order-line')
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('the demo ERP order page', () => {
  it('shows the order read-only: state, parties, sections with their lines, the ERP’s totals, and says it is the demo ERP', async () => {
    const { calls } = setup(order);
    renderApp('/erp/orders/242');
    expect(await screen.findByRole('heading', { name: 'S00242' })).toBeInTheDocument();
    expect(document.title).toBe('S00242 | Quotewright');
    expect(screen.getByTestId('erp-order-state')).toHaveTextContent('Quotation');
    expect(screen.getByTestId('erp-order-demo')).toHaveTextContent(DEMO_ERP_NOTICE);
    expect(screen.getByText('Azure Interior')).toBeInTheDocument();
    expect(screen.getByText('Mitchell Admin')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Q00012 — Office' })).toHaveAttribute('href', '/sale/s1');

    const sections = screen.getAllByTestId('erp-order-section');
    expect(sections).toHaveLength(2);
    expect(rowsOf(sections[0]!)).toEqual([['Setup fee', '1 Units', '$50.00', '', '$50.00']]);
    expect(within(sections[1]!).getByRole('heading', { name: 'Desks' })).toBeInTheDocument();
    expect(rowsOf(sections[1]!)).toEqual([
      ['Floor 2'],
      ['[DESK-1] Desk', '2 Units', '$1,200.00', '10.00%', '$2,160.00'],
      ['Delivered assembled'],
    ]);
    const totals = screen.getByTestId('erp-order-totals');
    expect(
      within(totals)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Untaxed Amount$2,210.00', 'Taxes$331.50', 'Total$2,541.50']);
    // read-only: nothing to edit, nothing but reads sent
    expect(screen.queryByRole('button', { name: /edit|save|delete/i })).not.toBeInTheDocument();
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });

  it('hides prices and totals in discrete mode', async () => {
    setup(order, true);
    renderApp('/erp/orders/242');
    const sections = await screen.findAllByTestId('erp-order-section');
    expect(rowsOf(sections[1]!)).toEqual([['Floor 2'], ['[DESK-1] Desk', '2 Units'], ['Delivered assembled']]);
    expect(screen.queryByTestId('erp-order-totals')).not.toBeInTheDocument();
    expect(screen.getByTestId('erp-order-money-hidden')).toBeInTheDocument();
    expect(screen.queryByText(/\$/)).not.toBeInTheDocument();
  });

  it('says so when the demo ERP has no such order (or a real Odoo is connected)', async () => {
    setup(problem(404, 'ERP order not found'));
    renderApp('/erp/orders/242');
    expect(await screen.findByTestId('erp-order-error')).toHaveTextContent(
      'The demo ERP has no order 242, or the app is connected to a real Odoo',
    );
    expect(screen.getByRole('link', { name: 'Go to the sales list' })).toHaveAttribute('href', '/');
  });
});
