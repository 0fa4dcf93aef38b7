// The sale's "Quote validity (days)" in the info panel (decision 0031): empty uses the Settings' days, a number is
// the sale's own, saved with the header; the ERP's expiry is shown once the sale was published.
import { companyApi, salesApi } from '@quotewright/contracts';
import { quoteExpiryDate, todayIn } from '@quotewright/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../lib/format';
import { answer } from '../../../test/msw';
import type { Sale } from '../api/types';
import { change, openSale, sale, setup } from '../test/liveSale';

const expires = (days: number) =>
  formatDate(quoteExpiryDate(todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone), days));

describe('info panel: quote validity', () => {
  it("shows the Settings' days until the sale has its own, and saves the sale's days with the header", async () => {
    let current: Sale = { ...sale, validity_days: null };
    const { calls } = setup(
      () => current,
      answer(companyApi.documentSettings, { quote_validity_days: 21 }),
      answer(salesApi.update, (req) => {
        const { delta, after } = change(current, (s) => {
          s.validity_days = req.body.validity_days ?? null;
        });
        current = after;
        return delta;
      }),
    );
    await openSale('/sale/s1');
    const panel = screen.getByTestId('info-panel');
    const field = within(panel).getByLabelText('Quote validity (days)');
    expect(field).toHaveValue('');
    expect(field).toHaveAttribute('placeholder', '21');
    expect(await within(panel).findByText(`Expires ${expires(21)} (Settings: 21 days)`)).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Edit' }));
    await userEvent.type(field, '10');
    expect(within(panel).getByText(`Expires ${expires(10)}`)).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/sales/s1').map((c) => c.body)).toEqual([
        expect.objectContaining({ validity_days: 10 }),
      ]),
    );
    await waitFor(() => expect(field).toHaveValue('10'));
  });

  it("shows the ERP's expiry date of a published sale", async () => {
    setup(() => ({ ...sale, validity_days: 15, odoo_id: 7, erp_validity_date: '2026-12-11' }));
    await openSale('/sale/s1');
    const panel = screen.getByTestId('info-panel');
    expect(within(panel).getByLabelText('Quote validity (days)')).toHaveValue('15');
    expect(await within(panel).findByText('Expires 12/11/2026 (in the ERP)')).toBeInTheDocument();
  });
});
