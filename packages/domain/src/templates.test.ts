import { describe, expect, it } from 'vitest';
import { sectionPricing } from './pricing';
import { planTemplateRemoval, replaceTemplateLines, resolveTemplateLines } from './templates';

type L = {
  id: string;
  kind: 'product' | 'note' | 'header';
  price: string;
  cost: string;
  quantity: string;
  price_percentage_active?: boolean;
  t?: string;
};
const p = (id: string, price: string, cost: string, quantity = '1', extra: Partial<L> = {}): L => ({
  id,
  kind: 'product',
  price,
  cost,
  quantity,
  ...extra,
});

describe('resolveTemplateLines (Based on Total applied to a sale)', () => {
  it('makes the template percent lines money against the section’s other product lines', () => {
    const lines = [
      p('a', '100', '60', '2'),
      p('b', '50', '20', '1', { t: 'T' }),
      p('pct', '10', '5', '1', { t: 'T', price_percentage_active: true }),
    ];
    const out = resolveTemplateLines(lines, (l) => l.t === 'T');
    // base: price 200 + 50 = 250, cost 120 + 20 = 140
    expect(out[2]).toMatchObject({ price: '25.00', cost: '7.00', price_percentage_active: false });
    expect(out[0]).toBe(lines[0]);
    expect(out[1]).toBe(lines[1]);
  });

  it('qty is a multiplier and the section total is the same before and after resolution', () => {
    const lines = [p('a', '33.33', '10', '3'), p('pct', '7.5', '2.5', '2', { t: 'T', price_percentage_active: true })];
    const out = resolveTemplateLines(lines, (l) => l.t === 'T');
    expect(out[1]!.price).toBe('7.50'); // 99.99 × 7.5% = 7.49925 → 7.50
    expect(sectionPricing(out)).toEqual(sectionPricing(lines));
  });

  it('leaves percent lines that are not the template’s alone', () => {
    const lines = [p('a', '100', '60'), p('own', '5', '5', '1', { price_percentage_active: true })];
    expect(resolveTemplateLines(lines, (l) => l.t === 'T')[1]).toBe(lines[1]);
  });
});

describe('replaceTemplateLines (Refresh)', () => {
  const isT = (l: L) => l.t === 'T';
  it('puts the fresh lines where the first old one was and keeps the others in order', () => {
    const lines = [
      p('x', '1', '1'),
      p('t1', '1', '1', '1', { t: 'T' }),
      p('y', '1', '1'),
      p('t2', '1', '1', '1', { t: 'T' }),
    ];
    const fresh = [p('n1', '2', '2', '1', { t: 'T' }), p('n2', '3', '3', '1', { t: 'T' })];
    expect(replaceTemplateLines(lines, isT, fresh).map((l) => l.id)).toEqual(['x', 'n1', 'n2', 'y']);
  });
  it('appends when the section held none', () => {
    expect(replaceTemplateLines([p('x', '1', '1')], isT, [p('n', '1', '1')]).map((l) => l.id)).toEqual(['x', 'n']);
  });
  it('with no fresh lines only removes', () => {
    expect(replaceTemplateLines([p('t', '1', '1', '1', { t: 'T' })], isT, [])).toEqual([]);
  });
});

describe('planTemplateRemoval (Remove)', () => {
  it('removes the template lines and marks the sections left empty', () => {
    const sections = [
      { name: 'only template', lines: [p('t1', '1', '1', '1', { t: 'T' })] },
      { name: 'mixed', lines: [p('t2', '1', '1', '1', { t: 'T' }), p('own', '1', '1')] },
      { name: 'untouched', lines: [p('own2', '1', '1')] },
      { name: 'empty by the user', lines: [] as L[] },
    ];
    const plan = planTemplateRemoval(sections, (l: L) => l.t === 'T');
    expect(plan.map((x) => [x.section.name, x.kept.map((l) => l.id), x.remove])).toEqual([
      ['only template', [], true],
      ['mixed', ['own'], false],
    ]);
  });
});
