// A review row that comes into view while the table scrolls shows its values as text; its fields mount once the
// table stops, and stay (the next scroll does not take them away).
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../test/fixtures';
import { PasteReviewRow, type PasteRowProps } from './PasteReviewRow';
import type { ReviewRow } from './pasteReview';

const DESK = makeProduct({ id: 7, name: 'DESK-1', description: 'Standing desk', price: '250.00' });
const row: ReviewRow = {
  index: 2,
  model: 'DESK-1',
  description: 'Desk from the BOM',
  manufacturer: '',
  numbers: { quantity: { text: '4', value: '4' }, price: { text: '' }, cost: { text: '' } },
  status: 'matched',
  candidates: [{ product: DESK, confidence: 1 }],
  choice: { kind: 'product', product: DESK },
};
const props = (light: boolean): PasteRowProps => ({
  row,
  position: 2,
  sources: { price: 'catalog', cost: 'catalog', description: 'sheet' },
  hideMoney: false,
  onChoice: () => {},
  onNumber: () => {},
  onPick: () => {},
  measure: () => {},
  light,
});

describe('PasteReviewRow while the table scrolls', () => {
  it('shows text first, its fields once scrolling stops, and keeps them', () => {
    const { rerender } = render(<PasteReviewRow {...props(true)} />);
    expect(screen.queryByRole('textbox', { name: 'Qty of row 3' })).not.toBeInTheDocument();
    expect(screen.getByTestId('paste-row')).toHaveTextContent('DESK-1 — Standing desk');
    expect(screen.getByTestId('paste-row')).toHaveTextContent('$250.00');
    rerender(<PasteReviewRow {...props(false)} />);
    expect(screen.getByRole('textbox', { name: 'Qty of row 3' })).toHaveValue('4');
    rerender(<PasteReviewRow {...props(true)} />);
    expect(screen.getByRole('textbox', { name: 'Qty of row 3' })).toBeInTheDocument();
  });
});
