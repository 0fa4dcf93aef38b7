// The paste review's decisions (pasteReview.ts), without a screen.
import { localeSeparators, type PastedRow } from '@quotewright/domain';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../test/fixtures';
import {
  flaggedCells,
  matchChunks,
  pasteLines,
  pastePricing,
  type ReviewRow,
  readNumber,
  reviewRows,
  type Sources,
} from './pasteReview';

const EN = localeSeparators('en-US');
const DESK = makeProduct({ id: 1, name: 'DESK-1', price: '100.00', cost: '60.00' });
const row = (i: number, model: string): PastedRow => ({
  row: i,
  model,
  description: `${model} desc`,
  manufacturer: '',
  errors: {},
});
const SHEET: Sources = { price: 'sheet', cost: 'sheet', description: 'sheet' };

describe('the paste review', () => {
  it('reads a number in the format, then checks it as the API does (range, scale)', () => {
    expect(readNumber('', 'price', EN)).toEqual({ text: '' });
    expect(readNumber('1,234.567', 'price', EN)).toEqual({ text: '1,234.567', value: '1234.57' });
    expect(readNumber('1,5', 'quantity', EN).error).toBe('“1,5” does not read as a number here (decimal mark “.”)');
    expect(readNumber('99,999,999,999,999', 'price', EN).error).toBe('Price is out of range');
  });

  it('flags only the numbers a product line uses; notes and skipped rows send nothing of theirs', () => {
    const [a, b, c] = reviewRows(
      [row(0, 'DESK-1'), row(1, 'DESK-1'), row(2, 'X')],
      [
        { quantity: '2', price: 'abc', cost: '' },
        { quantity: '1', price: '120', cost: '70' },
        { quantity: 'x', price: '', cost: '' },
      ],
      [
        { status: 'matched', by: 'model', candidates: [{ product: DESK, confidence: 1 }] },
        { status: 'matched', by: 'model', candidates: [{ product: DESK, confidence: 1 }] },
        { status: 'unmatched', by: null, candidates: [] },
      ],
      EN,
    ) as [ReviewRow, ReviewRow, ReviewRow];
    expect(flaggedCells(a, SHEET)).toEqual(['price']);
    expect(flaggedCells(a, { ...SHEET, price: 'catalog' })).toEqual([]);
    const note: ReviewRow = { ...c, choice: { kind: 'note' } };
    expect(flaggedCells(note, SHEET)).toEqual([]);
    const rows: ReviewRow[] = [{ ...a, choice: { kind: 'skip' } }, b, note];
    expect(pasteLines(rows, SHEET)).toEqual([
      { product: 1, quantity: '1', price: '120', cost: '70', name: 'DESK-1 desc' },
      { note: 'X — X desc' },
    ]);
    expect(pastePricing(rows, SHEET)).toMatchObject({
      total_price: '120.00',
      total_cost: '70.00',
      total_margin: '50.00',
    });
  });

  it('sends the rows to the catalog match in calls of its row limit, their texts cut to its lengths', () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ ...row(i, 'M'.repeat(300)), manufacturer: 'Acme' }));
    const chunks = matchChunks(rows, 2);
    expect(chunks.map((c) => c.length)).toEqual([2, 2, 1]);
    expect(chunks[0]![0]).toEqual({
      model: 'M'.repeat(200),
      description: `${'M'.repeat(300)} desc`,
      manufacturer: 'Acme',
    });
  });
});
