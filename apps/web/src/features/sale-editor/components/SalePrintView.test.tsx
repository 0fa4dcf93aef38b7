// The browser's print of a sale (Print: SalePrintView) follows each section's presentation: Quantities only without
// prices, Total only as its total, Optional after the sale's total under its own heading.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Sale } from '../api/types';
import { line, openSale, sale, setup } from '../test/liveSale';

const pricing = (total: string) => ({
  total_price: total,
  total_cost: '0.00',
  total_margin: total,
  total_margin_percent: 100,
  total_markup_percent: 0,
});

const presented: Sale = {
  ...sale,
  sections: [
    { ...sale.sections[0]!, _id: 'sec1', name: 'Main', presentation: 'details', show_details: true },
    {
      ...sale.sections[0]!,
      _id: 'sec2',
      name: 'Cabling',
      presentation: 'quantities',
      lines: [{ ...line('l3', 'Patch cable'), quantity: '25', price: '4.00', subtotal: '100.00' }],
      pricing: pricing('100.00'),
    },
    {
      ...sale.sections[0]!,
      _id: 'sec3',
      name: 'Install',
      presentation: 'total',
      show_details: false,
      lines: [{ ...line('l4', 'Installer day'), price: '600.00', subtotal: '600.00' }],
      pricing: pricing('600.00'),
    },
    {
      ...sale.sections[0]!,
      _id: 'sec4',
      name: 'Warranty',
      presentation: 'optional',
      lines: [{ ...line('l5', 'Three years'), price: '250.00', subtotal: '250.00' }],
      pricing: pricing('250.00'),
    },
  ],
  pricing: { ...sale.pricing, total_price: '830.00', optional_total: '250.00', total_with_optional: '1080.00' },
  total_price: '830.00',
};

describe('print view', () => {
  it('prints each section as presented, the optional one after the total', async () => {
    setup(() => presented);
    await openSale('/sale/s1');
    fireEvent(window, new Event('beforeprint'));
    const print = screen.getByTestId('sale-print');
    const text = print.textContent ?? '';
    expect(text).toContain('Widget');
    expect(text).toContain('Patch cable');
    expect(text).not.toContain('$4.00');
    expect(text).toContain('$100.00');
    expect(text).toContain('Install$600.00');
    expect(text).not.toContain('Installer day');
    expect(within(print).getByTestId('print-total')).toHaveTextContent('Total $830.00');
    const optional = within(print).getByTestId('print-optional');
    expect(optional).toHaveTextContent('Optional');
    expect(optional).toHaveTextContent('Three years');
    expect(optional).toHaveTextContent('$250.00');
    expect(text.indexOf('Total $830.00')).toBeLessThan(text.indexOf('Three years'));
  });
});
