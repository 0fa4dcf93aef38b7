import { describe, expect, it } from 'vitest';
import { erpFieldLabel } from './erp';

describe('ERP order field labels', () => {
  it('names the fields a publish preview lists in people’s words', () => {
    expect(
      [
        'partner_id',
        'client_order_ref',
        'partner_invoice_id',
        'partner_shipping_id',
        'user_id',
        'sale_order_template_id',
        'validity_date',
        'payment_term_id',
        'note',
        'origin',
      ].map(erpFieldLabel),
    ).toEqual([
      'Customer',
      'Customer reference',
      'Invoice address',
      'Delivery address',
      'Salesperson',
      'Quotation template',
      'Expiration',
      'Payment terms',
      'Terms and conditions',
      'Source document',
    ]);
  });

  it('never shows a raw field name, even for a field it does not know', () => {
    expect(erpFieldLabel('incoterm_id')).toBe('Incoterm');
    expect(erpFieldLabel('x_studio_project_code')).toBe('Project code');
    expect(erpFieldLabel('warehouse_ids')).toBe('Warehouse');
  });
});
