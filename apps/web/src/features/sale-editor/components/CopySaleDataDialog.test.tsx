import { type SaleListItemDto, salesApi, usersApi } from '@quotewright/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeToken, makeUser, nowSeconds } from '../../../test/fixtures';
import { answer, serve } from '../../../test/msw';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { Sale } from '../api/types';
import { CopySaleDataDialog } from './CopySaleDataDialog';

const destination = (n: number, name: string): SaleListItemDto => ({
  _id: `d${n}`,
  name,
  quote_number: `Q0000${n}`,
  order_number: `Q0000${n}`,
  customer: null,
  salesperson: null,
  total_price: '0.00',
  optional_total: '0.00',
  state: 'draft',
  state_label: 'Quote',
  updated_on: `2026-11-2${n}T10:00:00Z`,
});

describe('CopySaleDataDialog destinations', () => {
  it("lists a destination sale without a name as 'Untitled quote'", async () => {
    window.localStorage.setItem('token', makeToken({ sub: 'a1', exp: nowSeconds() + 3600 }));
    serve(
      answer(usersApi.get, makeUser({ _id: 'a1' })),
      answer(salesApi.list, { items: [destination(1, ''), destination(2, 'Office')], total: 2, page: 0, pageSize: 20 }),
    );
    const sale = { _id: 's1', sections: [] } as unknown as Sale;
    renderWithProviders(
      <CopySaleDataDialog sale={sale} initialSectionIds={[]} onCopy={() => {}} onCancel={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('Destination Sale'));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toContain('Q00001 — Untitled quote');
    expect(options).toContain('Q00002 — Office');
  });
});
