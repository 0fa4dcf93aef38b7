import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RefSelect } from './RefSelect';

const options = Array.from({ length: 120 }, (_, i) => ({
  id: i + 1,
  name: `Customer ${String(i + 1).padStart(3, '0')}`,
}));
options.push({ id: 500, name: 'ACME Widgets' }, { id: 501, name: 'Big acme corp' });

describe('RefSelect', () => {
  it('shows at most the first 50 options', async () => {
    render(<RefSelect label="Customer" options={options} value={null} onChange={vi.fn()} />);
    await userEvent.click(screen.getByLabelText('Customer'));
    const list = await screen.findByRole('listbox');
    const items = within(list).getAllByRole('option');
    expect(items).toHaveLength(50);
    expect(items[0]).toHaveTextContent('Customer 001');
    expect(items[49]).toHaveTextContent('Customer 050');
  });

  it('searches by case-insensitive substring of the label', async () => {
    const onChange = vi.fn();
    render(<RefSelect label="Customer" options={options} value={null} onChange={onChange} />);
    await userEvent.type(screen.getByLabelText('Customer'), 'aCmE');
    const items = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(items.map((i) => i.textContent)).toEqual(['ACME Widgets', 'Big acme corp']);
    await userEvent.click(items[1]!);
    expect(onChange).toHaveBeenCalledWith({ id: 501, name: 'Big acme corp' });
  });
});
