import { describe, expect, it } from 'vitest';
import { applyDiscrete } from './discreteColumns';

const columns = [
  { id: 'name' },
  { id: 'price', meta: { sensitive: 'price' as const } },
  { id: 'cost', meta: { sensitive: 'cost' as const } },
  { id: 'qty', meta: {} },
  {
    id: 'totals',
    columns: [
      { id: 'margin', meta: { sensitive: 'margin' as const } },
      { id: 'markup', meta: { sensitive: 'markup' as const } },
    ],
  },
  { id: 'mixed', columns: [{ id: 'uom' }, { id: 'subtotal', meta: { sensitive: 'price' as const } }] },
];

describe('applyDiscrete', () => {
  it('keeps every column when discrete mode is off', () => {
    expect(applyDiscrete(columns, false)).toEqual(columns);
  });

  it('drops price, cost, margin and markup columns, and groups left empty', () => {
    const out = applyDiscrete(columns, true);
    expect(out.map((c) => c.id)).toEqual(['name', 'qty', 'mixed']);
    expect(out[2]?.columns?.map((c) => c.id)).toEqual(['uom']);
  });
});
