import { describe, expect, it } from 'vitest';
import { saleGroupLabel } from './sales-list';

describe('saleGroupLabel', () => {
  it("heads a status group with the status's label", () => {
    expect(saleGroupLabel('state', 'cancel')).toBe('Cancelled');
    expect(saleGroupLabel('state', 'draft')).toBe('Quote');
  });
  it('heads a client or salesperson group with the name, and the sales without one as such', () => {
    expect(saleGroupLabel('customer', 'Acme')).toBe('Acme');
    expect(saleGroupLabel('customer', null)).toBe('No client');
    expect(saleGroupLabel('salesperson', '')).toBe('No salesperson');
  });
});
