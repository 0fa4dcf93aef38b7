import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { saleKey, storeSale } from './sale';
import type { Sale } from './types';

const sale = (version: number, name: string) => ({ _id: 's1', version, name }) as Sale;

describe('storeSale', () => {
  it('keeps the newest version when answers arrive out of order', () => {
    const qc = new QueryClient();
    storeSale(qc, sale(3, 'third'));
    storeSale(qc, sale(2, 'second, answered late'));
    expect(qc.getQueryData<Sale>(saleKey('s1'))?.name).toBe('third');
    storeSale(qc, sale(3, 'same version, read again'));
    expect(qc.getQueryData<Sale>(saleKey('s1'))?.name).toBe('same version, read again');
    storeSale(qc, sale(4, 'fourth'));
    expect(qc.getQueryData<Sale>(saleKey('s1'))?.name).toBe('fourth');
  });
});
