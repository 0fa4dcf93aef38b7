// The journal items writer on its own: it asks for the next page while writing one, stops reading when the
// download goes away, and writes what it is given (the route tests read real files from the simulator).
import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ErpJournalItem } from '../erp/erp.types';
import { DownloadAborted, writeJournalItems } from './reports.xlsx';

const item = (id: number): ErpJournalItem => ({
  id,
  date: '2026-03-04',
  move: { id, name: `INV/${id}` },
  journal: { id: 1, name: 'Sales' },
  account: { id: 2, code: '400000', name: 'Product Sales' },
  partner: null,
  label: id === 1 ? '=HYPERLINK("http://x")' : `Line ${id}`,
  reference: null,
  debit: id,
  credit: 0,
  balance: id,
  amountCurrency: id,
  currency: 'USD',
  analytic: [],
});

function pagesOf(count: number, size: number, log: string[]) {
  return (async function* () {
    try {
      for (let p = 1; p < count; p++) {
        log.push(`page ${p + 1}`);
        yield Array.from({ length: size }, (_, i) => item(p * size + i + 1));
      }
    } finally {
      log.push('closed');
    }
  })();
}

describe('writeJournalItems', () => {
  it('writes every page; text that looks like a formula stays text', async () => {
    const log: string[] = [];
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const first = Array.from({ length: 10 }, (_, i) => item(i + 1));
    const n = await writeJournalItems(pagesOf(3, 10, log)[Symbol.asyncIterator](), first, out);
    expect(n).toBe(30);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Journal Items')!;
    expect(ws.actualRowCount).toBe(31);
    expect(ws.getRow(2).getCell(7).value).toBe('=HYPERLINK("http://x")');
    expect(ws.getRow(2).getCell(7).formula).toBeUndefined();
  });

  it('stops reading the ERP when the download is closed', async () => {
    const log: string[] = [];
    // a consumer that takes the first chunks, then goes away
    let seen = 0;
    const out = new Writable({
      highWaterMark: 1024,
      write(_chunk, _enc, cb) {
        seen++;
        if (seen === 3) setImmediate(() => out.destroy());
        else setTimeout(cb, 5);
      },
    });
    const first = Array.from({ length: 2000 }, (_, i) => item(i + 1));
    await expect(writeJournalItems(pagesOf(50, 2000, log)[Symbol.asyncIterator](), first, out)).rejects.toThrow(
      DownloadAborted,
    );
    expect(log.at(-1)).toBe('closed');
    expect(log.filter((l) => l.startsWith('page')).length).toBeLessThan(10);
  });
});
