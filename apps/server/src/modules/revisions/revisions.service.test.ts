// The revision of a publish/sync never fails the sync: whatever goes wrong is logged (the ERP round trip itself is
// tested in revisions.erp.test.ts). Without a database: the repository is a stand-in.
import type { SaleRow } from '@quotewright/db';
import { describe, expect, it, vi } from 'vitest';
import type { FullSale } from '../sales/sales.repository';
import type { RevisionsRepository } from './revisions.repository';
import { revisionsService } from './revisions.service';

const row = {
  id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  name: 'Sent',
  quoteNumber: 'Q00001',
  state: 'draft',
  templateIds: [],
  totalPrice: '0',
  version: 3,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  odooSynced: true,
  odooSyncError: false,
} as unknown as SaleRow;

describe('saveSent', () => {
  it('logs a failure to store the revision and resolves', async () => {
    const error = vi.fn();
    const repo = {
      coverLetter: async () => undefined,
      insert: async () => {
        throw new Error('disk full');
      },
    } as unknown as RevisionsRepository;
    const service = revisionsService({ repo, sales: {} as never, log: { error } });
    const full: FullSale = { sale: row, sections: [] };
    await expect(service.saveSent({ full, synced: row, by: { id: 'erp', name: 'ERP' } })).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledOnce();
    expect(error.mock.calls[0]![1]).toBe('could not save the revision of a publish/sync');
  });
});
