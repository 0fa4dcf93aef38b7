import { describe, expect, it } from 'vitest';
import { isUntitledSale, saleDisplayName, UNTITLED_SALE_NAME } from './sale-name';

describe('saleDisplayName', () => {
  it("lists a sale without a name as 'Untitled quote'", () => {
    expect(UNTITLED_SALE_NAME).toBe('Untitled quote');
    for (const name of ['', '   ', null, undefined]) {
      expect(saleDisplayName(name)).toBe('Untitled quote');
      expect(isUntitledSale(name)).toBe(true);
    }
  });
  it('keeps a real name as it is', () => {
    expect(saleDisplayName(' Office ')).toBe(' Office ');
    expect(isUntitledSale('Office')).toBe(false);
  });
});
