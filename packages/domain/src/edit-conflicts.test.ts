import { describe, expect, it } from 'vitest';
import { isSameFieldValue, lastEditorOf, storedFieldsOf, withEditor } from './edit-conflicts';

const erin = { id: 'e', name: 'Erin Editor', at: '2026-11-20T10:00:00.000Z' };
const bob = { id: 'b', name: 'Bob Builder', at: '2026-11-20T11:00:00.000Z' };

describe('edit bases', () => {
  it('numbers compare by value, text exactly, Based on Total as a flag; a base that is no number never holds', () => {
    expect(isSameFieldValue('quantity', '33', '33.000')).toBe(true);
    expect(isSameFieldValue('quantity', 33, '33')).toBe(true);
    expect(isSameFieldValue('price', '100.00', '100.01')).toBe(false);
    expect(isSameFieldValue('markup_percent', 66.67, '66.67')).toBe(true);
    expect(isSameFieldValue('quantity', 'lots', '33')).toBe(false);
    expect(isSameFieldValue('name', 'Desk', 'Desk')).toBe(true);
    expect(isSameFieldValue('name', 'Desk', 'Desk ')).toBe(false);
    expect(isSameFieldValue('price_percentage_active', false, false)).toBe(true);
    expect(isSameFieldValue('price_percentage_active', 'false', false)).toBe(false);
  });

  it('who set a field: markup % follows whoever last set its price, cost or discount', () => {
    const editors = withEditor(withEditor({}, ['price'], erin), ['cost'], bob);
    expect(lastEditorOf(editors, 'price')).toEqual(erin);
    expect(lastEditorOf(editors, 'quantity')).toBeUndefined();
    expect(lastEditorOf(editors, 'markup_percent')).toEqual(bob);
    expect(lastEditorOf(null, 'markup_percent')).toBeUndefined();
    expect(storedFieldsOf('markup_percent')).toEqual(['price', 'cost', 'discount']);
    expect(storedFieldsOf('name')).toEqual(['name']);
  });
});
