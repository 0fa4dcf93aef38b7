import { describe, expect, it } from 'vitest';
import { contentHash } from '../../infra/content-hash';
import type { ErpProduct } from '../erp/erp.types';
import { productRow } from './erpfetch.mapping';

const product: ErpProduct = {
  odooId: 7,
  model: 'DESK-1',
  name: '[DESK-1] Desk',
  description: 'A desk',
  category: 'All / Furniture',
  manufacturer: 'Acme',
  partNumber: null,
  price: '100.00',
  cost: '60.00',
  uom: 'Units',
  active: true,
  related: [{ odooId: 8, quantity: '2' }],
  writeDate: '2026-11-21T16:52:24Z',
};

describe('products as the fetch writes them', () => {
  it('a product without a part number hashes as before part numbers were read: an upgrade rewrites none of them', () => {
    const row = productRow(product);
    expect(row.partNumber).toBeNull();
    // the row as it was written before (no part number in it)
    const before = {
      id: 7,
      model: 'DESK-1',
      name: '[DESK-1] Desk',
      description: 'A desk',
      category: 'All / Furniture',
      manufacturer: 'Acme',
      price: '100.00',
      cost: '60.00',
      uom: 'Units',
      active: true,
      isBundle: true,
      related: [{ relatedId: 8, quantity: '2' }],
    };
    expect(row.contentHash).toBe(contentHash(before));
  });

  it('a part number is part of the content: setting or changing it changes the hash', () => {
    const a = productRow({ ...product, partNumber: 'MPN-1' });
    const b = productRow({ ...product, partNumber: 'MPN-2' });
    expect(a.partNumber).toBe('MPN-1');
    expect(new Set([productRow(product).contentHash, a.contentHash, b.contentHash]).size).toBe(3);
  });
});
