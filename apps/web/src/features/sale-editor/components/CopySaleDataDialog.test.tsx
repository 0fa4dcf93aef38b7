import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeToken, nowSeconds } from '../../../test/fixtures';
import { mockApi } from '../../../test/mockApi';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { Sale } from '../api/types';
import { CopySaleDataDialog } from './CopySaleDataDialog';

const destination = (n: number, name: string) => ({
  _id: `d${n}`,
  name,
  quote_number: `Q0000${n}`,
  order_number: `Q0000${n}`,
  state: 'draft',
  updated_on: `2026-11-2${n}T10:00:00Z`,
});

describe('CopySaleDataDialog destinations', () => {
  it("lists a destination sale without a name as 'Untitled quote'", async () => {
    window.localStorage.setItem('token', makeToken({ sub: 'a1', exp: nowSeconds() + 3600 }));
    mockApi({
      'GET /api/sales': { body: { items: [destination(1, ''), destination(2, 'Office')], total: 2 } },
    });
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
